"""The land and its tiles as text, legible without colour: city ``#``, field ``.``, roads as lines
(``─│┌┐└┘``), a crossing ``+``, a road's end at a city gate ``∩``, a bridge ``=``, cloister ``M``,
a module's line (the River's ``~``: ``ui.parts.UiPart.glyphs``), a pennant ``◆``; a follower shows as its player's number on its segment. Each character
also carries its segment and its role (field, city, wall, road, ...), which the screen colours from
the theme (``land.palette``). Pure functions of the engine's tile data, cached per design, turn and size.

How a tile is drawn w×h (both odd): roads and a module's lines (rivers) first, as paths from each edge's middle to a
hub (the centre; two bends that would share it each turn in their own corner), stopping at a
cloister or a river they do not cross; the cloister in the middle (beside a river that runs through
the middle); then every other character goes to the segment of the nearest sub-position, except that
a corner is a city's only where the city holds both edges meeting there (so two cities on
neighbouring tiles that do not join never touch along a tile edge), and two cities of one tile never
touch (I is not N). Last, a segment left with no character takes the nearest one from a segment that
has some to spare: every segment a follower can stand on is drawn at every size."""

from __future__ import annotations

import functools
import math

from ..engine.tiles import DELTA, turned
from .parts import kinds_drawn

# a module's line (a river: ``ui.parts.UiPart.glyphs``): drawn as a road is, under a road's bridge
WATER = tuple(kind for kind, _glyph, _ink in kinds_drawn())
GLYPH = {"city": "#", "field": ".", "cloister": "M", **{kind: glyph for kind, glyph, _ink in kinds_drawn()}}
PENNANT = "◆"
GATE, CROSSING, BRIDGE = "∩", "+", "="
TILE_W, TILE_H = 5, 3  # a tile on the land at 80×24 (``SIZES``: larger ones where the screen has room)
BIG_W, BIG_H = 9, 5  # the drawn tile beside it at 80×24
BIG_SIZES = ((9, 5), (13, 7))  # the drawn tile's sizes (larger where the side panel is wider)
SIZES = ((5, 3), (7, 5), (9, 5))  # the land's tile sizes, smallest first (``land.tile_size``)

# a line's character by the directions it leaves a cell in (N E S W as 0 1 2 3)
_LINE = {frozenset({0, 2}): "│", frozenset({1, 3}): "─", frozenset({0, 1}): "└", frozenset({1, 2}): "┌",
         frozenset({2, 3}): "┐", frozenset({0, 3}): "┘", frozenset({0}): "│", frozenset({2}): "│",
         frozenset({1}): "─", frozenset({3}): "─"}


def _pos_point(p: int) -> tuple[float, float]:
    """Sub-position p in screen coordinates (u east, v south, both -1..1)."""
    e, i = divmod(p, 3)
    t = (i - 1) * 0.6
    return ((t, -1.0), (1.0, t), (-t, 1.0), (-1.0, -t))[e]


def _edge_cell(e: int, w: int, h: int) -> tuple[int, int]:
    return ((w // 2, 0), (w - 1, h // 2), (w // 2, h - 1), (0, h // 2))[e]


def _path(start, hub, e: int) -> list[tuple[int, int]]:
    """The cells from an edge's middle inward to the hub: straight in along the edge's normal until
    level with the hub, then across to it."""
    (x, y), (hx, hy) = start, hub
    cells = [(x, y)]
    if e in (0, 2):
        while y != hy:
            y += 1 if hy > y else -1
            cells.append((x, y))
        while x != hx:
            x += 1 if hx > x else -1
            cells.append((x, y))
    else:
        while x != hx:
            x += 1 if hx > x else -1
            cells.append((x, y))
        while y != hy:
            y += 1 if hy > y else -1
            cells.append((x, y))
    return cells


def _direction(a, b) -> int:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return DELTA.index((dx, dy))


@functools.cache
def char_map(design: str, rotation: int, w: int, h: int) -> tuple[tuple[tuple[str, int, str], ...], ...]:
    """For each character of a w×h drawing of the tile: (glyph, segment index, role). Roles: field,
    city, wall (a city's character next to another kind), road, crossing, gate, bridge, cloister,
    river, pennant."""
    t = turned(design, rotation)
    kinds = t.kinds
    mx, my = w // 2, h // 2
    grid: dict[tuple[int, int], tuple[str, int, str]] = {}
    lines = [k for k in range(len(kinds)) if kinds[k] == "road" or kinds[k] in WATER]
    ends = {k: [e for e in range(4) if t.seg_at[3 * e + 1] == k] for k in lines}
    cloister = kinds.index("cloister") if "cloister" in kinds else None
    through_water = next((k for k in lines if kinds[k] in WATER and len(ends[k]) == 2
                          and ends[k][1] - ends[k][0] == 2), None)

    # the cloister: in the middle, or beside a river through the middle, on its road's side
    block: set[tuple[int, int]] = set()
    if cloister is not None:
        if through_water is None:
            rx, ry = (1, 1) if h >= 5 else (0, 0)
            block = {(mx + dx, my + dy) for dx in range(-rx, rx + 1) for dy in range(-ry, ry + 1)}
        else:
            road_edge = next(e for k in lines if kinds[k] == "road" for e in ends[k])
            dx, dy = DELTA[road_edge]
            if dx:  # (the river runs north-south)
                cols = range(mx + 1, w - 2) if dx > 0 else range(2, mx)
                cols = cols or [mx + dx]
                block = {(c, my + d) for c in cols for d in range(-1 if h >= 5 else 0, 2 if h >= 5 else 1)}
            else:
                rows = range(my + 1, h - 1) if dy > 0 else range(1, my)
                # (three rows: no room between the river and the edge; the cloister beside its road's end)
                block = {(mx + d, r) for r in rows for d in range(-1, 2)} or {(mx - 1, my + dy)}
        for c in block:
            grid[c] = ("M", cloister, "cloister")

    # roads and rivers: through ones first (a bridge is a road over a river)
    bends = [k for k in lines if len(ends[k]) == 2 and ends[k][1] - ends[k][0] != 2]
    two_bends = len(bends) == 2
    dead = [k for k in lines if len(ends[k]) == 1]
    links: dict[tuple[int, int], set[int]] = {}
    owner: dict[tuple[int, int], int] = {}
    drawn: dict[int, set[tuple[int, int]]] = {}
    centre = (mx, my)
    for k in sorted(lines, key=lambda k: (kinds[k] not in WATER, len(ends[k]) == 1, k)):
        hub = centre
        if two_bends and k in bends:  # (R6: each bend turns in its own corner)
            hub = (mx + sum(DELTA[e][0] for e in ends[k]), my + sum(DELTA[e][1] for e in ends[k]))
        mine = drawn.setdefault(k, set())
        for e in ends[k]:
            cells = _path(_edge_cell(e, w, h), hub, e)
            if len(ends[k]) == 1:  # a road ending: at a cloister, at the river's bank, or in the middle
                stop = next((i for i, c in enumerate(cells)
                             if c in block or (c in owner and kinds[owner[c]] in WATER)), None)
                if stop is not None:
                    cells = cells[:stop] or cells[:1]
            prev = None
            for i, c in enumerate(cells):
                here = links.setdefault(c, set())
                if i == 0:
                    here.add(e)  # (it leaves the tile through its edge)
                if prev is not None:
                    here.add(_direction(c, prev))
                    links[prev].add(_direction(prev, c))
                if c not in owner:
                    owner[c] = k
                elif kinds[owner[c]] in WATER and kinds[k] == "road":
                    owner[c] = k
                    grid[c] = (BRIDGE, k, "bridge")  # a road over the river (R5)
                mine.add(c)
                prev = c
    for c, k in owner.items():
        if c in grid:
            continue
        if kinds[k] in WATER:
            grid[c] = (GLYPH[kinds[k]], k, kinds[k])
        else:
            grid[c] = (_LINE.get(frozenset(links[c]), "+"), k, "road")
    if centre in owner and grid[centre][2] == "road":
        k = owner[centre]
        if sum(1 for d in dead if centre in drawn[d]) >= 2:
            grid[centre] = (CROSSING, k, "crossing")
        elif k in dead:
            grid[centre] = (GATE, k, "gate")  # a road's only end in the middle: at a city's gate (S, T)

    # every other character: the segment of the nearest sub-position (no road's or river's)
    areas = [p for p in range(12) if kinds[t.seg_at[p]] != "road" and kinds[t.seg_at[p]] not in WATER]
    ties = [_tie(t, kinds, p) for p in range(12)]
    distances = _distances(w, h)
    for cy in range(h):
        for cx in range(w):
            if (cx, cy) in grid:
                continue
            u, v = cx / (w - 1) * 2 - 1, cy / (h - 1) * 2 - 1
            corner = abs(u) == 1 and abs(v) == 1
            # (a tie goes to a city across the tile, which the middle belongs to, else to the field)
            far = distances[cy][cx]
            near = sorted(areas, key=lambda p: (far[p], ties[p], p))
            seg = t.seg_at[near[0]]
            if corner and kinds[seg] == "city":
                a, b = _corner_positions(u, v)
                if t.seg_at[a] != t.seg_at[b]:  # a city's corner only if it holds both edges there
                    seg = _nearest_other(t, kinds, near, "city")
            grid[(cx, cy)] = (GLYPH[kinds[seg]], seg, kinds[seg])

    # two cities of one tile never touch: the later one's character that touches the other is field
    for (cx, cy) in sorted(grid):
        g, seg, role = grid[(cx, cy)]
        if role != "city":
            continue
        for d in DELTA:
            other = grid.get((cx + d[0], cy + d[1]))
            if other and other[2] == "city" and other[1] != seg and other[1] < seg:
                f = _nearest_field(t, kinds, cx, cy, w, h)
                if f is not None:
                    grid[(cx, cy)] = (".", f, "field")
                break

    _rescue(t, kinds, grid, w, h)

    # walls: a city's characters beside another kind; the pennant on its city
    for (cx, cy), (g, seg, role) in list(grid.items()):
        if role == "city" and any((n := grid.get((cx + dx, cy + dy))) and n[2] != "city" for dx, dy in DELTA):
            grid[(cx, cy)] = (g, seg, "wall")
    for seg, s in enumerate(t.segments):
        if s.pennant:
            spots = [c for c, cell in grid.items() if cell[1] == seg]
            taken = _anchor(spots)
            rest = [c for c in spots if c != taken] or spots
            c = _anchor(rest)
            grid[c] = (PENNANT, seg, "pennant")
    return tuple(tuple(grid[(cx, cy)] for cx in range(w)) for cy in range(h))


@functools.cache
def _distances(w: int, h: int) -> tuple:
    """For each character of a w×h drawing, its distance to each sub-position (rounded, so that equal
    distances tie): the same for every tile, worked out once per size (a client draws each new tile's
    turns at two sizes, a tenth of a watching screen's CPU early in a game: issue 39)."""
    return tuple(tuple(tuple(round(math.dist(_pos_point(p), (cx / (w - 1) * 2 - 1, cy / (h - 1) * 2 - 1)), 6)
                             for p in range(12)) for cx in range(w)) for cy in range(h))


def _tie(t, kinds, p) -> int:
    seg = t.seg_at[p]
    return 1 if kinds[seg] != "city" else 0 if t.opens[seg] >= 2 else 2


def _corner_positions(u: float, v: float) -> tuple[int, int]:
    """The two sub-positions meeting at a tile's corner."""
    return {(-1, -1): (0, 11), (1, -1): (2, 3), (1, 1): (5, 6), (-1, 1): (8, 9)}[(round(u), round(v))]


def _nearest_other(t, kinds, near, kind) -> int:
    return next((t.seg_at[p] for p in near if kinds[t.seg_at[p]] != kind), t.seg_at[near[0]])


def _nearest_field(t, kinds, cx, cy, w, h) -> int | None:
    u, v = cx / (w - 1) * 2 - 1, cy / (h - 1) * 2 - 1
    fields = [p for p in range(12) if kinds[t.seg_at[p]] == "field"]
    if not fields:
        return None
    return t.seg_at[min(fields, key=lambda p: (round(math.dist(_pos_point(p), (u, v)), 6), p))]


def _rescue(t, kinds, grid, w, h) -> None:
    """A segment with no character (a field squeezed out at 5×3) takes the nearest character of a
    segment with characters to spare (never a road's, a river's or the cloister's); a city with a
    pennant keeps two (its pennant and a follower)."""
    def need(seg):
        return 2 if t.segments[seg].pennant else 1

    for seg in range(len(kinds)):
        if kinds[seg] in ("road", "cloister", *WATER) or any(c[1] == seg for c in grid.values()):
            continue
        points = [_pos_point(p) for p in range(12) if t.seg_at[p] == seg]
        count: dict[int, int] = {}
        for c in grid.values():
            count[c[1]] = count.get(c[1], 0) + 1
        spare = [xy for xy, c in grid.items() if c[2] in ("field", "city") and count[c[1]] > need(c[1])]

        def dist(xy):
            u, v = xy[0] / (w - 1) * 2 - 1, xy[1] / (h - 1) * 2 - 1
            return (min(math.dist(pt, (u, v)) for pt in points), xy[1], xy[0])

        xy = min(spare, key=dist)
        grid[xy] = (GLYPH[kinds[seg]], seg, kinds[seg])


def _anchor(spots):
    """The character of a segment nearest its middle (where its follower stands)."""
    mx = sum(x for x, _ in spots) / len(spots)
    my = sum(y for _, y in spots) / len(spots)
    return min(spots, key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p[1], p[0]))


@functools.cache
def follower_spot(design: str, rotation: int, segment: int, w: int, h: int) -> tuple[int, int] | None:
    """Where a follower on ``segment`` is drawn: its character nearest the segment's middle, never the
    pennant's nor (for a road through a crossing) the crossing's."""
    cmap = char_map(design, rotation, w, h)
    spots = [(cx, cy) for cy, row in enumerate(cmap) for cx, (_, s, role) in enumerate(row)
             if s == segment and role not in ("pennant", "crossing", "bridge")]
    if not spots:
        spots = [(cx, cy) for cy, row in enumerate(cmap) for cx, (_, s, _r) in enumerate(row) if s == segment]
    return _anchor(spots) if spots else None


def tile_lines(design: str, rotation: int, w: int = TILE_W, h: int = TILE_H, followers=()) -> list[str]:
    """The tile drawn w×h; ``followers``: (segment index, mark) to show on it."""
    cmap = char_map(design, rotation, w, h)
    rows = [[g for g, _, _ in row] for row in cmap]
    for seg, mark in followers:
        spot = follower_spot(design, rotation, seg, w, h)
        if spot is not None:
            rows[spot[1]][spot[0]] = mark
    return ["".join(r) for r in rows]


def segment_cells(design: str, rotation: int, segment: int, w: int = BIG_W, h: int = BIG_H) -> set[tuple[int, int]]:
    """The characters of a w×h drawing that belong to one segment (to highlight it)."""
    return {(cx, cy) for cy, row in enumerate(char_map(design, rotation, w, h))
            for cx, (_, s, _r) in enumerate(row) if s == segment}


def followers_on(state, index: int) -> list[tuple[int, str]]:
    """The followers on placed tile ``index``: (segment, the player's number)."""
    base = state.placed[index].base
    return [(f.node - base, str(f.seat + 1)) for f in state.followers if f.tile == index]


_MORE = "".join(f"  {glyph} {kind}" for kind, glyph, _ink in kinds_drawn())  # the modules' ("  ~ river")
LEGEND = f"# city  ◆ pennant  . field  ─│ road  + crossing  ∩ city gate  = bridge  M cloister{_MORE}  1-5 followers"
LEGEND_SHORT = f"# city  ◆ pennant\n. field  ─│┌ road\n+ crossing  ∩ gate\nM cloister{_MORE}\n1-5 followers\n"
