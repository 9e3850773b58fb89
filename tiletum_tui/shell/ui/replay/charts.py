"""How it was won (issue 21): "a chart of each player's VP over the game (by round, or by action), VP
by category at the end, and per player the time taken per move and the Actions chosen; drawn in the
terminal ..., readable at 80×24, colour-blind safe (markers or letters as well as colours)".

Every game's pages, 1-3 (or Tab), and the pages a game adds (Tiletum's Actions chosen): the VP over the
game is a textual-plotext line chart, one line per player drawn with the player's seat number as its
marker (the map's numbers) as well as their colour, the game's marks along it (Tiletum's rounds'
ends R1..R4, Carcassonne's every tenth turn); VP by category is a bar per player spelt in the
categories' letters, then the numbers; time per move a plotext chart of the mean seconds a move per
stretch of the game (seat numbers again) and a table. Every figure is read from the game: VP from
the states (``game.summary``), the categories from ``game.scores_by_category`` at the end, times from
the log (``—`` where a move was not timed). What differs between the games is a ``ChartFacts``.
"""

from __future__ import annotations

from rich.color import Color, ColorParseError
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static
from textual_plotext import PlotextPlot

from ..painted import Ink, Painted
from .positions import EVERYTHING, Positions, move_times

PAGES = (("vp", "VP over the game", "VP"), ("categories", "VP by category", "by category"),
         ("times", "Time per move", "times"))
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


class ChartFacts:
    """What a game's charts differ in (a game's UI subclasses it: ``ui/replay/charts.py``,
    ``carcassonne/ui/replay.py``)."""

    marks_words = "R: end of each round"  # the VP chart's title says what its marks are
    period_words = "round by round"
    pages: tuple = ()  # the game's own pages: (name, title, key word, widget class with draw(positions, state, seat))

    def categories(self, state) -> list[tuple[str, str]]:
        """The scoring categories in the game's order: (ledger key, title), every one even at 0."""
        raise NotImplementedError

    def marks(self, positions: Positions) -> list[tuple[int, str]]:
        """(position, label) along the VP chart: the last position of each round."""
        return [(i, f"R{r}") for r, i in positions.round_ends()]

    def period(self, positions: Positions, k: int) -> int:
        """The stretch of the game the move made at position ``k`` belongs to (time per move): its round."""
        return positions.summary(k)["round"]

    def period_label(self, period: int) -> str:
        return f"R{period}"


def players(positions: Positions) -> list[tuple[str, str]]:
    """(name, colour) per seat, from the game's settings."""
    return [(p.name, getattr(p, "colour", "")) for p in positions.settings.players]


# Rich's names for the same colours (the key's words are in the player's colour, as their line is)
KEY_COLOURS = {"purple": "magenta", "orange": "dark_orange"}


def _key_style(colour: str) -> str:
    try:
        return f"bold {Color.parse(KEY_COLOURS.get(colour, colour)).name}"
    except ColorParseError:  # (a colour Rich has no name for: the number says who)
        return "bold"


def players_key(positions: Positions) -> Text:
    """The key of a chart's lines, a line of its own above the chart: plotext draws its legend inside
    the chart's top left corner, over whatever point is there (a player's slowest stretch was hidden)."""
    key = Text()
    for seat, (name, colour) in enumerate(players(positions)):
        key.append("   " if seat else "")
        key.append(f"{seat + 1} {name}", style=_key_style(colour))
    return key


def seconds_text(value) -> str:
    if value is None:
        return "—"
    return f"{value:.1f} s" if value < 60 else f"{int(value // 60)} min {value % 60:02.0f} s"


def whole_ticks(values, most: int = 7) -> list[int]:
    """At most ``most`` whole-number ticks spanning ``values``, a round step apart (1, 2, 5, 10, 20, 25, 50…)."""
    lo, hi = min(values, default=0), max(values, default=0)
    lo, hi = min(lo, 0), max(hi, 1)
    step = next(s * 10 ** k for k in range(8) for s in (1, 2, 5) if (hi - lo) / (s * 10 ** k) <= most - 1)
    start = -(-lo // step) * step if lo % step else lo
    return list(range(start, hi + 1, step))


class VpChart(PlotextPlot):
    def draw(self, positions: Positions, facts: ChartFacts, upto: int | None) -> None:
        plt = self.plt
        plt.clear_figure()
        vp = positions.vp_by_position()
        xs = list(range(len(vp)))
        for seat, (_name, colour) in enumerate(players(positions)):
            plt.plot(xs, [row[seat] for row in vp], marker=str(seat + 1),
                     color=PLOT_COLOURS.get(colour, "white"))
        marks = facts.marks(positions)
        plt.xticks([i for i, _ in marks], [label for _, label in marks])
        plt.yticks(whole_ticks([v for row in vp for v in row]))  # VP are whole numbers: no 2.3 on the axis
        if upto is not None and upto < positions.last:
            plt.vline(upto, "white")
        plt.title(f"VP over the game, move by move ({facts.marks_words})")
        plt.xlabel("moves")
        self.refresh()


def mean_seconds_by_round(positions: Positions, facts: ChartFacts | None = None) -> list[dict[int, float]]:
    """Per seat: period (a round) -> the mean seconds of its timed moves in it (the period the move
    was made in: the position before it)."""
    sums: list[dict[int, list[float]]] = [{} for _ in positions.names]
    for k, e in enumerate(positions.entries):
        if e.seconds is not None:
            period = facts.period(positions, k) if facts else positions.summary(k)["round"]
            sums[e.seat].setdefault(period, []).append(e.seconds)
    return [{r: sum(v) / len(v) for r, v in seat.items()} for seat in sums]


class TimeChart(PlotextPlot):
    def draw(self, positions: Positions, facts: ChartFacts) -> None:
        plt = self.plt
        plt.clear_figure()
        by_round = mean_seconds_by_round(positions, facts)
        rounds = sorted({r for seat in by_round for r in seat})
        for seat, (_name, colour) in enumerate(players(positions)):
            xs = [r for r in rounds if r in by_round[seat]]
            if xs:
                plt.plot(xs, [by_round[seat][r] for r in xs], marker=str(seat + 1),
                         color=PLOT_COLOURS.get(colour, "white"))
        if rounds:
            plt.xticks(rounds, [facts.period_label(r) for r in rounds])
        plt.title(f"Seconds a move, on average, {facts.period_words}")
        self.refresh()


class CategoryBars(Painted):
    state = None

    def on_resize(self, event) -> None:  # the bars are as long as the page is wide
        if self.state is not None:
            self.draw(*self.state)

    def draw(self, positions: Positions, facts: ChartFacts, state) -> None:
        self.state = (positions, facts, state)
        cats = facts.categories(state)
        marks = letters([title for _, title in cats])
        ledgers = positions.game.scores_by_category(state)
        totals = positions.game.summary(state)["scores"]
        width = max(self.size.width, 60) - 22
        most = max([sum(max(ledger.get(k, 0), 0) for k, _ in cats) for ledger in ledgers] + [1])
        per = -(-most // width)  # VP a letter stands for: the longest bar fits the page (it said "a letter
        # per VP" and drew 203 VP with 55 letters: issue 41 item 9)
        scale = "a letter per VP" if per == 1 else f"a letter per {per} VP"
        out = Text()
        out.append(f"VP by category at the end: {scale} (categories below; VP lost not drawn)\n\n",
                   self.ink("title"))
        who = players(positions)
        for seat, ((name, colour), ledger) in enumerate(zip(who, ledgers)):
            out.append(f"{seat + 1} {name[:10]:<10} ", self.player_ink(colour))
            bar = Text()
            for (key, _), mark in zip(cats, marks):
                vp = ledger.get(key, 0)
                if vp > 0:
                    bar.append(mark * max(1, round(vp / per)), self.ink("strong") if len(bar) % 2 else None)
            out.append_text(bar)
            out.append(f" {totals[seat]} VP\n", self.ink("strong"))
        out.append("\n")
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("")
        table.add_column("category")
        for seat, (name, _) in enumerate(who):
            table.add_column(f"{seat + 1} {name[:6]}", justify="right")
        for (key, title), mark in zip(cats, marks):
            table.add_row(mark, title, *[str(ledger.get(key, 0)) for ledger in ledgers])
        self.update(_stack(out, table))


class TimesTable(Static):
    def draw(self, positions: Positions) -> None:
        rows = move_times(positions)
        table = Table(box=None, padding=(0, 1), show_edge=False, title_justify="left")
        for title in ("player", "moves", "timed", "in all", "a move", "longest"):
            table.add_column(title, justify="left" if title == "player" else "right")
        for seat, ((name, _), r) in enumerate(zip(players(positions), rows)):
            table.add_row(f"{seat + 1} {name}", str(r["moves"]), str(r["timed"]), seconds_text(r["total"]),
                          seconds_text(r["mean"]), seconds_text(r["longest"]))
        note = "" if any(r["timed"] for r in rows) else \
            "\nNo move of this game was timed (a save from before move times, or a game played without the screen)."
        self.update(_stack(Text("Time taken per move (— : not timed)\n"), table, Text(note)))


def _stack(*parts):
    return Group(*parts)


class ChartsScreen(Screen):
    """How it was won: every game's pages and the game's own; the game's final table, or a replay,
    opened it."""

    BINDINGS = [
        Binding("escape,q,c", "close", "Back", id="charts.back"),
        Binding("tab,right", "page(1)", "Next page", id="charts.next"),
        Binding("shift+tab,left", "page(-1)", "Previous page", id="charts.prev"),
        *[Binding(str(k), f"number({k})", f"Page {k}", id=f"charts.page-{k}") for k in range(1, 7)],
    ]

    def __init__(self, positions: Positions, facts: ChartFacts, *, seat=None, upto: int | None = None) -> None:
        super().__init__()
        self.positions, self.facts, self.upto = positions, facts, upto
        self.seat = seat if seat is not None else (EVERYTHING if positions.finished else 0)
        self.state = positions.view(positions.last, self.seat)
        self.pages = PAGES + tuple(page[:3] for page in facts.pages)

    def compose(self) -> ComposeResult:
        yield Ink()
        yield Static("", id="charts-title", markup=False)
        with ContentSwitcher(id="charts", initial="vp"):
            with Vertical(id="vp"):
                yield Static("", id="vp-key", classes="chart-key")
                yield VpChart(id="vp-chart")
            with VerticalScroll(id="categories"):
                yield CategoryBars(id="categories-view")
            with VerticalScroll(id="times"):
                yield Static("", id="times-key", classes="chart-key")
                yield TimeChart(id="times-chart")
                yield TimesTable(id="times-table")
            for name, _title, _word, widget in self.facts.pages:
                with VerticalScroll(id=name):
                    yield widget(id=f"{name}-view")
        keys = " · ".join(f"{k} {word}" for k, (_n, _t, word) in enumerate(self.pages, 1))
        yield Static(f"{keys} · Tab: next page · Esc: back", id="charts-keys", markup=False)

    def on_mount(self) -> None:
        for key in self.query(".chart-key").results(Static):
            key.update(players_key(self.positions))
        self.query_one(VpChart).draw(self.positions, self.facts, self.upto)
        self.query_one(CategoryBars).draw(self.positions, self.facts, self.state)
        self.query_one(TimeChart).draw(self.positions, self.facts)
        self.query_one(TimesTable).draw(self.positions)
        for name, *_ in self.facts.pages:
            self.query_one(f"#{name}-view").draw(self.positions, self.state, self.seat)
        self.action_show("vp")

    @property
    def page(self) -> str:
        return self.query_one(ContentSwitcher).current or "vp"

    def action_show(self, name: str) -> None:
        self.query_one(ContentSwitcher).current = name
        names = [n for n, *_ in self.pages]
        k = names.index(name)
        self.query_one("#charts-title", Static).update(f"How it was won — {k + 1}/{len(names)} {self.pages[k][1]}")

    def action_number(self, k: int) -> None:
        if k <= len(self.pages):
            self.action_show(self.pages[k - 1][0])

    def action_page(self, step: int) -> None:
        names = [n for n, *_ in self.pages]
        self.action_show(names[(names.index(self.page) + step) % len(names)])

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["ChartFacts", "ChartsScreen", "letters", "mean_seconds_by_round"]
