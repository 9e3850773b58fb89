"""Every key of the app as data: (id, keys, action, description).

Each binding has a stable id (``tiletum.<name>``) so players can remap keys through Textual's
keymap (``App.set_keymap({"tiletum.tasks": "x"})``); the help screen and the Footer read the same
table, so they can never disagree with what the keys do.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
from textual.binding import Binding

# (id, keys, action, description, show in Footer)
APP_KEYS = [
    # F1 is the app's help outside a game; in a game F1 is the rules page about what is on screen.
    ("help", "question_mark,f1", "help", "Keys", True),
    ("theme", "f9", "toggle_theme", "Light/dark", False),
    ("quit", "ctrl+q", "quit", "Quit", False),
]

# The views' own keys (w m b o l s, F2-F7) come from the list of views: see ``view_keys``.
GAME_KEYS = [
    ("next-view", "tab", "cycle_view", "Next view", False),
    ("prev-player", "left_square_bracket", "other_board(-1)", "Prev board", False),
    ("next-player", "right_square_bracket", "other_board(1)", "Next board", False),
    ("tasks", "t", "tasks", "Tasks", True),
    ("finish", "e", "finish", "Done", True),
    ("back", "escape", "back", "Back", False),
    ("undo", "u", "undo", "Undo", True),
    ("redo", "r", "redo", "Redo", False),
    ("notation", "n", "toggle_notation", "Notation", False),
    ("save", "ctrl+s", "save", "Save", False),
    # F1 in a game opens the rules page about what is on screen (it shadows the app's F1 = keys).
    ("rules-here", "f1", "rules_here", "Rules", True),
    ("explain", "x", "explain", "Why?", True),
    ("preview", "v", "preview", "Preview", False),
    ("hints", "h", "toggle_hints", "Hints", False),
    ("find", "slash", "find", "Find a Town", False),
    ("details", "i", "details", "Details", False),
]

# Not bindings of their own (the screen makes them), listed in the help.
SCROLL_KEYS = [
    ("scroll", "pageup,pagedown", "", "Scroll the view", False),
    ("scroll-line", "shift+up,shift+down", "", "Scroll a line", False),
]

# Number keys pick the n-th choice of the decision panel (not shown in the Footer: the panel
# numbers its lines).
NUMBER_KEYS = [(f"pick-{n}", str(n), f"pick({n})", f"Choice {n}", False) for n in range(1, 10)]

HELP_TEXT = {
    "tasks": "the Tasks of your turn (buy, fulfil, Crest, Cathedral, Helper)",
    "finish": "end the turn (the die's Action with it), or Done / Skip a bonus; asks first if AP would be lost",
    "back": "back out of a choice not yet made (or close the recap)",
    "undo": "take back your last action (not past a die roll or a tile turned up)",
    "redo": "play the undone action again",
    "save": "save under a name (the game is autosaved after every action anyway)",
    "next-view": "the next view",
    "next-player": "the board of the next player",
    "notation": "the log in the engine's notation, or back in words",
    "help": "every key (this help)",
    "theme": "light or dark theme",
    "quit": "quit (the game is saved; asks first if the last autosave failed)",
    "pick-1": "choose a numbered line in the decision panel (arrows + Enter too)",
    "rules-here": "the rules page about the highlighted choice or the view on screen",
    "explain": "the rule behind the highlighted choice and, if greyed, exactly why not",
    "preview": "what the coming King phase and Fair would score now, and final scoring as it stands",
    "hints": "mark the choices that complete something (a Building, a Contract)",
    "find": "then a Town's first letters: its line is highlighted (Enter chooses), or the map cursor goes there",
    "details": "everything about the Town of the highlighted choice or under the map cursor, and the map legend",
    "scroll": "scroll the view on show (the key line says ▲▼ when there is more); Shift+Home/End: top, bottom",
    "prev-player": "the board of the previous player (the board follows the player in turn again next turn)",
}


def view_keys(views) -> list[tuple]:
    """Binding rows for the game's views (``ui.views.GameView``): id ``view-<name>``."""
    return [(f"view-{v.name}", v.keys, f"view('{v.name}')", v.title, False) for v in views]


def first_key(bid: str, default: str, remapped: dict[str, str]) -> str:
    """The first key a binding answers to, as the key line shows it ("w", "F2")."""
    key = keys_of(bid, default, remapped).split(",")[0].strip()
    return key.upper() if key.startswith("f") and key[1:].isdigit() else {"slash": "/", "question_mark": "?"}.get(key, key)


def bindings(table) -> list[Binding]:
    return [
        Binding(keys, action, desc, show=show, id=f"tiletum.{bid}")
        for bid, keys, action, desc, show in table
    ]


def user_keys_path() -> Path:
    """Where players remap keys: ``$XDG_CONFIG_HOME/tiletum/keys.json`` (``~/.config/tiletum/keys.json``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "tiletum" / "keys.json"


def load_user_keys(path: Path | None = None) -> tuple[dict[str, str], str | None]:
    """The player's remapped keys, ``{"tiletum.tasks": "x"}``, and a problem to show (or None).

    A missing file is no problem; a bad one is reported and ignored, never changed.
    """
    path = path or user_keys_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        return {}, f"{path}: cannot be read ({exc.strerror})"
    try:
        keys = msgspec.json.decode(raw, type=dict[str, str])
    except msgspec.DecodeError as exc:
        return {}, f"{path}: {exc} (expected {{\"tiletum.tasks\": \"x\"}})"
    from .views import VIEWS

    known = {f"tiletum.{bid}" for bid, *_ in APP_KEYS + GAME_KEYS + NUMBER_KEYS + view_keys(VIEWS)}
    unknown = sorted(set(keys) - known)
    if unknown:
        return {}, f"{path}: unknown key ids {', '.join(unknown)} (the help screen lists them)"
    return keys, None


def keys_of(bid: str, default: str, remapped: dict[str, str]) -> str:
    """The keys a binding answers to now (remapped or default)."""
    return remapped.get(f"tiletum.{bid}", default)
