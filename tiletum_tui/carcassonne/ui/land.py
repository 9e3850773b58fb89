"""The land as a grid of tiles five characters wide (``draw.py``), as the game screen and the replay
draw it: the cursor's cell reversed, the last tile placed bold, another marked tile (the opponents'
last, the move a replay shows) underlined, the places where the drawn tile fits framed, and the tile
in hand at the cursor while placing. Scrolling: the whole land centred when it fits, else following
the cursor (moving only when it would leave the screen). ``compose``: the widgets both screens draw
the land and what goes with it into."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from . import draw

MARK = ("┌───┐", "│   │", "└───┘")


def compose() -> ComposeResult:
    """The game screen's and the replay's top: the head line, the land with the side (the large tile)
    beside it, the players' lines. Each screen adds its own bottom lines."""
    yield Static(id="carc-head", markup=False)
    with Horizontal(id="carc-main"):
        yield Static(id="carc-land", markup=False)
        yield Static(id="carc-side", markup=False)
    yield Static(id="carc-players", markup=False)


def axis(origin: int, cursor: int, low: int, high: int, span: int) -> int:
    """One axis of the scroll: centred if the land fits, else the cursor in view and no empty margin."""
    if high - low < span:
        return low - (span - (high - low + 1)) // 2
    if not origin <= cursor < origin + span:
        origin = cursor - span // 2
    return max(low, min(origin, high - span + 1))


def scroll(state, places, cursor, origin, cols: int, rows: int) -> tuple[int, int]:
    """The top-left cell on screen (``origin``: where it was; None: none yet)."""
    cells = list(state.cells) + list(places) + [cursor]
    x0, x1 = min(c[0] for c in cells), max(c[0] for c in cells)
    y0, y1 = min(c[1] for c in cells), max(c[1] for c in cells)
    cx, cy = cursor
    ox, oy = origin if origin is not None else (cx - cols // 2, cy - rows // 2)
    return axis(ox, cx, x0, x1, cols), axis(oy, cy, y0, y1, rows)


def cell(state, places, x: int, y: int, line: int, *, cursor, rotation: int = 0, marked=None,
         in_hand: bool = True) -> tuple[str, str]:
    """One line of one cell: (its characters, its style). ``in_hand``: the drawn tile is shown at the
    cursor while placing (the game screen; a replay shows only the frames)."""
    here = (x, y) == cursor
    index = state.cells.get((x, y))
    if index is not None:
        p = state.placed[index]
        lines = draw.tile_lines(p.design, p.rotation, followers=draw.followers_on(state, index))
        style = "reverse" if here else ("bold" if index == len(state.placed) - 1 else "")
        if index == marked and not here:
            style = "bold underline"
        return lines[line], style
    if here and in_hand and state.phase == "place":
        return draw.tile_lines(state.drawn, rotation)[line], "reverse"
    if (x, y) in places:
        return MARK[line], "dim"
    return " " * draw.TILE_W, ""


def paint(state, places, width: int, height: int, *, cursor, origin, rotation: int = 0, marked=None,
          in_hand: bool = True, own_cell=None) -> tuple[Text, tuple[int, int]]:
    """The land in ``width`` × ``height`` characters, and the top-left cell it was drawn from.
    ``own_cell(state, places, x, y, line)``: a screen's own (the lesson marks its step's place)."""
    cols, rows = max(width // draw.TILE_W, 1), max(height // draw.TILE_H, 1)
    ox, oy = scroll(state, places, cursor, origin, cols, rows)
    text = Text()
    for row in range(rows):
        y = oy + row
        for line in range(draw.TILE_H):
            for col in range(cols):
                chunk, style = (own_cell(state, places, ox + col, y, line) if own_cell else
                                cell(state, places, ox + col, y, line, cursor=cursor, rotation=rotation,
                                     marked=marked, in_hand=in_hand))
                text.append(chunk, style=style)
            text.append("\n")
    return text, (ox, oy)


def big_tile(design: str, rotation: int, lit=frozenset(), width: int = 23, named: bool = True) -> Text:
    """The tile in hand (or just placed) large, under its name (its letter alone where ``named`` is
    false: the replay's move line already names it); ``lit``: the cells of the segment chosen."""
    from ..engine.tiles import turned_name

    text = Text()
    # The name wrapped, never cut: "road curving from so" told a player nothing.
    name = textwrap.wrap(f"{design}: {turned_name(design, rotation)}", width) if named else [design]
    text.append("\n".join(name) + "\n", style="bold")
    for cy, line in enumerate(draw.tile_lines(design, rotation, draw.BIG_W, draw.BIG_H)):
        for cx, ch in enumerate(line):
            text.append(ch, style="reverse" if (cx, cy) in lit else "")
        text.append("\n")
    return text
