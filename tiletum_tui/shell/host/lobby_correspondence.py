"""The client's side of play by correspondence (issue 44): the time left in the lobby's lines, the bell
when a game turns to you, days away (``a``) and where your reminders go (``e``) in the lobby, and in
a hosted game of either game the Leave dialog (Ctrl+X: resign, or vote a missing player's seat over to a
computer opponent), each confirmed before it is sent."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tiletum_tui.core.safe_text import clean
from ..table.clock import SPEEDS, left_words, speed_words
from . import protocol as P

SPEED_CHOICES = tuple((speed_words(s), s) for s in SPEEDS)
# when a seat's time runs out: a computer opponent moves for it (that turn), or keeps it after N misses
TAKE_AFTER_CHOICES = (("out of time: a computer moves", 0), ("a computer keeps it at 2 misses", 2),
                      ("a computer keeps it at 3 misses", 3), ("a computer keeps it at 5 misses", 5))


def time_words(g: P.GameInfo, now: float | None = None) -> str:
    """The lobby's words for the time left to the seat deciding: ", 2d 3h left" ("" without a clock)."""
    if not g.deadline or g.finished or g.waiting:
        return ""
    left = g.deadline - (time.time() if now is None else now)
    return f", {left_words(left)} left" if left > 0 else ", time ran out"


def my_turns(games, me: str) -> set[str]:
    """The games in a lobby page where it is ``me``'s decision."""
    return {g.id for g in games if not g.finished and not g.waiting and 0 <= g.deciding < len(g.seats)
            and g.seats[g.deciding].name == me and g.seats[g.deciding].kind == "person"}


def turned_to_me(before, after, me: str, open_here=()) -> bool:
    """A game that was not at ``me``'s decision is now (the lobby rings the bell), but for a game open
    here (its own screen rings when the turn begins)."""
    return bool(my_turns(after, me) - my_turns(before, me) - set(open_here)) if before is not None else False


class AskScreen(ModalScreen[str | None]):
    """One line asked for (days away, a reminder's address): Enter gives it, Esc goes back."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="tiletum.ask-back")]
    DEFAULT_CSS = """
    AskScreen { align: center middle; }
    AskScreen > Vertical { width: 76; height: auto; border: round $primary; padding: 0 1; }
    """

    def __init__(self, question: str, placeholder: str, value: str = "", max_length: int = 500) -> None:
        super().__init__()
        self.question, self.placeholder, self.value, self.max_length = question, placeholder, value, max_length

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, markup=False)
            yield Input(value=self.value, placeholder=self.placeholder, max_length=self.max_length, compact=True)
            yield Static("Enter: set it · Esc: back", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


def ask_away(app) -> None:
    """``a`` in the lobby: days away (0: back), for every game of yours."""

    def chosen(text: str | None) -> None:
        if text is None:
            return
        if not text.isdigit() or int(text) > 30:
            app.lobby_screen.note("Days away are a number from 0 (back) to 30.")
            return
        app.link.send(P.Away(int(text)))
        app.lobby_screen.note(f"Away for {text} day(s): your time per move does not run meanwhile."
                              if int(text) else "You are back: your time per move runs again.")

    app.push_screen(AskScreen("Days away (your time per move does not run for you meanwhile; 0: back)",
                              "days, 0 to 30", max_length=2), chosen)


def ask_reminders(app) -> None:
    """``e`` in the lobby: where your reminders go (an apprise URL; empty: none)."""

    def chosen(url: str | None) -> None:
        if url is None:
            return
        app.link.send(P.Remind(url))
        app.lobby_screen.note("Reminders go there from now on." if url else "No more reminders.")

    app.push_screen(AskScreen("Where your reminders go when your turn begins and before your time runs out "
                              "(an apprise URL: mailto://…, ntfys://ntfy.sh/topic, discord://…; empty: none)",
                              "mailto://user:password@example.org"), chosen)


class LeaveScreen(ModalScreen[None]):
    """Ctrl+X in a hosted game: resign, or vote a missing player's seat over to a computer opponent; each
    asked again (y) before it is sent."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="tiletum.leave-back"),
                Binding("y", "confirm", "Yes", show=False, id="tiletum.leave-yes")]
    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    LeaveScreen > Vertical { width: 70; height: auto; border: round $warning; padding: 0 1; }
    LeaveScreen OptionList { height: auto; max-height: 8; }
    """

    def __init__(self, model) -> None:
        super().__init__()
        self.model = model
        self.picked: str | None = None

    def choices(self) -> list[tuple[str, str]]:
        out = [("resign", "Resign: a computer opponent plays your seat from now on")]
        for i, s in enumerate(self.model.seats):
            if i != self.model.seat and s.kind == "person" and not s.connected:
                out.append((f"vote:{i}", f"Vote to hand {clean(s.name, 20)}'s seat to a computer opponent "
                                         "(they are not here)"))
        return out

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Leave this game? (Enter picks; Esc: back to the game)", markup=False)
            yield OptionList(*[Option(text, id=key) for key, text in self.choices()])
            yield Static("", id="leave-confirm", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.picked = event.option_id
        what = "resign" if self.picked == "resign" else "vote so"
        self.query_one("#leave-confirm", Static).update(f"Sure you {what}? y: yes · Esc: no")

    def action_confirm(self) -> None:
        if self.picked is None:
            return
        if self.picked == "resign":
            self.model.resign()
        else:
            self.model.vote_replace(int(self.picked.partition(":")[2]))
        self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
