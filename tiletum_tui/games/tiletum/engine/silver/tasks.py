"""The expansion's Tasks listed at once: the movement point (``prospector.MovementStep``), the
Technologies (``technologies.AdvanceTechnology``), new Prospectors (``underground.PlaceProspector``) and
the Underground Cathedrals (``underground.UndergroundCathedral``).

Tasks are open at almost every decision of a turn, so ``engine.legal`` asks their listers some 300 times
a game: one lister for the four (``SilverModule.task_listers``) finds the player's Silver state once
and asks nothing else where it needs nothing (most decisions: no movement point, too little Silver).
Each kind's moves are listed by its own ``list_into``, beside its ``check``;
tests/engine/test_moves.py holds every listed move to ``check`` and finds any move ``check`` accepts
that is not listed.
"""

from __future__ import annotations

from .prospector import MovementStep
from .technologies import AdvanceTechnology
from .underground import PlaceProspector, UndergroundCathedral


def task_moves(r, state, frame, sure: list, unsure: list) -> None:
    """The expansion's Tasks for the player deciding, in this order, all legal by construction: each
    kind lists its own moves beside its ``check`` (``list_into``); this only finds the player's Silver
    state once for the four."""
    seat = frame.player
    s = state.module_state.silver
    p = s.players[seat]
    MovementStep.list_into(state, seat, p, sure)
    AdvanceTechnology.list_into(seat, s, p, sure)
    PlaceProspector.list_into(seat, s, p, sure)
    UndergroundCathedral.list_into(r, state, seat, s, sure)
