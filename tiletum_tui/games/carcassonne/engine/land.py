"""Placing land tiles (the rules text's "Placing land tiles"; a module's own rule, as the River's, through
its hooks: ``expansion.Module.places``, ``why_not`` and ``placed``).

Legal places come from the frontier: the empty cells beside the land, each kept with the edges its
neighbours show it (``State.frontier``), so a tile's places are a lookup per cell (``tiles.fits``).
Placing a tile joins its segments with its neighbours' across the sub-positions that meet.
"""

from __future__ import annotations

from .. import modules as registry
from .expansion import ENGINE
from .state import Placement, State
from .tiles import DELTA, EDGES, fits, turned

EDGE_WORDS = ("north", "east", "south", "west")
_BASE_EDGES = ("field", "city", "road")


def _module_places(state: State, design: str) -> list[tuple[int, int, int]] | None:
    """Where a module's own rule puts ``design`` (the first module with a say), or None."""
    for name in state.modules:
        places = registry.part(name, ENGINE).places(state, design)
        if places is not None:
            return places
    return None


def legal_places(state: State, design: str) -> list[tuple[int, int, int]]:
    """Every (x, y, rotation) where ``design`` may be placed now: one turn of those that look alike
    (``tiles.alike``); ``why_not`` takes the others as the same placement."""
    if state.modules and (places := _module_places(state, design)) is not None:
        return places
    return [(x, y, r) for (x, y), pattern in state.frontier.items() for r in fits(pattern, design)]


def can_place(state: State, design: str) -> bool:
    """Whether ``design`` fits anywhere (a drawn tile that does not goes into the box)."""
    if state.modules and (places := _module_places(state, design)) is not None:
        return bool(places)
    return any(fits(pattern, design) for pattern in state.frontier.values())


def why_not(state: State, design: str, x: int, y: int, rotation: int) -> str | None:
    """None if the tile may be placed there so, else why not in the rules text's words."""
    if (x, y) in state.cells:
        return f"a tile already lies at {x},{y}"
    pattern = state.frontier.get((x, y))
    if pattern is None:
        return ("the new tile must be placed with at least one edge abutting one previously placed tile "
                "(it may not simply be placed corner to corner with a previous tile)")
    edges = turned(design, rotation).edges
    for e, (want, have) in enumerate(zip(pattern, edges)):
        if want is not None and want != have:
            nx, ny = x + DELTA[e][0], y + DELTA[e][1]
            return (f"its {EDGE_WORDS[e]} edge ({have}) meets {want} on the tile at {nx},{ny}: all field, city "
                    f"and road segments on the new tile must continue to field, city and road segments on all "
                    f"abutting tiles" + "".join(f" (and {k}s to {k}s)" for k in sorted({want, have} - set(_BASE_EDGES))))
    for name in state.modules:
        why = registry.part(name, ENGINE).why_not(state, design, x, y, rotation)
        if why:
            return why
    return None


def place(state: State, design: str, x: int, y: int, rotation: int) -> int:
    """Put the tile down and join the feature graph; return its placement index (no checks here)."""
    t = turned(design, rotation)
    index = len(state.placed)
    base = len(state.parent)
    count = len(t.kinds)
    state.placed.append(Placement(design, x, y, rotation, base))
    state.cells[(x, y)] = index
    state.parent.extend(range(base, base + count))  # (a segment a node: its own root)
    state.kind.extend(t.kinds)
    state.open.extend(t.opens)
    state.tiles.extend([frozenset((index,))] * count)  # (a value: shared until a union makes a new one)
    state.segs.extend([1] * count)
    state.pennants.extend(t.pennants)
    state.occupants.extend([()] * count)
    state.cities.extend([tuple([base + c for c in cities]) if cities else () for cities in t.cities])
    for name in state.modules:
        registry.part(name, ENGINE).placed(state, t, x, y)
    cells, frontier = state.cells, state.frontier
    frontier.pop((x, y), None)
    for e in range(4):
        nx, ny = x + DELTA[e][0], y + DELTA[e][1]
        other = cells.get((nx, ny))
        if other is None:
            pattern = list(frontier.get((nx, ny), (None, None, None, None)))
            pattern[(e + 2) % 4] = t.edges[e]
            frontier[(nx, ny)] = tuple(pattern)
            continue
        o = state.placed[other]
        their_at = turned(o.design, o.rotation).seg_at
        for seg, at, closes in t.joins[e]:
            _union(state, base + seg, o.base + their_at[at], closes)  # closes 2: a city edge, a road's end (or a
            # module's kind's), closed on both sides; 0: a field
    return index


def _union(state: State, a: int, b: int, closes: int) -> None:
    parent = state.parent
    ra = a if parent[a] == a else state.find(a)  # (a root is its own: no call for the commonest case)
    rb = b if parent[b] == b else state.find(b)
    if ra == rb:
        state.open[ra] -= closes
        return
    if len(state.tiles[ra]) < len(state.tiles[rb]):
        ra, rb = rb, ra
    state.parent[rb] = ra
    state.open[ra] += state.open[rb] - closes
    state.tiles[ra] = state.tiles[ra] | state.tiles[rb]
    state.segs[ra] += state.segs[rb]
    state.pennants[ra] += state.pennants[rb]
    state.occupants[ra] = state.occupants[ra] + state.occupants[rb]
    state.cities[ra] = state.cities[ra] + state.cities[rb]


def describe_place(x: int, y: int, rotation: int) -> str:
    return f"at {x},{y}" + (f", turned {rotation * 90}°" if rotation else "")


__all__ = ["EDGES", "legal_places", "why_not", "place"]
