"""The decision panel: what the player deciding now must choose, and every choice, numbered.

It shows one level of the menu built by ``choices.build_menu``; choosing a group opens it, Escape
closes it again, choosing a leaf posts ``Chosen`` with the engine action. Greyed lines carry the
engine's reason. When the lines at this level point at map spaces the panel posts ``Pointing`` so
the screen can mark them on the map and move the cursor with the highlight.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..choices import TASK, Choice
from .painted import Painted


class DecisionPanel(Vertical):
    @dataclass
    class Chosen(Message):
        """A leaf was chosen: apply this action."""

        action: object

    @dataclass
    class Refused(Message):
        """A greyed choice was picked: say why not."""

        reason: str

    @dataclass
    class Pointing(Message):
        """The map spaces the current lines point at, and the highlighted one."""

        spaces: list
        cursor: str | None
        all_spaces: bool = False  # every legal line here is a map space
        group: str = ""  # key of the opened group ("" at the top level): the screen picks a view

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.title_text = ""
        self.levels: list[list[Choice]] = []
        self.path: list[str] = []
        self.keys: list[str] = []  # keys of the opened groups
        # A choice was sent and the screen has not answered with a new decision yet: keys typed
        # ahead in that moment must not pick from the old lines (they would send a stale action).
        self.waiting = False

    def compose(self) -> ComposeResult:
        yield Painted(id="decision-title")
        yield OptionList(id="choices")
        yield Painted(id="choice-detail")

    @property
    def group(self) -> str:
        return self.keys[-1] if self.keys else ""

    @property
    def options(self) -> list[Choice]:
        return self.levels[-1] if self.levels else []

    def show(self, title: str, menu: list[Choice]) -> None:
        """A new decision (or the same one after a change): start again from the top level."""
        self.title_text = title
        self.levels, self.path, self.keys = [menu], [], []
        self.waiting = False
        self._render_level()

    def open_tasks(self) -> bool:
        for c in self.levels[0] if self.levels else []:
            if c.key == TASK:
                self.levels, self.path, self.keys = self.levels[:1], [], []
                self.activate(c)
                return True
        return False

    def back(self) -> bool:
        if len(self.levels) <= 1:
            return False
        self.levels.pop()
        self.path.pop()
        self.keys.pop()
        self._render_level()
        return True

    def pick_number(self, n: int) -> None:
        if 1 <= n <= len(self.options):
            self.query_one(OptionList).highlighted = n - 1
            self.activate(self.options[n - 1])

    def pick_space(self, space: str) -> None:
        matches = [c for c in self.options if c.space == space]
        legal = [c for c in matches if not c.disabled]
        if legal:
            self.activate(legal[0])
        elif matches:
            self.activate(matches[0])
        else:
            self.post_message(self.Refused("that space is not one of the choices here"))

    def highlight_space(self, space: str) -> None:
        for i, c in enumerate(self.options):
            if c.space == space:
                self.query_one(OptionList).highlighted = i
                return

    def activate(self, choice: Choice) -> None:
        if self.waiting:
            return
        if choice.disabled:
            self.post_message(self.Refused(choice.reason or "not possible now"))
        elif choice.is_group:
            self.levels.append(choice.children)
            self.path.append(choice.label)
            self.keys.append(choice.key)
            self._render_level()
        else:
            self.waiting = True
            self.post_message(self.Chosen(choice.action))

    # ------------------------------------------------------------ drawing
    def _render_level(self) -> None:
        title = self.query_one("#decision-title", Painted)
        head = Text(self.title_text, title.ink("title"))
        if self.path:
            head.append("\n› " + " › ".join(p.removesuffix("…") for p in self.path), title.ink("strong"))
            head.append("  (Esc back)", title.ink("muted"))
        title.update(head)
        ol = self.query_one(OptionList)
        ol.clear_options()
        prompts = []
        for i, c in enumerate(self.options):
            line = Text()
            line.append(f"{i + 1} " if i < 9 else "  ", title.ink("muted"))
            line.append(c.label + (" ›" if c.is_group and not c.disabled else ""))
            if c.disabled:
                line.append(f" — {c.reason}")
                line.stylize(title.ink("muted"))
            # Greyed lines are skipped by the arrows; their number key still explains why not.
            prompts.append(Option(line, id=f"c{i}", disabled=c.disabled))
        ol.add_options(prompts)
        first = next((i for i, c in enumerate(self.options) if not c.disabled), None)
        ol.highlighted = first if first is not None else (0 if self.options else None)
        self._detail()
        spaces = [c.space for c in self.options if c.space and not c.disabled]
        cur = self.options[ol.highlighted].space if ol.highlighted is not None and self.options else None
        legal = [c for c in self.options if not c.disabled]
        self.post_message(self.Pointing(spaces, cur, bool(legal) and all(c.space for c in legal), self.group))

    def _detail(self) -> None:
        ol = self.query_one(OptionList)
        detail = self.query_one("#choice-detail", Painted)
        i = ol.highlighted
        if i is None or i >= len(self.options):
            detail.update("")
            return
        c = self.options[i]
        detail.update(Text(f"Not now: {c.reason}" if c.disabled else c.detail))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._detail()
        i = event.option_index
        if 0 <= i < len(self.options) and self.options[i].space:
            spaces = [c.space for c in self.options if c.space and not c.disabled]
            legal = [c for c in self.options if not c.disabled]
            self.post_message(self.Pointing(spaces, self.options[i].space, all(c.space for c in legal), self.group))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        i = event.option_index
        if 0 <= i < len(self.options):
            self.activate(self.options[i])
