"""The land as a grid of tiles (``draw.py``), as the game screen and the replay draw it: each character
coloured by what it is from the theme (``palette``; without colour the characters alone tell every
kind apart), each follower in its player's colour, the cursor's cell reversed, the last tile placed
bold, other marked tiles (the tiles placed since the player's last turn, the move a replay shows)
underlined, the places where the drawn tile fits framed, and the tile in hand at the cursor while
placing. The tiles grow with the screen (``tile_size``). Scrolling: the land keeps its frame from
turn to turn while everything still fits in it (centred the first time), else follows the cursor
(moving only when it would leave the screen). ``compose``: the widgets both screens draw the land
and what goes with it into; the side panel widens with the screen."""

from __future__ import annotations

import functools
import textwrap
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.color import Color
from textual.containers import Horizontal
from textual.geometry import Size
from textual.reactive import Reactive

from tiletum_tui.shell.ui.painted import Painted
from tiletum_tui.shell.ui.rows import RowsView, rows_text

from . import draw
from .parts import kinds_drawn
from .news import order_mark
from ..engine.tiles import turned_name

# the roles a character is drawn in (``draw.char_map``): the base game's, and the kinds the modules bring
ROLES = ("field", "city", "wall", "road", "crossing", "gate", "bridge", "cloister",
         *(kind for kind, _glyph, _ink in kinds_drawn()), "pennant")
# the players' colours (engine.state.COLOURS): fixed hues that read on both themes, as Tiletum's inks
PLAYER_HUES = {"red": "#e05252", "blue": "#4f8fe8", "green": "#3fb56b", "yellow": "#d9b425", "black": "#3a3a3a",
               "white": "#e8e8e8"}


@dataclass(frozen=True)
class Look:
    """How the land is drawn: the tile size, and the styles of its parts (None: no colour)."""

    w: int = draw.TILE_W
    h: int = draw.TILE_H
    palette: tuple | None = None  # (role styles by ROLES, follower styles by seat)


def palette(app, players=()) -> tuple | None:
    """The land's colours from the app's theme (its readable text colours, so the light theme and the
    dark one both read); each follower as a chip of its player's colour. ``None`` without colour
    (``NO_COLOR``: the characters alone tell everything apart)."""
    if getattr(app, "no_color", False):
        return None
    v = app.theme_variables
    dark = getattr(getattr(app, "current_theme", None), "dark", True)
    # On a dark background the theme's own colours (which stay apart at 16 colours: green, yellow, cyan,
    # red); on a light one its darker text colours, which read on it.
    green, blue, red = ("success", "primary", "error") if dark else ("text-success", "text-primary", "text-error")
    fg, city = v.get("foreground", "white"), v.get("text-warning", "yellow")
    colour = {
        "field": (v.get(green, "green"), False), "city": (city, False), "wall": (city, True),
        "road": (fg, False), "crossing": (fg, True), "gate": (city, True), "bridge": (fg, True),
        "cloister": (v.get(red, "red"), True), "pennant": (v.get(blue, "blue"), True),
        **{kind: (v.get({"blue": blue, "green": green, "red": red}.get(ink, ink), ink), True)
           for kind, _glyph, ink in kinds_drawn()}}
    roles = tuple(_style(*colour[r]) for r in ROLES)
    seats = tuple(_chip(PLAYER_HUES.get(p.colour, "#808080")) for p in players)
    return roles, seats


@functools.cache
def _chip(hue: str) -> Style:
    """A follower: its player's number in black or white, whichever reads better on the player's colour."""
    light = Color.parse(hue).brightness > 0.4
    return Style(color="#000000" if light else "#ffffff", bgcolor=hue, bold=True)


@functools.cache
def _style(colour: str, bold: bool) -> Style:
    return Style(color=colour[:7], bold=bold)


def look_for(app, state, width: int, height: int) -> Look:
    """The look of the land in a ``width`` × ``height`` widget of ``app``: tiles sized to it, the theme's colours."""
    return Look(*tile_size(width, height), palette(app, state.players))


def tile_size(width: int, height: int) -> tuple[int, int]:
    """The largest tile size (``draw.SIZES``) that still shows at least 9 tiles across and 6 down: 5×3
    at 80×24, 9×5 from about 120×36."""
    for w, h in reversed(draw.SIZES):
        if width // w >= 9 and height // h >= 6:
            return w, h
    return draw.SIZES[0]


def side_width(screen_width: int) -> int:
    """The side panel's width: 25 columns at 80, more on a wide screen (the large tile grows with it)."""
    return 25 if screen_width < 120 else 33 if screen_width < 170 else 41


class LandRow(Horizontal):
    """The land and the side panel; the side widens with the screen; a new theme redraws the land in its
    colours (the game screen's ``refresh_all``, the replay's ``draw``)."""

    # It does not scroll: its virtual size is the room it was laid out in, and the layout that gave it that
    # room placed and drew the land and the side in it. Textual would lay the whole screen out once more and
    # draw it again, in frames of their own, when it changes (the message line below taking another number
    # of lines: about half of a watching screen's updates, issue 39).
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, _theme) -> None:
        redraw = getattr(self.screen, "refresh_all", None) or getattr(self.screen, "draw", None)
        if redraw is not None:
            self.call_after_refresh(redraw)

    def on_resize(self) -> None:
        side = self.query_one("#carc-side")
        width = side_width(self.app.size.width)
        if side.styles.width is None or side.styles.width.value != width:
            side.styles.width = width


def compose() -> ComposeResult:
    """The game screen's and the replay's top: the head line, the land with the side (the large tile)
    beside it, the players' lines. Each screen adds its own bottom lines."""
    yield Painted(id="carc-head")
    with LandRow(id="carc-main"):
        yield RowsView(id="carc-land")
        yield RowsView(id="carc-side")
    yield Painted(id="carc-players")


def axis(origin: int | None, cursor: int, low: int, high: int, span: int) -> int:
    """One axis of the scroll: where the land fits, the frame it had while it still holds it all (else
    centred); where it does not, the cursor in view and no empty margin."""
    if high - low < span:
        if origin is not None and origin <= low and high < origin + span:
            return origin
        return low - (span - (high - low + 1)) // 2
    if origin is None or not origin <= cursor < origin + span:
        origin = cursor - span // 2
    return max(low, min(origin, high - span + 1))


def scroll(state, places, cursor, origin, cols: int, rows: int) -> tuple[int, int]:
    """The top-left cell on screen (``origin``: where it was; None: none yet)."""
    cells = list(state.cells) + list(places) + [cursor]
    x0, x1 = min(c[0] for c in cells), max(c[0] for c in cells)
    y0, y1 = min(c[1] for c in cells), max(c[1] for c in cells)
    cx, cy = cursor
    ox, oy = origin if origin is not None else (None, None)
    return axis(ox, cx, x0, x1, cols), axis(oy, cy, y0, y1, rows)


def frame(w: int, h: int, line: int, label: str = "", heavy: bool = False) -> str:
    """One line of a w×h frame (a place where the drawn tile fits; ``label`` in its middle)."""
    tl, tr, bl, br, hz, vt = ("╔", "╗", "╚", "╝", "═", "║") if heavy else ("┌", "┐", "└", "┘", "─", "│")
    if line == 0:
        return tl + hz * (w - 2) + tr
    if line == h - 1:
        return bl + hz * (w - 2) + br
    inner = label.center(w - 2) if line == h // 2 else " " * (w - 2)
    return vt + inner[:w - 2] + vt


@functools.lru_cache(maxsize=4096)
def tile_runs(design: str, rotation: int, w: int, h: int, line: int, followers: tuple, look_palette,
              extra: Style | None, lit: frozenset = frozenset()) -> tuple[tuple[str, Style | None], ...]:
    """One line of a tile as runs of (characters, style): each character's role's colour, a follower as
    its player's chip; ``extra`` (reverse, bold, underline) over all; the segments in ``lit`` (a feature
    shown across the land) reversed."""
    cmap = draw.char_map(design, rotation, w, h)[line]
    chars = [g for g, _, _ in cmap]
    styles: list = [None] * w
    if look_palette is not None:
        roles, _seats = look_palette
        styles = [roles[ROLES.index(role)] for _, _, role in cmap]
    if lit:
        styles = [(s + _LIT if s is not None else _LIT) if seg in lit else s
                  for s, (_, seg, _) in zip(styles, cmap)]
    for seg, seat in followers:
        spot = draw.follower_spot(design, rotation, seg, w, h)
        if spot is not None and spot[1] == line:
            chars[spot[0]] = str(seat + 1)
            seats = look_palette[1] if look_palette is not None else ()
            styles[spot[0]] = seats[seat] if seat < len(seats) else Style(bold=True)
    if extra is not None:
        styles = [extra if s is None else s + extra for s in styles]
    runs: list[tuple[str, Style | None]] = []
    for ch, st in zip(chars, styles):
        if runs and runs[-1][1] is st:
            runs[-1] = (runs[-1][0] + ch, st)
        else:
            runs.append((ch, st))
    return tuple(runs)


_LIT = Style(reverse=True, bold=True)  # a feature shown across the land
_NUMBER = Style(bold=True, reverse=True)  # a tile's number since the player's last turn
_EXTRA = {"": None, "reverse": Style(reverse=True), "bold": Style(bold=True),
          "bold underline": Style(bold=True, underline=True), "underline": Style(underline=True)}


def followers_at(state, index: int) -> tuple[tuple[int, int], ...]:
    """The followers on placed tile ``index``: (segment, seat)."""
    base = state.placed[index].base
    return tuple((f.node - base, f.seat) for f in state.followers if f.tile == index)


def cell(state, places, x: int, y: int, line: int, *, cursor, rotation: int = 0, marked=None,
         in_hand: bool = True, look: Look = Look(), numbered=None, lit=None) -> list[tuple[str, object]]:
    """One line of one cell as runs of (characters, style). ``in_hand``: the drawn tile is shown at the
    cursor while placing (the game screen; a replay shows only the frames). ``marked``: a tile index,
    or a collection of them, underlined. ``numbered``: {cell: its number} for the tiles placed since the
    player's last turn (``news.placed_since``): underlined, their number in their top-left corner.
    ``lit``: {tile index: segments} of a feature shown across the land (the cursor's tile then only
    underlined, so the feature's part of it shows)."""
    here = (x, y) == cursor
    index = state.cells.get((x, y))
    if index is not None:
        p = state.placed[index]
        style = ("underline" if lit else "reverse") if here else ("bold" if index == len(state.placed) - 1 else "")
        number = numbered.get((x, y)) if numbered else None
        if not here and (number is not None or (marked is not None and (
                index == marked if isinstance(marked, int) else index in marked))):
            style = "bold underline"
        runs = list(tile_runs(p.design, p.rotation, look.w, look.h, line, followers_at(state, index), look.palette,
                              _EXTRA[style], lit.get(index, frozenset()) if lit else frozenset()))
        if number is not None and line == 0:
            first, st = runs[0]
            runs[0:1] = [(order_mark(number), _NUMBER), (first[1:], st)] if len(first) > 1 else \
                [(order_mark(number), _NUMBER)]
        return runs
    if here and in_hand and state.phase == "place":
        return list(tile_runs(state.drawn, rotation, look.w, look.h, line, (), look.palette, _EXTRA["reverse"]))
    if (x, y) in places:
        return [(frame(look.w, look.h, line), "dim")]
    return [(" " * look.w, "")]


GUTTER = 4  # the coordinates' column at the land's left edge (``paint``'s ``coordinates``)


def paint(state, places, width: int, height: int, **how) -> tuple[Text, tuple[int, int]]:
    """The land (``paint_rows``) as a Text."""
    rows, origin = paint_rows(state, places, width, height, **how)
    return rows_text(rows), origin


def paint_rows(state, places, width: int, height: int, *, cursor, origin, rotation: int = 0, marked=None,
               in_hand: bool = True, own_cell=None, look: Look | None = None,
               coordinates: bool = False) -> tuple[list[tuple], tuple[int, int]]:
    """The land in ``width`` × ``height`` characters, as rows of (characters, style) runs
    (``shell.ui.rows``), and the top-left cell it was drawn from.
    ``own_cell(state, places, x, y, line, look)``: a screen's own (the lesson marks its step's place).
    ``look``: the tile size and colours (default: sized to fit, no colour). ``coordinates``: each
    column's x along the top, each row's y down the left, as the notation names cells ("at 2,-1")."""
    if look is None:
        look = Look(*tile_size(width, height))
    if coordinates:
        width, height = width - GUTTER, height - 1
    cols, rows = max(width // look.w, 1), max(height // look.h, 1)
    ox, oy = scroll(state, places, cursor, origin, cols, rows)
    out: list[tuple] = []
    if coordinates:
        out.append(((" " * GUTTER + "".join(str(ox + col).center(look.w)[:look.w] for col in range(cols)), "dim"),))
    for row in range(rows):
        y = oy + row
        for line in range(look.h):
            runs: list = []
            if coordinates:
                runs.append((f"{y:>{GUTTER - 1}} " if line == look.h // 2 else " " * GUTTER, "dim"))
            for col in range(cols):
                runs.extend(own_cell(state, places, ox + col, y, line, look) if own_cell else
                            cell(state, places, ox + col, y, line, cursor=cursor, rotation=rotation, marked=marked,
                                 in_hand=in_hand, look=look))
            out.append(tuple(runs))
    return out, (ox, oy)


def big_size(width: int) -> tuple[int, int]:
    """The large tile's size in a side panel ``width`` wide."""
    return draw.BIG_SIZES[-1] if width >= 30 else draw.BIG_SIZES[0]


def big_tile(design: str, rotation: int, lit=frozenset(), width: int = 23, named: bool = True,
             palette=None) -> Text:
    """The tile in hand (or just placed) large, under its name (its letter alone where ``named`` is
    false: the replay's move line already names it); ``lit``: the segment chosen (its index), reversed."""
    return rows_text(big_tile_rows(design, rotation, lit, width, named, palette))


def big_tile_rows(design: str, rotation: int, lit=frozenset(), width: int = 23, named: bool = True,
                  palette=None) -> tuple[tuple, ...]:
    """``big_tile`` as rows of (characters, style) runs (``shell.ui.rows``), each tile drawn once."""
    return _big_tile_rows(design, rotation, lit if isinstance(lit, int) else frozenset(lit), width, named, palette)


@functools.lru_cache(maxsize=256)
def _big_tile_rows(design: str, rotation: int, lit, width: int, named: bool, palette) -> tuple[tuple, ...]:
    w, h = big_size(width)
    if isinstance(lit, int):
        lit = draw.segment_cells(design, rotation, lit, w, h)
    elif lit:  # (cells of the 9×5 drawing: the segment under them, at this size)
        cmap = draw.char_map(design, rotation, draw.BIG_W, draw.BIG_H)
        segs = {cmap[cy][cx][1] for cx, cy in lit}
        lit = {c for s in segs for c in draw.segment_cells(design, rotation, s, w, h)}
    # The name wrapped, never cut: "road curving from so" told a player nothing.
    name = textwrap.wrap(f"{design}: {turned_name(design, rotation)}", width) if named else [design]
    rows = [((line, "bold"),) for line in name]
    roles = palette[0] if palette is not None else None
    for cy, row in enumerate(draw.char_map(design, rotation, w, h)):
        runs = []
        for cx, (ch, _seg, role) in enumerate(row):
            style = roles[ROLES.index(role)] if roles else None
            if (cx, cy) in lit:
                style = style + _EXTRA["reverse"] if style else "reverse"
            runs.append((ch, style))
        rows.append(tuple(runs))
    return tuple(rows)
