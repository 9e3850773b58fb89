"""New game and Rules, when the program plays more than one game: which one (the registry's titles),
by its number or the arrows and Enter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from .games import screens_for


class ChooseGame(ModalScreen):
    """Dismissed with a game's name, or None (Esc)."""

    BINDINGS = [Binding("escape", "cancel", "back", id="tiletum.choose-game-cancel"),
                *[Binding(str(n), f"pick({n})", show=False, id=f"tiletum.choose-game-{n}") for n in range(1, 10)]]
    DEFAULT_CSS = """
    ChooseGame { align: center middle; }
    #choose-game { width: 40; height: auto; border: round $accent; padding: 0 1; }
    """

    def __init__(self, names: tuple[str, ...], question: str = "Which game?", first: str | None = None) -> None:
        """``first``: the game highlighted at first (the app's own)."""
        super().__init__()
        self.names, self.question, self.first = names, question, first

    def compose(self) -> ComposeResult:
        with Vertical(id="choose-game"):
            yield Static(self.question, markup=False)
            yield OptionList(*[Option(Text(f"{i + 1}  {screens_for(n).title}"), id=n)
                               for i, n in enumerate(self.names)], id="choose-game-list")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.focus()
        if self.first in self.names:
            menu.highlighted = self.names.index(self.first)

    def action_pick(self, n: int) -> None:
        if n <= len(self.names):
            self.dismiss(self.names[n - 1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)
