"""How it was won (issue 21): "a chart of each player's VP over the game (by round, or by action), VP
by category at the end, and per player the time taken per move and the Actions chosen; drawn in the
terminal ..., readable at 80×24, colour-blind safe (markers or letters as well as colours)".

Four pages, 1-4 (or Tab): the VP over the game is a textual-plotext line chart, one line per player
drawn with the player's seat number as its marker (the map's numbers) as well as their colour, the
rounds' ends marked R1..R4; VP by category is a bar per player spelt in the categories' letters,
then the numbers; time per move a plotext scatter of seconds per move (seat numbers again) and a
table; the Actions chosen a table. Every figure is read from the game: VP from the states
(``game.summary``), the categories from the final ledger, Actions from the decision stack, times
from the log (``—`` where a move was not timed).
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static
from textual_plotext import PlotextPlot

from ...engine.ruleset import rules_for
from .. import text as T
from ..screens.final import categories
from ..widgets.painted import Ink, Painted
from .positions import EVERYTHING, Positions, actions_chosen, move_times

PAGES = (("vp", "VP over the game"), ("categories", "VP by category"), ("times", "Time per move"),
         ("actions", "Actions chosen"))
# plotext's colour names for the players' colours (the markers say who, whatever the colours)
PLOT_COLOURS = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow", "purple": "magenta",
                "orange": "orange"}


def letters(titles: list[str]) -> list[str]:
    """One distinct letter per title, its first free letter (Start S, King K, Cathedrals A...)."""
    taken: set[str] = set()
    out = []
    for title in titles:
        pick = next((c for c in title.upper() if c.isalpha() and c not in taken), "?")
        taken.add(pick)
        out.append(pick)
    return out


def seconds_text(value) -> str:
    if value is None:
        return "—"
    return f"{value:.1f} s" if value < 60 else f"{int(value // 60)} min {value % 60:02.0f} s"


class VpChart(PlotextPlot):
    def draw(self, positions: Positions, state, upto: int | None) -> None:
        plt = self.plt
        plt.clear_figure()
        vp = positions.vp_by_position()
        xs = list(range(len(vp)))
        for seat, p in enumerate(state.players):
            plt.plot(xs, [row[seat] for row in vp], marker=str(seat + 1), label=f"{seat + 1} {p.name}",
                     color=PLOT_COLOURS.get(p.colour, "white"))
        ends = positions.round_ends()
        plt.xticks([i for _, i in ends], [f"R{r}" for r, _ in ends])
        if upto is not None and upto < positions.last:
            plt.vline(upto, "white")
        plt.title("VP over the game, move by move (R: end of each round)")
        plt.xlabel("moves")
        self.refresh()


def mean_seconds_by_round(positions: Positions) -> list[dict[int, float]]:
    """Per seat: round -> the mean seconds of its timed moves in that round (the round the move was
    made in: the position before it)."""
    sums: list[dict[int, list[float]]] = [{} for _ in positions.names]
    for k, e in enumerate(positions.entries):
        if e.seconds is not None:
            sums[e.seat].setdefault(positions.summary(k)["round"], []).append(e.seconds)
    return [{r: sum(v) / len(v) for r, v in seat.items()} for seat in sums]


class TimeChart(PlotextPlot):
    def draw(self, positions: Positions, state) -> None:
        plt = self.plt
        plt.clear_figure()
        by_round = mean_seconds_by_round(positions)
        rounds = sorted({r for seat in by_round for r in seat})
        for seat, p in enumerate(state.players):
            xs = [r for r in rounds if r in by_round[seat]]
            if xs:
                plt.plot(xs, [by_round[seat][r] for r in xs], marker=str(seat + 1), label=f"{seat + 1} {p.name}",
                         color=PLOT_COLOURS.get(p.colour, "white"))
        if rounds:
            plt.xticks(rounds, [f"R{r}" for r in rounds])
        plt.title("Seconds a move, on average, round by round")
        self.refresh()


class CategoryBars(Painted):
    state = None

    def on_resize(self, event) -> None:  # the bars are as long as the page is wide
        if self.state is not None:
            self.draw(self.state)

    def draw(self, state) -> None:
        self.state = state
        cats = categories(state)
        marks = letters([title for _, title in cats])
        width = max(self.size.width, 60) - 22
        most = max([sum(max(p.ledger.get(k, 0), 0) for k, _ in cats) for p in state.players] + [1])
        out = Text()
        out.append("VP by category at the end: a letter per VP (categories below; VP lost not drawn)\n\n",
                   self.ink("title"))
        for seat, p in enumerate(state.players):
            out.append(f"{seat + 1} {p.name[:10]:<10} ", self.player_ink(p.colour))
            bar = Text()
            for (key, _), mark in zip(cats, marks):
                vp = p.ledger.get(key, 0)
                if vp > 0:
                    bar.append(mark * max(1, round(vp * width / most)), self.ink("strong") if len(bar) % 2 else None)
            out.append_text(bar)
            out.append(f" {p.vp} VP\n", self.ink("strong"))
        out.append("\n")
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("")
        table.add_column("category")
        for seat, p in enumerate(state.players):
            table.add_column(f"{seat + 1} {p.name[:6]}", justify="right")
        for (key, title), mark in zip(cats, marks):
            table.add_row(mark, title, *[str(p.ledger.get(key, 0)) for p in state.players])
        self.update(_stack(out, table))


class TimesTable(Static):
    def draw(self, positions: Positions, state) -> None:
        rows = move_times(positions)
        table = Table(box=None, padding=(0, 1), show_edge=False, title_justify="left")
        for title in ("player", "moves", "timed", "in all", "a move", "longest"):
            table.add_column(title, justify="left" if title == "player" else "right")
        for seat, (p, r) in enumerate(zip(state.players, rows)):
            table.add_row(f"{seat + 1} {p.name}", str(r["moves"]), str(r["timed"]), seconds_text(r["total"]),
                          seconds_text(r["mean"]), seconds_text(r["longest"]))
        note = "" if any(r["timed"] for r in rows) else \
            "\nNo move of this game was timed (a save from before move times, or a game played without the screen)."
        self.update(_stack(Text("Time taken per move (— : not timed)\n"), table, Text(note)))


class ActionsTable(Static):
    def draw(self, positions: Positions, state, seat) -> None:
        counts = actions_chosen(positions, seat)
        names = [a for a in rules_for(state.settings).actions if a != "joker"]
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("player")
        for a in names:
            table.add_column(T.ACTION_TITLE.get(a, a), justify="right")
        for i, p in enumerate(state.players):
            table.add_row(f"{i + 1} {p.name}", *[str(counts[i].get(a, 0)) for a in names])
        self.update(_stack(Text("Actions chosen: how often each took each Action with a die (the Joker's as "
                                "its AP were given)\n"), table))


def _stack(*parts):
    from rich.console import Group

    return Group(*parts)


class ChartsScreen(Screen):
    """How it was won: the four pages; the game's final table, or a replay, opened it."""

    BINDINGS = [
        Binding("escape,q,c", "close", "Back", id="tiletum.charts-back"),
        Binding("tab,right", "page(1)", "Next page", id="tiletum.charts-next"),
        Binding("shift+tab,left", "page(-1)", "Previous page", id="tiletum.charts-prev"),
        *[Binding(str(k + 1), f"show('{name}')", title, id=f"tiletum.charts-{name}") for k, (name, title) in
          enumerate(PAGES)],
    ]

    def __init__(self, positions: Positions, *, seat=None, upto: int | None = None) -> None:
        super().__init__()
        self.positions, self.upto = positions, upto
        self.seat = seat if seat is not None else (EVERYTHING if positions.finished else 0)
        self.state = positions.view(positions.last, self.seat)

    def compose(self) -> ComposeResult:
        yield Ink()
        yield Static("", id="charts-title", markup=False)
        with ContentSwitcher(id="charts", initial="vp"):
            yield VpChart(id="vp")
            with VerticalScroll(id="categories"):
                yield CategoryBars(id="categories-view")
            with VerticalScroll(id="times"):
                yield TimeChart(id="times-chart")
                yield TimesTable(id="times-table")
            with VerticalScroll(id="actions"):
                yield ActionsTable(id="actions-view")
        yield Static("1 VP · 2 by category · 3 times · 4 Actions · Tab: next page · Esc: back",
                     id="charts-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(VpChart).draw(self.positions, self.state, self.upto)
        self.query_one(CategoryBars).draw(self.state)
        self.query_one(TimeChart).draw(self.positions, self.state)
        self.query_one(TimesTable).draw(self.positions, self.state)
        self.query_one(ActionsTable).draw(self.positions, self.state, self.seat)
        self.action_show("vp")

    @property
    def page(self) -> str:
        return self.query_one(ContentSwitcher).current or "vp"

    def action_show(self, name: str) -> None:
        self.query_one(ContentSwitcher).current = name
        title = dict(PAGES)[name]
        k = [n for n, _ in PAGES].index(name) + 1
        self.query_one("#charts-title", Static).update(f"How it was won — {k}/4 {title}")

    def action_page(self, step: int) -> None:
        names = [n for n, _ in PAGES]
        self.action_show(names[(names.index(self.page) + step) % len(names)])

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["ChartsScreen", "letters"]
