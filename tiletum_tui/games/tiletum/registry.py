"""The modules this program can add to a game, found where they register themselves.

A module (a variant, an expansion) is a name, as ``Settings.modules`` writes it, and one Python module
per layer that registers what the module adds to that layer, as the value ``PART`` in it:

- ``state``: its state and its decisions (``engine.module_state.StatePart``); imports nothing of the
  engine, since ``engine/state.py`` builds the game's state types from it;
- ``engine``: its rules (an ``engine.ruleset.Module``: hooks, Actions, kinds of action and their verbs,
  options, the words of its decisions);
- ``learn``: its words in the log, the rules pages and the hints (``learn.parts.LearnPart``);
- ``ui``: its views and strips, its menu lines, its New game fields (``ui.parts.UiPart``).

A module registers itself in a file of its own in ``tiletum_tui/games/tiletum/modules/`` (its ``NAME`` and ``PARTS``);
this file lists that package and names no module. Every layer reads only its own parts
(``parts(layer)``), so the layers contract holds: the engine never imports a screen. A module without
state may also be added while the program runs (``add``: the toy module of ``tests/modules``); a module
with state registers in ``tiletum_tui/games/tiletum/modules/``, because the game's state types are built once, from
this list, when the engine is imported.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Callable

from . import modules

LAYERS = ("state", "engine", "learn", "ui")


@dataclass(frozen=True)
class Entry:
    name: str  # as Settings.modules names it
    parts: dict[str, str] = field(default_factory=dict)  # layer -> the Python module holding its PART


def _registered() -> list[Entry]:
    """The module of every file in ``tiletum_tui/games/tiletum/modules/``, in the order of the files' names (a
    module's parts are applied in this order: the Action tiles variant before the expansion)."""
    found = sorted(m.name for m in pkgutil.iter_modules(modules.__path__) if not m.name.startswith("_"))
    files = [importlib.import_module(f"{modules.__name__}.{name}") for name in found]
    return [Entry(f.NAME, dict(f.PARTS)) for f in files]


ENTRIES: list[Entry] = _registered()

_version = 0  # changes with every add or remove, so a layer's tables built from the parts are rebuilt
_watchers: list[Callable[[], None]] = []


def names() -> tuple[str, ...]:
    return tuple(e.name for e in ENTRIES)


def version() -> int:
    return _version


def parts(layer: str) -> list[tuple[str, object]]:
    """(module name, PART) of every module with a part in that layer, in the order of ``ENTRIES``."""
    if layer not in LAYERS:
        raise ValueError(f"no layer {layer!r} (the layers: {', '.join(LAYERS)})")
    return [(e.name, importlib.import_module(e.parts[layer]).PART) for e in list(ENTRIES) if layer in e.parts]


def watch(callback: Callable[[], None]) -> None:
    """Call ``callback`` after every add or remove (a layer drops what it built from the old list)."""
    _watchers.append(callback)


def _changed() -> None:
    global _version
    _version += 1
    for callback in list(_watchers):
        callback()


def add(entry: Entry) -> None:
    """Add a module while the program runs (one without state: see the module's docstring)."""
    if entry.name in names():
        raise ValueError(f"a module named {entry.name!r} is already registered")
    if "state" in entry.parts:
        raise ValueError(f"module {entry.name!r} has state: register it in tiletum_tui/games/tiletum/modules/ (a game's "
                         "state types are built from that list when the engine is imported)")
    unknown = set(entry.parts) - set(LAYERS)
    if unknown:
        raise ValueError(f"module {entry.name!r}: no layer {', '.join(sorted(unknown))} (the layers: {', '.join(LAYERS)})")
    ENTRIES.append(entry)
    _changed()


def remove(name: str) -> None:
    """Take a module added by ``add`` away again."""
    ENTRIES[:] = [e for e in ENTRIES if e.name != name]
    _changed()
