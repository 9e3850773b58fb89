"""The Carcassonne screen over a game played through ``tiletum host`` (issue 25): the same screen
(``CarcassonneScreen``), its game read from the host's model (``host.client.RemoteModel``) instead
of a session here.

The model holds no state: the latest view of this client's seat (no pile order, no seed) and the
log the host sent. A move is sent as this seat, in notation; the host's answer, another player's
move, an opponent's (thinking on the host) or a reconnect change the model's reactive parts
(``change``, ``chat``, ``seats``, ``paused``, ``connection``: the screen watches them, issue 39) and
the screen redraws from the model whoever moved; a refusal or a hint is the model's message. Undo asks the host, which takes back only this seat's own moves of its turn.

The model is the shell's (``shell.ui.model.GameModel``, naming no game), the one the Tiletum
screens bind to as well.
"""

from __future__ import annotations

from types import SimpleNamespace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..engine import current_player
from ..engine.events import TilePlaced
from tiletum_tui.shell.ui.model import ended_notice, paused_notice, plays_for
from tiletum_tui.shell.ui.opponents import HOSTS_HINT_CAP, say_cut_short
from .opponents import show_hint
from .screen import CarcassonneScreen
from .text import last_news

PERSON = SimpleNamespace(is_opponent=False, level=None, budget=None)


class HostedTable:
    """A hosted game in the shape the screen reads a session (state, log, who decides), each call
    passed to the host's model. Never a state: ``state`` and ``view`` are the seat's view. (Moves
    and undo go through the model, as at home.)"""

    remote = True
    autosave_error = None  # the host keeps the game (its autosave is the host's)
    read_only = False

    def __init__(self, model) -> None:
        self.model = model

    @property
    def state(self):
        return self.model.view

    def view(self, seat=None):
        return self.model.view

    @property
    def log(self) -> list:
        return self.model.log

    @property
    def current_player(self) -> int | None:
        return current_player(self.model.view)

    def seat(self, index: int):
        """Who plays a seat, as the host says (an opponent plays on the host, never here)."""
        seats = self.model.seats
        if index < len(seats) and seats[index].kind == "opponent":
            return SimpleNamespace(is_opponent=True, level=seats[index].level, budget=None)
        return PERSON

    @property
    def seats(self) -> tuple:
        return tuple(self.seat(i) for i in range(len(self.model.seats)))

    def close(self) -> None:
        pass  # (the game stays on the host)

    def since(self, seat: int):
        """'Since your last turn', as the host made it for this seat."""
        return self.model.since(seat)

    def whole_game(self):
        """The game over, replayed here from the host's record (the final table's replay and charts)."""
        return self.model.whole_game()


class HostSeats:
    """The other seats of a hosted game, as the screen's opponents' driver is asked about them: they
    are played elsewhere (a person in their own terminal, an opponent on the host); while one of them
    decides the keys that play wait and the message line says who decides and what."""

    marked = None  # the last tile another seat placed (drawn highlighted): set by the screen
    hurries = False  # (a seat played elsewhere is not hurried from this terminal: Esc goes to the lobby)

    def __init__(self, screen) -> None:
        self.screen = screen

    @property
    def model(self):
        return self.screen.model

    @property
    def busy(self) -> bool:
        who = current_player(self.model.view)
        return who is not None and not self.model.plays_here(who)

    def deciding(self) -> str:
        state = self.model.view
        who = state.seat
        if state.phase == "over":
            return ""
        if getattr(self.model, "ended", ""):  # (a game ended with nobody left: nobody decides any more, issue 44)
            return ended_notice(self.model.ended)
        doing = f"placing tile {state.drawn}" if state.phase == "place" else "choosing a follower (or none)"
        line = f"{state.players[who].name} is {doing}…"
        seats = self.model.seats
        info = seats[who] if who < len(seats) else None
        if info is not None and info.kind == "opponent":
            line += f"  ({plays_for(info)}, thinking on the host)"
        elif info is not None and not info.connected:
            line += "  (not connected: the game waits)"
        if info is not None and info.kind != "opponent" and getattr(self.model, "deadline", 0):
            line += f"  ({self.model.time_left()})"  # (issue 44: the time per move)
        return line

    def refusal(self) -> str:
        if self.model.seat is None:
            return "You are watching this game: a spectator cannot make moves."
        return self.deciding() + "  Your turn comes next; wait for it."

    def status(self) -> str:
        """The message line while another seat decides: who and what, and the last move."""
        if not self.busy:
            return ""
        session = self.screen.session  # (before the first move the news is the placing keys: the placer's, not this seat's)
        return self.deciding() + ("\n" + last_news(session) if session.log else "")

    def changed(self) -> None:
        pass

    def close(self) -> None:
        pass

    def resumed(self) -> None:
        pass

    def hurry(self) -> bool:
        return False

    hint_request: int | None = None
    hint_for = None  # the decision the hint was asked for

    def _decision(self) -> tuple:
        state = self.model.view
        return (state.turn, state.phase, len(self.model.log))

    def ask_hint(self) -> str:
        """``h``: the host's master works the suggestion out from this seat's view (as at home)."""
        who = current_player(self.model.view)
        if who is None:
            return "The game is over."
        if not self.model.plays_here(who):
            return self.refusal()
        self.hint_for = self._decision()
        self.hint_request = self.model.ask_hint()
        return "The master is thinking about your tile, on the host…"

    def hint_arrived(self, answer) -> None:
        if answer.request != self.hint_request:
            return
        self.hint_request = None
        say_cut_short(self.screen, answer, "The hint", HOSTS_HINT_CAP)
        if self._decision() == self.hint_for:  # (else the decision changed meanwhile)
            show_hint(self.screen, self.model.view, answer)


class TalkLine(ModalScreen[str]):
    """A line to the table (issue 25: table talk): the host cleans it and tells everyone at the table."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="carcassonne.talk-back")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Say to the table (Enter says it, Esc goes back)", classes="dialog-title", markup=False)
            yield Input(max_length=200, id="talk-line")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss("")


class RemoteCarcassonneScreen(CarcassonneScreen):
    BINDINGS = [Binding("apostrophe,ctrl+t", "talk", "talk", show=False, id="carcassonne.talk"),
                Binding("f10", "leave", "lobby", show=False, id="carcassonne.lobby"),
                Binding("escape", "leave", "lobby", id="carcassonne.leave")]  # (not the title: the lobby)

    def __init__(self, model) -> None:
        self.model = model  # (before the screen's own set-up: its seats' driver reads it)
        super().__init__(HostedTable(model))

    def _seats(self):
        return HostSeats(self)

    def acting_seat(self) -> int | None:
        return self.model.seat  # fixed by how this client connected; the host checks it again

    def on_mount(self) -> None:  # (CarcassonneScreen.on_mount runs too: Textual calls each class's)
        self.model.listen(self.post_message)  # the host's refusals and hints (``on_game_model_*``)
        model = self.model  # every change, whoever made it, redraws (the model's reactive parts)
        self.watch(model, "change", self.game_changed, init=False)
        self.watch(model, "chat", self.talk_changed, init=False)
        self.watch(model, "seats", self.seats_changed, init=False)
        self.watch(model, "paused", self.paused_changed, init=False)
        self.watch(model, "connection", self.connection_changed, init=False)
        self._deciding = current_player(self.state)
        self._mark()

    def on_unmount(self) -> None:
        self.model.unlisten(self.post_message)

    def action_confirm(self) -> None:
        if self.state.phase != "over" and not self._opponent_decides() and getattr(self.model, "pending", None):
            self.message = "Waiting for the host's answer to your last move."
            self.refresh_all()
            return
        super().action_confirm()

    def action_save(self) -> None:
        self.notify("The host keeps this game (saved after every move): F10 or Esc back to the lobby, it goes on there.",
                    title="Saved on the host", timeout=5, markup=False)

    def action_talk(self) -> None:
        self.app.push_screen(TalkLine(), lambda text: text and self.model.say(text))

    def _mark(self) -> None:
        """The last tile another seat placed, drawn highlighted (as an opponent's is at one keyboard)."""
        for entry in reversed(self.model.log):
            if any(isinstance(e, TilePlaced) for e in entry.events):
                self.opponents.marked = None if entry.seat == self.model.seat else len(self.state.placed) - 1
                return
        self.opponents.marked = None

    # ------------------------------------------------------------ what the host says (the model's parts)
    def game_changed(self, change) -> None:
        if not self.is_mounted:
            return
        was = getattr(self, "_deciding", None)
        if not change.own:  # another seat's move (or a reconnect): the line tells it, not our last words
            self.message = ""
        self._mark()
        self.refresh_all()
        now = current_player(self.state)
        self._deciding = now
        if now != was and self.model.plays_here(now) and getattr(self.app, "bell_on", True):
            self.app.bell()  # your turn begins (off with ``tiletum join --no-bell``)

    def on_game_model_refused(self, event) -> None:
        self.message = f"Refused: {event.why}."
        self.refresh_all()

    def on_game_model_hinted(self, event) -> None:
        self.opponents.hint_arrived(event.answer)

    def talk_changed(self, old: tuple, new: tuple) -> None:
        """A line of table talk: said on the message line (as news is), nothing else drawn again."""
        if self.is_mounted:
            for line in new[len(old):] if new[:len(old)] == old else ():
                self.message = f"At the table: {line.who}: {line.text}"
                self.show_message(self.message)

    def seats_changed(self) -> None:
        if self.is_mounted:
            self.refresh_all()  # who is connected: the line says so while another seat decides

    def paused_changed(self, why: str) -> None:
        """The host cannot save: said on the message line until it can."""
        if self.is_mounted:
            text = paused_notice(why)
            self.message = text if why else ""
            self.notify(text, title="Host", severity="warning", timeout=10, markup=False)
            self.refresh_all()

    def connection_changed(self, how: str) -> None:
        if self.is_mounted and how not in ("here", "connected"):
            self.notify(how, title="Host", severity="warning", timeout=6, markup=False)

    def on_game_model_noted(self, event) -> None:
        if event.text:
            self.notify(event.text, title="Host", severity="warning", timeout=6, markup=False)
