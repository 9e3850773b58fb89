"""The key help every game's screen opens with ``?``: the keys as a player reads them (``key_name``)
and a scrolling list of them in sections. A game hands in its own sections (Tiletum's help builds
its from ``ui.keymap``, Carcassonne's from its screen's bindings), so the shell names no game.

In a browser page (the host's web door sets ``TILETUM_WEB=1`` for the client it runs there) the help
says the keys as they work in the page: a browser keeps a few keys for itself, whatever the page
asks (``BROWSER_KEYS``); those are left out, and a game key that had no other key gets its page key
(``PAGE_KEYS``, bound by the app in a page: ``page_bindings``)."""

from __future__ import annotations

import os

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
         "up": "↑", "down": "↓", "shift+left": "Shift+←", "shift+right": "Shift+→", "home": "Home", "end": "End",
         "apostrophe": "'", "ctrl+t": "Ctrl+T", "ctrl+backslash": "Ctrl+\\"}

IN_PAGE_ENV = "TILETUM_WEB"  # "1": this client runs in a browser page (set by the host's web door)

# Keys a browser acts on before a page sees them (Chromium's reserved shortcuts: tabs and windows;
# Firefox's also Ctrl+Q). The page's terminal (xterm.js) takes every other key from the browser:
# F1, F5, F11, Ctrl+R, Ctrl+S, Tab were checked in headless Chromium (tests/host/test_web_browser.py).
BROWSER_KEYS = {
    "ctrl+t": "new tab", "ctrl+n": "new window", "ctrl+w": "close the tab", "ctrl+tab": "next tab",
    "ctrl+shift+tab": "previous tab", "ctrl+pageup": "previous tab", "ctrl+pagedown": "next tab",
    "ctrl+shift+t": "reopen a tab", "ctrl+shift+n": "private window", "ctrl+shift+w": "close the window",
    "ctrl+q": "quit Firefox", "ctrl+shift+q": "quit Chromium",
}
# A game key a browser keeps, with no other key for it: its key in a page, and the app action it does.
PAGE_KEYS = {"ctrl+q": ("ctrl+backslash", "quit")}

# The keys of a game played through ``tiletum host``, the same in every game's help: (keys, words, as shown).
TALK_KEYS = ("apostrophe,ctrl+t", "say a line to the table (shown to everyone at it)", "' or Ctrl+T")
LEAVE_KEYS = ("ctrl+x", "leave the game: resign (a computer opponent plays your seat), or vote a missing "
                        "player's seat over to one", "Ctrl+X")


def in_page() -> bool:
    return os.environ.get(IN_PAGE_ENV) == "1"


def page_keys(keys: str, page: bool | None = None) -> str:
    """``keys`` as they work here: in a page, without a browser's keys (or their page keys instead)."""
    if not (in_page() if page is None else page):
        return keys
    out = []
    for key in keys.split(","):
        if key in PAGE_KEYS:
            out.append(PAGE_KEYS[key][0])
        elif key not in BROWSER_KEYS:
            out.append(key)
    return ",".join(dict.fromkeys(out)) or keys


def page_bindings() -> list:
    """The app's bindings of the page keys (none outside a page)."""
    if not in_page():
        return []
    return [Binding(key, action, show=False, priority=True, id=f"shell.page-{action}")
            for key, action in PAGE_KEYS.values()]


def page_section() -> list:
    """The help's section about the browser's keys (only in a page)."""
    if not in_page():
        return []
    rows = [(page, f"{action} ({key_name(key, page=False)} is the browser's: {BROWSER_KEYS[key]})")
            for key, (page, action) in PAGE_KEYS.items()]
    rows.append(("apostrophe", "a line to the table (Ctrl+T is the browser's: a new tab)"))
    taken = ", ".join(f"{_spelled(k)} ({w})" for k, w in BROWSER_KEYS.items() if k not in PAGE_KEYS)
    rows.append(("", f"the browser keeps {taken}: never the game's", "Browser"))
    return [("In a browser page", rows)]


def _spelled(key: str) -> str:
    """``ctrl+shift+tab`` as ``Ctrl+Shift+Tab``."""
    words = {"pageup": "PgUp", "pagedown": "PgDn"}
    return "+".join(words.get(p, p.upper() if len(p) == 1 else p.capitalize()) for p in key.split("+"))


def key_name(keys: str, page: bool | None = None) -> str:
    """Keys as the help and the key line show them: ``question_mark,f1`` is ``? F1`` (in a browser
    page, as they work there: ``page_keys``)."""
    keys = page_keys(keys, page)
    return " ".join(NAMES.get(k, k.upper() if k.startswith("f") and k[1:].isdigit() else k) for k in keys.split(","))


# (heading, [(keys, what they do) or (keys, what they do, the keys as shown: "Shift+arrows")])
Sections = list[tuple[str, list[tuple[str, ...]]]]


def keys_text(intro: str, sections: Sections) -> Group:
    """The help's text: the intro, then each section's keys (as ``key_name`` writes them) beside
    their words, which wrap in their own column."""
    parts: list = [Text(intro)] if intro else []
    for heading, rows in list(sections) + page_section():
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
