"""The three Underground maps of Prospect for Silver, drawn from the expansion's data, with a cursor
for map choices (the same keys as the main map: arrows move among the spaces of the choice, Enter picks).

Each map is headed by its name, side and Prospector cost; each space is a 12x3 box: its name, then
(Towns) House spaces (H), Pillar spaces (P) and Mine spaces (M) by player number, then the Bonus tiles
lying there (◆) and the Prospectors (p) by player number. A Stone Tablet shows its effect until an X
covers it; the starting Pithead shows the setup Mines. The lines under the maps describe the space
under the cursor.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from ...data import schema as fx
from ...data import silver_schema as sx
from ...engine.silver.common import sv
from ...engine.silver.tables import tables
from ...engine.silver.underground import prospector_cost, space_name
from ...engine.state import EMPTY, UNUSED
from .. import text as T
from ..views import SpaceMoved, SpacePicked
from ..widgets.painted import Painted

BOX_W = 12  # boxes 13 columns apart: a column between them for the tunnels
SX, SY = 13 / 6, 1.5  # map units -> cells (x runs 0-30, y 0-4 on every side): 77 columns, for 80x24


def _tablet_label(tablet) -> str:
    """A Stone Tablet's effect in a few letters: "King 2AP", "2Ag", "Any 1AP+1Ag", "1Ag+2st"."""
    parts = []
    for e in tablet.effects:
        if isinstance(e, fx.TakeAction):
            parts.append(f"{'Any' if e.action == 'any' else T.ACTION_TITLE[e.action][:5]} {e.ap}AP")
        elif isinstance(e, sx.GainSilver):
            parts.append(f"{e.silver}Ag")
        elif isinstance(e, sx.ProspectorStep):
            parts.append(f"{e.steps}st")
    return "+".join(parts)


def _name_lines(name: str) -> tuple[str, str]:
    """A space's name in its box, whole (issue 41 item 7: "Sigmund Ad", "Joachimsth"): on the first line
    (a single word of 13 letters takes the gap's column), else over two lines at a space ("Falkenstein" /
    "Adit")."""
    if len(name) <= BOX_W or (len(name) == BOX_W + 1 and " " not in name):  # ("Ringenwechsel": one word)
        return name, ""
    words = name.split(" ")
    for k in range(len(words) - 1, 0, -1):
        head, rest = " ".join(words[:k]), " ".join(words[k:])
        if len(head) <= BOX_W + 1 and len(rest) <= BOX_W:
            return head, rest
    return name[:BOX_W], name[BOX_W:BOX_W * 2]


class UndergroundView(Painted, can_focus=True):
    BINDINGS = [
        Binding("up", "move(0,-1)", "Up", show=False, id="tiletum.underground-up"),
        Binding("down", "move(0,1)", "Down", show=False, id="tiletum.underground-down"),
        Binding("left", "move(-1,0)", "Left", show=False, id="tiletum.underground-left"),
        Binding("right", "move(1,0)", "Right", show=False, id="tiletum.underground-right"),
        Binding("enter", "pick", "Choose", show=True, id="tiletum.underground-pick"),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.legal: list[str] = []
        self.cursor = ""
        self.cells: dict[str, tuple[int, int]] = {}  # space -> (row, column) of its box's top left

    def owns(self, space: str | None) -> bool:
        return bool(space) and space in tables().spaces

    def show(self, state, legal: list[str] | None = None, cursor: str | None = None) -> None:
        self.state = state
        self.legal = [s for s in (legal or []) if self.owns(s)]
        spaces = self._spaces()
        if cursor and cursor in spaces:
            self.cursor = cursor
        elif self.legal and self.cursor not in self.legal:
            self.cursor = self.legal[0]
        elif self.cursor not in spaces:
            self.cursor = spaces[0]
        self.redraw()

    def _spaces(self) -> list[str]:
        t = tables()
        return [s for m, side in sv(self.state).sides.items() for s in t.side_spaces[(m, side)]]

    # ------------------------------------------------------------ keys (as on the main map)
    def action_move(self, dx: int, dy: int) -> None:
        pool = self.legal or self._spaces()
        if self.cursor not in self.cells:
            return
        r0, c0 = self.cells[self.cursor]
        best, best_score = None, None
        for sid in pool:
            if sid == self.cursor or sid not in self.cells:
                continue
            r, c = self.cells[sid]
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
            self.post_message(SpaceMoved(best))

    def action_pick(self) -> None:
        self.post_message(SpacePicked(self.cursor, self.cursor in self.legal))

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        if self.state is None:
            return
        t = tables()
        s = sv(self.state)
        out = Text()
        self.cells = {}
        self.map_top: dict[str, int] = {}
        top = 0
        for m, side in s.sides.items():
            self.map_top[m] = top
            data = t.data.maps[m]
            cost = prospector_cost(self.state, m)
            head = Text(f"{data.name}", self.ink("title"))
            head.append(f" (side {side}) · " + ("starting map" if data.starting else f"new Prospector {cost} Silver"),
                        self.ink("muted"))
            here = [i for i, p in enumerate(s.players) if m in p.prospectors]
            if here:  # whose Prospectors are on this map, by name (it read "Prospectors: 12")
                head.append(" · Prospectors of ", self.ink("muted"))
                for k, i in enumerate(here):
                    if k:
                        head.append(", ", self.ink("muted"))
                    head.append(self.state.players[i].name, self.player_ink(self.state.players[i].colour))
            out.append_text(head)
            out.append("\n")
            top += 1
            out.append_text(self._draw_map(m, side, top))
            top += self._rows(m, side)
        out.append_text(self._info())
        self.update(out)
        if self.cursor in self.cells and self.parent is not None and hasattr(self.parent, "scroll_to"):
            top = self.map_top.get(t.map_of[self.cursor], 0)  # the cursor's map, from its title
            self.call_after_refresh(self.parent.scroll_to, y=top, animate=False)

    def _rows(self, m: str, side: str) -> int:
        t = tables()
        return max(round(t.spaces[sid].y * SY) for sid in t.side_spaces[(m, side)]) + 3

    def _draw_map(self, m: str, side: str, top: int) -> Text:
        t = tables()
        ids = t.side_spaces[(m, side)]
        rows, cols = self._rows(m, side), max(round(t.spaces[sid].x * SX) for sid in ids) + BOX_W
        grid = [[(" ", None) for _ in range(cols)] for _ in range(rows)]
        road = self.ink("road")
        for sid in ids:  # links first, boxes over them
            a = t.spaces[sid]
            for other in a.adjacent:
                if other > sid:
                    self._line(grid, a, t.spaces[other], road)
        for sid in ids:
            sp = t.spaces[sid]
            r, c = round(sp.y * SY), round(sp.x * SX)
            self.cells[sid] = (top + r, c)
            for i, line in enumerate(self._box(sp)):
                self._put(grid, r + i, c, line)
        out = Text()
        for row in grid:
            run, run_style = [], None
            for ch, style in row:
                if style is not run_style and run:
                    out.append("".join(run), run_style)
                    run = []
                run_style = style
                run.append(ch)
            out.append("".join(run).rstrip() + "\n", run_style)
        return out

    def _line(self, grid, a, b, style) -> None:
        r0, c0 = round(a.y * SY) + 1, round(a.x * SX) + BOX_W // 2
        r1, c1 = round(b.y * SY) + 1, round(b.x * SX) + BOX_W // 2
        dr, dc = r1 - r0, c1 - c0
        n = max(abs(dc), abs(dr), 1)
        ch = "─" if dr == 0 else "│" if dc == 0 else ("╲" if (dr > 0) == (dc > 0) else "╱")
        for i in range(n + 1):
            r, c = round(r0 + dr * i / n), round(c0 + dc * i / n)
            if 0 <= r < len(grid) and 0 <= c < len(grid[0]):
                grid[r][c] = (ch, style)

    def _put(self, grid, r: int, c: int, text: Text) -> None:
        for i, ch in enumerate(text.plain):
            if 0 <= r < len(grid) and 0 <= c + i < len(grid[0]):
                style = None
                for sp in text.spans:
                    if sp.start <= i < sp.end:
                        style = sp.style if style is None else style + sp.style
                grid[r][c + i] = (ch, style)

    def _owners(self, out: Text, letter: str, row) -> None:
        shown = [o for o in row if o != UNUSED]
        if not shown:
            return
        out.append(letter)
        for o in shown:
            if o == EMPTY:
                out.append("·", self.ink("muted"))
            else:
                out.append(str(o + 1), self.player_ink(self.state.players[o].colour))

    def _box(self, sp) -> list[Text]:
        st = self.state
        s = sv(st)
        head, rest = _name_lines(sp.name)
        name = Text(head, self.ink("strong"))
        line2, line3 = Text(), Text()
        if rest:  # a long name goes on over the second line (a tunnel's is free; a Tablet's effect moves down)
            line2.append(rest, self.ink("strong"))
        if sp.kind == "town":
            self._owners(line2, "H", st.board.houses.get(sp.id, ()))
            if sp.id in st.board.pillars:
                self._owners(line2, "P", st.board.pillars[sp.id])
            self._owners(line2, "M", s.mines.get(sp.id, ()))
            tiles = st.board.map_bonus.get(sp.id, ())
            if tiles:
                line3.append(f"◆{len(tiles)} ")
        elif sp.kind == "tablet":
            covered = sp.id in s.covered
            tablet = tables().data.tablets[sp.tablet]
            (line3 if rest else line2).append("X covered" if covered else "◇" + _tablet_label(tablet),
                                              self.ink("muted") if covered else self.ink("good"))
            if rest:
                line3.append(" ")
        elif sp.kind == "shaft":
            if sp.id == tables().start[(tables().starting_map, s.sides[tables().starting_map])] and s.setup_mines:
                line2.append("m")
                for i in s.setup_mines:
                    line2.append(str(i + 1), self.player_ink(st.players[i].colour))
        here = [i for i, p in enumerate(s.players) if sp.id in p.prospectors.values()]
        if here:
            line3.append("p")
            for i in here:
                line3.append(str(i + 1), self.player_ink(st.players[i].colour))
        mark = self._mark(sp.id)
        lines = []
        for k, line in enumerate((name, line2, line3)):
            line = line[:BOX_W + 1 if k == 0 else BOX_W]  # (a name of 13 letters takes the gap's column too)
            line.pad_right(BOX_W - len(line.plain))
            if mark is not None:
                line.stylize(mark)
            lines.append(line)
        return lines

    def _mark(self, sid: str):
        if sid == self.cursor and (self.has_focus or sid in self.legal):
            return self.ink("cursor")
        if sid in self.legal:
            return self.ink("legal")
        return None

    def _info(self) -> Text:
        out = Text()
        out.append(space_name(self.cursor), self.ink("title"))
        if self.cursor in self.legal:
            out.append("  (Enter to choose)", self.ink("good"))
        out.append("\n")
        out.append_text(space_text(self, self.state, self.cursor))
        return out


# The marks in the Underground boxes, a line each so that none is cut at 80 columns (issue 41 item 7).
LEGEND = ("H House, P Pillar, M Mine spaces: · empty, 1-4 the player\n"
          "◆ Bonus tiles · p Prospectors · m setup Mines\n"
          "◇ Stone Tablet (Ag Silver, st Prospector steps) · X covered")


def space_text(painter, st, sid: str, legend: bool = True) -> Text:
    """An Underground space in full (a Town, a Stone Tablet, a tunnel, a Pithead): under the maps for
    the cursor, and in the details dialog (``i``)."""
    t = tables()
    s = sv(st)
    sp = t.spaces[sid]
    out = Text()
    w = T.words(st)
    lines = [f"A {_KIND.get(sp.kind, 'space')} of {t.data.maps[t.map_of[sid]].name}"]
    if sp.kind == "town":
        houses = st.board.houses.get(sid, ())
        words = []
        for i, owner in enumerate(houses):
            if owner == UNUSED:
                continue
            hs = sp.house_spaces[i]
            mark = {"building": " Building Bonus", "vp": f" +{hs.vp} VP"}.get(hs.bonus, "")
            words.append(f"{i + 1}:{st.players[owner].name if owner >= 0 else 'empty'}{mark}")
        if words:
            lines.append("Houses: " + ", ".join(words))
        mines = []
        for i, owner in enumerate(s.mines.get(sid, ())):
            if owner == UNUSED:
                continue
            gold = sp.mine_spaces[i].gold
            mines.append(f"{i + 1}:{st.players[owner].name if owner >= 0 else 'empty'}" + (f" {gold} Gold" if gold else ""))
        if mines:
            lines.append("Mines (1 Silver each, + the Gold shown): " + ", ".join(mines))
        if sid in s.construction_cost:
            cost = t.data.construction_costs[s.construction_cost[sid]]
            pillars = [st.players[o].name for o in st.board.pillars.get(sid, ()) if o >= 0]
            lines.append(f"Cathedral: {cost.cost} {cost.kind.capitalize()}, {cost.vp} VP + tile; "
                         f"{len(s.cathedral_stack[sid])} tile(s) left; Pillars: {', '.join(pillars) or 'none'}")
        tiles = st.board.map_bonus.get(sid, ())
        if tiles:
            lines.append("Bonus tiles: " + "; ".join(w.tile_line(x, 40) for x in tiles))
    elif sp.kind == "tablet":
        tablet = t.data.tablets[sp.tablet]
        lines.append(f"{tablet.name}: {tablet.text}" + (" (covered: used)" if sid in s.covered else ""))
    here = [st.players[i].name for i, p in enumerate(s.players) if sid in p.prospectors.values()]
    lines.append("Prospectors here: " + (", ".join(here) or "none"))
    lines.append("Links to: " + ", ".join(space_name(o) for o in sp.adjacent))
    out.append("\n".join(" " + line for line in lines))
    if legend:
        out.append("\n" + "\n".join(" " + line for line in LEGEND.split("\n")), painter.ink("muted"))
    return out


_KIND = {"town": "Town", "tablet": "Stone Tablet space", "tunnel": "tunnel space", "shaft": "Pithead"}


def space_details(painter, state, sid: str):
    """``i`` on an Underground space (``UiPart.details``): its title and its text; None if not ours."""
    if sid not in tables().spaces:
        return None
    return space_name(sid), space_text(painter, state, sid)
