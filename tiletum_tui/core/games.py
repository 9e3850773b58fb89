"""The games this program plays, by the name their saves give, found where they register themselves.

Each game is a package of its own under ``tiletum_tui/games/`` with a file ``entry.py`` holding its
``ENTRY`` (an ``Entry`` below): this file lists that folder and names no game, so adding a game edits
no shared file. A game from elsewhere (the toy game of the tests) calls ``register`` instead. The
session, the saves, the app shell and the host reach a game only through these entries: its rules
object (``game(name)``, of the shape ``game_interface.Game``), its screens, lessons, opponents and
command-line options, each written "module:object" and imported only when first asked for (start-up).
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Entry:
    name: str  # as its saves name it
    title: str  # as a person reads it
    game: str  # "module:object": the rules (``game_interface.Game``)
    order: int = 100  # where it is listed (the lowest: the default game)
    screens: str | None = None  # "module:object": its screens for the app shell (``shell.ui.games``)
    lessons: str | None = None  # "module:function": its lessons, listed by Learn to play (a tuple)
    opponents: str | None = None  # "module:object": its computer opponents (``shell.opponents.plug``)
    hosted_levels: tuple[str, ...] = ()  # the opponents' levels ``tiletum host`` offers ((): people only)
    front_door: str | None = None  # "module": its own command-line module (settings, ``play_headless``)
    # "module:function": adds its own command-line options to an argparse group and returns their
    # flags (without "--"); an option of another game is refused naming its game (``shell.cli``)
    cli_options: str | None = None
    player_counts: tuple[int, int] = (2, 4)  # the players a game may have
    # "module": reads the save formats older than the first that named its game (``READABLE_VERSIONS``,
    # ``upgrade``, ``listing_only``): those saves were all this one game's (``shell.saves.store``)
    old_saves: str | None = None
    # "module:object": its figures for ``tiletum bench`` (``engine(games)``, ``opponents()``, ``screens()``:
    # each a list of (heading, figures, how they print); ``shell.bench``)
    bench: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def load(where: str):
    """The object "module:object" names (or the module, with no ":")."""
    module, _, name = where.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


# The folder of the games, beside this package: listed as files (core imports nothing above it).
_FOLDER = Path(__file__).resolve().parents[1] / "games"
_PACKAGE = __name__.rsplit(".", 2)[0] + ".games"


def _found() -> list[Entry]:
    out = []
    for info in pkgutil.iter_modules([str(_FOLDER)]):
        if info.ispkg and not info.name.startswith("_") and (_FOLDER / info.name / "entry.py").is_file():
            out.append(importlib.import_module(f"{_PACKAGE}.{info.name}.entry").ENTRY)
    return out


_ENTRIES: list[Entry] | None = None


def entries() -> list[Entry]:
    """Every game, in its ``order``."""
    global _ENTRIES
    if _ENTRIES is None:
        _ENTRIES = sorted(_found(), key=lambda e: (e.order, e.name))
    return list(_ENTRIES)


def entry(name: str) -> Entry | None:
    return next((e for e in entries() if e.name == name), None)


def register(new: Entry) -> None:
    """Add a game while the program runs (a game from outside ``tiletum_tui/games/``)."""
    if entry(new.name) is not None:
        raise ValueError(f"a game named {new.name!r} is already registered")
    global _ENTRIES
    _ENTRIES = sorted([*entries(), new], key=lambda e: (e.order, e.name))


def unregister(name: str) -> None:
    global _ENTRIES
    _ENTRIES = [e for e in entries() if e.name != name]


def game(name: str):
    """The game of that name, or None."""
    found = entry(name)
    return load(found.game) if found is not None else None


def names() -> tuple[str, ...]:
    return tuple(e.name for e in entries())


def __getattr__(name: str):
    if name == "NAMES":  # every game's name, in order (read afresh: a game may register later)
        return names()
    if name == "DEFAULT":  # the first in order: the game of a save or command that names none
        return entries()[0].name
    raise AttributeError(name)
