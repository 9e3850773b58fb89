"""The key help every game's screen opens with ``?``: the keys as a player reads them (``key_name``)
and a scrolling list of them in sections. A game hands in its own sections (Tiletum's help builds
its from ``ui.keymap``, Carcassonne's from its screen's bindings), so the shell names no game."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

NAMES = {"question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]", "escape": "Esc",
         "slash": "/", "pageup": "PgUp", "pagedown": "PgDn", "shift+up": "Shift+↑", "shift+down": "Shift+↓",
         "tab": "Tab", "ctrl+s": "Ctrl+S", "ctrl+q": "Ctrl+Q", "enter": "Enter", "left": "←", "right": "→",
         "up": "↑", "down": "↓", "shift+left": "Shift+←", "shift+right": "Shift+→", "home": "Home", "end": "End"}


def key_name(keys: str) -> str:
    """Keys as the help and the key line show them: ``question_mark,f1`` is ``? F1``."""
    return " ".join(NAMES.get(k, k.upper() if k.startswith("f") and k[1:].isdigit() else k) for k in keys.split(","))


# (heading, [(keys, what they do) or (keys, what they do, the keys as shown: "Shift+arrows")])
Sections = list[tuple[str, list[tuple[str, ...]]]]


def keys_text(intro: str, sections: Sections) -> Group:
    """The help's text: the intro, then each section's keys (as ``key_name`` writes them) beside
    their words, which wrap in their own column."""
    parts: list = [Text(intro)] if intro else []
    for heading, rows in sections:
        parts.append(Text(f"\n{heading}", style="bold underline"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=13, no_wrap=True, style="bold")
        grid.add_column(ratio=1)
        for keys, words, *shown in rows:
            grid.add_row(shown[0] if shown else key_name(keys), words)
        parts.append(grid)
    return Group(*parts)


class KeysHelp(ModalScreen[None]):
    """Every key of the screen below, in sections; Esc, ? or Enter closes it."""

    BINDINGS = [Binding("escape,f1,question_mark,enter", "close", "Close", id="shell.help-close")]

    def __init__(self, title: str, intro: str, sections: Sections) -> None:
        super().__init__()
        self.title_text, self.intro, self.sections = title, intro, sections

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(id="help-body"):
                yield Static(keys_text(self.intro, self.sections), id="help-text", markup=False)
            yield Static("↑↓ PgUp PgDn: scroll · Esc: close", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
