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
    ("help", "question_mark,f1", "help", "Keys", True),
    ("theme", "f9", "toggle_theme", "Light/dark", False),
    ("quit", "ctrl+q", "quit", "Quit", False),
]

GAME_KEYS = [
    ("view-wheel", "w,f2", "view('wheel')", "Wheel", True),
    ("view-map", "m,f3", "view('map')", "Map", True),
    ("view-board", "b,f4", "view('board')", "Board", True),
    ("view-offers", "o,f5", "view('offers')", "Offers", True),
    ("view-log", "l,f6", "view('log')", "Log", True),
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
]

# The views of modules (shown only in a game with the module: Prospect for Silver).
MODULE_KEYS = [
    ("view-underground", "g,f7", "view('underground')", "Underground", False),
    ("view-silver", "s,f8", "view('silver')", "Silver", False),
]

# Number keys pick the n-th choice of the decision panel (not shown in the Footer: the panel
# numbers its lines).
NUMBER_KEYS = [(f"pick-{n}", str(n), f"pick({n})", f"Choice {n}", False) for n in range(1, 10)]

HELP_TEXT = {
    "view-wheel": "Action Wheel, King track, turn order, scores",
    "view-map": "the map of Europe (arrows move the cursor)",
    "view-board": "a player board and Storehouse ([ and ] switch player)",
    "view-offers": "Contract and Character offers, Fairs",
    "view-log": "the game log (n shows the notation)",
    "view-underground": "Prospect for Silver: the three Underground maps (arrows move the cursor)",
    "view-silver": "Prospect for Silver: the Technology board, the Prospector Wheel, Silver and Mines",
    "tasks": "open the Tasks of your turn (buy, fulfil, Crest, Cathedral, Helper)",
    "finish": "Done with the Action / skip a bonus / end the turn (asks if AP would be wasted)",
    "back": "back out of a choice not yet made",
    "pick-1": "1-9 choose a numbered line in the decision panel; arrows + Enter too",
    "rules-here": "the rules page about the highlighted choice or the view on screen",
    "explain": "the rule behind the highlighted choice and, if greyed, exactly why not",
    "preview": "what the coming King phase and Fair would score now, and final scoring as it stands",
    "hints": "mark the choices that complete something (a Building, a Contract)",
}


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
    known = {f"tiletum.{bid}" for bid, *_ in APP_KEYS + GAME_KEYS + MODULE_KEYS + NUMBER_KEYS}
    unknown = sorted(set(keys) - known)
    if unknown:
        return {}, f"{path}: unknown key ids {', '.join(unknown)} (the help screen lists them)"
    return keys, None


def keys_of(bid: str, default: str, remapped: dict[str, str]) -> str:
    """The keys a binding answers to now (remapped or default)."""
    return remapped.get(f"tiletum.{bid}", default)
