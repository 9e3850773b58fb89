"""The map of Europe drawn from the catalogue's coordinates, with a cursor for map choices.

Each Town is a small box of centred words: its name (and Fair round, F2); its House spaces (H, one
mark each: · empty, b Building Bonus, v VP, or the owner's number) and Pillar spaces (P); the Bonus
tiles lying there (◆2) and the Merchants (M) / Architects (A) by player number. Road spaces are
'o' on the links, or the pieces standing there. Links are straight lines between the boxes
(``ui.mapdraw``). Legal destinations of the choice in hand are marked, the cursor is drawn over
them; what moved since the player in turn last played is underlined. ``MapInfo``, docked under the
map, tells what lies under the cursor; ``i`` opens the Town's details and the legend.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Span, Text
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message

from ...engine.state import EMPTY, UNUSED
from .. import mapdraw as M
from .. import text as T
from ..text import space_summary
from .painted import LineCached, Painted

BOX_W = M.BOX_W
FIT_SY = 1.7  # the map may be squeezed to this to fit a view whole; otherwise it is drawn at 2.0
ROOMY_SY = 2.0


def scale_for(spaces, width: int, height: int) -> tuple[float, float]:
    """The spread for a view of this size: as wide as it allows; rows at 2.0 (links read well), or
    squeezed down to 1.7 when that shows the whole map."""
    sx, _ = M.scale_for(spaces, width, height)
    map_h = max(s.y for s in spaces)
    fits = (height - M.BOX_H) / map_h
    sy = ROOMY_SY if fits >= ROOMY_SY or fits < FIT_SY else fits
    return sx, min(sy, M.MAX_SY)


class MapView(LineCached, can_focus=True):
    BINDINGS = [
        Binding("up", "move(0,-1)", "Up", show=False, id="tiletum.map-up"),
        Binding("down", "move(0,1)", "Down", show=False, id="tiletum.map-down"),
        Binding("left", "move(-1,0)", "Left", show=False, id="tiletum.map-left"),
        Binding("right", "move(1,0)", "Right", show=False, id="tiletum.map-right"),
        Binding("enter", "pick", "Choose", show=True, id="tiletum.map-pick"),
    ]

    @dataclass
    class Picked(Message):
        """The player pressed Enter on a map space."""

        space: str

    @dataclass
    class Moved(Message):
        """The cursor moved to another space."""

        space: str

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.words = None  # the game's words and catalogue (its map)
        self.legal: list[str] = []
        self.cursor: str = ""
        self.recap = None
        self.scale = (M.SX, ROOMY_SY)
        self._view_size = None
        self.lay = None

    @property
    def spaces(self):
        return self.words.cat.map.spaces

    def on_resize(self, event) -> None:
        view = self.parent.size if self.parent is not None else event.size
        self._view_size = (view.width, view.height)
        self._rescale()

    def _rescale(self) -> None:
        if self.words is None:
            return
        if self._view_size is None:  # never laid out (not shown yet): drawn to the size it will have
            self._view_size = self._area()
            if self._view_size is None:
                return
        width, height = self._view_size
        infos = list(self.parent.query(MapInfo)) if self.parent is not None else []
        info = sum(LEGEND_ROWS + 1 if i.has_class("-roomy") else 1 for i in infos)
        scale = scale_for(self.spaces, width - 1, height - info)
        if scale != self.scale:
            self.scale = scale
            self.redraw()

    def _area(self) -> tuple[int, int] | None:
        """The size of the views' area (the switcher the map's view fills), if it has been laid out: the
        map first shown is drawn to the scale it will keep, not once more when its view is laid out
        (a second drawing and layout at the move that first shows it, on every screen: issue 39)."""
        area = getattr(self.parent, "parent", None)
        size = getattr(area, "size", None)
        return (size.width, size.height) if size else None

    def cell(self, space_id: str) -> tuple[int, int]:
        return M.cell(self.words.spaces[space_id], *self.scale)

    def draw(self, scene) -> None:
        self.recap = scene.recap
        self.show(scene.state, scene.spaces, scene.cursor)

    def show(self, state, legal: list[str] | None = None, cursor: str | None = None) -> None:
        self.state = state
        if self.words is None or self.words is not T.words(state):
            self.words = T.words(state)
            self.cursor = self.cursor if self.cursor in self.words.spaces else self.words.r.start_town
            self._rescale()
        self.legal = list(legal or [])
        if cursor:
            self.cursor = cursor
        elif self.legal and self.cursor not in self.legal:
            self.cursor = self.legal[0]
        drawn, now = self._drawn_from, self._drawn_inputs()
        if drawn is not None and drawn[0] is now[0] and drawn[1:] == now[1:]:
            # Nothing the map draws changed (a move elsewhere: a die taken, a Resource spent): the same
            # drawing, not built again (issue 25: every screen at a hosted table redraws at every move).
            # Its info line reads more of the state: drawn again all the same.
            for info in self.parent.query(MapInfo) if self.parent is not None else ():
                info.redraw()
            return
        self.redraw()

    def _drawn_inputs(self) -> tuple:
        """Everything the drawing is made from (``redraw`` and the Town boxes read no more than this),
        as values (a later change in place would not go unseen); the theme's inks aside, whose change
        draws every Painted widget again (``Ink``). The game's words (its catalogue) first: compared
        as the same object. The cursor only where it is drawn: a watcher's cursor follows the piece of
        the player in turn and is not drawn (nor are its moves, then, a drawing)."""
        st, recap = self.state, self.recap
        board = st.board

        def marks(d) -> tuple:
            return tuple(sorted((k, frozenset(v)) for k, v in d.items()))

        drawn_cursor = self.cursor if self.has_focus or self.cursor in self.legal else None  # (``_stylize``)
        return (self.words, self.scale, tuple(self.legal), drawn_cursor, self.has_focus, st.round,
                tuple((f.town, f.done) for f in board.fairs), tuple(board.houses.items()),
                tuple(board.pillars.items()), tuple(board.map_bonus.items()), tuple(board.construction_cost.items()),
                tuple((p.merchant, p.architect, p.colour) for p in st.players),
                None if recap is None else (marks(recap.placed), marks(recap.moved), frozenset(recap.trail)))

    def set_cursor(self, space: str) -> None:
        """Put the cursor on a space (typing a Town's name, the highlighted choice) and show it."""
        if self.words is not None and space in self.words.spaces and space != self.cursor:
            self.cursor = space
            self.redraw()
        self.scroll_to_cursor()

    def scroll_to_cursor(self, also: str | None = None) -> None:
        """Scroll the view so the cursor shows (and ``also``, the piece the choice moves, if both fit)."""
        if self.words is None or self.parent is None:
            return
        rows = [self.cell(self.cursor)[0]] + ([self.cell(also)[0]] if also in self.words.spaces else [])
        top, bottom = min(rows) - 2, max(rows) + 2
        height = self.parent.scrollable_content_region.height or 10
        if bottom - top > height:  # both do not fit: the cursor wins
            top, bottom = rows[0] - 2, rows[0] + 2
        region = Region(0, max(top, 0), 1, bottom - max(top, 0) + 1)
        self._scrolls += 1
        if self.parent.display and self.parent.size.height and self.size.height - getattr(self, "rows", -9) in (0, 1):
            # laid out at the size it is drawn (its rows, and the last line's end): scrolled now, in the frame that draws the move (deferred
            # after a refresh, the scroll was a frame of its own at every move that moved a watcher's
            # cursor: issue 39)
            # (and once more after the refresh, as before, where something else scrolled it meanwhile:
            # the focus given to the map scrolls its top into view; the same scroll again moves nothing)
            self.parent.scroll_to_region(region, animate=False, immediate=True)
        n = self._scrolls

        def scroll() -> None:  # (only the last one asked for: an earlier deferred scroll landing after a
            if self._scrolls == n:  # later one would win)
                self.parent.scroll_to_region(region, animate=False, immediate=True)

        self.call_after_refresh(scroll)

    _scrolls = 0  # scrolls asked for (a deferred one is made only if no later one was asked for)

    # ------------------------------------------------------------ keys
    def action_move(self, dx: int, dy: int) -> None:
        """The nearest space in that direction (``mapdraw.nearest``)."""
        pool = self.legal or [s.id for s in self.spaces]
        at = {sid: self.cell(sid) for sid in self.words.spaces}
        best = M.nearest(at, self.cursor, pool, dx, dy)
        if best is not None:
            self.cursor = best
            self.redraw()
            self.scroll_to_cursor()
            self.post_message(self.Moved(best))

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.cursor))

    # ------------------------------------------------------------ drawing
    def _town_lines(self, s) -> list[Text]:
        st = self.state
        name = Text(s.name, self.ink("strong"))
        fair_mark = Text()
        for i, fair in enumerate(st.board.fairs):
            if fair.town == s.id:
                now = i + 1 == st.round and not fair.done
                fair_mark = Text(f"F{i + 1}", self.ink("now") if now else self.ink("muted") if fair.done else None)
        if fair_mark.plain and len(s.name) + 3 <= BOX_W:
            name.append(" ")
            name.append_text(fair_mark)
            fair_mark = Text()
        line2 = Text()
        houses = st.board.houses.get(s.id, [])
        placed = self.recap.placed.get(s.id, set()) if self.recap is not None else set()
        if houses:
            line2.append("H")
            for i, owner in enumerate(houses):
                if owner == UNUSED:
                    continue
                if owner == EMPTY:
                    mark = {"building": "b", "vp": "v"}.get(s.house_spaces[i].bonus, "·")
                    line2.append(mark, self.ink("muted"))
                else:
                    style = self.player_ink(st.players[owner].colour)
                    line2.append(str(owner + 1), style + self.ink("recent") if owner in placed else style)
        if s.has_cathedral:
            line2.append(" P" if line2.plain else "P")
            cost = st.board.construction_cost.get(s.id)
            if cost and self.words.cat.construction_costs[cost].unavailable:
                line2.append("✗", self.ink("unavailable"))
            else:
                for owner in st.board.pillars.get(s.id, []):
                    if owner == UNUSED:
                        continue
                    if owner == EMPTY:
                        line2.append("·", self.ink("muted"))
                    else:
                        style = self.player_ink(st.players[owner].colour)
                        line2.append(str(owner + 1), style + self.ink("recent") if owner in placed else style)
        line3 = Text()
        tiles = st.board.map_bonus.get(s.id, [])
        if tiles:
            line3.append(f"◆{len(tiles)}")
        if fair_mark.plain:
            line3.append(" " if line3.plain else "")
            line3.append_text(fair_mark)
        pieces = self._pieces(s.id)
        if pieces.plain:
            line3.append(" " if line3.plain else "")
            line3.append_text(pieces)
        return [name, line2, line3[:BOX_W]]

    def _pieces(self, sid: str) -> Text:
        out = Text()
        moved = self.recap.moved.get(sid, set()) if self.recap is not None else set()
        for piece, letter in (("merchant", "M"), ("architect", "A")):
            who = [i for i, p in enumerate(self.state.players) if getattr(p, piece) == sid]
            if who:
                out.append(letter)
                for i in who:
                    style = self.player_ink(self.state.players[i].colour)
                    out.append(str(i + 1), style + self.ink("recent") if i in moved else style)
        return out

    _drawn_from = None  # ``_drawn_inputs()`` of the last drawing

    def redraw(self) -> None:
        if self.state is None:
            return
        self._drawn_from = self._drawn_inputs()
        spaces = self.spaces
        boxes = {s.id: self._town_lines(s) for s in spaces if s.kind == "town"}
        widths = {sid: max(len(t.plain) for t in lines) for sid, lines in boxes.items()}
        lay = self.lay = M.layout(spaces, *self.scale, widths)
        self.rows, self.cols = lay.rows, lay.cols
        grid = [[(" ", None)] * lay.cols for _ in range(lay.rows)]
        road = self.ink("road")
        trail = self.recap.trail if self.recap is not None else set()
        for (r, c), ch in M.link_grid(lay, self.words.cat.map.roads).items():
            if 0 <= r < lay.rows and 0 <= c < lay.cols:
                grid[r][c] = (ch, road)
        for s in spaces:
            if s.kind == "road":
                r, c = lay.at[s.id]
                pieces = self._pieces(s.id)
                marker = pieces if pieces.plain else Text("o", self.ink("strong") if s.id in trail else road)
                self._stylize(marker, s.id)
                self._put(grid, r, c - len(marker.plain) // 2, marker)
        for sid, lines in boxes.items():
            r, c = lay.at[sid]
            width = widths[sid]
            left = c - width // 2
            for i, line in enumerate(lines):
                pad = (width - len(line.plain)) // 2
                text = Text(" " * pad)
                text.append_text(line)
                text.pad_right(width - len(text.plain))
                self._stylize(text, sid)
                self._put(grid, r - 1 + i, left, text)
        parts, spans, at = [], [], 0
        for row in grid:  # runs of one style, not single characters (10x fewer spans); the Text made at
            run, run_style = [], None  # once, as appending them one by one made it (issue 39)
            for ch, style in row:
                if style is not run_style and run:
                    text = "".join(run)
                    parts.append(text)
                    if run_style:  # (as Text.append: a null style adds no span)
                        spans.append(Span(at, at + len(text), run_style))
                    at += len(text)
                    run = []
                run_style = style
                run.append(ch)
            text = "".join(run).rstrip() + "\n" if run_style is None else "".join(run) + "\n"
            parts.append(text)
            if run_style:
                spans.append(Span(at, at + len(text), run_style))
            at += len(text)
        self.update(Text("".join(parts), spans=spans))
        for info in self.parent.query(MapInfo) if self.parent is not None else ():
            info.redraw()

    def _stylize(self, text: Text, sid: str) -> None:
        if sid == self.cursor and (self.has_focus or sid in self.legal):
            text.stylize(self.ink("cursor"))
        elif sid in self.legal:
            text.stylize(self.ink("legal"))

    def _put(self, grid, r: int, c: int, text: Text) -> None:
        """Write a styled Text into the character grid (all styles here are Style objects)."""
        if not 0 <= r < self.rows:
            return
        plain = text.plain
        styles = [text.style if isinstance(text.style, Style) else None] * len(plain)
        for sp in text.spans:  # each character's style: the spans over it, in their order
            if isinstance(sp.style, Style):
                for i in range(max(sp.start, 0), min(sp.end, len(plain))):
                    styles[i] = sp.style if styles[i] is None else styles[i] + sp.style
        row, cols = grid[r], self.cols
        for i, ch in enumerate(plain):
            if 0 <= c + i < cols:
                row[c + i] = (ch, styles[i])


LEGEND_LINES = (
    "H House spaces: · empty, b Building Bonus, v VP, 1-4 the owner",
    "P Pillar spaces (✗: no Cathedral this game) · ◆2 Bonus tiles",
    "M Merchants, A Architects (by player number) · o a Road space",
    "F2 Fair of round 2 · underlined: moved since your last turn",
)
LEGEND = "\n".join(LEGEND_LINES)
LEGEND_ROWS = len(LEGEND_LINES)


class MapInfo(Painted):
    """Under the map (it does not scroll): the space under the cursor, and the keys to learn more."""

    def draw(self, scene) -> None:
        self.scene = scene

    def redraw(self) -> None:
        view = self.parent.query_one(MapView) if self.parent is not None else None
        if view is None or view.state is None:
            return
        st, sid = view.state, view.cursor
        out = Text()
        if self.has_class("-roomy"):
            out.append(space_summary(st, sid))
            out.append("  i: details · /: find\n", self.ink("muted"))
            out.append(LEGEND, self.ink("muted"))
        else:  # one line: the decision panel's detail line already tells about the highlighted space
            out.append("▸ ", self.ink("title"))
            out.append(T.words(st).space_name(sid), self.ink("strong"))
            out.append(" · i: details and legend · /: find a Town", self.ink("muted"))
        self.update(out)
