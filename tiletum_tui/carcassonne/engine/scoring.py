"""Scoring: completed roads, cities and cloisters at once (the rules text's "Scoring completed
cloisters, roads and cities"), the majorities and ties, returning followers, and the final scoring
(unfinished features, then the farms supplying completed cities)."""

from __future__ import annotations

from collections import Counter

from .events import FeatureCompleted, FollowerReturned, Scored
from .state import State
from .tiles import turned
from .words import count as _n

_AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def majority(seats) -> tuple[int, ...]:
    """The players with the most followers there (all of them on a tie); none without followers."""
    counts = Counter(seats)
    if not counts:
        return ()
    most = max(counts.values())
    return tuple(sorted(s for s, n in counts.items() if n == most))


def score(state: State, seat: int, points: int, category: str, why: str, events: list) -> None:
    state.scores[seat] += points
    state.ledger[seat][category] = state.ledger[seat].get(category, 0) + points
    events.append(Scored(seat, points, category, why))


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
    return sum((x + dx, y + dy) in state.cells for dx, dy in _AROUND)


def completes(state: State, index: int) -> frozenset[int]:
    """The segments of tile ``index`` whose feature is complete now: a road or city with no open end
    left, the tile's own cloister with eight tiles round it (a follower deployed there scores at once)."""
    p = state.placed[index]
    t = turned(p.design, p.rotation)
    out = set()
    for i, kind in enumerate(t.kinds):
        root = state.find(p.base + i)
        if (kind in ("road", "city") and state.open[root] == 0) or (kind == "cloister" and
                                                                     neighbours(state, p.x, p.y) == 8):
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
            points = n if kind == "road" else 2 * n + 2 * state.pennants[root]
            winners = majority(state.occupants[root])
            events.append(FeatureCompleted(kind, n, winners))
            why = (f"a completed road of {_n(n, 'tile')}" if kind == "road" else
                   f"a completed city of {_n(n, 'tile')}" + (f" and {_n(state.pennants[root], 'pennant')}"
                                                             if state.pennants[root] else ""))
            for seat in winners:
                score(state, seat, points, kind, why, events)
            if winners:
                return_followers(state, root, events)
    for c in list(state.cloisters):
        cp = state.placed[c]
        if max(abs(cp.x - p.x), abs(cp.y - p.y)) <= 1 and neighbours(state, cp.x, cp.y) == 8:
            state.cloisters.remove(c)
            root = state.find(cp.base + turned(cp.design, cp.rotation).kinds.index("cloister"))
            winners = majority(state.occupants[root])
            events.append(FeatureCompleted("cloister", 9, winners))
            for seat in winners:
                score(state, seat, 9, "cloister", "a completed cloister", events)
            if winners:
                return_followers(state, root, events)


def final_scoring(state: State, events: list) -> None:
    """Unfinished cities, roads and cloisters first (a point a segment, a pennant, a tile), then the farms."""
    seen = set()
    for f in list(state.followers):
        root = state.find(f.node)
        if root in seen or f.role == "farmer":
            continue
        seen.add(root)
        kind = state.kind[root]
        if kind == "cloister":
            points, why = 1 + neighbours(state, state.placed[f.tile].x, state.placed[f.tile].y), "an unfinished cloister"
        elif kind == "road":
            points, why = state.segs[root], f"an unfinished road of {_n(state.segs[root], 'segment')}"
        else:
            points = state.segs[root] + state.pennants[root]
            why = f"an unfinished city of {_n(state.segs[root], 'segment')}" + (
                f" and {_n(state.pennants[root], 'pennant')}" if state.pennants[root] else "")
        for seat in majority(state.occupants[root]):
            score(state, seat, points, f"unfinished {kind}", why, events)
        return_followers(state, root, events)
    # The farms: each completed city scores 4 to the most farmers among the farms that supply it.
    supply: dict[int, Counter] = {}
    for farm in {state.find(f.node) for f in state.followers if f.role == "farmer"}:
        farmers = state.occupants[farm]
        for city in {state.find(c) for c in state.cities[farm]}:
            if state.open[city] == 0:
                supply.setdefault(city, Counter()).update(farmers)
    for city in sorted(supply):
        for seat in majority(supply[city].elements()):
            score(state, seat, 4, "farm", "farmers supplying a completed city", events)
