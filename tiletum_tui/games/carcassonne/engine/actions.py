"""Carcassonne's actions and their notation (docs/carcassonne.md): ``2: place V at 1,-1 r3``
(the drawn tile, its cell, quarter turns clockwise), then ``2: thief road S-W``, ``2: knight city N``,
``2: farmer field SE``, ``2: monk cloister`` or ``2: no follower``. Seats count from 1 in the text."""

from __future__ import annotations

import re

import msgspec

from tiletum_tui.core.bounded import NumberError, move_too_long, read_int
from .errors import NotationError


class Place(msgspec.Struct, frozen=True, tag=True):
    seat: int
    design: str
    x: int
    y: int
    rotation: int


class Deploy(msgspec.Struct, frozen=True, tag=True):
    """A follower on a segment of the tile just placed, named as on the tile (``None``: no follower)."""

    seat: int
    role: str | None
    segment: str | None


Action = Place | Deploy

ROLE_WORDS = ("knight", "thief", "farmer", "monk")
_PLACE = re.compile(r"place\s+([A-Z][0-9]*)\s+at\s+(-?\d+)\s*,\s*(-?\d+)(?:\s+r([0-3]))?$")  # \d: any script's, refused by _number
_SEAT = re.compile(r"(\d+)\s*:\s*(.*)$", re.S)


def _number(word: str, what: str) -> int:
    try:
        return read_int(word)
    except NumberError as exc:
        raise NotationError(f"{what} {exc}, not {_quote(word, 20)}") from None


def _quote(text: str, limit: int = 40) -> str:
    """A piece of a line quoted in a message: escaped (``repr``), cut when long, with its length."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text):,} characters)"


def notation(action: Action) -> str:
    head = f"{action.seat + 1}: "
    if isinstance(action, Place):
        return head + f"place {action.design} at {action.x},{action.y}" + (f" r{action.rotation}" if action.rotation else "")
    if action.role is None:
        return head + "no follower"
    return head + f"{action.role} {action.segment}"


def parse(text: str, seat: int | None = None) -> Action:
    """The action a line of notation names; without ``N:`` it is ``seat``'s. Raises NotationError.
    Its numbers are bounded (``bounded.read_int``) and a line longer than any move is refused unread."""
    if not isinstance(text, str):
        raise NotationError("an action is a line of text")
    too_long = move_too_long(text)
    if too_long:
        raise NotationError(too_long)
    text = " ".join(text.split())
    m = _SEAT.match(text)
    if m:
        seat, text = _number(m.group(1), "the seat") - 1, m.group(2).strip()
        if seat < 0:
            raise NotationError("seats count from 1")
    if seat is None:
        raise NotationError(f"whose action is {text!r}? write it as '1: {text}'")
    m = _PLACE.match(text)
    if m:
        x, y = _number(m.group(2), "the column"), _number(m.group(3), "the row")
        return Place(seat, m.group(1), x, y, int(m.group(4) or 0))
    if text == "no follower":
        return Deploy(seat, None, None)
    role, _, segment = text.partition(" ")
    if role in ROLE_WORDS and segment:
        return Deploy(seat, role, segment)
    raise NotationError(f"not a Carcassonne action: {text!r} (e.g. 'place D at 1,0 r1', 'knight city N', "
                        "'no follower')")
