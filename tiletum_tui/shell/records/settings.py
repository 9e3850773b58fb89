"""A game's settings as a record's headers, and back, read from the settings' own types.

Nothing here names a game: the headers come from the fields of ``game.Settings`` (a msgspec Struct,
read with ``msgspec.inspect``). A field holding one entry per player (Tiletum's and Carcassonne's
``players``) gives a header per seat and field: the entry's ``name`` is ``Player1``, its other fields
are ``Colour1`` and so on, after a ``Players`` header with their count. Every other field is a header
of its own, its name capitalised (``seed`` is ``Seed``, ``modules`` is ``Modules``). Values are words:
a number, ``yes``/``no``, or a list written ``a, b`` (an empty list: ``""``). A field the settings
leave unset (or at a default a header may leave out) is omitted; a field without a default is
required.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import msgspec
import msgspec.inspect as mi

from tiletum_tui.core.safe_text import quote
from .errors import VERSION, RecordError

PLAYERS = "Players"
_INT = re.compile(r"-?[0-9]{1,18}$")
_BOOL = {"yes": True, "no": False}


@dataclass(frozen=True)
class Field:
    name: str  # in the Struct
    key: str  # the header's (for a seat's field, without the seat's number)
    type: object  # msgspec.inspect type
    required: bool


@dataclass(frozen=True)
class Shape:
    """The headers a game's settings give: the table-wide ones, and the seat list's (if any)."""

    fields: tuple[Field, ...]
    seats: str | None  # the Struct field holding one entry per player
    seat_fields: tuple[Field, ...]

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.fields)


def _key(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[_\-]", name))


@functools.lru_cache(maxsize=None)  # (a game's settings type never changes; reading it is slow)
def shape(settings_type: type) -> Shape:
    info = mi.type_info(settings_type)
    fields, seats, seat_fields = [], None, ()
    for f in info.fields:
        item = getattr(f.type, "item_type", None)
        if isinstance(item, mi.StructType) and seats is None:
            seats = f.name
            seat_fields = tuple(Field(g.name, "Player" if g.name == "name" else _key(g.name), g.type, g.required)
                                for g in item.fields)
            continue
        fields.append(Field(f.name, _key(f.name), f.type, f.required))
    return Shape(tuple(fields), seats, seat_fields)


def _word(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value)


def to_headers(settings) -> tuple[list[tuple[str, str]], list[list[tuple[str, str]]]]:
    """(the table-wide headers, the headers of each seat) of ``settings``, in the Struct's order."""
    s = shape(type(settings))
    raw = msgspec.to_builtins(settings)  # unset fields are left out
    table = [(f.key, _word(raw[f.name])) for f in s.fields if f.name in raw]
    seats = [[(f.key, _word(entry[f.name])) for f in s.seat_fields if f.name in entry]
             for entry in (raw.get(s.seats, []) if s.seats else [])]
    return table, seats


def _value(text: str, kind, key: str, line: int):
    """The value of a header from its words, as the settings' type ``kind`` wants it."""
    if isinstance(kind, mi.IntType):
        if not _INT.match(text):
            raise RecordError(line, 1, f"{key} must be a whole number (at most 18 digits), not {quote(text)}")
        return int(text)
    if isinstance(kind, mi.BoolType):
        if text not in _BOOL:
            raise RecordError(line, 1, f"{key} must be yes or no, not {quote(text)}")
        return _BOOL[text]
    item = getattr(kind, "item_type", None)
    if item is not None:
        return [] if not text.strip() else [_value(t.strip(), item, key, line) for t in text.split(",")]
    return text


def from_headers(game, headers: dict[str, tuple[str, int]], used: set[str]):
    """``game.Settings`` from the headers (adding the keys it read to ``used``); RecordError if one is
    missing, malformed, or names more or fewer seats than ``Players`` says."""
    s = shape(game.Settings)
    raw: dict = {}
    for f in s.fields:
        if f.key in headers:
            value, line = headers[f.key]
            raw[f.name] = _value(value, f.type, f.key, line)
            used.add(f.key)
        elif f.required or f.name == "rules":  # a record always says which rules it was played under
            raise missing(f.key, headers)
    if f_rules := raw.get("rules"):  # checked here, so an unknown version is named as such
        if f_rules not in game.rules_versions:
            known = ", ".join(map(str, game.rules_versions))
            raise RecordError(headers["Rules"][1], 1, f"rules version {f_rules} of {game.title} is unknown to this "
                                                      f"program (it knows {known}): update Tiletum to read it",
                              VERSION)
    if s.seats:
        raw[s.seats] = _seats(s, headers, used)
    try:
        return msgspec.convert(raw, game.Settings)
    except msgspec.ValidationError as exc:
        raise RecordError(1, 1, f"the headers are not settings of {game.title}: {exc}") from None


def _seats(s: Shape, headers: dict[str, tuple[str, int]], used: set[str]) -> list[dict]:
    if PLAYERS not in headers:
        raise missing(PLAYERS, headers)
    text, line = headers[PLAYERS]
    used.add(PLAYERS)
    if not re.fullmatch(r"[1-9][0-9]?", text):
        raise RecordError(line, 1, f"Players must be the number of seats, not {quote(text)}")
    count = int(text)
    given = {int(m.group(2)) for k in headers if (m := re.fullmatch(r"(Player|\w+?)([0-9]+)", k))
             and m.group(1) in {f.key for f in s.seat_fields}}
    extra = sorted(n for n in given if not 1 <= n <= count)
    if extra:
        raise RecordError(line, 1, f"Players says {count} seats, but the headers name seat {extra[0]}")
    entries = []
    for n in range(1, count + 1):
        entry = {}
        for f in s.seat_fields:
            key = f"{f.key}{n}"
            if key in headers:
                entry[f.name] = _value(headers[key][0], f.type, key, headers[key][1])
                used.add(key)
            elif f.required:
                raise RecordError(line, 1, f"Players says {count} seats, but the header {key} is missing")
        entries.append(entry)
    return entries


def missing(key: str, headers: dict[str, tuple[str, int]]) -> RecordError:
    last = max((line for _, line in headers.values()), default=1)
    return RecordError(last, 1, f"the header {key} is missing (after line {last}, the headers' last)")
