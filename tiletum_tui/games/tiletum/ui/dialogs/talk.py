"""Table talk: one line to everyone at the table (a game played through ``tiletum host``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

TALK_LIMIT = 200  # characters (the host cuts a longer line, and cleans it of control characters)


class TalkDialog(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="tiletum.talk-cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Say to the table", classes="dialog-title", markup=False)
            yield Input(placeholder="a line to everyone at the table", max_length=TALK_LIMIT, id="talk-line")
            yield Static("Enter: say it    Esc: say nothing", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
