"""The replay's two dialogs: go to a move picked from the log, and play on from here (issue 21).

"From any position: 'play on from here' starts a new game (a copy) at that point, with any seats
made people or computer opponents": the copy is ``Session.from_actions`` with the actions up to the
position shown, autosaved as a game of its own (a new game id); the game replayed is not touched.
Who plays each seat is chosen as on the game's New game form (the replay screen's ``SEAT_CHOICES`` and
``MASTER_TIMES``).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tiletum_tui.core.safe_text import clean
from ...saves.format import PERSON, Seat
from ..new_game import read_seats, seat_select
from .positions import Positions
from ...session import Session
from .. import keeping


class PickMove(ModalScreen[int | None]):
    """The log, one line per move; Enter goes to the position after the highlighted move (0: setup).
    Digits typed pick the move by its number (``40`` highlights move 40), as the lines show it."""

    BINDINGS = [Binding("escape", "close", "Back", id="tiletum.pick-move-back")]

    def __init__(self, positions: Positions, at: int, notation: bool = False) -> None:
        super().__init__()
        self.positions, self.at, self.notation = positions, at, notation
        self.typed = ""  # the digits typed so far: a move's number

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Go to a move", classes="dialog-title", markup=False)
            yield OptionList(id="moves", classes="dialog-body")
            yield Static("↑↓ PgUp PgDn Home End · 0-9: move number · Enter: go there · Esc: back", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        moves = self.query_one(OptionList)
        moves.add_option(Option(Text("   0 the game as set up")))
        for k, e in enumerate(self.positions.entries):
            moves.add_option(Option(Text(f"{k + 1:>4} {clean(e.notation if self.notation else e.text, 120)}")))
        moves.highlighted = self.at
        moves.focus()

    def on_key(self, event) -> None:
        if event.character is None or not event.character.isdigit():
            return
        event.stop()
        moves = self.query_one(OptionList)
        typed = (self.typed + event.character).lstrip("0") or "0"
        if int(typed) >= moves.option_count:  # past the last move: a new number begins
            typed = event.character
        self.typed = typed
        if int(typed) < moves.option_count:
            moves.highlighted = int(typed)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_close(self) -> None:
        self.dismiss(None)


class PlayOnDialog(ModalScreen[tuple | None]):
    """Who plays each seat of the copy; dismissed with the seats (``saves.format.Seat``) or None."""

    BINDINGS = [
        Binding("escape", "close", "Back", id="tiletum.play-on-back"),
        Binding("ctrl+s", "start", "Start", id="tiletum.play-on-start", priority=True),
    ]

    def __init__(self, positions: Positions, at: int, who: tuple, master_times: tuple | None = None) -> None:
        super().__init__()
        self.positions, self.at, self.who, self.master_times = positions, at, who, master_times

    def compose(self) -> ComposeResult:
        seats = self.positions.seats
        with Vertical(classes="dialog"):
            yield Static(f"Play on from position {self.at}", classes="dialog-title", markup=False)
            yield Static("A new game, a copy of this one up to here, saved on its own; the game replayed "
                         "stays as it is. Who plays each seat? (Tab: next seat)", classes="dialog-body", markup=False)
            for i, name in enumerate(self.positions.names):
                seat = seats[i] if i < len(seats) else PERSON
                with Horizontal(classes="row"):
                    yield Label(f"{clean(name, 14):<14}", classes="label")
                    level = seat.level if seat.is_opponent and seat.level in [v for _, v in self.who] else "person"
                    yield seat_select(i, level, self.who)
            if self.master_times:
                with Horizontal(classes="row"):
                    yield Label("Master's time", classes="label")
                    yield Select(self.master_times, value=next(
                        (v for _, v in self.master_times if v == "2s"), self.master_times[0][1]), allow_blank=False, id="master-time", compact=True)
            yield Static("Ctrl+S: start · Esc: back", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#who0", Select).focus()

    def read_seats(self) -> tuple[Seat, ...]:
        return read_seats(self, len(self.positions.names))

    def action_start(self) -> None:
        self.dismiss(self.read_seats())

    def action_close(self) -> None:
        self.dismiss(None)


def copy_from(positions: Positions, at: int, seats, save_dir, *, autosave: bool = True):
    """A new session: the game replayed up to position ``at``, with ``seats``, its own id and autosave."""
    return Session.from_actions(positions.settings, [e.notation for e in positions.entries[:at]],
                                save_dir=save_dir, autosave=autosave, game=positions.game, seats=seats)


def play_on(app, positions: Positions, at: int, seats, save_dir, play_screen) -> None:
    """Leave the replay (and the game it came from) for the copy, on the game's screen (``play_screen``)."""
    try:
        session = copy_from(positions, at, seats, save_dir)
    except Exception as exc:  # a folder that cannot be written, a replay that fails: say so, stay here
        app.notify(clean(exc, 300), title="Cannot play on", severity="error", timeout=8, markup=False)
        return
    keeping.close_games(app)  # the game replayed (if open below) writes its last autosave and lets go
    while len(app.screen_stack) > 2:
        app.pop_screen()
    app.switch_screen(play_screen(session))
    app.notify(f"Playing on from position {at}: a new game, saved on its own", title="Play on", timeout=6)


__all__ = ["PickMove", "PlayOnDialog", "copy_from", "play_on"]
