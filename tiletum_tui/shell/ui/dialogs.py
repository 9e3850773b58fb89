"""Small modal dialogs every game's screens use: a yes/no question and a note."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmDialog(ModalScreen[bool]):
    """Ask before something that cannot be taken back cheaply (wasting AP, quitting)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="tiletum.confirm-yes"),
        Binding("n,escape,enter", "answer(False)", "No", id="tiletum.confirm-no"),
    ]

    def __init__(self, title: str, question: str) -> None:
        super().__init__()
        self.title_text, self.question = title, question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.question, classes="dialog-body", markup=False)
            yield Static("y: yes    n / Esc / Enter: no", classes="dialog-keys", markup=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class NoteDialog(ModalScreen[None]):
    BINDINGS = [Binding("enter,escape,space", "close", "Close", id="tiletum.note-close")]

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text, self.body = title, body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.body, classes="dialog-body", markup=False)
            yield Static("Enter: close", classes="dialog-keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
