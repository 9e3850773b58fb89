"""Scoring: completed roads, cities and cloisters at once (the rules text's "Scoring completed
cloisters, roads and cities"), the majorities and ties, returning followers, and the final scoring
(unfinished features, then the farms supplying completed cities)."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from . import expansion
from .events import FeatureCompleted, FollowerReturned, Scored
from .state import State
from .tiles import turned
from .values import (
    AROUND, CITY_PENNANT, CITY_TILE, CLOISTER, CLOISTER_TILE, FARM_CITY, ROAD_TILE, UNFINISHED_PENNANT, UNFINISHED_SEGMENT,
)
from .words import count as _n


def majority(seats) -> tuple[int, ...]:
    """The players with the most followers there (all of them on a tie); none without followers."""
    counts = Counter(seats)
    if not counts:
        return ()
    most = max(counts.values())
    return tuple(sorted(s for s, n in counts.items() if n == most))


def score(state: State, seat: int, points: int, category: str, why: str, events: list, nodes=()) -> None:
    state.scores[seat] += points
    state.ledger[seat][category] = state.ledger[seat].get(category, 0) + points
    events.append(Scored(seat, points, category, why, tuple(nodes)))


# ---------------------------------------------------------------- what a feature is worth (one home)
def nodes_of(state: State, root: int) -> tuple[int, ...]:
    """Every segment (node) of the feature whose root is ``root``."""
    return tuple(n for n in range(len(state.parent)) if state.find(n) == root)


def place_of(state: State, root: int) -> tuple[int, int]:
    """Where a feature is named: its first tile placed ("the city at 3,2")."""
    p = state.placed[min(state.tiles[root])]
    return p.x, p.y


def who(state: State, seats, role: str) -> str:
    """"Ann 2 farmers, Bob 1": the followers there by player, most first."""
    counts = Counter(seats).most_common()
    plural = {"knight": "knights", "thief": "thieves", "farmer": "farmers", "monk": "monks"}[role]
    return ", ".join(f"{state.players[s].name} {n}" + (f" {plural if n > 1 else role}" if i == 0 else "")
                     for i, (s, n) in enumerate(counts))


def completed_points(state: State, root: int) -> tuple[int, str]:
    """A completed road's or city's points, and why (the rules text's "Completed road", "Completed city")."""
    n = len(state.tiles[root])
    if state.kind[root] == "road":
        points, why = ROAD_TILE * n, f"a completed road of {_n(n, 'tile')}"
    else:
        points, why = CITY_TILE * n + CITY_PENNANT * state.pennants[root], f"a completed city of {_n(n, 'tile')}" + (
            f" and {_n(state.pennants[root], 'pennant')}" if state.pennants[root] else "")
    for name in state.modules:  # a module may pay them otherwise
        points, why = expansion.module(name).completed_points(state, root, points, why)
    return points, why


def unfinished_points(state: State, root: int) -> tuple[int, str]:
    """What an unfinished road, city or cloister scores at the end ("Final scoring"), and why."""
    kind = state.kind[root]
    if kind == "cloister":
        p = state.placed[min(state.tiles[root])]
        return CLOISTER_TILE * (1 + neighbours(state, p.x, p.y)), "an unfinished cloister"
    if kind == "road":
        return UNFINISHED_SEGMENT * state.segs[root], f"an unfinished road of {_n(state.segs[root], 'segment')}"
    return UNFINISHED_SEGMENT * state.segs[root] + UNFINISHED_PENNANT * state.pennants[root], f"an unfinished city of {_n(state.segs[root], 'segment')}" + (
        f" and {_n(state.pennants[root], 'pennant')}" if state.pennants[root] else "")


def farm_supply(state: State) -> dict[int, tuple[Counter, tuple[int, ...]]]:
    """The completed cities the farms with farmers supply: {city root: (the farmers supplying it by
    seat, the farms' roots)} ("The farms": each scores ``FARM_CITY`` to the most farmers among them)."""
    supply: dict[int, tuple[Counter, list]] = {}
    for farm in sorted({state.find(f.node) for f in state.followers if f.role == "farmer"}):
        farmers = state.occupants[farm]
        for city in {state.find(c) for c in state.cities[farm]}:
            if state.open[city] == 0:
                counter, farms = supply.setdefault(city, (Counter(), []))
                counter.update(farmers)
                farms.append(farm)
    return {city: (counter, tuple(farms)) for city, (counter, farms) in supply.items()}


def return_followers(state: State, root: int, events: list) -> None:
    """After a score (and only then) the followers on the feature go back to their supplies."""
    keep = []
    for f in state.followers:
        if state.find(f.node) == root:
            state.supply[f.seat] += 1
            events.append(FollowerReturned(f.seat, f.role))
        else:
            keep.append(f)
    state.followers[:] = keep
    state.occupants[root] = ()


def neighbours(state: State, x: int, y: int) -> int:
    """The tiles in the eight cells round ``x, y`` (spelt out: the opponents count them at every cloister)."""
    cells = state.cells
    return (((x - 1, y - 1) in cells) + ((x - 1, y) in cells) + ((x - 1, y + 1) in cells) + ((x, y - 1) in cells)
            + ((x, y + 1) in cells) + ((x + 1, y - 1) in cells) + ((x + 1, y) in cells) + ((x + 1, y + 1) in cells))


def completes(state: State, index: int) -> frozenset[int]:
    """The segments of tile ``index`` whose feature is complete now: a road or city with no open end
    left, the tile's own cloister with eight tiles round it (a follower deployed there scores at once)."""
    p = state.placed[index]
    t = turned(p.design, p.rotation)
    out = set()
    for i, kind in enumerate(t.kinds):
        root = state.find(p.base + i)
        if (kind in ("road", "city") and state.open[root] == 0) or (kind == "cloister" and
                                                                     neighbours(state, p.x, p.y) == AROUND):
            out.add(i)
    return frozenset(out)


def score_completed(state: State, index: int, events: list) -> None:
    """What placing tile ``index`` completed, roads, then cities, then cloisters (the text's order)."""
    p = state.placed[index]
    t = turned(p.design, p.rotation)
    roots = []
    for i, kind in enumerate(t.kinds):
        root = state.find(p.base + i)
        if kind in ("road", "city") and state.open[root] == 0 and root not in roots:
            roots.append(root)
    for kind in ("road", "city"):
        for root in roots:
            if state.kind[root] != kind:
                continue
            n = len(state.tiles[root])
            points, why = completed_points(state, root)
            winners = majority(state.occupants[root])
            events.append(FeatureCompleted(kind, n, winners))
            for seat in winners:
                score(state, seat, points, kind, why, events)
            if winners:
                return_followers(state, root, events)
    for c in list(state.cloisters):
        cp = state.placed[c]
        if max(abs(cp.x - p.x), abs(cp.y - p.y)) <= 1 and neighbours(state, cp.x, cp.y) == AROUND:
            state.cloisters.remove(c)
            root = state.find(cp.base + turned(cp.design, cp.rotation).kinds.index("cloister"))
            winners = majority(state.occupants[root])
            events.append(FeatureCompleted("cloister", AROUND + 1, winners))
            for seat in winners:
                score(state, seat, CLOISTER, "cloister", "a completed cloister", events)
            if winners:
                return_followers(state, root, events)


def final_scoring(state: State, events: list) -> None:
    """Unfinished cities, roads and cloisters first (a point a segment, a pennant, a tile), then the farms.
    Each score names its feature, where it lies and the followers there ("an unfinished road at 3,2 of 4
    segments: Ann 1 thief"; "farmers supplying the city at 3,2 of 4 tiles: Ann 2 farmers, Bob 1") and
    carries its nodes, so the final scoring can be shown feature by feature."""
    seen = set()
    for f in list(state.followers):
        root = state.find(f.node)
        if root in seen or f.role == "farmer":
            continue
        seen.add(root)
        kind = state.kind[root]
        points, why = unfinished_points(state, root)
        x, y = place_of(state, root)
        why = why.replace(f"unfinished {kind}", f"unfinished {kind} at {x},{y}", 1) + ": " + who(
            state, state.occupants[root], f.role)
        nodes = nodes_of(state, root)
        for seat in majority(state.occupants[root]):
            score(state, seat, points, f"unfinished {kind}", why, events, nodes)
        return_followers(state, root, events)
    # The farms: each completed city scores FARM_CITY to the most farmers among the farms that supply it.
    for city, (farmers, farms) in sorted(farm_supply(state).items()):
        x, y = place_of(state, city)
        why = (f"farmers supplying the city at {x},{y} of {_n(len(state.tiles[city]), 'tile')}: "
               + who(state, farmers.elements(), "farmer"))
        nodes = nodes_of(state, city) + tuple(n for farm in farms for n in nodes_of(state, farm))
        for seat in majority(farmers.elements()):
            score(state, seat, FARM_CITY, "farm", why, events, nodes)


class Worth(NamedTuple):
    """What a feature is worth now, as the scoring counts it (issue 40: the feature under the cursor)."""

    kind: str
    at: tuple[int, int]  # where it is named: its first tile placed
    nodes: tuple[int, ...]
    tiles: int
    complete: bool
    followers: tuple[int, ...]  # the seats of the followers on it
    winners: tuple[int, ...]  # who scores it (completed: who scored it; else who would at the end)
    points: int  # completed: its points; unfinished: what it scores if the game ended now
    why: str
    supplies: tuple[tuple[tuple[int, int], int, tuple[int, ...]], ...] = ()  # a field's: (city at, tiles, winners)


def worth(state: State, node: int) -> Worth:
    """The feature of ``node`` (a segment of a placed tile): its followers and what it scores, from the
    same counts the scoring uses (``completed_points``, ``unfinished_points``, ``farm_supply``)."""
    root = state.find(node)
    kind = state.kind[root]
    nodes, at, tiles = nodes_of(state, root), place_of(state, root), len(state.tiles[root])
    seats = state.occupants[root]
    if kind == "field":
        supply = farm_supply(state)
        cities = sorted({state.find(c) for c in state.cities[root] if state.open[state.find(c)] == 0})
        supplies = tuple((place_of(state, c), len(state.tiles[c]),
                          majority(supply[c][0].elements()) if c in supply else ()) for c in cities)
        won = Counter(s for _at, _n, winners in supplies for s in winners)
        return Worth(kind, at, nodes, tiles, False, seats, tuple(sorted(won)), FARM_CITY * max(won.values(), default=0),
                     f"{FARM_CITY} a completed city it supplies, to the most farmers supplying it", supplies)
    if kind == "cloister":
        p = state.placed[min(state.tiles[root])]
        complete = neighbours(state, p.x, p.y) == AROUND
        points, why = (CLOISTER, "a completed cloister") if complete else unfinished_points(state, root)
    elif kind in ("road", "city"):
        complete = state.open[root] == 0
        points, why = completed_points(state, root) if complete else unfinished_points(state, root)
    else:  # (a module's kind, as a river: nobody scores it)
        return Worth(kind, at, nodes, tiles, state.open[root] == 0, (), (), 0, expansion.kind(kind).worth)
    return Worth(kind, at, nodes, tiles, complete, seats, majority(seats), points, why)
