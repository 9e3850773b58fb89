"""Where the map's spaces and links go on a grid of character cells (pure: no textual).

The map view and ``tools/render_map.py`` share it, so the tool shows exactly what the screen draws.
A Town is a box of ``BOX_W`` x ``BOX_H`` cells centred on its catalogue coordinates times a scale
(cells are about twice as tall as wide); a Road space is one cell. A link is one straight line of a
single character chosen by its slope on screen (─ │ ╲ ╱), so the eye can follow it; it is drawn
outside the Towns' words (centred on the Town, a box as wide as its widest line), right up to them. Where two links
cross, the cell shows ┼.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

BOX_W, BOX_H = 12, 3
SX, SY = 2.7, 1.25  # map units -> character cells at 80x24
MAX_SX, MAX_SY = 3.0, 2.0  # a large terminal spreads the map out up to this much (wider, links break up)


def cell(space, sx: float = SX, sy: float = SY) -> tuple[int, int]:
    """Where a map space is centred, in character cells (row, column)."""
    return round(space.y * sy) + 1, round(space.x * sx) + BOX_W // 2


def scale_for(spaces, width: int, height: int, reserve: int = 0) -> tuple[float, float]:
    """The spread that fills a view of this size, never tighter than the 80x24 layout."""
    map_w = max(s.x for s in spaces)
    map_h = max(s.y for s in spaces)
    sx = min(MAX_SX, max(SX, (width - BOX_W - 1) / map_w))
    sy = min(MAX_SY, max(SY, (height - reserve - BOX_H) / map_h))
    return sx, sy


@dataclass
class Layout:
    at: dict[str, tuple[int, int]]  # space id -> (row, column) of its centre
    towns: set[str]
    rows: int
    cols: int
    widths: dict[str, int] | None = None  # Town -> columns its words fill (default: the whole box)
    boxes: dict[tuple[int, int], str] | None = None  # every cell under a Town's box -> the Town

    def in_box(self, r: int, c: int, town: str) -> bool:
        r0, c0 = self.at[town]
        width = self.widths.get(town, BOX_W) if self.widths else BOX_W
        left = c0 - width // 2
        return r0 - 1 <= r <= r0 + 1 and left <= c < left + width

    def box_of(self, r: int, c: int) -> str | None:
        if self.boxes is None:
            self.boxes = {}
            for t in self.towns:
                r0, c0 = self.at[t]
                width = self.widths.get(t, BOX_W) if self.widths else BOX_W
                for rr in range(r0 - 1, r0 + 2):
                    for cc in range(c0 - width // 2, c0 - width // 2 + width):
                        self.boxes.setdefault((rr, cc), t)
        return self.boxes.get((r, c))


def layout(spaces, sx: float = SX, sy: float = SY, widths: dict[str, int] | None = None) -> Layout:
    at = {s.id: cell(s, sx, sy) for s in spaces}
    towns = {s.id for s in spaces if s.kind == "town"}
    rows = max(r for r, _ in at.values()) + 2
    cols = max(c for _, c in at.values()) + BOX_W // 2 + 1
    return Layout(at, towns, rows, cols, widths)


def glyph(dr: int, dc: int) -> str:
    """One character for a whole link, by its slope on screen (a row is about two columns tall)."""
    angle = math.degrees(math.atan2(abs(dr) * 2, abs(dc)))
    if angle < 25:
        return "─"
    if angle > 70:
        return "│"
    return "╲" if (dr > 0) == (dc > 0) else "╱"


def link_cells(lay: Layout, a: str, b: str) -> list[tuple[int, int, str]]:
    """The cells of the link between two spaces, outside every Town's words, with one character
    for the whole link (its slope on screen)."""
    (r0, c0), (r1, c1) = lay.at[a], lay.at[b]
    dr, dc = r1 - r0, c1 - c0
    ch = glyph(dr, dc)
    n = max(abs(dc), 1) if ch == "─" else max(abs(dr), 1)  # one cell per column, or one per row
    slant = "╲" if (dr > 0) == (dc > 0) else "╱"
    out, seen, row = [], set(), r0
    for i in range(n + 1):
        r, c = round(r0 + dr * i / n), round(c0 + dc * i / n)
        # A flat link that still climbs a row or two shows each step as a slant: ───╲───
        here = slant if ch == "─" and r != row else ch
        row = r
        if (r, c) in seen or (r, c) in ((r0, c0), (r1, c1)) or lay.box_of(r, c) is not None:
            continue
        seen.add((r, c))
        out.append((r, c, here))
    if not out:  # the boxes all but touch: show the link in the one cell between them
        steps = 4 * max(abs(dr), abs(dc), 1)
        for i in range(1, steps):
            r, c = round(r0 + dr * i / steps), round(c0 + dc * i / steps)
            if (r, c) not in ((r0, c0), (r1, c1)) and lay.box_of(r, c) is None:
                return [(r, c, ch)]
    return out


def nearest(at: dict[str, tuple[int, int]], cursor: str, pool, dx: int, dy: int) -> str | None:
    """The space of ``pool`` an arrow key moves the cursor to: the nearest in that direction, within
    about 60 degrees of it (rows count double: cells are tall), the straighter the better; None if
    there is none that way."""
    r0, c0 = at[cursor]
    best, best_score = None, None
    for sid in pool:
        if sid == cursor:
            continue
        r, c = at[sid]
        x, y = c - c0, (r - r0) * 2
        along = x * dx + y * dy
        across = abs(x * dy) + abs(y * dx)
        if along <= 0 or across > along * 1.8:
            continue
        score = (along ** 2 + across ** 2) ** 0.5 * (1 + (across / along) ** 2)
        if best_score is None or score < best_score:
            best, best_score = sid, score
    return best


_GRIDS: dict[tuple, dict] = {}


def link_grid(lay: Layout, roads) -> dict[tuple[int, int], str]:
    """Every link's cells, with crossings marked (kept per layout: the boxes' widths change rarely)."""
    key = (tuple(sorted(lay.at.items())), tuple(sorted((lay.widths or {}).items())), tuple(roads))
    grid = _GRIDS.get(key)
    if grid is not None:
        return grid
    if len(_GRIDS) > 64:
        _GRIDS.clear()
    grid = _GRIDS[key] = {}
    for a, b in roads:
        for r, c, ch in link_cells(lay, a, b):
            old = grid.get((r, c))
            grid[(r, c)] = ch if old is None or old == ch else "┼"
    return grid


__all__ = ["BOX_H", "BOX_W", "Layout", "MAX_SX", "MAX_SY", "SX", "SY", "cell", "layout", "link_cells", "link_grid",
           "nearest", "scale_for"]
