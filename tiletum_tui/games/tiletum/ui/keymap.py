"""Every key of the app as data: (id, keys, action, description).

Each binding has a stable id (``tiletum.<name>``) so players can remap keys through Textual's
keymap (``App.set_keymap({"tiletum.tasks": "x"})``); the help screen and the Footer read the same
table, so they can never disagree with what the keys do.
"""

from __future__ import annotations

import os
from pathlib import Path

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
    ("leave", "f10", "leave", "Leave", False),  # as in the tutorial (it did nothing in a game)
]

# The replay screen (issue 21): stepping through a game; its views take the game's view keys.
# Priority: the arrows and PgUp/PgDn step the replay, never scroll the view or move the map cursor.
from tiletum_tui.shell.ui.replay.keys import REPLAY_KEYS  # noqa: E402  (every game's: PgUp PgDn, Tiletum's phases)

# The game screen's keys the replay screen has too (looking around, not playing).
REPLAY_ALSO = ("next-view", "prev-player", "next-player", "notation", "details", "leave")

# Not bindings of their own (the screen makes them), listed in the help.
SCROLL_KEYS = [
    ("scroll", "pageup,pagedown", "", "Scroll the view", False),
    ("scroll-line", "shift+up,shift+down", "", "Scroll a line", False),
]

# Number keys pick the n-th choice of the decision panel (not shown in the Footer: the panel
# numbers its lines).
# 0 is only a second digit (line 10, 20): every line has its number, however long the list (issue 41 item 2).
NUMBER_KEYS = [(f"pick-{n}", str(n), f"pick({n})", f"Choice {n}", False) for n in range(0, 10)]

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
    "leave": "leave the game for the title screen (it is saved after every action; Continue resumes it)",
    "quit": "quit (the game is saved; asks first if the last autosave failed and moves would be lost)",
    "pick-1": "choose a numbered line in the decision panel (arrows + Enter too; line 12: 1 then 2)",
    "rules-here": "the rules page about the highlighted choice or the view on screen",
    "explain": "the rule behind the highlighted choice and, if greyed, exactly why not",
    "preview": "what the coming King phase and Fair would score now, and final scoring as it stands",
    "hints": "mark the choices that complete something (a Building, a Contract)",
    "find": "then a Town's first letters: its line is highlighted (Enter chooses), or the map cursor goes there",
    "details": "everything about the Town of the highlighted choice or under the map cursor, and the map legend",
    "scroll": "scroll the view on show (the key line says ▲▼ when there is more); Shift+Home/End: top, bottom",
    "prev-player": "the board of the previous player (the board follows the player in turn again next turn)",
    "replay-back": "a replay: one move back (→ one move on)",
    "replay-forward": "a replay: one move on",
    "replay-turn-back": "a replay: to the start of this turn, or the one before (↓ the next turn)",
    "replay-turn-forward": "a replay: to the start of the next turn",
    "replay-phase-back": "a replay: to the start of this phase (Action phase, King phase, Fair...), or the one before",
    "replay-phase-forward": "a replay: to the start of the next phase",
    "replay-start": "a replay: the game as set up (End: the last position)",
    "replay-end": "a replay: the last position",
    "replay-goto": "a replay: pick a move from the log and go there",
    "replay-seat": "a replay: whose view is shown (everything, once the game is over)",
    "replay-play-on": "a replay: a new game (a copy) from the position shown, each seat a person or an opponent",
    "replay-charts": "how it was won: VP over the game, VP by category, time per move, the Actions chosen",
    "replay-final": "a replay at the end of a finished game: the final table",
    "replay-leave": "leave the replay (or the charts)",
}


def view_keys(views) -> list[tuple]:
    """Binding rows for the game's views (``ui.views.GameView``): id ``view-<name>``."""
    return [(f"view-{v.name}", v.keys, f"view('{v.name}')", v.title, False) for v in views]


def first_key(bid: str, default: str, remapped: dict[str, str]) -> str:
    """The first key a binding answers to, as the key line shows it ("w", "F2")."""
    key = keys_of(bid, default, remapped).split(",")[0].strip()
    return key.upper() if key.startswith("f") and key[1:].isdigit() else {"slash": "/", "question_mark": "?"}.get(key, key)


def bindings(table) -> list[Binding]:
    # Quit is a priority binding, as Textual's own Ctrl+Q is: a non-priority app key does nothing
    # while a dialog is open, and quitting must always stay reachable (issue 11).
    return [
        Binding(keys, action, desc, show=show, id=f"tiletum.{bid}", priority=bid == "quit")
        for bid, keys, action, desc, show in table
    ]


def user_keys_path() -> Path:
    """Where players remap keys: the user config folder from platformdirs (``paths.keys_file``),
    e.g. ``~/.config/tiletum/keys.json`` (``$XDG_CONFIG_HOME/tiletum/keys.json``)."""
    from tiletum_tui.core import paths  # start-up: the app reads its keys before the title is painted

    return paths.keys_file()


KEYS_FILE_LIMIT = 64 * 1024  # a keys file maps a few dozen ids
QUIT_KEY = "ctrl+q"  # always quits, whatever the keys file says (issue 11)
_MODIFIERS = {"ctrl", "shift", "alt", "meta", "super", "hyper"}
_NAMED_KEYS = {"escape", "enter", "return", "tab", "space", "backspace", "delete", "insert", "home", "end",
               "pageup", "pagedown", "up", "down", "left", "right", *(f"f{n}" for n in range(1, 25))}
# Bindings of the game screen that are not in GAME_KEYS (not remappable, but keys taken all the same)
_GAME_EXTRA = [("scroll-up", "pageup"), ("scroll-down", "pagedown"), ("line-up", "shift+up"),
               ("line-down", "shift+down"), ("scroll-top", "shift+home,ctrl+home"), ("scroll-bottom", "shift+end,ctrl+end")]


def _normal_key(token: str) -> str:
    """A key as Textual names it: "?" is "question_mark" (as ``App.set_keymap`` normalises)."""
    # start-up: the app reads its keys before the title is painted
    from tiletum_tui.shell.textual_private import character_to_key

    return character_to_key(token) if len(token) == 1 else token


def is_key_name(token: str) -> bool:
    """Is ``token`` a key Textual can bind: "x", "?", "f7", "ctrl+t", "question_mark", "shift+tab"?"""
    # start-up: the app reads its keys before the title is painted
    from textual.keys import REPLACED_KEYS, key_to_character

    *mods, base = token.split("+")
    if not base or any(m not in _MODIFIERS for m in mods):
        return False
    if len(base) == 1:
        return base.isprintable() and not base.isspace()
    return base in _NAMED_KEYS or base in REPLACED_KEYS or key_to_character(base) is not None


# Keys a keys file may not take (issue 24): Enter chooses the highlighted line in every list, and
# Ctrl+C copies text (in some terminals it interrupts the program). Bound to an action, either would
# stop doing that without a word: such a key is left out, with a warning, and the rest of the file used.
RESERVED_KEYS = {"enter": "Enter chooses the highlighted line", "ctrl+c": "Ctrl+C copies text"}


def _problems(keys: dict[str, str], warnings: list[str] | None = None) -> tuple[dict[str, str], list[str]]:
    """The keymap to apply (quit keeps Ctrl+Q) and every problem with ``keys``: unknown ids, key
    names that do not exist, and keys that would answer to two actions on one screen. A reserved key
    (``RESERVED_KEYS``) is left out and said in ``warnings``."""
    from tiletum_tui.core.safe_text import clean, quote  # start-up: the app reads its keys before the title is painted

    from .views import all_views  # start-up: the app reads its keys before the title is painted

    warnings = warnings if warnings is not None else []
    problems: list[str] = []
    game_keys = GAME_KEYS + NUMBER_KEYS + view_keys(all_views())
    known = {f"tiletum.{bid}" for bid, *_ in APP_KEYS + game_keys + REPLAY_KEYS}
    unknown = sorted(set(keys) - known)
    if unknown:
        problems.append(f"unknown key ids {', '.join(clean(u, 40) for u in unknown[:8])} (the help screen lists them)")
    applied: dict[str, str] = {}
    for bid, value in keys.items():
        if bid not in known:
            continue
        tokens = [t.strip() for t in value.split(",")]
        bad = [t for t in tokens if not is_key_name(t)]
        if bad:
            problems.append(f"{bid}: {', '.join(quote(b, 20) for b in bad[:4])} is not a key name "
                            "(examples: x, ?, f7, ctrl+t, shift+tab; keys are written in lower case)")
            continue
        tokens = [_normal_key(t) for t in tokens]
        for token in [t for t in tokens if t in RESERVED_KEYS]:
            warnings.append(f"{bid}: {token} is not used ({RESERVED_KEYS[token]})")
            tokens.remove(token)
        if not tokens:
            continue  # nothing left: the default keys stay
        if bid == "tiletum.quit" and QUIT_KEY not in tokens:
            tokens.append(QUIT_KEY)  # quitting always stays reachable
        applied[bid] = ",".join(dict.fromkeys(tokens))
    # Which ids each key answers to on the game screen (the app's keys work there too) and elsewhere.
    app_ids = [(f"tiletum.{bid}", keys_) for bid, keys_, *_ in APP_KEYS]
    game_ids = [(f"tiletum.{bid}", keys_) for bid, keys_, *_ in game_keys] + \
               [(f"tiletum.{bid}", keys_) for bid, keys_ in _GAME_EXTRA]
    replay_ids = [(f"tiletum.{bid}", keys_) for bid, keys_, *_ in REPLAY_KEYS] + \
                 [(f"tiletum.{bid}", keys_) for bid, keys_, *_ in GAME_KEYS if bid in REPLAY_ALSO] + \
                 [(f"tiletum.{bid}", keys_) for bid, keys_, *_ in view_keys(all_views())]
    for scope in (app_ids, app_ids + game_ids, app_ids + replay_ids):
        owners: dict[str, list[str]] = {}
        for bid, default in scope:
            for key in applied.get(bid, default).split(","):
                owners.setdefault(_normal_key(key.strip()), []).append(bid)
        for key, ids in owners.items():
            ids = list(dict.fromkeys(ids))
            # The defaults overlap on purpose (F1: the keys, or in a game the rules): only a remapped
            # binding makes a conflict.
            if len(ids) > 1 and any(i in applied for i in ids):
                line = f"{quote(key, 20)} is bound to both {' and '.join(ids)}"
                if key == QUIT_KEY:
                    line += " (Ctrl+Q always quits)"
                if line not in problems:
                    problems.append(line)
    return applied, problems


def load_user_keys(path: Path | None = None) -> tuple[dict[str, str], str | None]:
    """The player's remapped keys, ``{"tiletum.tasks": "k"}``, and a problem to show (or None).

    A missing file is no problem; a bad one (unreadable, not a JSON object of strings, an unknown
    id, a key name that does not exist, a key bound to two actions) is reported, file named, and
    not used at all; it is never changed. Ctrl+Q always quits. Enter and Ctrl+C are left out of a
    file that binds them (with the problem saying so) and the rest of it is used.
    """
    path = path or user_keys_path()
    if not os.path.lexists(path):
        return {}, None
    import msgspec  # only for a keys file (start-up)

    from tiletum_tui.shell.saves import safe_read  # start-up: the app reads its keys before the title is painted
    # start-up: the app reads its keys before the title is painted
    from tiletum_tui.shell.saves.errors import SaveFileError

    try:
        raw = safe_read.check_json_text(safe_read.read_regular_file(path, KEYS_FILE_LIMIT, what="keys file"),
                                        path, limit_depth=2, what="keys file")
        keys = msgspec.json.decode(raw, type=dict[str, str])
    except SaveFileError as exc:
        return {}, str(exc)
    except (msgspec.DecodeError, RecursionError) as exc:
        from tiletum_tui.core.safe_text import clean  # start-up: the app reads its keys before the title is painted

        return {}, f"{clean(path)}: {clean(exc, 200)} (expected {{\"tiletum.tasks\": \"k\"}})"
    warnings: list[str] = []
    applied, problems = _problems(keys, warnings)
    from tiletum_tui.core.safe_text import clean  # start-up: the app reads its keys before the title is painted

    if problems:
        return {}, f"{clean(path)}: " + "; ".join(problems)
    if warnings:
        return applied, f"{clean(path)}: " + "; ".join(warnings) + "; the rest of the file is used"
    return applied, None


def keys_of(bid: str, default: str, remapped: dict[str, str]) -> str:
    """The keys a binding answers to now (remapped or default)."""
    return remapped.get(f"tiletum.{bid}", default)
