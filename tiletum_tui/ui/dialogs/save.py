"""Save under a name: a one-line form; the session sanitises the name and writes atomically."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class SaveDialog(ModalScreen[str | None]):
    """Returns the name typed (Enter), or None (Esc)."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="tiletum.save-back")]

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Save the game", classes="dialog-title", markup=False)
            yield Input(self.suggestion, placeholder="a name for this save", id="save-name", max_length=60)
            yield Static("Enter: save    Esc: back (the game is autosaved anyway)", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            self.dismiss(name)
        else:
            self.notify("Type a name first.", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)
