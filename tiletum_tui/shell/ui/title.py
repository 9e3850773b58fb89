"""The title screen: New game, Continue/Load, Learn to play, Rules, Quit."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .keyline import Hint, KeyLine, shown_bindings

ITEMS = [
    ("new", "n", "New game"),
    ("other", "g", "Another game"),  # another game the program plays (shown only if there is one)
    ("continue", "c", "Continue the last game"),
    ("load", "o", "Open a saved game"),
    ("learn", "l", "Learn to play"),
    ("rules", "r", "Rules"),
    ("quit", "q", "Quit"),
]


class _TitleMenu(OptionList):
    """The title's menu, which says when it is first drawn: the screen then looks for the last game.

    ``call_after_refresh`` in ``on_mount`` is too early for that: while the app starts, Textual batches
    its updates and runs those callbacks before anything reaches the terminal, so the look (which
    imports the engine and replays saves) would delay the first paint (issue 24, item 18)."""

    class Drawn(Message):
        pass

    _drawn = False

    def render_lines(self, crop):
        lines = super().render_lines(crop)
        if not self._drawn:
            self._drawn = True
            self.post_message(self.Drawn())
        return lines


class TitleKeys(KeyLine):
    """The title's key line, drawn as the game screen's is (one line of text) in the Footer's colours:
    Textual's Footer is a widget per key, and styling those was about a tenth of the title's start-up
    (issue 24, item 18). The keys are the screen's active bindings (a keys file's too), as the Footer's."""

    COMPONENT_CLASSES = {"title-keys--key"}

    def key_style(self, note: bool):
        return self.get_component_rich_style("title-keys--key")

    def on_mount(self) -> None:
        screen = self.screen
        by_action = shown_bindings(screen, screen.key_label if hasattr(screen, "key_label") else None)
        # The menu's own keys go first when the line is short (the menu says them too); the help and
        # the palette stay.
        self.show([h if h.priority == 0 else Hint(h.key, h.label, h.action, 1 + i)
                   for i, h in enumerate(by_action.values())])


class TitleScreen(Screen):
    BINDINGS = [Binding(key, f"choose('{item}')", label, id=f"tiletum.title-{item}") for item, key, label in ITEMS]

    @dataclass
    class Chosen(Message):
        """A title menu item was chosen; the app decides what it does."""

        item: str

    LOOKING = "looking for it…"

    MENU_ROOM = 54  # the menu's columns: the title box's 60 less its border and padding (title.tcss)

    def __init__(self, last_game: str | tuple[str, str, str] | None = None, *, art: str = "", tagline: str = "",
                 others: tuple[str, ...] = (), find_last=None) -> None:
        """``last_game`` describes the last unfinished game (offered first), or None if there is none: in
        words, or as (the game's name, how far it got, the scores) (``last_game.LastGame.continue_parts``);
        or ``find_last()`` finds it once the screen is painted (replaying saves needs the engine, which
        the first paint does not wait for); ``art`` and ``tagline`` are the game's (``ui.games``);
        ``others``: the titles of the other games."""
        super().__init__()
        self.last_game, self.art, self.tagline, self.others = last_game, art, tagline, others
        self._find_last = find_last

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            lines = self.art.strip("\n").splitlines() or [""]
            width = max(len(line) for line in lines)
            # Pad every line to one width so centring moves the art as a block.
            yield Static("\n".join(line.ljust(width) for line in lines), id="title-art", markup=False)
            yield Static(self.tagline, id="title-sub", markup=False)
            yield _TitleMenu(*[self._option(item, key, label) for item, key, label in ITEMS
                               if item != "other" or self.others], id="title-menu")
            yield Static("", id="title-note", markup=False)
        yield TitleKeys(id="title-keys")

    def label(self, item: str, label: str) -> str:
        """An item's words in the menu: the other game is named."""
        return f"New game of {' or '.join(self.others)}" if item == "other" and self.others else label

    def key_label(self, binding: Binding) -> str:
        """An item's words on the key line: the other game by its name alone, so that the line still
        reaches Quit at 120 columns."""
        if binding.action == "choose('other')" and self.others:
            return " or ".join(self.others)
        return binding.description

    def _option(self, item: str, key: str, label: str) -> Option:
        label = self.label(item, label)
        if item == "continue":
            if self._find_last is not None:
                return Option(f"{key}  {label} ({self.LOOKING})", id=item, disabled=True)
            if self.last_game is None:
                return Option(f"{key}  {label} (none unfinished)", id=item, disabled=True)
            return Option(self._continue_line(key), id=item)
        return Option(Text(f"{key}  {label}"), id=item)  # Text: a player's "[name]" is not markup

    def _continue_line(self, key: str) -> Text:
        """The Continue line names the game (issue 41, item 14); the scores go on a line of their own,
        under the words, when the whole does not fit the menu (it once cut the last player's score)."""
        if isinstance(self.last_game, str):
            return Text(f"{key}  Continue: {self.last_game}")  # Text: a player's "[name]" is not markup
        title, progress, scores = self.last_game
        head = f"{key}  Continue {title}: {progress}" if title else f"{key}  Continue: {progress}"
        menu = self.query(OptionList)
        room = (menu.first().size.width if menu and menu.first().size.width else self.MENU_ROOM) - 1
        if Text(f"{head}, {scores}").cell_len <= room:
            return Text(f"{head}, {scores}")
        indent = " " * (len(key) + 2)
        return Text(f"{head},\n{indent}{scores}")

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = menu.get_option_index("continue") if self.last_game else 0  # an unfinished game first
        menu.focus()

    def on__title_menu_drawn(self, event: _TitleMenu.Drawn) -> None:
        event.stop()
        # Drawn, but maybe not yet written: after the refresh that writes it (the start-up batch is
        # over by now, so this callback waits for it), the last game can be looked for.
        self.call_after_refresh(self._look)

    def _look(self) -> None:
        """Find the last unfinished game now (once: after the first paint, or at the first key that needs it)."""
        find, self._find_last = self._find_last, None
        if find is None:
            return
        self.last_game = find()
        menu = self.query_one(OptionList)
        menu.replace_option_prompt("continue", self._option(*next(i for i in ITEMS if i[0] == "continue")).prompt)
        if self.last_game:
            menu.enable_option("continue")
            menu.highlighted = menu.get_option_index("continue")  # an unfinished game is offered first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(event.option_id or "")

    def action_choose(self, item: str) -> None:
        if item == "other" and not self.others:
            return
        self._look()  # a key pressed before the look: look first
        if item == "continue" and self.last_game is None:
            self.note("There is no unfinished game to continue: n starts a new one, o opens a save.")
            return
        self.post_message(self.Chosen(item))

    def note(self, text: str) -> None:
        self.query_one("#title-note", Static).update(text)
