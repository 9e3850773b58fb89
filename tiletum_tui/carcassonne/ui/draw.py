"""The land and its tiles as text (no colour needed): city ``#``, field ``.``, road ``-`` and ``|``,
crossing ``+``, cloister ``M``, river ``~``; a follower shows as its player's number on its segment.
Pure functions of the engine's view: the screen only lays the lines out and styles them."""

from __future__ import annotations

import functools
import math

from ..engine.tiles import turned

GLYPH = {"city": "#", "field": ".", "cloister": "M", "river": "~"}
TILE_W, TILE_H = 5, 3  # a tile on the land
BIG_W, BIG_H = 9, 5  # the drawn tile beside it


def _pos_point(p: int) -> tuple[float, float]:
    """Sub-position p in screen coordinates (u east, v south, both -1..1)."""
    e, i = divmod(p, 3)
    t = (i - 1) * 0.6
    return ((t, -1.0), (1.0, t), (-t, 1.0), (-1.0, -t))[e]


@functools.cache
def char_map(design: str, rotation: int, w: int, h: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """For each character of a w×h drawing of the tile: (glyph, segment index)."""
    t = turned(design, rotation)
    kinds = t.kinds
    cloister = kinds.index("cloister") if "cloister" in kinds else None
    lines = []
    for cy in range(h):
        row = []
        for cx in range(w):
            u = cx / (w - 1) * 2 - 1
            v = cy / (h - 1) * 2 - 1
            row.append(_char(t, kinds, cloister, u, v, w, h))
        lines.append(tuple(row))
    return tuple(lines)


def _char(t, kinds, cloister, u, v, w, h):
    du, dv = 1.0 / (w - 1), 1.0 / (h - 1)  # half a character: what counts as "on the centre line"
    line_kind = None
    roads = [e for e in range(4) if t.edges[e] in ("road", "river")]
    if abs(u) <= du and v < -dv and 0 in roads:
        line_kind = (t.seg_at[1], "|")
    elif abs(u) <= du and v > dv and 2 in roads:
        line_kind = (t.seg_at[7], "|")
    elif abs(v) <= dv and u < -du and 3 in roads:
        line_kind = (t.seg_at[10], "-")
    elif abs(v) <= dv and u > du and 1 in roads:
        line_kind = (t.seg_at[4], "-")
    if line_kind is not None:
        seg, glyph = line_kind
        return ("~" if kinds[seg] == "river" else glyph), seg
    if abs(u) <= du and abs(v) <= dv:  # the centre
        return _centre(t, kinds, cloister, roads)
    if cloister is not None and abs(u) < 0.5 and abs(v) < 0.6:
        return "M", cloister
    # elsewhere: the segment of the nearest sub-position (a tie goes to the city: it takes whole edges),
    # never a road's or river's: those are drawn on the centre lines only
    near = sorted(range(12), key=lambda p: (round(math.dist(_pos_point(p), (u, v)), 6), kinds[t.seg_at[p]] != "city"))
    seg = next(t.seg_at[p] for p in near if kinds[t.seg_at[p]] not in ("road", "river"))
    return GLYPH[kinds[seg]], seg


_CORNER = {(0, 1): "└", (1, 2): "┌", (2, 3): "┐", (0, 3): "┘"}


def _centre(t, kinds, cloister, roads):
    """The middle character: the cloister, a straight road or river, a bend, a crossing, or the land."""
    if cloister is not None:
        return "M", cloister
    groups: dict[int, list[int]] = {}
    for e in roads:
        groups.setdefault(t.seg_at[3 * e + 1], []).append(e)
    straight = [s for s, es in groups.items() if len(es) == 2 and (es[1] - es[0]) == 2]
    if straight:
        seg = next((s for s in straight if kinds[s] == "river"), straight[0])
        return ("~" if kinds[seg] == "river" else "|" if groups[seg] == [0, 2] else "-"), seg
    bends = [s for s, es in groups.items() if len(es) == 2]
    singles = [s for s, es in groups.items() if len(es) == 1]
    if len(bends) == 1 and not singles:
        seg = bends[0]
        return ("~" if kinds[seg] == "river" else _CORNER[tuple(groups[seg])]), seg
    if len(singles) >= 2:
        return "+", singles[0]
    if len(singles) == 1 and not bends:
        seg = singles[0]
        return ("~" if kinds[seg] == "river" else "|" if groups[seg][0] in (0, 2) else "-"), seg
    wide = [i for i, k in enumerate(kinds) if k == "city" and t.opens[i] >= 2]
    if wide:  # a city across the tile
        return "#", wide[0]
    field = next(i for i, k in enumerate(kinds) if k == "field")
    return ".", field


def tile_lines(design: str, rotation: int, w: int = TILE_W, h: int = TILE_H, followers=()) -> list[str]:
    """The tile drawn w×h; ``followers``: (segment index, mark) to show on it."""
    cmap = char_map(design, rotation, w, h)
    rows = [[g for g, _ in row] for row in cmap]
    for seg, mark in followers:
        spots = [(cx, cy) for cy, row in enumerate(cmap) for cx, (_, s) in enumerate(row) if s == seg]
        if spots:
            mx = sum(x for x, _ in spots) / len(spots)
            my = sum(y for _, y in spots) / len(spots)
            cx, cy = min(spots, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
            rows[cy][cx] = mark
    return ["".join(r) for r in rows]


def segment_cells(design: str, rotation: int, segment: int, w: int = BIG_W, h: int = BIG_H) -> set[tuple[int, int]]:
    """The characters of a w×h drawing that belong to one segment (to highlight it)."""
    return {(cx, cy) for cy, row in enumerate(char_map(design, rotation, w, h))
            for cx, (_, s) in enumerate(row) if s == segment}


def followers_on(state, index: int) -> list[tuple[int, str]]:
    """The followers on placed tile ``index``: (segment, the player's number)."""
    base = state.placed[index].base
    return [(f.node - base, str(f.seat + 1)) for f in state.followers if f.tile == index]


LEGEND = "# city  . field  -| road  + crossing  M cloister  ~ river  1-5 followers"
LEGEND_SHORT = "# city  . field\n-|┌ road  + crossing\nM cloister  ~ river\n1-5 followers\n"
