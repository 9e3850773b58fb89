"""Placing land tiles (the rules text's "Placing land tiles", and the River variant's river).

Legal places come from the frontier: the empty cells beside the land, each kept with the edges its
neighbours show it (``State.frontier``), so a tile's places are a lookup per cell (``tiles.fits``).
Placing a tile joins its segments with its neighbours' across the sub-positions that meet.
"""

from __future__ import annotations

from .state import Placement, State
from .tiles import DELTA, EDGES, alike, fits, turned

EDGE_WORDS = ("north", "east", "south", "west")
_EMPTY = (None, None, None, None)


def is_river(design: str) -> bool:
    return "river" in turned(design, 0).kinds


def legal_places(state: State, design: str) -> list[tuple[int, int, int]]:
    """Every (x, y, rotation) where ``design`` may be placed now: one turn of those that look alike
    (``tiles.alike``); ``why_not`` takes the others as the same placement."""
    if state.river_end is not None and is_river(design):
        return _river_places(state, design)
    return [(x, y, r) for (x, y), pattern in state.frontier.items() for r in fits(pattern, design)]


def can_place(state: State, design: str) -> bool:
    """Whether ``design`` fits anywhere (a drawn tile that does not goes into the box)."""
    if state.river_end is not None and is_river(design):
        return bool(_river_places(state, design))
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
                    f"abutting tiles" + (" (and rivers to rivers)" if "river" in (want, have) else ""))
    if state.river_end is not None and is_river(design) and (x, y, alike(design, rotation)) not in _river_places(state, design):
        (ex, ey), _ = state.river_end
        if (x, y) != (ex, ey) or not any(pattern[e] == "river" and edges[e] == "river" for e in range(4)):
            return f"a river tile continues the river: the river's open end is at {ex},{ey}"
        way = "right" if state.river_bend > 0 else "left"
        return ('a river tile may not be placed so that the river makes a "U" turn' +
                (f" (its last bend turned {way}: a second bend to the {way} turns it back the way it came)"
                 if state.settings.rules >= U_TURN_RULES else ""))
    return None


def _river_places(state: State, design: str) -> list[tuple[int, int, int]]:
    """The river's one open end is the only place for a river tile, and never with a U-turn."""
    (x, y), entry = state.river_end  # entry: the new tile's edge that meets the river
    if (x, y) in state.cells:  # the river ran into the land: nowhere to go on
        return []
    pattern = state.frontier.get((x, y), _EMPTY)
    places = []
    for r in fits(pattern, design):
        t = turned(design, r)
        if t.edges[entry] != "river":
            continue
        if not u_turn(state, river_bend(state, t, entry)):
            places.append((x, y, r))
    return places


# Rules version 3 (issue 41, item 10): the rules text's "U" turn is two successive bends of the river
# turning the same way, however it flowed before (straight stretches between them or not): then it
# flows back the way it came. ``State.river_bend`` holds the way the river's last bend turned (0 before
# its first). Versions 1 and 2 counted the turns since the spring (right minus left, kept between -1
# and +1) in the same field, which let a left bend and then two right ones through: their games keep
# that count, so they replay as they were played.
U_TURN_RULES = 3


def u_turn(state: State, bend: int | None) -> bool:
    """Whether a river bending ``bend`` (+1 right, -1 left, 0 straight, None the lake) next makes a U."""
    if not bend:
        return False
    if state.settings.rules < U_TURN_RULES:
        return not -1 <= state.river_bend + bend <= 1
    return bend == state.river_bend


def _bent(state: State, bend: int) -> int:
    """``State.river_bend`` after the river bends ``bend`` (see ``u_turn``)."""
    if state.settings.rules < U_TURN_RULES:
        return state.river_bend + bend
    return bend or state.river_bend


def river_bend(state: State, t, entry: int) -> int | None:
    """How the river turns through tile ``t`` entered at ``entry``: 0 straight, +1 right, -1 left;
    None where it ends (the lake)."""
    ends = [e for e in range(4) if t.edges[e] == "river" and e != entry]
    if not ends:
        return None
    heading = (entry + 2) % 4  # the way the river flowed into this tile
    return {0: 0, 1: 1, 3: -1}.get((ends[0] - heading) % 4, 0)


def place(state: State, design: str, x: int, y: int, rotation: int) -> int:
    """Put the tile down and join the feature graph; return its placement index (no checks here)."""
    t = turned(design, rotation)
    index = len(state.placed)
    base = len(state.parent)
    state.placed.append(Placement(design, x, y, rotation, base))
    state.cells[(x, y)] = index
    for i, seg in enumerate(t.segments):
        node = base + i
        state.parent.append(node)
        state.kind.append(seg.kind)
        state.open.append(t.opens[i])
        state.tiles.append(frozenset((index,)))
        state.segs.append(1)
        state.pennants.append(int(seg.pennant))
        state.occupants.append(())
        state.cities.append(tuple(base + c for c in seg.cities))
    if state.river_end is not None and "river" in t.edges and state.river_end[0] == (x, y):
        entry = state.river_end[1]
        bend = river_bend(state, t, entry)
        if bend is None:
            state.river_end = None  # the lake: the river is closed
        else:
            out = next(e for e in range(4) if t.edges[e] == "river" and e != entry)
            state.river_bend = _bent(state, bend)
            state.river_end = ((x + DELTA[out][0], y + DELTA[out][1]), (out + 2) % 4)
    state.frontier.pop((x, y), None)
    for e in range(4):
        nx, ny = x + DELTA[e][0], y + DELTA[e][1]
        other = state.cells.get((nx, ny))
        if other is None:
            pattern = list(state.frontier.get((nx, ny), (None, None, None, None)))
            pattern[(e + 2) % 4] = t.edges[e]
            state.frontier[(nx, ny)] = tuple(pattern)
            continue
        o = state.placed[other]
        ot = turned(o.design, o.rotation)
        back = (e + 2) % 4
        for i in range(3):
            mine, theirs = base + t.seg_at[3 * e + i], o.base + ot.seg_at[3 * back + 2 - i]
            if i == 1 and t.edges[e] != "field":
                _union(state, mine, theirs, 2)  # a city edge, a road's or river's end: closed on both sides
            elif t.kinds[t.seg_at[3 * e + i]] == "field":
                _union(state, mine, theirs, 0)
    return index


def _union(state: State, a: int, b: int, closes: int) -> None:
    ra, rb = state.find(a), state.find(b)
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


__all__ = ["EDGES", "legal_places", "why_not", "place", "is_river"]
