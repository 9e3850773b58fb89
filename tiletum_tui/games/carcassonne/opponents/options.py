"""The journeyman's ranking of whole turns (where the tile goes and which follower, or none), best first
by the evaluation: what the journeyman plays, the master's candidates and playouts (``master``) and the
why-not screen (``ui/why.py``) read."""

from __future__ import annotations

from typing import NamedTuple

from ..engine import Deploy, Place, apply_in_place
from ..engine.followers import spots
from ..engine.land import legal_places
from ..engine.state import Follower
from .evaluate import ODDS, Odds, margin, values_each, weigh


class Option(NamedTuple):
    """One whole turn: where the tile goes, the follower (or none), and its value to the player."""

    value: float  # the player's margin after it (``evaluate.margin``)
    place: Place
    deploy: Deploy


def turn_options(state, seat: int, odds: Odds = ODDS) -> list[Option]:
    """Every whole turn with the drawn tile (each place and turn it fits, each follower it may then take,
    or none), best first by the evaluation: the journeyman's one-turn lookahead (``odds``: the master's
    chances of closing open ends, where it ranks turns)."""
    out: list[Option] = []
    drawn = state.drawn
    before = weigh(state, odds=odds)  # (each place's evaluation weighs again only what the tile touches)
    for x, y, r in legal_places(state, drawn):
        place = Place(seat, drawn, x, y, r)
        after = state.clone()
        apply_in_place(after, place, checked=True)
        out.extend(follower_options(after, seat, place, none=True, before=before, odds=odds))
    out.sort(key=lambda o: -o.value)  # (stable: ties keep the engine's order)
    return out


def follower_options(placed, seat: int, place: Place | None = None, none: bool = False,
                     before=None, odds: Odds = ODDS) -> list[Option]:
    """The followers that may go on the tile just placed (and, with ``none``, no follower first), each
    with the player's margin after it (``before``: ``evaluate.weigh`` of the state before the tile)."""
    tile = placed.placed[placed.last]
    free = [s for s in spots(placed) if s.refused is None]
    extras = [Follower(seat, tile.base + s.segment, s.role, placed.last) for s in free]
    deploys = [Deploy(seat, s.role, s.name) for s in free]
    if none:
        extras, deploys = [None, *extras], [Deploy(seat, None, None), *deploys]
    return [Option(margin(v, seat), place, d) for v, d in zip(values_each(placed, extras, before, odds), deploys)]
