"""The key line at the bottom of the game screen: the keys that matter now, in one line that fits.

Textual's Footer is one widget per key (and cost a third of the screen's start-up); this is one
line of text drawn from what the screen hands it: (key, what it does, action, priority). What does
not fit is left out, lowest priority first, so nothing is ever cut in half at the right edge.
Each key can be clicked (it runs the same action as pressing it).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.reactive import Reactive

from .painted import Painted


@dataclass(frozen=True)
class Hint:
    key: str  # as shown: "w", "PgDn", "F2"
    label: str  # "Wheel"
    action: str = ""  # the screen action it runs when clicked ("view('wheel')")
    priority: int = 5  # kept longest: 0
    note: bool = False  # drawn as a highlighted note (scrolling, typing a name)


class KeyLine(Painted):
    auto_links = Reactive(True)  # (each key is a link: clicked, it runs its action; hovered, Textual shows it)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.hints: list[Hint] = []

    def show(self, hints: list[Hint]) -> None:
        if hints != self.hints:
            self.hints = list(hints)
            self.redraw()

    def on_resize(self, event) -> None:
        self.redraw()

    def key_style(self, note: bool) -> Style:
        """How a key is drawn (a note's key stands out)."""
        return self.ink("now") if note else self.ink("title")

    def _fits(self, hints: list[Hint], width: int) -> bool:
        return sum(len(h.key) + len(h.label) + 2 for h in hints) - 1 <= width

    def redraw(self) -> None:
        width = max(self.size.width, 20)
        shown = list(self.hints)
        while shown and not self._fits(shown, width):
            worst = max(range(len(shown)), key=lambda i: (shown[i].priority, i))
            del shown[worst]
        out = Text(no_wrap=True, overflow="crop")
        for i, h in enumerate(shown):
            if i:
                out.append(" ")
            action = h.action if "." in h.action.split("(")[0] else f"screen.{h.action}"  # ("app.help": the app's)
            click = Style(meta={"@click": action}) if h.action else Style()
            out.append(h.key, self.key_style(h.note) + click)
            out.append(" " + h.label, (self.ink("strong") if h.note else Style()) + click)
        self.update(out)
