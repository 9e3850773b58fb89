"""The save file format: a replay, readable by a person.

A save holds the game's name, its settings (players, seed, modules and the rules version it is
played under), every action in the engine's notation, and a digest of the state those actions
lead to, so loading replays the game from the seed and can prove it reached the very state that
was saved (future dice rolls included). A little metadata (players, round, scores, dates) lets
the load screen list saves without replaying them.

Version 3 (current)::

    {"format": "tiletum-save", "version": 3, "game": "tiletum",
     "meta": {"game_id": "...", "name": "...", "autosave": false, "players": ["Anna", "Ben"],
              "round": 2, "phase": "action", "scores": [12, 9], "actions": 41, "finished": false,
              "created": "2026-11-30T10:00:00Z", "saved": "2026-11-30T10:40:00Z"},
     "settings": {"players": [{"name": "Anna", "colour": "red"}, ...], "seed": 7, "modules": [], "rules": 1},
     "seed": 7, "digest": "...", "actions": ["1: die 3B", "1: move merchant LYO", ...],
     "seats": [{"player": "person"}, {"player": "opponent", "level": "master", "budget": "2s"}]}

``seats`` (who plays each seat, in seat order) is not a rule of the game, so it is not part of the
settings; a file without it (written before computer opponents) has a person in every seat.

``seconds`` (optional, issue 21: "the time taken per move"): for each action, in order, the seconds
its player took over it (from the move before it, or from when the game was opened on screen), or
``null`` where it is not known. A file without it (older saves, headless games) reads as "not
known" everywhere; it is written only when some move's time is known, so nothing else changes.

Every Struct forbids unknown fields: a misspelt or foreign field is an error, never ignored.
Versions 1 and 2 are read by ``migrate.py``.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Literal

import msgspec


FORMAT_NAME = "tiletum-save"
CURRENT_VERSION = 3
GAME = "tiletum"  # the only game so far; a save of another game is refused by name
MAX_BYTES = 16 * 1024 * 1024  # a finished game is a few tens of KB; anything this big is not a save


class SaveMeta(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What the load screen shows. Informative only: the game itself is settings + actions."""

    game_id: str  # the same for every save of one game (its autosave and its named saves)
    name: str = ""  # the name the player gave; "" for an autosave
    autosave: bool = False
    players: list[str]
    round: int
    phase: str
    scores: list[int]
    actions: int
    finished: bool
    created: datetime  # when the game was set up
    saved: datetime  # when this file was written


class Seat(msgspec.Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    """Who plays one seat: a person at the keyboard, or a computer opponent of a level."""

    player: Literal["person", "opponent"] = "person"
    level: str = ""  # an opponent's level ("beginner", "journeyman", "master")
    budget: str = ""  # the master's thinking budget per decision ("2s", or "300" simulations); "" = default

    @property
    def is_opponent(self) -> bool:
        return self.player == "opponent"


PERSON = Seat()


# A seed: at most 18 digits, as a record's Seed header takes it (so every save can be exported: issue 42).
Seed = Annotated[int, msgspec.Meta(ge=-(10**18 - 1), le=10**18 - 1)]
# A move's time: at most a year (a typo or a hostile file cannot make a chart of nonsense).
Seconds = Annotated[float, msgspec.Meta(ge=0, le=366 * 86400)]


class SaveFile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    format: Literal["tiletum-save"] = FORMAT_NAME
    version: int = CURRENT_VERSION
    game: str = GAME
    meta: SaveMeta
    settings: msgspec.Raw  # the game's own settings, decoded strictly by the game (``games.game``)
    seed: Seed  # (the settings' own seed must be the same)
    digest: str  # engine.digest() of the state after the last action
    actions: list[str]  # in the engine's notation (with the seat: "2: die 3B"), oldest first
    seats: list[Seat] = []  # by seat; empty: a person in every seat (files from before opponents)
    # by action: the seconds taken over it, null where not known; left out when none is known (issue 21)
    seconds: list[Seconds | None] | msgspec.UnsetType = msgspec.UNSET


class _Header(msgspec.Struct):
    """Just enough of any version to know how to read the rest (other fields are skipped)."""

    format: object = None
    version: object = None
    save_version: object = None  # version 1 called it this


_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(SaveFile)
_HEADER_DECODER = msgspec.json.Decoder(_Header)


def encode(save: SaveFile) -> bytes:
    """The file's bytes: indented JSON, one action per line, ending with a newline."""
    return msgspec.json.format(_ENCODER.encode(save), indent=1) + b"\n"


def describe_decode_error(exc: msgspec.DecodeError) -> str:
    """Turn msgspec's message into a sentence for a person; it keeps msgspec's ``$.path``."""
    text = str(exc)
    if "truncated" in text:
        return "the file is cut short (incomplete JSON): it was not written completely"
    if text.startswith("JSON is malformed"):
        return f"the file is not JSON, so it is not a Tiletum save ({text})"
    if text.startswith("Expected `object`, got") and "- at" not in text:
        found = text.removeprefix("Expected `object`, got").strip(" `")
        return f"not a Tiletum save: expected a JSON object, found {_article(found)}"
    unknown = re.match(r"Object contains unknown field `([^`]*)`(?: - at `(.*)`)?", text)
    if unknown:
        where = unknown.group(2) or "$"
        return f"unknown field `{unknown.group(1)}` at `{where}` (this program does not know it)"
    missing = re.match(r"Object missing required field `([^`]*)`(?: - at `(.*)`)?", text)
    if missing:
        where = missing.group(2) or "$"
        return f"missing field `{missing.group(1)}` at `{where}`"
    return f"wrong data: {text}"


def _article(word: str) -> str:
    word = {"str": "string", "int": "number", "float": "number", "bool": "true/false value"}.get(word, word)
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def read_version(data: bytes) -> int:
    """The format version the bytes declare; raises ``ValueError`` (a sentence) or msgspec.DecodeError."""
    header = _HEADER_DECODER.decode(data)
    declared = header.version if header.version is not None else header.save_version
    if declared is None:
        raise ValueError("no format version: this is not a Tiletum save file")
    if isinstance(declared, bool) or not isinstance(declared, int):
        raise ValueError(f"the format version must be a whole number, not {msgspec.json.encode(declared).decode()}")
    if declared >= 2 and header.format != FORMAT_NAME:
        raise ValueError(f"not a Tiletum save: its format is {msgspec.json.encode(header.format).decode()}, "
                         f"not \"{FORMAT_NAME}\"")
    return declared


def decode_current(data: bytes) -> SaveFile:
    """Strictly decode a current-version file (raises msgspec.DecodeError)."""
    return _DECODER.decode(data)
