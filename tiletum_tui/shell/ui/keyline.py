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


def shown_bindings(screen, label=None) -> dict[str, Hint]:
    """The keys Textual's Footer would show on ``screen``, by action, in its order: the active bindings
    shown (a keys file's too; the screen's own at priority 1, the app's at 0), then the command palette's
    (priority 0). ``label(binding)``: the words for a binding (else its description)."""
    app = screen.app
    by_action: dict[str, Hint] = {}
    for namespace, binding, _enabled, _tooltip in screen.active_bindings.values():
        if binding.show and binding.action not in by_action:
            action = binding.action if namespace is screen else f"app.{binding.action}"
            by_action[binding.action] = Hint(app.get_key_display(binding),
                                             label(binding) if label else binding.description, action,
                                             priority=1 if namespace is screen else 0)
    palette = screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
    if app.ENABLE_COMMAND_PALETTE and palette is not None:
        by_action.setdefault(palette.binding.action, Hint(app.get_key_display(palette.binding),
                                                          palette.binding.description, "app.command_palette", 0))
    return by_action


class BindingsLine(KeyLine):
    """The key line of a screen whose keys are its bindings shown (``shown_bindings``), in the Footer's
    colours, drawn again when they change (``refresh_bindings``, focus): one line of text where
    Textual's Footer mounts a widget per key again at each change (Carcassonne's screen at every turn
    that passed from one seat to another: issue 39). When the line is short, the screen's last keys
    go first; the app's and the palette's stay."""

    DEFAULT_CSS = """
    BindingsLine { dock: bottom; height: 1; background: $footer-background; color: $footer-foreground; }
    BindingsLine > .bindings-line--key { color: $footer-key-foreground; text-style: bold; }
    """
    COMPONENT_CLASSES = {"bindings-line--key"}

    def key_style(self, note: bool):
        return self.get_component_rich_style("bindings-line--key")

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            self.show([h if h.priority == 0 else Hint(h.key, h.label, h.action, 1 + i)
                       for i, h in enumerate(shown_bindings(screen).values())])
