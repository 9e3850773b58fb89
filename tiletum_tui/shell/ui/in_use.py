"""Another Tiletum plays this game: open it read-only, as a copy, or go back (issue 11).

Two Tiletums saving one game would overwrite each other's moves, so the second one is told who
holds the game and chooses; it never writes over the first.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tiletum_tui.core.safe_text import clean


class InUseDialog(ModalScreen[str | None]):
    """Returns ``"read-only"``, ``"copy"`` or None (back)."""

    DEFAULT_CSS = "InUseDialog { align: center middle; background: $background 60%; }"
    BINDINGS = [
        Binding("r", "answer('read-only')", "Read-only", id="tiletum.in-use-read-only"),
        Binding("c", "answer('copy')", "Copy", id="tiletum.in-use-copy"),
        Binding("escape", "answer(None)", "Back", id="tiletum.in-use-back"),
    ]

    def __init__(self, error) -> None:
        """``error`` is the ``saves.lock.GameInUseError`` that refused to open the game."""
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        holder = self.error.holder
        body = (
            f"{clean(self.error.path)}\n\nThis game is being played by another Tiletum: {holder.describe()}. "
            "Two Tiletums saving one game would overwrite each other's moves, so this one will not.\n\n"
            "If that Tiletum was left running (a dropped SSH connection, a closed terminal), quit it there"
            + (f" or end process {holder.pid}" if holder.pid else "") + ", then open the game again."
        )
        with Vertical(classes="dialog"):
            yield Static("This game is open in another Tiletum", classes="dialog-title", markup=False)
            yield Static(body, classes="dialog-body", markup=False)
            yield Static("r: open read-only (look; nothing is saved)\n"
                         "c: open a copy (a new game from here, saved on its own)\n"
                         "Esc: back", classes="dialog-keys", markup=False)

    def action_answer(self, choice: str | None) -> None:
        self.dismiss(choice)
