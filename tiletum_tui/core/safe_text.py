"""Text from files, names and input, made safe to show: brief, and never a control character.

A save file is shared, so anything in it may be hostile: an escape sequence in an action or a
player's name would reach the terminal and recolour, retitle or clear it (``ESC [ 2 J``), a
bidirectional override would make a message read backwards, and a megabyte on one line would be
quoted back in full. Every message that shows such text passes it through here first.

- ``clean(text, limit)``: control and format characters become visible escapes (``\\x1b``,
  ``\\u202e``); text longer than ``limit`` is cut and says its full length.
- ``quote(text, limit)``: the same, in single quotes, for a value inside a sentence.
- ``name_problem(name)``: why a player's name cannot be used (None if it can).

No textual, no rich: the save package, the command line and the screens all use it.
"""

from __future__ import annotations

import os
import unicodedata

QUOTE_LIMIT = 60  # characters of a quoted value: enough to recognise it, short enough for one line
MESSAGE_LIMIT = 600  # characters of a whole problem sentence
PATH_LIMIT = 240
NAME_LIMIT = 40  # a player's name (the new-game form allows 14)

# Categories that must never reach a terminal raw: controls (C0, DEL, C1: ESC starts every escape
# sequence), format characters (bidirectional overrides, zero-width joiners), surrogates (an
# undecodable byte in a file name), and the Unicode line and paragraph separators.
_UNSAFE = {"Cc", "Cf", "Cs", "Zl", "Zp"}
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _unsafe(char: str) -> bool:
    return unicodedata.category(char) in _UNSAFE


def _escape(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def clean(text: object, limit: int | None = MESSAGE_LIMIT, *, keep: str = "") -> str:
    """``text`` (any object: paths and numbers too) with every unsafe character shown as an escape,
    cut to about ``limit`` characters if longer (saying the full length). ``keep`` lists characters
    left as they are (``"\\n"`` for a multi-line message)."""
    text = os.fspath(text) if isinstance(text, os.PathLike) else text
    text = text if isinstance(text, str) else str(text)
    total = len(text)
    # Cut before escaping, so a megabyte of ESC never becomes four megabytes of "\x1b".
    cut = limit is not None and total > limit
    head = text[:limit] if cut else text
    if any(_unsafe(c) for c in head if c not in keep):
        head = "".join(_escape(c) if (c not in keep and _unsafe(c)) else c for c in head)
        if limit is not None and len(head) > limit:
            head, cut = head[:limit], True
    return f"{head}… ({total:,} characters)" if cut else head


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``'text'``: cleaned and cut, for a value from a file or from input inside a sentence."""
    return f"'{clean(text, limit)}'"


def clean_path(path: object) -> str:
    """A file name as it may be shown: escapes for undecodable bytes and controls, cut if very long."""
    return clean(path, PATH_LIMIT)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (None if it can): it is shown on every screen."""
    if not name.strip():
        return "a name cannot be empty"
    if len(name) > NAME_LIMIT:
        return f"the name {quote(name, 20)} is too long (at most {NAME_LIMIT} characters)"
    if any(_unsafe(c) for c in name):
        return f"the name {quote(name)} holds a control character"
    return None


def names_problem(names) -> str | None:
    """Why these names cannot be a table's (None if they can): each must be a name (``name_problem``),
    and two players of one name could not be told apart (the New game form refuses them too)."""
    problem = next((p for p in map(name_problem, names) if p), None)
    if problem:
        return problem
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    return f"two players are named {quote(twice)}" if twice is not None else None
