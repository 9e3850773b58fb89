"""The feature under the cursor (issue 40, item 7) and the final scoring feature by feature (item 8), in
words and as the segments to light on the land. What a feature is worth is the engine's
(``scoring.worth``, the final scoring's events); this only words it and finds its characters. Pure."""

from __future__ import annotations

import bisect

from ..engine.expansion import kind
from ..engine.scoring import worth
from ..engine.values import FARM_CITY
from ..engine.tiles import turned

_ROLE = {"city": "knight", "road": "thief", "field": "farmer", "cloister": "monk"}


def lit_map(state, nodes) -> dict[int, frozenset[int]]:
    """{placed tile index: its segments among ``nodes``} (a node is a tile's base plus a segment)."""
    bases = [p.base for p in state.placed]
    out: dict[int, set[int]] = {}
    for n in nodes:
        i = bisect.bisect_right(bases, n) - 1
        out.setdefault(i, set()).add(n - bases[i])
    return {i: frozenset(s) for i, s in out.items()}


def segments_at(state, cell) -> list[int]:
    """The segments of the tile at ``cell`` a feature can be shown for (every one but a module's kind nobody scores: a river's)."""
    index = state.cells.get(cell)
    if index is None:
        return []
    p = state.placed[index]
    return [i for i, k in enumerate(turned(p.design, p.rotation).kinds) if kind(k) is None]


def _names(state, seats) -> str:
    return " and ".join(sorted({state.players[s].name for s in seats}, key=[p.name for p in state.players].index))


def _followers(state, seats, role: str) -> str:
    if not seats:
        return "no follower on it"
    counts = {}
    for s in seats:
        counts[s] = counts.get(s, 0) + 1
    plural = {"knight": "knights", "thief": "thieves", "farmer": "farmers", "monk": "monks"}[role]
    return ", ".join(f"{state.players[s].name} {n} {role if n == 1 else plural}" for s, n in counts.items())


def describe(state, cell, segment: int) -> tuple[str, tuple[int, ...]]:
    """The feature of ``segment`` of the tile at ``cell``: a line of words and its nodes."""
    index = state.cells[cell]
    p = state.placed[index]
    w = worth(state, p.base + segment)
    name = turned(p.design, p.rotation).names[segment]
    x, y = w.at
    head = f"{name[0].upper()}{name[1:]} here: the {w.kind} at {x},{y}"
    size = "" if w.kind == "cloister" else f", {w.tiles} tile{'s' if w.tiles != 1 else ''}"
    on = _followers(state, w.followers, _ROLE.get(w.kind, "follower"))
    if w.kind == "field":
        if not w.supplies:
            end = "supplies no completed city: scores nothing at the end"
        else:
            cities = "; ".join(f"the city at {cx},{cy} ({n} tiles)" + (f" → {_names(state, wins)} +{FARM_CITY}" if wins else "")
                               for (cx, cy), n, wins in w.supplies)
            end = f"at the end, {FARM_CITY} a city it supplies to the most farmers: {cities}"
        return f"{head}{size}: {on}; {end}", w.nodes
    if kind(w.kind) is not None:  # (a river: nobody scores it)
        return f"{head}: {w.why}", w.nodes
    if w.complete:
        score = f"completed: {w.points} points ({w.why})"
    else:
        score = (f"unfinished: now {w.points} at the end ({w.why})"
                 + (f" → {_names(state, w.winners)} +{w.points}" if w.winners else ""))
    return f"{head}{size}: {on}; {score}", w.nodes


def final_items(entry, names) -> list[tuple[str, tuple[int, ...]]]:
    """The final scoring feature by feature, from the last log entry's Scored events (the engine's words
    and nodes): "the city at 3,2 of 4 tiles: Ann 2 farmers, Bob 1 → Ann +4", with its nodes."""
    items: dict[tuple, list] = {}
    for e in entry.events:
        if type(e).__name__ == "Scored" and e.nodes:
            items.setdefault((e.why, e.nodes), []).append(e)
    out = []
    for (why, nodes), scored in items.items():
        words = why.removeprefix("farmers supplying ")
        out.append((words + " → " + ", ".join(f"{names[e.seat]} +{e.points}" for e in scored), nodes))
    return out
