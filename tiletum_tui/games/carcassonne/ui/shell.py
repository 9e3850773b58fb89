"""What the Carcassonne game screen shares with Tiletum's through the shell (``shell/ui``): Ctrl+S
save, the autosave messages, the key help (``?``), the rules pages about what is on screen (F1),
the log (``l``), what happened since your last turn (``s``) and the zoomed-out overview (``z``).

A base class of ``CarcassonneScreen``, so the placing and deploying screen keeps to its own keys.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tiletum_tui.shell.ui import keeping
from tiletum_tui.shell.ui.hanging import hung_lines
from tiletum_tui.shell.ui.help import LEAVE_KEYS, TALK_KEYS, KeysHelp
from . import news, feature
from .parts import tile_topic

# Every key of the game screen, as the help shows it (a test holds this to the screen's bindings).
KEY_HELP = [
    ("Placing", [
        ("left,right,up,down", "jump to the next place that way where the tile fits (follower: up and down)"),
        ("shift+left,shift+right,shift+up,shift+down", "step one cell anywhere: where it does not fit, why",
         "Shift+arrows"),
        ("r", "turn the tile (through the turns that fit there); at the final table: replay the game"),
        ("enter", "place the tile; in the follower choice, deploy"),
        ("0,1,2,3,4,5,6,7,8,9", "a line of the follower choice (0: no follower); a greyed line (✗) says why not",
         "0-9"),
        ("u", "undo your own move within the turn (back to the tile drawn)"),
    ]),
    ("Looking around", [
        ("v", "what placing the tile there so would complete, who would score it, where a follower may go"),
        ("x", "why (not) this place and turn, or this follower line, and how the master weighs it against "
              "its best (F1 in it: the rules)"),
        ("h", "a hint: the master's tile and follower, with why (Enter then plays it)"),
        ("t", "the face-down tiles left, by design"),
        ("c", "at the final table: how it was won (VP over the game, by category, time per move)"),
        ("z", "the zoomed-out overview of the land (again: back)"),
        ("l", "the log (n in it: the notation)"),
        ("s", "what happened since your last turn (the tiles placed since are numbered on the land)"),
        ("g", "the coordinates along the land's edges, as the log names cells (again: off)"),
        ("f", "the feature under the cursor across the land, its followers and what it scores (again: the "
              "tile's next segment); at the final table: the final scoring feature by feature"),
        ("f1", "the rules about what is on screen (Cards & Components are a page of them)"),
    ]),
    ("Everywhere", [
        ("ctrl+s", "save under a name or anywhere (a path); the game is autosaved after every action"),
        ("question_mark", "every key (this help)"),
        ("escape", "the title screen (the game is saved; Continue resumes it); while an opponent decides, "
                   "Esc first hurries it"),
        ("f10", "the title screen at once, whoever is deciding"),
        ("ctrl+q", "quit (asks first if the last autosave failed and moves would be lost)"),
    ]),
    ("In a game through tiletum host", [
        TALK_KEYS,
        ("f10", "back to the lobby (Esc too; the game goes on on the host)"),
        LEAVE_KEYS,
    ]),
]
INTRO = ("Lay the drawn tile where it fits, then a follower on it or none. Frames mark the places where "
         "the tile fits; the line at the bottom says what happened and why a move is refused.")


class NewsPanel(ModalScreen[None]):
    """A scrolling list of lines (the log, or what happened since your last turn); ``n`` switches the
    log to the notation when ``lines_in`` gives it."""

    BINDINGS = [Binding("escape,enter,l,s", "close", "Close", id="carcassonne.news-close"),
                Binding("n", "notation", "Notation", id="carcassonne.news-notation")]

    def __init__(self, title: str, lines, lines_in=None) -> None:
        super().__init__()
        self.title_text, self.lines, self.lines_in, self.in_notation = title, lines, lines_in, False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(id="news-body"):
                yield Static(self._text(), id="news-text", markup=False)
            keys = "↑↓ PgUp PgDn: scroll · " + ("n: notation · " if self.lines_in else "") + "Esc: close"
            yield Static(keys, classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        body = self.query_one("#news-body")
        body.focus()
        self._in_view(body)
        self.call_after_refresh(self.on_resize)  # (laid out: the lines' width is known)

    def _in_view(self, body) -> None:
        body.scroll_end(animate=False)  # the latest first in view

    _width = 0  # the width the lines were wrapped to

    def on_resize(self, event=None) -> None:
        """Wrap the lines to the width they now have (each under its words), the latest still in view.
        The panel grows with the screen (issue 40): 70 columns at 80, two thirds of a wider one."""
        dialog = self.query_one(".dialog")
        width = max(70, min(130, self.app.size.width * 2 // 3))
        if dialog.styles.width is None or dialog.styles.width.value != width:
            dialog.styles.width = width
        text = self.query_one("#news-text", Static)
        if text.size.width and text.size.width != self._width:
            text.update(self._text())
            self._in_view(self.query_one("#news-body"))

    def _text(self) -> Text:
        if not self.lines:
            return Text("Nothing yet.")
        width = self.query_one("#news-text", Static).size.width if self.is_mounted else 0
        if not width:
            return Text("\n".join(self.lines))  # (not laid out yet: wrapped once it is)
        self._width = width
        return hung_lines(self.lines, width, self.app.console)

    def action_notation(self) -> None:
        if self.lines_in:
            self.in_notation = not self.in_notation
            self.lines = self.lines_in(self.in_notation)
            self.query_one("#news-text", Static).update(self._text())

    def action_close(self) -> None:
        self.dismiss(None)


class WhyNote(NewsPanel):
    """``x``: why (not) this place or line (``why.Why``), scrolling; F1 opens the rules about it."""

    BINDINGS = [Binding("escape,enter,x", "close", "Close", id="carcassonne.why-close"),
                Binding("f1", "rules", "Rules", id="carcassonne.why-rules")]

    def __init__(self, why) -> None:
        super().__init__(why.title, why.lines)
        self.topic = why.topic

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(id="news-body"):
                yield Static(self._text(), id="news-text", markup=False)
            yield Static("↑↓ PgUp PgDn: scroll · F1: the rules about this · Esc: close", classes="dialog-keys",
                         markup=False)

    def _in_view(self, body) -> None:
        body.scroll_home(animate=False)  # read from the top (the log shows its latest lines first)

    def action_rules(self) -> None:
        self.dismiss(None)
        open_rules(self.app, self.topic)


class CarcassonneShell(Screen):
    BINDINGS = [
        Binding("ctrl+s", "save", "save", show=False, id="carcassonne.save"),
        Binding("question_mark", "keys", "keys", show=False, id="carcassonne.keys"),
        Binding("f1", "rules_here", "rules", show=False, id="carcassonne.rules-here"),
        Binding("l", "log", "log", show=False, id="carcassonne.log"),
        Binding("s", "since", "since", show=False, id="carcassonne.since"),
        Binding("z", "overview", "zoom", show=False, id="carcassonne.overview"),
        Binding("g", "coordinates", "coordinates", show=False, id="carcassonne.coordinates"),
        Binding("f", "feature", "feature", show=False, id="carcassonne.feature"),
    ]
    feature = None  # (cell, segment): the feature shown across the land (``feature.py``)
    final_step = None  # the final scoring's feature shown (at the final table), or None
    overview = False  # the land zoomed out (``overview.py``)
    coordinates = False  # the cells' coordinates along the land's edges (``land.paint``)

    # ---- keeping the game safe, as Tiletum's screen does (shell.ui.keeping)
    def report_autosave(self) -> None:
        """After anything that autosaves: say at once when the game is not saved."""
        keeping.report_autosave(self)

    def action_save(self) -> None:
        keeping.ask_where_to_save(self)

    # ---- help, rules
    def with_keys(self, head: Text) -> Text:
        """The head line, with where the keys and the rules are at its right when there is room (the
        Footer is full at 80 columns)."""
        hint = "?: keys · F1: rules"
        room = self.size.width - head.cell_len - len(hint)
        if room >= 2:
            head = head.copy()
            head.append(" " * room + hint, style="dim")
        return head

    def action_keys(self) -> None:
        show_keys(self.app)

    def rules_topic(self) -> str:
        """The rules topic of what is on screen: the tile being placed, the highlighted follower's
        role (a field: the farms), the final table."""
        state = self.state
        if state.phase == "over":
            return "final"
        if state.phase == "follower":
            _seg, label, _why = self._options(state)[self.choice]
            role = label.split(" ", 1)[0]
            return role if role in ("knight", "thief", "farmer", "monk") else "follower"
        return tile_topic(state.drawn)

    def action_rules_here(self) -> None:
        open_rules(self.app, self.rules_topic())

    # ---- what happened
    def _names(self) -> list[str]:
        return [p.name for p in self.state.players]

    def action_log(self) -> None:
        log, names = self.model.log, self._names()
        chat = tuple(getattr(getattr(self, "model", None), "chat", ()))  # a hosted game's table talk

        def lines(notation: bool) -> list[str]:
            return [line for _seat, line in news.log_lines(log, names, notation, chat)]

        self.app.push_screen(NewsPanel("The log", lines(False), lines))

    def you(self) -> int:
        """The seat whose "since your last turn" this screen tells: the one deciding at this keyboard,
        or while a computer opponent decides, the next seat a person plays here."""
        seat = self.acting_seat()
        seat = self.state.seat if seat is None else seat
        plays = getattr(getattr(self, "opponents", None), "plays", None)
        n = len(self.state.players)
        if plays is not None:
            return next((s % n for s in range(seat, seat + n) if not plays(s % n)), seat)
        return seat

    def action_feature(self) -> None:
        """f: the feature of a segment of the tile under the cursor (again: the next segment, then none);
        at the final table, the final scoring's features one after another, then the table again."""
        state = self.state
        if state.phase == "over":
            items = feature.final_items(self.model.log[-1], self._names()) if self.model.log else []
            step = 0 if self.final_step is None else self.final_step + 1
            self.final_step = step if step < len(items) else None
            if self.final_step is None:
                self.message = "" if items else "The final scoring scored no feature."
            else:
                self.message = f"Final scoring {step + 1}/{len(items)}: {items[step][0]} · f: next"
            self.refresh_all()
            return
        segments = feature.segments_at(state, self.cursor)
        if not segments:
            self.feature = None
            self.message = "f: put the cursor on a placed tile first (Shift+arrows step anywhere)."
        else:
            shown = self.feature
            if shown is not None and shown[0] == self.cursor and shown[1] in segments:
                i = segments.index(shown[1]) + 1
                self.feature = (self.cursor, segments[i]) if i < len(segments) else None
            else:
                self.feature = (self.cursor, segments[0])
            self.message = feature.describe(state, *self.feature)[0] + " · f: the next" if self.feature else ""
        self.refresh_all()

    def action_coordinates(self) -> None:
        self.coordinates = not self.coordinates
        self.refresh_all()

    def action_since(self) -> None:
        seat = self.you()
        names = self._names()
        since = self.model.since(seat)  # made from the states (issue 39), here or on the host
        if since is None:
            lines = ["Not known yet: the host has not said."]
        else:
            lines = news.since_lines(since, self.model.log, names)
            changed = sorted(since.vp())
            if changed:
                lines += ["", "Points since: " + ", ".join(f"{names[s]} {since.then[s]} → {since.now[s]}"
                                                          for s in changed)]
        self.app.push_screen(NewsPanel(f"Since {names[seat]}'s last turn", lines))

    def action_overview(self) -> None:
        self.overview = not self.overview
        self.refresh_all()


FORM_KEYS = ("The New game form", [
    ("tab", "the next field (Shift+Tab: the one before)"),
    ("left,right,space", "the player count (arrows, then Space)"),
    ("ctrl+s", "start the game (or Enter in a name or the seed)"),
    ("ctrl+r", "a new seed"),
    ("escape", "back to the title"),
])


def show_keys(app, form: bool = False) -> None:
    """Carcassonne's key help (with the New game form's keys first when it is open)."""
    if not isinstance(app.screen, KeysHelp):
        app.push_screen(KeysHelp("Carcassonne — keys", INTRO, ([FORM_KEYS] if form else []) + KEY_HELP))


def open_rules(app, topic: str | None = None):
    """Carcassonne's rules browser, opened at ``topic`` (a page, "page:section", a word)."""
    from tiletum_tui.shell.ui.rules_screen import RulesBrowser  # start-up: the rules browser loads when r is pressed
    from . import rules_pages  # start-up: the rules load when r is pressed

    if isinstance(app.screen, RulesBrowser):
        app.screen.show(*rules_pages.topic(topic))
    else:
        app.push_screen(RulesBrowser(rules_pages, topic))
