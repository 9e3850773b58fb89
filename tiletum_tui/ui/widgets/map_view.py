"""The map of Europe drawn from the catalogue's coordinates, with a cursor for map choices.

Each Town is a 12x3 box: name and Fair number; House spaces (H) and Pillar spaces (P); Bonus
tiles lying there (◆) and the Merchants (M) / Architects (A) by player number. Road spaces are
small markers on the lines between Towns. Legal destinations of the choice in hand are marked,
the cursor is drawn over them, and the lines under the map describe the space under the cursor.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.message import Message

from ...engine.state import EMPTY, UNUSED
from .. import text as T
from .painted import Painted

BOX_W, BOX_H = 12, 3
SX, SY = 2.7, 1.25  # map units -> character cells at 80x24 (cells are about twice as tall as wide)
MAX_SX, MAX_SY = 5.0, 2.0  # a large terminal spreads the map out up to this much
INFO_ROWS = 7  # the lines under the map that describe the space under the cursor


def cell(space, sx: float = SX, sy: float = SY) -> tuple[int, int]:
    """Where a map space's box is centred, in character cells."""
    return round(space.y * sy) + 1, round(space.x * sx) + BOX_W // 2


def scale_for(spaces, width: int, height: int) -> tuple[float, float]:
    """The spread that fills a view of this size, never tighter than the 80x24 layout."""
    map_w = max(s.x for s in spaces)
    map_h = max(s.y for s in spaces)
    sx = min(MAX_SX, max(SX, (width - BOX_W - 3) / map_w))  # 3: the scrollbar and a margin
    sy = min(MAX_SY, max(SY, (height - INFO_ROWS - BOX_H) / map_h))
    return sx, sy


class MapView(Painted, can_focus=True):
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
        self.scale = (SX, SY)
        self._view_size = None

    @property
    def spaces(self):
        return self.words.cat.map.spaces

    def on_resize(self, event) -> None:
        view = self.parent.size if self.parent is not None else event.size
        self._view_size = (view.width, view.height)
        self._rescale()

    def _rescale(self) -> None:
        if self.words is None or self._view_size is None:
            return
        scale = scale_for(self.spaces, *self._view_size)
        if scale != self.scale:
            self.scale = scale
            self.redraw()

    def cell(self, space_id: str) -> tuple[int, int]:
        return cell(self.words.spaces[space_id], *self.scale)

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
        self.redraw()

    # ------------------------------------------------------------ keys
    def action_move(self, dx: int, dy: int) -> None:
        pool = self.legal or [s.id for s in self.spaces]
        r0, c0 = self.cell(self.cursor)
        best, best_score = None, None
        for sid in pool:
            if sid == self.cursor:
                continue
            r, c = self.cell(sid)
            along = (c - c0) * dx + (r - r0) * dy * 2  # rows count double: cells are tall
            across = abs((c - c0) * dy) + abs((r - r0) * dx) * 2
            if along <= 0 or across > along * 2:
                continue
            score = along + across * 2
            if best_score is None or score < best_score:
                best, best_score = sid, score
        if best is not None:
            self.cursor = best
            self.redraw()
            self.post_message(self.Moved(best))

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.cursor))

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        if self.state is None:
            return
        spaces = self.spaces
        self.rows = max(self.cell(s.id)[0] for s in spaces) + 2
        self.cols = max(self.cell(s.id)[1] for s in spaces) + BOX_W // 2
        grid = [[(" ", None) for _ in range(self.cols)] for _ in range(self.rows)]
        for a, b in self.words.cat.map.roads:
            self._line(grid, self.cell(a), self.cell(b))
        for s in spaces:
            if s.kind == "road":
                self._road(grid, s)
        for s in spaces:
            if s.kind == "town":
                self._town(grid, s)
        out = Text()
        for row in grid:  # append runs of one style, not single characters (10x fewer spans)
            run, run_style = [], None
            for ch, style in row:
                if style is not run_style and run:
                    out.append("".join(run), run_style)
                    run = []
                run_style = style
                run.append(ch)
            out.append("".join(run) + "\n", run_style)
        out.append_text(self._info())
        self.update(out)

    def _line(self, grid, a, b) -> None:
        (r0, c0), (r1, c1) = a, b
        dr, dc = r1 - r0, c1 - c0
        flat = abs(dr) * 4 < abs(dc)
        steep = abs(dc) < abs(dr)
        ch = "│" if steep else "─" if flat else ("╲" if (dr > 0) == (dc > 0) else "╱")
        # Flat lines step along columns; the others one character per row (no clumps).
        n = max(abs(dc), 1) if flat else max(abs(dr), 1)
        style = self.ink("road")
        for i in range(n + 1):
            r, c = round(r0 + dr * i / n), round(c0 + dc * i / n)
            if 0 <= r < self.rows and 0 <= c < self.cols:
                grid[r][c] = (ch, style)

    def _put(self, grid, r: int, c: int, text: Text) -> None:
        """Write a styled Text into the character grid (all styles here are Style objects)."""
        base = text.style if isinstance(text.style, Style) else None
        for i, ch in enumerate(text.plain):
            if not (0 <= r < self.rows and 0 <= c + i < self.cols):
                continue
            style = base
            for sp in text.spans:
                if sp.start <= i < sp.end and isinstance(sp.style, Style):
                    style = sp.style if style is None else style + sp.style
            grid[r][c + i] = (ch, style)

    def _mark(self, sid: str):
        if sid == self.cursor and (self.has_focus or sid in self.legal):
            return self.ink("cursor")
        if sid in self.legal:
            return self.ink("legal")
        return None

    def _pieces(self, sid: str) -> Text:
        out = Text()
        for piece, letter in (("merchant", "M"), ("architect", "A")):
            who = [i for i, p in enumerate(self.state.players) if getattr(p, piece) == sid]
            if who:
                out.append(letter)
                for i in who:
                    out.append(str(i + 1), self.player_ink(self.state.players[i].colour))
        return out

    def _road(self, grid, s) -> None:
        r, c = self.cell(s.id)
        pieces = self._pieces(s.id)
        marker = Text("o") if not pieces.plain else pieces
        if len(marker.plain) > 3:
            marker = Text(f"{len(marker.plain) // 2}p")
        mark = self._mark(s.id)
        if mark is not None:
            marker.stylize(mark)
        self._put(grid, r, c - len(marker.plain) // 2, marker)

    def _town(self, grid, s) -> None:
        st = self.state
        r, c = self.cell(s.id)
        left = c - BOX_W // 2
        name = Text(f"{s.name[:9]:<9}", self.ink("strong"))
        for i, fair in enumerate(st.board.fairs):
            if fair.town == s.id:
                now = i + 1 == st.round and not fair.done
                name.append(f" F{i + 1}", self.ink("now") if now else self.ink("muted") if fair.done else None)
        line2 = Text()
        houses = st.board.houses.get(s.id, [])
        if houses:
            line2.append("H")
            for i, owner in enumerate(houses):
                if owner == UNUSED:
                    continue
                if owner == EMPTY:
                    mark = {"building": "b", "vp": "v"}.get(s.house_spaces[i].bonus, "·")
                    line2.append(mark, self.ink("muted"))
                else:
                    line2.append(str(owner + 1), self.player_ink(st.players[owner].colour))
        if s.has_cathedral:
            line2.append(" P")
            cost = st.board.construction_cost.get(s.id)
            if cost and self.words.cat.construction_costs[cost].unavailable:
                line2.append("✗", self.ink("unavailable"))
            else:
                for owner in st.board.pillars.get(s.id, []):
                    if owner == UNUSED:
                        continue
                    line2.append("·" if owner == EMPTY else str(owner + 1),
                                 self.ink("muted") if owner == EMPTY else self.player_ink(st.players[owner].colour))
        line3 = Text()
        tiles = st.board.map_bonus.get(s.id, [])
        if tiles:
            line3.append(f"◆{len(tiles)} ")
        line3.append_text(self._pieces(s.id))
        mark = self._mark(s.id)
        for i, line in enumerate((name, line2, line3)):
            line = line[:BOX_W]
            line.pad_right(BOX_W - len(line.plain))
            if mark is not None:
                line.stylize(mark)
            self._put(grid, r - 1 + i, left, line)

    def _info(self) -> Text:
        """What lies on the space under the cursor, in words."""
        st, sid, w = self.state, self.cursor, self.words
        s = w.spaces[sid]
        out = Text()
        out.append(w.space_name(sid), self.ink("title"))
        if sid in self.legal:
            out.append("  (Enter to choose)", self.ink("good"))
        pieces = [f"{st.players[i].name}'s {T.PIECE[piece]}" for i, p in enumerate(st.players)
                  for piece in ("merchant", "architect") if getattr(p, piece) == sid]
        if s.kind == "town":
            houses = st.board.houses.get(sid, [])
            words = []
            for i, owner in enumerate(houses):
                if owner == UNUSED:
                    continue
                hs = s.house_spaces[i]
                mark = {"building": " Building Bonus", "vp": f" +{hs.vp} VP"}.get(hs.bonus, "")
                words.append(f"{i + 1}:{st.players[owner].name if owner >= 0 else 'empty'}{mark}")
            if words:
                out.append("\n Houses: " + ", ".join(words))
            if s.has_cathedral:
                cost_id = st.board.construction_cost.get(sid)
                cost = w.cat.construction_costs.get(cost_id) if cost_id else None
                pillars = [st.players[o].name for o in st.board.pillars.get(sid, []) if o >= 0]
                if cost is not None and cost.unavailable:
                    out.append("\n Cathedral: unavailable this game (no Pillars)")
                else:
                    stack = st.board.cathedral_stack.get(sid, [])
                    out.append(f"\n Cathedral: {cost.stone if cost else '?'} Stone, {cost.vp if cost else '?'} VP + tile; "
                               f"{len(stack)} tile(s) left; Pillars: {', '.join(pillars) or 'none'}")
            tiles = st.board.map_bonus.get(sid, [])
            if tiles:
                out.append("\n Bonus tiles: " + "; ".join(w.tile_line(t, 40) for t in tiles))
        if pieces:
            out.append("\n Here: " + ", ".join(pieces))
        out.append("\n H House spaces (· empty, b Building Bonus, v VP, 1-4 player)  P Pillar spaces"
                   "\n ◆ Bonus tiles  M Merchants  A Architects (by player number)  F Fair, round", self.ink("muted"))
        return out
