"""The lobby of ``tiletum join``: your games (yours to play first), tables with a free seat, games
to watch, New game; and Learn to play and Rules as on the title. Usable at 80×24 by keys."""

from __future__ import annotations

import time
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tiletum_tui.core.safe_text import clean
from ..ui.model import plays_for
from ..ui.toggles import Tick
from . import protocol as P
from .lobby_correspondence import SPEED_CHOICES, TAKE_AFTER_CHOICES, ask_away, ask_reminders, time_words
from .lobby_pages import SEARCH_LIMIT, sort_lobby  # noqa: F401  (the host orders its pages the same way)


AGES_EVERY = 30.0  # seconds: the lobby's "since when" drawn again, though nothing else changed


def ago(since: float, now: float | None = None) -> str:
    """How long a decision has waited, in words a person reads at a glance."""
    seconds = max(0, int((now or time.time()) - since))
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"for {seconds // 60} min"
    if seconds < 86400:
        return f"for {seconds // 3600} h"
    return f"for {seconds // 86400} days"


def line(g: P.GameInfo, me: str) -> str:
    seats = ", ".join(clean(s.name, 14) + ("" if s.kind != "opponent" else f" ({plays_for(s, g.finished)})")
                      + ("" if s.kind != "person" or s.connected or s.name == me or g.finished else " ·off")
                      for s in g.seats)
    if g.waiting:
        return f"{g.title}: {seats} — {g.progress}"
    if g.finished:
        return f"{g.title}: {seats} — over, {g.progress}"
    if g.paused:
        return f"{g.title}: {seats} — PAUSED: {clean(g.paused, 60)}"
    who = g.seats[g.deciding].name if 0 <= g.deciding < len(g.seats) else "?"
    turn = "your turn" if who == me else f"{clean(who, 14)}'s turn"
    return f"{g.title}: {seats} — {turn} {ago(g.since)}{time_words(g)}, {g.progress}"


class LobbyScreen(Screen):
    DEFAULT_CSS = """
    LobbyScreen #lobby-title { height: 1; background: $primary-background; padding: 0 1; }
    LobbyScreen #lobby-list { height: 1fr; border: none; }
    LobbyScreen #lobby-note { height: auto; max-height: 3; padding: 0 1; color: $warning; }
    LobbyScreen #lobby-search { display: none; margin: 0 1; }
    """
    BINDINGS = [
        Binding("n", "new", "New", id="tiletum.lobby-new"),
        Binding("w", "watch", "Watch", id="tiletum.lobby-watch"),
        Binding("l", "learn", "Learn", id="tiletum.lobby-learn"),
        Binding("r", "rules", "Rules", id="tiletum.lobby-rules"),
        Binding("b", "bell", "Bell", id="tiletum.lobby-bell"),
        Binding("i", "web_link", "Link", show=False, id="tiletum.lobby-weblink"),  # (in ? and the palette: 80 columns)
        Binding("a", "away", "Away", id="tiletum.lobby-away"),
        Binding("e", "reminders", "Remind", id="tiletum.lobby-reminders"),  # (m: a rematch, on a game over)
        Binding("q", "app.quit", "Quit", id="tiletum.lobby-quit"),
        Binding("right_square_bracket", "page(1)", "Next page", show=False, id="tiletum.lobby-next"),
        Binding("left_square_bracket", "page(-1)", "Page back", show=False, id="tiletum.lobby-back"),
        Binding("slash", "search", "Search", show=False, id="tiletum.lobby-search"),
        Binding("m", "rematch", "Rematch", show=False, id="tiletum.lobby-rematch"),
    ]

    @dataclass
    class Picked(Message):
        """A line of the lobby was chosen: play (or take a seat at) it, or watch it."""

        info: P.GameInfo
        watch: bool

    def __init__(self, me: str) -> None:
        super().__init__()
        self.me = me
        self.games: tuple[P.GameInfo, ...] = ()
        self._infos: dict[str, P.GameInfo] = {}
        self._known: set[str] | None = None  # after New game: the games there were (the new one is highlighted)

    def compose(self) -> ComposeResult:
        yield Static("", id="lobby-title", markup=False)
        yield OptionList(id="lobby-list")
        yield Input(placeholder="a name, a game or its id; Enter searches, Esc: every game", id="lobby-search",
                    max_length=SEARCH_LIMIT, compact=True)
        yield Static("", id="lobby-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._ready = True
        self.show(self.games, self.connection)
        self.query_one(OptionList).focus()
        # The host sends the lobby when something changes: "bob's turn just now" stayed so for hours, and
        # the time left to move (issue 44) would never count down.
        self.set_interval(AGES_EVERY, self._ages)

    def _ages(self) -> None:
        if self.is_current and any(g.since or g.deadline for g in self.games):
            self.show(self.games)

    _ready = False  # composed (``is_mounted`` is not yet true in on_mount)
    _page: tuple = (0, "")  # the page and search shown
    connection = "connecting…"

    def show(self, games: tuple[P.GameInfo, ...], connection: str | None = None) -> None:
        self.games = games
        self.connection = connection or self.connection
        connection = self.connection
        if not self._ready:
            return
        bell = "on" if getattr(self.app, "bell_on", True) else "off"
        watching = " (watching)" if getattr(self.app, "watching", False) else ""
        self.query_one("#lobby-title", Static).update(
            f"Tiletum host · you are {clean(self.me, 30)}{watching} · {connection} · bell {bell}")
        menu = self.query_one(OptionList)
        keep = menu.highlighted_option.id if menu.highlighted_option is not None else None
        menu.clear_options()
        parts = sort_lobby(games, self.me)
        self._infos = {g.id: g for g in games}
        heads = {"mine": "Your games", "free": "Tables with a free seat (Enter takes it)",
                 "others": "Other games (Enter or w watches)",
                 "over": "Games over (yours first, the newest first; m: a rematch of yours)"}
        lobby = getattr(self.app, "lobby", None)
        page, pages, total, search = (lobby.page, lobby.pages, lobby.total, lobby.search) if lobby else (0, 1, 0, "")
        options: list[Option] = []
        if lobby is not None and lobby.rating:  # (issue 44: her ratings and games, per game)
            heads["mine"] = f"Your games · rated: {clean(lobby.rating, 60)}"
        if pages > 1 or search:  # (a page of the host's lobby at a time: issue 42)
            found = f'{total:,} with "{search}" (Esc: all)' if search else f"{total:,} lines"
            options.append(Option(Text(f"{found} · page {page + 1} of {pages} · ] next · [ back · / search",
                                       style="dim"), disabled=True))
        if (page, search) != self._page:  # another page or search: from its first line
            self._page, keep = (page, search), None
        for key, head in heads.items():
            if not parts[key] and (key == "over" or page > 0 or search):
                continue  # (a page shows the lists it holds; the first, hers and the tables, even empty)
            options.append(Option(Text(head, style="bold"), disabled=True))
            if not parts[key]:
                options.append(Option(Text("  none", style="dim"), disabled=True))
            for g in parts[key]:
                options.append(Option(Text("  " + line(g, self.me)), id=g.id))
        menu.add_options(options)
        ids = [o.id for o in options if o.id]
        fresh = [g.id for g in parts["mine"] if self._known is not None and g.id not in self._known]
        if fresh:  # the table just set: Enter plays it (not the game that was highlighted before)
            keep, self._known = fresh[0], None
        if ids:
            menu.highlighted = menu.get_option_index(keep if keep in ids else ids[0])

    def action_page(self, step: int) -> None:
        lobby = getattr(self.app, "lobby", None)
        if lobby is None or not 0 <= lobby.page + step < lobby.pages:
            self.note("No more pages that way." if lobby is not None else "Still connecting…")
            return
        self.app.link.send(P.LobbyAsk(lobby.page + step, lobby.search))

    def action_search(self) -> None:
        box = self.query_one("#lobby-search", Input)
        box.display = True
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "lobby-search":
            event.stop()
            self.app.link.send(P.LobbyAsk(0, event.value.strip()))
            event.input.display = False  # (the lobby's first line says what was searched)
            self.query_one(OptionList).focus()

    def key_escape(self) -> None:
        """Esc: out of the search box; with a search shown, back to every game."""
        box = self.query_one("#lobby-search", Input)
        lobby = getattr(self.app, "lobby", None)
        if box.display:
            box.display = False
            self.query_one(OptionList).focus()
        if lobby is not None and lobby.search:
            box.value = ""
            self.app.link.send(P.LobbyAsk(0, ""))

    def note(self, text: str) -> None:
        self.query_one("#lobby-note", Static).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        info = self._infos.get(event.option_id or "")
        if info is not None:
            mine = any(s.name == self.me for s in info.seats if s.kind == "person")
            self.post_message(self.Picked(info, watch=not mine and not info.waiting))

    def action_watch(self) -> None:
        menu = self.query_one(OptionList)
        option = menu.highlighted_option
        info = self._infos.get(option.id) if option is not None and option.id else None
        if info is None or info.waiting:
            self.note("w watches a game under way: move to one first.")
            return
        self.post_message(self.Picked(info, watch=True))

    def action_rematch(self) -> None:
        """m on a game over of yours: a rematch (the same people, seats rotated, a new seed), or accept one."""
        menu = self.query_one(OptionList)
        option = menu.highlighted_option
        info = self._infos.get(option.id) if option is not None and option.id else None
        mine = info is not None and any(s.name == self.me and s.kind == "person" for s in info.seats)
        if info is None or not info.finished or not mine:
            self.note("m asks for a rematch of a game over of yours: move to one first.")
            return
        self.app.link.send(P.Rematch(info.id))
        self.note("Rematch asked: it waits in the lobby until everyone accepts (Enter on its line).")

    def action_new(self) -> None:
        lobby = getattr(self.app, "lobby", None)
        offered = lobby.offered if lobby else ()
        if not offered:
            self.note("The host offers no game yet (still connecting?).")
            return
        self.app.push_screen(NewTableScreen(self.me, offered), self._new_chosen)

    def _new_chosen(self, table: P.NewTable | None) -> None:
        if table is not None:
            self._known = set(self._infos)
            self.app.link.send(table)

    def action_learn(self) -> None:
        self.app.screens.learn(self.app)

    def action_rules(self) -> None:
        self.app.screens.rules(self.app)

    def action_web_link(self) -> None:
        """Your own sign-in link for the host's web door: made new (the host keeps only hashes of
        links, so it cannot show an old one) and shown on this screen only."""
        self.app.link.send(P.WebLink())
        self.note("Asking the host for your sign-in link…")

    def action_away(self) -> None:
        ask_away(self.app)

    def action_reminders(self) -> None:
        ask_reminders(self.app)

    def action_bell(self) -> None:
        self.app.bell_on = not getattr(self.app, "bell_on", True)
        self.show(self.games)


SEAT_KINDS = (("You", "you"), ("Open seat", "open"), ("A person by name", "person"))


class NewTableScreen(Screen[P.NewTable | None]):
    """New game: the game (each game the host offers, by its title), its modules, and each seat: you,
    a named person, an opponent of one of that game's levels, or open. Everything here comes from
    what the host offers (``Offered``: the registry's games): no game is named."""

    DEFAULT_CSS = """
    NewTableScreen .table-seat { height: 1; margin-bottom: 1; }  /* compact, as the local New game forms */
    NewTableScreen .table-label { width: 8; }
    NewTableScreen .table-seat Select { width: 34; }
    NewTableScreen #table-game { width: 30; }
    NewTableScreen #table-count { width: 20; }
    NewTableScreen .table-seat Input { width: 24; margin-left: 1; }
    NewTableScreen .table-seat Select { margin-right: 1; }
    NewTableScreen #table-problem { color: $warning; }
    NewTableScreen #table-modules { height: auto; padding: 0 0 1 0; }
    NewTableScreen #table-modules Checkbox { border: none; height: 1; padding: 0 1; margin: 0 0 0 8; }
    """

    BINDINGS = [
        Binding("escape", "cancel", "Back", id="tiletum.table-back"),
        Binding("ctrl+s", "start", "Set the table", id="tiletum.table-start"),
    ]

    def __init__(self, me: str, offered: tuple[P.Offered, ...]) -> None:
        super().__init__()
        self.me, self.offered = me, {o.name: o for o in offered}
        self.first = offered[0]
        self.most = max(o.players[1] for o in offered)  # seat rows: as many as the largest table

    def _kinds(self, game: P.Offered):
        return SEAT_KINDS + tuple((f"Opponent: {lv}", f"opponent:{lv}") for lv in game.levels)

    @staticmethod
    def _counts(game: P.Offered):
        return [(f"{n} players", n) for n in range(game.players[0], game.players[1] + 1)]

    def compose(self) -> ComposeResult:
        game = self.first
        with VerticalScroll(id="table-form"):
            yield Static("New game · Tab: next field · Enter: open a list · Ctrl+S: set the table",
                         markup=False)
            with Horizontal(classes="table-seat"):
                yield Static("Game", classes="table-label", markup=False)
                yield Select([(o.title, o.name) for o in self.offered.values()], value=game.name,
                             allow_blank=False, id="table-game", compact=True)
                yield Select(self._counts(game), value=game.players[0], allow_blank=False, id="table-count",
                             compact=True)
            opponent = [f"opponent:{game.levels[0]}"] if game.levels else ["open"]
            defaults = ["you", "open"] + opponent * (self.most - 2)
            kinds = self._kinds(game)
            for i in range(self.most):
                with Horizontal(classes="table-seat", id=f"seat-row-{i}"):
                    yield Static(f"Seat {i + 1}", classes="table-label", markup=False)
                    yield Select(kinds, value=defaults[i], allow_blank=False, id=f"seat-kind-{i}", compact=True)
                    yield Input(placeholder="name", max_length=14, id=f"seat-name-{i}", compact=True)
            with Horizontal(classes="table-seat"):  # issue 44: the time per move, and when it runs out
                yield Static("Time", classes="table-label", markup=False)
                yield Select(SPEED_CHOICES, value=0, allow_blank=False, id="table-speed", compact=True)
                yield Select(TAKE_AFTER_CHOICES, value=0, allow_blank=False, id="table-take", compact=True)
            with Vertical(id="table-modules"):
                yield Static("With (Space ticks; Esc: back without a table)", markup=False)
                for o in self.offered.values():
                    for name, title in o.modules:
                        yield Tick(title, id=f"module-{o.name}-{name}", classes=f"module-of-{o.name}")
            yield Static("", id="table-problem", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._rows()
        self.query_one("#table-game", Select).focus()  # the game first: what follows is that game's

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "table-game":  # another game: its player counts, opponents and modules
            game = self.offered[event.value]
            count = self.query_one("#table-count", Select)
            keep = count.value if game.players[0] <= count.value <= game.players[1] else game.players[0]
            count.set_options(self._counts(game))
            count.value = keep
            for i in range(self.most):
                kind = self.query_one(f"#seat-kind-{i}", Select)
                keep = kind.value if kind.value in dict((v, t) for t, v in self._kinds(game)) else "open"
                kind.set_options(self._kinds(game))
                kind.value = keep
        self._rows()

    def _rows(self) -> None:
        game = self.query_one("#table-game", Select).value
        boxes = list(self.query(Checkbox))
        for box in boxes:
            box.display = box.has_class(f"module-of-{game}")
        self.query_one("#table-modules").display = any(box.display for box in boxes)
        count = self.query_one("#table-count", Select).value
        for i in range(self.most):
            self.query_one(f"#seat-row-{i}").display = i < count
            kind = self.query_one(f"#seat-kind-{i}", Select).value
            self.query_one(f"#seat-name-{i}", Input).display = kind == "person"

    def table(self) -> P.NewTable | str:
        """The table asked for, or why it cannot be set."""
        seats = []
        count = self.query_one("#table-count", Select).value
        for i in range(count):
            kind = self.query_one(f"#seat-kind-{i}", Select).value
            if kind == "you":
                seats.append(P.SeatPlan("person", self.me))
            elif kind == "person":
                name = self.query_one(f"#seat-name-{i}", Input).value.strip()
                if not name:
                    return f"seat {i + 1}: type the person's name (their login name on this host)"
                seats.append(P.SeatPlan("person", name))
            elif kind == "open":
                seats.append(P.SeatPlan("open"))
            else:
                seats.append(P.SeatPlan("opponent", level=kind.partition(":")[2]))
        game = self.query_one("#table-game", Select).value
        modules = tuple(name for name, _ in self.offered[game].modules
                        if self.query_one(f"#module-{game}-{name}", Checkbox).value)
        levels = self.offered[game].levels
        return P.NewTable(game, tuple(seats), modules, per_move=self.query_one("#table-speed", Select).value,
                          stand_in=levels[0] if levels else "", take_after=self.query_one("#table-take", Select).value)

    def action_start(self) -> None:
        table = self.table()
        if isinstance(table, str):
            self.query_one("#table-problem", Static).update(table)
            return
        self.dismiss(table)

    def action_cancel(self) -> None:
        self.dismiss(None)



class YourLinkScreen(ModalScreen[None]):
    """The player's own sign-in link, on their screen only (issue 22: "printed and shown in the lobby
    to that player"). It is never in the lobby's lines, the log or anyone else's screen."""

    BINDINGS = [Binding("escape,enter,i", "close", "Close", id="tiletum.link-close")]
    DEFAULT_CSS = """
    YourLinkScreen { align: center middle; }
    YourLinkScreen > Vertical { width: 76; height: auto; border: round $primary; padding: 0 1; }
    """

    def __init__(self, url: str, watching: bool) -> None:
        super().__init__()
        self.url, self.watching = url, watching

    def compose(self) -> ComposeResult:
        kind = "watching link" if self.watching else "sign-in link"
        with Vertical():
            yield Static(f"Your {kind} for the host's web door: open it in a browser.", markup=False)
            yield Static(self.url, id="link-url", markup=False)
            yield Static("It is yours alone: whoever has it has your seat. Any earlier link of yours has "
                         "stopped working (pages opened with it close). Esc closes.", markup=False)

    def on_mount(self) -> None:
        self.app.copy_to_clipboard(self.url)  # (OSC 52: where the terminal allows it)

    def action_close(self) -> None:
        self.dismiss(None)
