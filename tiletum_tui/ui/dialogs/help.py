"""The help screen: every key, read from the same table the bindings are made from."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from .. import keymap
from ..widgets.painted import Ink, Painted

INTRO = (
    "The decision panel always shows what the player deciding now must choose. Pick a line with "
    "its number, or with the arrows and Enter; a line ending in › opens more choices and Esc goes "
    "back. Greyed lines say why they are not possible now. Map choices also show on the map: "
    "arrows move the cursor over the marked spaces, Enter chooses."
)


def _key_name(keys: str) -> str:
    names = {"question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]", "escape": "Esc"}
    return " / ".join(names.get(k, k.upper() if k.startswith("f") and k[1:].isdigit() else k) for k in keys.split(","))


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,question_mark,enter", "close", "Close", id="tiletum.help-close")]

    def compose(self) -> ComposeResult:
        yield Ink()
        with Vertical(classes="dialog"):
            yield Static("Tiletum — keys", classes="dialog-title", markup=False)
            with VerticalScroll(id="help-body"):
                yield Painted(id="help-text")
            yield Static("Esc: close", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        w = self.query_one("#help-text", Painted)
        out = Text(INTRO + "\n\n")
        rows = keymap.GAME_KEYS + keymap.MODULE_KEYS + keymap.NUMBER_KEYS[:1] + keymap.APP_KEYS
        remapped = getattr(self.app, "user_keys", {})
        for bid, keys, _action, desc, _show in rows:
            keys = keymap.keys_of(bid, keys, remapped)
            if bid == "pick-1":
                keys, desc = "1-9", "Choose"
            out.append(f"{_key_name(keys):<10}", w.ink("strong"))
            out.append(desc)
            more = keymap.HELP_TEXT.get(bid, "")
            out.append(f": {more}" if more else "", w.ink("muted"))
            out.append("\n")
        out.append("Ctrl+P    ", w.ink("strong"))
        out.append("Commands")
        out.append(": every command, and the Tasks you can do now\n", w.ink("muted"))
        out.append("\nRemap keys in $XDG_CONFIG_HOME/tiletum/keys.json (~/.config/tiletum/keys.json), "
                   "e.g. {\"tiletum.tasks\": \"k\"}; the ids are "
                   "tiletum.<name>: " + ", ".join(bid for bid, *_ in keymap.GAME_KEYS + keymap.MODULE_KEYS + keymap.APP_KEYS), w.ink("muted"))
        w.update(out)

    def action_close(self) -> None:
        self.dismiss(None)
