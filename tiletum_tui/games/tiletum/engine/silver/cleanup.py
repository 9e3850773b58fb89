"""Cleanup Phase Additions (expansion text).

"Step 1: replenish the Bonus tile on the Prospector Action. As with the main Game board, the Bonus
tiles on the Underground maps are not replenished." The tile comes from the face-down Underground
pile (ruling 18). "Step 4: after you rotate the Action Wheel clockwise, additionally rotate the
Prospector Action Wheel counterclockwise one step": nothing to do here, the Prospector Wheel's
position follows the Cleanups counted by ``Board.wheel_rotation`` (``tables.section_of``, ruling 19).
Both run after the base Cleanup (its steps draw nothing from the Underground pile, so the order
changes no tile).
"""

from __future__ import annotations

from ..events import TileDrawn
from ..state import emit, put
from .common import sv


def refill_prospector_bonus(r, state) -> None:
    s = sv(state)
    if s.prospector_bonus or not s.underground_pile:
        return
    put(s, "prospector_bonus", s.underground_pile[-1])
    put(s, "underground_pile", s.underground_pile[:-1])
    emit(state, TileDrawn(pile="underground", tile=s.prospector_bonus, to="prospector action"))
