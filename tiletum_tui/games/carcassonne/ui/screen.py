"""The Carcassonne game screen, 80×24 and up, by the keyboard alone.

The land is a grid of tiles (``draw.py``: 5×3 characters at 80×24, larger on a larger screen),
scrolling to follow the cursor;
the drawn tile is shown large beside it. Placing: arrows jump between the places where the tile
fits (marked with a frame), Shift+arrows step one cell anywhere, ``r`` turns the tile (through the
turns that fit there, or each turn that looks different where it fits nowhere, saying why), Enter places. Then the
follower: the tile's segments by name, the chosen one highlighted on the big tile, those that
cannot take one greyed with the reason, and "no follower". Scores, followers in supply, tiles
left and whose turn are always on screen. Every move, undo and redo goes through the game's model
(``shell.ui.model.GameModel``: at home its Table, on the host the host's, in a lesson the lesson's
session at its Table) as the seat at the keys; the screen redraws when the model says the game
changed, whoever changed it (issue 39), never because it made a move.
Computer opponents' seats are played by ``opponents.SeatsDriver`` (thinking in their own process;
Esc hurries them; ``h``: the master's suggestion).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from tiletum_tui.shell.ui.keyline import BindingsLine
from tiletum_tui.shell.ui.model import GameModel
from tiletum_tui.shell.ui.painted import Painted
from tiletum_tui.shell.ui.rows import RowsView, text_rows

from ..engine import current_player, legal_actions, remaining
from ..engine.followers import spots
from ..engine.land import legal_places
from ..engine.words import count
from . import draw, feature, news
from . import land as landview
from .looking import Looking
from .opponents import SeatsDriver
from .overview import overview
from .placing import DIRS, Placing
from .replay import CarcassonneReplay
from .shell import CarcassonneShell
from .text import final_table, last_news, player_line


class CarcassonneScreen(Placing, Looking, CarcassonneShell):  # (arrows r Enter 0-9 u: placing.py; v x t c h: looking.py;
    # save, help, rules, log, overview: shell.py)
    DEFAULT_CSS = """
    CarcassonneScreen { layout: vertical; }
    #carc-head { height: 1; }
    #carc-main { height: 1fr; }
    #carc-land { width: 1fr; height: 100%; }
    #carc-side { width: 25; height: 100%; padding: 0 0 0 1; }
    #carc-players { height: auto; }  /* as many lines as the players need (text.player_line) */
    #carc-msg { height: 2; }
    /* a warning's toast at the top, never over the scores and the message line at the bottom */
    CarcassonneScreen > ToastRack { dock: top; align: right top; margin-bottom: 0; margin-top: 1; }
    """
    # The key line shows what can be done now (``key_mode``): placing, choosing a follower, waiting while
    # another seat decides, or the final table. The shown keys come first; each key also has a hidden
    # binding after them that always runs, so a key pressed out of its moment still says why not.
    BINDINGS = [
        Binding("left", "places('left')", "places", id="carcassonne.places"),
        Binding("down", "choose('down')", "follower", key_display="↑↓", id="carcassonne.choose"),
        *[Binding(k, f"jump('{k}')", "", show=False, id=f"carcassonne.{k}") for k in DIRS],
        *[Binding(f"shift+{k}", f"step('{k}')", "", show=False, id=f"carcassonne.step-{k}") for k in DIRS],
        Binding("r", "replay", "replay", id="carcassonne.replay"),  # the final table's r (check_action)
        Binding("r", "rotate", "turn", id="carcassonne.rotate"),
        Binding("enter", "confirm", "place", id="carcassonne.confirm"),
        Binding("enter", "deploy", "choose", id="carcassonne.deploy"),
        *[Binding(str(n), f"pick({n})", "", show=False, id=f"carcassonne.pick-{n}") for n in range(10)],
        Binding("u", "undo", "undo", id="carcassonne.undo"),
        Binding("v", "preview", "score?", id="carcassonne.preview"),
        Binding("x", "explain", "why?", show=False, id="carcassonne.explain"),
        Binding("t", "tiles", "tiles", id="carcassonne.tiles"),
        Binding("h", "hint", "hint", id="carcassonne.hint"),
        Binding("c", "charts", "how it was won", id="carcassonne.charts"),
        *[Binding(k, f"anyway('{a}')", "", show=False, id=f"carcassonne.anyway-{a}")
          for k, a in (("r", "rotate"), ("enter", "confirm"), ("u", "undo"), ("v", "preview"), ("h", "hint"),
                       ("t", "tiles"))],
        Binding("escape", "hurry", "hurry", id="carcassonne.hurry"),  # (an opponent here decides)
        Binding("escape", "leave", "title", id="carcassonne.leave"),
        # F10 leaves as in a Tiletum game and the tutorials; unlike Esc it never only hurries an opponent
        Binding("f10", "title", "title", show=False, id="carcassonne.title"),
    ]
    # The shown keys, by the moment they belong to (``key_mode``); the rest are always shown. Placing, t
    # (tiles) is named on the message line instead: at 80 columns the key line then has room for Esc's word.
    _KEY_MODES = {"places": {"place"}, "rotate": {"place"}, "confirm": {"place"}, "preview": {"place"},
                  "choose": {"follower"}, "deploy": {"follower"}, "undo": {"place", "follower"},
                  "hint": {"place", "follower"}, "replay": {"over"}, "charts": {"over"},
                  "tiles": {"follower", "waiting"}}

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.game_session = session  # how the app shell finds the game to flush and unlock on quitting
        self.cursor = (0, 0)
        self.rotation = 0
        self.choice = 0  # the highlighted line of the follower choice
        self._suggested = None  # (turn, place, deploy): the master's suggestion, for the follower choice after it
        self._suggested_words = ""
        self.origin = None  # the land's top-left cell on screen (scrolls to keep the cursor in view)
        self.message = ""
        self._placing_for = None  # the turn the cursor was set up for
        if getattr(self, "model", None) is None:  # (a hosted game's or a lesson's screen set its model first)
            self.model = GameModel(session)
        self.opponents = self._seats()  # who plays the seats not played at this keyboard

    def compose(self) -> ComposeResult:
        yield from landview.compose()
        yield Painted(id="carc-msg")
        yield BindingsLine()

    def _seats(self):
        """The computer opponents' seats, played from this screen (a hosted game's: ``remote.py``)."""
        return SeatsDriver(self)

    def acting_seat(self) -> int | None:
        """The seat the keys play: at one keyboard, whoever's decision it is (hot-seat)."""
        return current_player(self.state)

    def on_mount(self) -> None:
        self.watch(self.model, "change", self.game_changed, init=False)  # every change, whoever made it
        self.refresh_all()
        self.call_after_refresh(self.refresh_all)  # once the land knows its size
        self.report_autosave()  # a new game in a folder that cannot be written says so at once

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_all)

    def game_changed(self, change) -> None:
        """The model says the game changed (a move here, an opponent's, an undo): drawn again, once
        (an opponent's tile marked first: ``SeatsDriver.seen``)."""
        if self.is_mounted:
            self.opponents.seen(change.entries)
            self.refresh_all()

    def on_unmount(self) -> None:
        self.opponents.close()

    def on_screen_resume(self) -> None:
        self.opponents.resumed()

    # ------------------------------------------------------------ what is on screen
    @property
    def state(self):
        """The game as the model holds it: a view (never the order of the face-down tiles), the one the
        Table (or the host) last told, whoever changed it."""
        return self.model.view

    def _places(self, state) -> dict[tuple[int, int], list[int]]:
        out: dict[tuple[int, int], list[int]] = {}
        if state.phase == "place":
            for x, y, r in legal_places(state, state.drawn):
                out.setdefault((x, y), []).append(r)
        return out

    def _setup_turn(self, state, places) -> None:
        """At a new turn: the cursor on the legal place nearest the last tile, the first turn that fits."""
        if self._placing_for == (state.turn, state.phase):
            return
        self._placing_for = (state.turn, state.phase)
        self.choice = 0
        if state.phase == "place" and places:
            last = state.placed[-1]
            self.cursor = min(places, key=lambda c: (abs(c[0] - last.x) + abs(c[1] - last.y), c[1], c[0]))
            self.rotation = places[self.cursor][0]
        elif state.phase == "follower":
            p = state.placed[state.last]
            self.cursor = (p.x, p.y)
            hinted = self._suggested
            if hinted and hinted[0] == state.turn and hinted[1] == (p.x, p.y, p.rotation):
                self._choose(state, hinted[2])  # the tile went where the master said: its follower next

    def refresh_all(self) -> None:
        state = self.state
        mode = self.key_mode()
        if mode != getattr(self, "_key_mode", None):
            self._key_mode = mode
            self.refresh_bindings()  # the key line for the moment (check_action)
        places = self._places(state)
        self._setup_turn(state, places)
        land = self.query_one("#carc-land", RowsView)
        self.query_one("#carc-head", Static).update(self.with_keys(self._head(state)))
        if state.phase == "over" and self.final_step is None:
            land.update(final_table(state).append("\nf: the final scoring feature by feature on the land", style="dim"))
        elif self.overview and state.phase != "over":
            land.update(overview(state, places, self.cursor, land.size.width or 56, land.size.height or 20))
        else:  # (the final scoring's feature shown on the land too: f)
            land.show_rows(self._land(state, places, land.size.width or 56, land.size.height or 20))
        side = self.query_one("#carc-side", RowsView)
        side.display = state.phase != "over"  # the final table takes the whole width
        side.show_rows(self._side(state, places))
        self.query_one("#carc-players", Static).update(player_line(state, self.size.width or 80))
        self.show_message(self.message or self.opponents.status() or last_news(self.model))
        self.opponents.changed()

    MESSAGE_LINES = 5  # at most, so the land keeps most of an 80x24 screen (a hint's words, a refusal's)

    def show_message(self, text: str) -> None:
        """The message line: as many lines as the words take wrapped (not their length: a refusal cut
        at 80x24 where the side panel had it whole, issue 41 item 14), two at least."""
        msg = self.query_one("#carc-msg", Static)
        width = msg.size.width or self.size.width or 80
        lines = Text(text).wrap(self.app.console, width)
        if len(lines) > self.MESSAGE_LINES:  # (rare: a long hint) cut where it shows, and say so
            kept = [line.plain.rstrip() for line in lines[:self.MESSAGE_LINES]]
            kept[-1] = kept[-1][:width - 2] + " …"
            text = "\n".join(kept)
        msg.styles.height = max(2, min(self.MESSAGE_LINES, len(lines)))
        msg.update(text)

    def notify(self, message: str, *, title: str = "", severity="information", timeout=None, markup: bool = True):
        """News (Saved as …, autosaved again) on the message line, where the game says what happened, not
        a toast over the scores (issue 41 item 14); a warning or an error still as a toast, at the top."""
        if severity == "information" and self.is_mounted:
            self.message = message if not title or message.startswith(title) else f"{title}: {message}"
            self.refresh_all()
            return
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def _head(self, state) -> Text:
        left = sum(remaining(state).values())
        if state.phase == "over":
            return Text(f"Carcassonne · the game is over after {count(state.turn - 1, 'turn')} · r: replay · "
                        "c: how it was won", style="bold")
        if getattr(getattr(self, "model", None), "ended", ""):  # (a hosted game ended with nobody left: issue 44)
            return Text(f"Carcassonne · turn {state.turn} · this game is over: nobody is left at the table",
                        style="bold")
        who = state.players[state.seat].name
        doing = f"place tile {state.drawn}" if state.phase == "place" else "a follower?"
        clock = getattr(getattr(self, "model", None), "time_left", None)  # (a hosted game's time per move: issue 44)
        clock = f" · {clock()}" if callable(clock) and clock() else ""
        return Text(f"Carcassonne · turn {state.turn} · {who}: {doing}{clock} · {count(left, 'tile')} left",
                    style="bold")

    def _land(self, state, places, width: int, height: int) -> list[tuple]:
        # the tiles placed since your last turn, numbered in order (the recap, s, numbers them alike)
        self._numbered = {} if state.phase == "over" else {
            c: n for n, c in enumerate(news.placed_since(self.model.log, self.you()), 1)}
        self._lit = self._feature_lit(state)
        rows, self.origin = landview.paint_rows(state, places, width, height, cursor=self.cursor, origin=self.origin,
                                                own_cell=self._cell, coordinates=self.coordinates,
                                                look=landview.look_for(self.app, state, width, height))
        return rows

    _numbered: dict = {}
    _lit: dict = {}

    def _feature_lit(self, state) -> dict:
        """The segments to light across the land: the feature under the cursor (f), or at the final
        table the final scoring's feature shown (the cursor then on its first tile, to keep it in view)."""

        if state.phase == "over":
            if self.final_step is None:
                return {}
            items = feature.final_items(self.model.log[-1], self._names())
            lit = feature.lit_map(state, items[self.final_step][1])
            p = state.placed[min(lit)]
            self.cursor = (p.x, p.y)
            return lit
        if self.feature is None or self.feature[0] != self.cursor or self.cursor not in state.cells:
            return {}
        return feature.lit_map(state, feature.describe(state, *self.feature)[1])

    def _cell(self, state, places, x: int, y: int, line: int, look) -> list:
        """One line of a cell (the lesson's screen marks the place its step asks for)."""
        return landview.cell(state, places, x, y, line, cursor=self.cursor, rotation=self.rotation,
                             marked=self.opponents.marked, look=look, numbered=self._numbered, lit=self._lit)

    def _side(self, state, places) -> list[tuple]:
        """The side panel as rows of (characters, style) runs (``shell.ui.rows``): the tile large (its
        rows drawn once per tile, turn and segment lit), then where it goes or the follower's lines."""
        if state.phase == "over":
            return []
        if state.phase == "place":
            design, rotation, lit = state.drawn, self.rotation, ()
        else:
            p = state.placed[state.last]
            design, rotation = p.design, p.rotation
            options = self._options(state)
            seg = options[self.choice][0] if options[self.choice][0] is not None else None
            lit = seg if seg is not None else ()
        side = self.query_one("#carc-side", RowsView)
        width = side.content_size.width or 24
        rows = list(landview.big_tile_rows(design, rotation, lit, max((side.size.width or 25) - 2, 23),
                                           palette=landview.palette(self.app, state.players)))

        def line(words: str, style=None) -> None:
            rows.extend(text_rows(Text(words, style=style or ""), self.app.console, width)
                        if len(words) > width else [((words, style),)])

        if state.phase == "place":
            fit = self.rotation in places.get(self.cursor, ())  # (the lesson turns only by r)
            line(f"at {self.cursor[0]},{self.cursor[1]}, turned {self.rotation * 90}°")
            n = len(places)
            line(f"{n} place{'s' if n != 1 else ''} fit{'s' if n == 1 else ''}" if fit else "it does not fit here")
            line("")
            for words in draw.LEGEND_SHORT.rstrip("\n").split("\n"):
                line(words)
            return rows
        for i, (seg, label, why) in enumerate(self._options(state)):
            key = str(i) if i < 10 else " "
            style = ("reverse " if i == self.choice else "") + ("dim" if why else "")
            if why:  # greyed: a mark of its own, not only the colour; the segment without the role it cannot take
                label = "✗ " + label.split(" ", 1)[1]
            line(f"{key} {label}"[:24], style.strip() or None)  # (the side's 25 columns less its padding)
        why = self._options(state)[self.choice][2]
        if why:
            rows.extend(text_rows(Text(why[:200], style="italic"), self.app.console, width))
        return rows

    def _options(self, state) -> list[tuple[int | None, str, str | None]]:
        """The follower choice: (segment, line, why not): "no follower" first, then every segment."""
        out = [(None, "no follower", None)]
        for s in spots(state):
            label = f"{s.role or '—'} {s.name}"
            out.append((s.segment, label, s.refused))
        return out

    # ------------------------------------------------------------ keys (those that play: placing.py)
    def key_mode(self) -> str:
        """The moment the key line is for: "place" or "follower" (this keyboard decides), "waiting"
        (another seat decides: an opponent, or a player elsewhere), "over" (the final table)."""
        state = self.state
        if state.phase == "over":
            return "over"
        return "waiting" if self.opponents.busy else state.phase

    def check_action(self, action: str, parameters) -> bool | None:
        mode = self.key_mode()
        if action == "hurry":  # Esc's word while a computer opponent at this keyboard decides
            return mode == "waiting" and self.opponents.hurries
        modes = self._KEY_MODES.get(action)
        return modes is None or mode in modes

    def action_hurry(self) -> None:
        self.action_leave()  # (Esc: the opponent deciding hurried)

    def action_anyway(self, action: str) -> None:
        """A key out of its moment (its shown binding is off): its action, which says why not."""
        getattr(self, f"action_{action}")()

    def action_replay(self) -> None:
        """The final table's r: the game replayed (issue 21)."""
        self.app.push_screen(CarcassonneReplay(self.session.whole_game(), at=0, from_final=True))

    def action_leave(self) -> None:
        if self.opponents.hurry():  # Esc hurries an opponent that decides
            self.message = ""
            self.refresh_all()
            return
        self.action_title()

    def action_title(self) -> None:
        """F10: back to the title screen at once, whoever is deciding (the autosave is on disk)."""
        back = getattr(self.app, "back_to_title", None)
        if back:
            back()
        else:
            self.app.exit()

    def legal(self) -> list:
        return legal_actions(self.session.state)
