"""Numbers and lines read from text nobody vouches for: a move typed at the keyboard or in a script,
the moves of a save or a record (saves are shared), a client's frame at the host, an option.

Python's ``int()`` reads any count of digits until 4,300, past which it raises a ValueError no
reader expected (issue 42: one such move in a shared save crashed the title screen of its whole
folder), and it reads other scripts' digits too (``int("٣")`` is 3), so one move could be written
many ways. Here a number is the digits 0-9, at most ``MAX_DIGITS`` of them: far more than any count,
seat or coordinate of a game, few enough that every reader can say what is wrong in a short line.
A line of notation is at most ``MAX_MOVE_CHARS`` characters (the longest real move is far shorter).
"""

from __future__ import annotations

import re

MAX_DIGITS = 6
MAX_MOVE_CHARS = 200
_ASCII_INT = re.compile(r"[-+]?[0-9]+\Z")
_ANY_DIGITS = re.compile(r"[-+]?\d+\Z")  # \d: a digit of any script


class NumberError(ValueError):
    """A number that is not one: ``str(exc)`` says what it must be, after what it is (``the seat must be
    written with the digits 0-9``), before the word quoted."""


def read_int(word: str, digits: int = MAX_DIGITS) -> int:
    """``word`` as a whole number (an optional sign, then 1 to ``digits`` digits 0-9), else
    NumberError saying why: not a number, other digits than 0-9, or too many of them."""
    if not isinstance(word, str) or not _ANY_DIGITS.match(word):
        raise NumberError("must be a number")
    if not _ASCII_INT.match(word):
        raise NumberError("must be written with the digits 0-9")
    if len(word.lstrip("-+")) > digits:
        raise NumberError(f"must be a number of at most {digits} digits")
    return int(word)


def move_too_long(text: str) -> str | None:
    """Why a line is too long to be a move, or None."""
    if len(text) > MAX_MOVE_CHARS:
        return f"a move is at most {MAX_MOVE_CHARS} characters, this line has {len(text):,}"
    return None
