"""The land zoomed out (issue 19: "a zoomed-out overview where the land outgrows the screen"): one
character a tile, the tile's middle as drawn on the land (``draw``: ``#`` city, ``+`` crossing, ``M``
cloister, ``~`` river, a road's line), ``o`` where the drawn tile fits, the cursor reversed and the
last tile placed underlined. Two characters a tile when the land fits so, else one. Pure: a Text
from the engine's view."""

from __future__ import annotations

from rich.text import Text

from . import draw

FITS = "o"
LEGEND = "overview · o fits · reversed: cursor · underlined: last"


def glyph(design: str, rotation: int) -> str:
    """A tile as one character: the middle of its 3×3 drawing."""
    return draw.tile_lines(design, rotation, 3, 3)[1][1]


def overview(state, places, cursor, width: int, height: int) -> Text:
    cells = list(state.cells) + list(places) + [cursor]
    x0, x1 = min(c[0] for c in cells), max(c[0] for c in cells)
    y0, y1 = min(c[1] for c in cells), max(c[1] for c in cells)
    rows = max(height - 1, 1)  # (under the legend)
    step = 2 if (x1 - x0 + 1) * 2 <= width else 1
    cols = max(width // step, 1)
    # the whole land when it fits, else the part round the cursor
    ox = x0 - (cols - (x1 - x0 + 1)) // 2 if x1 - x0 < cols else min(max(cursor[0] - cols // 2, x0), x1 - cols + 1)
    oy = y0 - (rows - (y1 - y0 + 1)) // 2 if y1 - y0 < rows else min(max(cursor[1] - rows // 2, y0), y1 - rows + 1)
    last = len(state.placed) - 1
    out = Text(LEGEND[:width] + "\n", style="dim")
    for y in range(oy, oy + rows):
        for x in range(ox, ox + cols):
            index = state.cells.get((x, y))
            if index is not None:
                p = state.placed[index]
                ch, style = glyph(p.design, p.rotation), "underline bold" if index == last else ""
            elif (x, y) in places:
                ch, style = FITS, "dim"
            else:
                ch, style = " ", ""
            if (x, y) == cursor:
                style = "reverse"
                ch = ch if ch != " " else "@"
            out.append(ch, style=style)
            if step == 2:
                out.append(" ")
        out.append("\n")
    return out
