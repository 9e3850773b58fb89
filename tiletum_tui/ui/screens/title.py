"""The title screen: New game, Continue/Load, Learn to play, Rules, Quit."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

ART = r"""
 _____ _ _      _
|_   _(_) | ___| |_ _   _ _ __ ___
  | | | | |/ _ \ __| | | | '_ ` _ \
  | | | | |  __/ |_| |_| | | | | | |
  |_| |_|_|\___|\__|\__,_|_| |_| |_|
"""

ITEMS = [
    ("new", "n", "New game"),
    ("load", "c", "Continue / Load"),
    ("learn", "l", "Learn to play"),
    ("rules", "r", "Rules"),
    ("quit", "q", "Quit"),
]


class TitleScreen(Screen):
    BINDINGS = [Binding(key, f"choose('{item}')", label, id=f"tiletum.title-{item}") for item, key, label in ITEMS]

    @dataclass
    class Chosen(Message):
        """A title menu item was chosen; the app decides what it does."""

        item: str

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            lines = ART.strip("\n").splitlines()
            width = max(len(line) for line in lines)
            # Pad every line to one width so centring moves the art as a block.
            yield Static("\n".join(line.ljust(width) for line in lines), id="title-art", markup=False)
            yield Static("a game of merchants, cathedrals and Fairs — for 2 to 4 players at one keyboard",
                         id="title-sub", markup=False)
            yield OptionList(*[Option(f"{key}  {label}", id=item) for item, key, label in ITEMS], id="title-menu")
            yield Static("", id="title-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option_id or "")

    def action_choose(self, item: str) -> None:
        self.post_message(self.Chosen(item))

    def note(self, text: str) -> None:
        self.query_one("#title-note", Static).update(text)
