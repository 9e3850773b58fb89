"""Deploying followers (the rules text's "Deploying followers"): on the tile just placed, one a turn,
from the supply, by segment (knight in a city, thief on a road, farmer in a field, monk in a
cloister), never on a feature someone already stands on however far away, never on a kind a module
brings that takes none (a river: ``expansion.Kind``)."""

from __future__ import annotations

from typing import NamedTuple

from . import expansion
from .state import Follower, State
from .tiles import ROLES, turned


class Spot(NamedTuple):
    """A segment of the tile just placed, as the follower choice offers it."""

    segment: int
    name: str  # "city N", "road E-W", "field SE", "cloister"
    role: str | None  # knight, thief, farmer, monk; None on a module's kind (a river)
    refused: str | None  # why no follower may go there, in the rules text's words; None if one may
    holders: tuple[int, ...] = ()  # the seats whose followers stand on its feature already (why it is refused)


def spots(state: State) -> list[Spot]:
    """Every segment of the tile just placed, each free or with the reason it is not."""
    p = state.placed[state.last]
    t = turned(p.design, p.rotation)
    no_supply = (None if state.supply[state.seat] else
                 "the player must take it from his supply, and yours is empty: every follower is on the land")
    out = []
    occupants, find = state.occupants, state.find
    for i, kind in enumerate(t.kinds):
        role = ROLES.get(kind)
        on = occupants[find(p.base + i)]
        holders = tuple(sorted(set(on))) if on else ()
        if role is None:  # a module's kind (a river): its words
            why = expansion.kind(kind).no_follower
        elif no_supply:
            why = no_supply
        elif holders:
            who = sorted({state.players[s].name for s in holders})
            why = (f"that {kind} connects to a segment that already has a follower ({', '.join(who)}) on it, no "
                   "matter how far away: the player may not deploy a follower there")
        else:
            why = None
        out.append(Spot(i, t.names[i], role, why, holders))
    return out


def deploy(state: State, segment: int) -> Follower:
    p = state.placed[state.last]
    t = turned(p.design, p.rotation)
    node = p.base + segment
    follower = Follower(state.seat, node, ROLES[t.kinds[segment]], state.last)
    state.followers.append(follower)
    state.supply[state.seat] -= 1
    root = state.find(node)
    state.occupants[root] = state.occupants[root] + (state.seat,)
    return follower
