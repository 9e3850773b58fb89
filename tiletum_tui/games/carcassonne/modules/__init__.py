"""Where Carcassonne's modules (variants, expansions) register themselves: one package a module.

Each package here holds, in its ``__init__``, ``NAME`` (the module's name, as ``Settings.expansions`` and
the host's tables write it), ``FLAG`` (the settings field that switches it on, a yes/no one, or None)
and ``PARTS``, the Python module of each of its layer parts; that file imports nothing, so every layer
may read this registry. A layer reads only its own parts (``part(name, layer)``):

- ``engine``: its rules, an ``engine.expansion.Module`` (its tiles and setup, its placement rule, its
  slot in the state, what it scores), read by the engine's hooks;
- ``learn``: its rules page, its lesson chapters, its checklist items (``learn.parts.LearnPart``);
- ``ui``: its New game field, its command-line flag, its topics (``ui.parts.UiPart``).

No base file of Carcassonne names a module: they ask this registry (the way JCloisterZone adds an
expansion as a capability, and Tiletum its own modules, ``tiletum_tui/games/tiletum/registry.py``). A module with a
``FLAG`` registers here, because the game's ``Settings`` type is built from these fields once, when
the engine is imported (a game of today is written, saved and digested as it always was: the River's
``river: true``); a module without one may be added while the program runs (``add``: the toy module
of ``tests/carcassonne``), and a game names it in ``Settings.expansions``.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field

LAYERS = ("engine", "learn", "ui")


@dataclass(frozen=True)
class Entry:
    name: str
    flag: str | None = None  # the Settings field (yes/no) that switches it on; None: named in Settings.expansions
    parts: dict[str, str] = field(default_factory=dict)  # layer -> the Python module holding its PART


def _registered() -> list[Entry]:
    found = sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))
    files = [importlib.import_module(f"{__name__}.{name}") for name in found]
    return [Entry(f.NAME, f.FLAG, dict(f.PARTS)) for f in files]


ENTRIES: list[Entry] = _registered()
_parts: dict[tuple[str, str], object] = {}


def names() -> tuple[str, ...]:
    return tuple(e.name for e in ENTRIES)


def entry(name: str) -> Entry | None:
    return next((e for e in ENTRIES if e.name == name), None)


def flags() -> tuple[str, ...]:
    """The settings fields of the modules switched on by one (in the registry's order)."""
    return tuple(e.flag for e in ENTRIES if e.flag)


def part(name: str, layer: str):
    """The module ``name``'s part for ``layer`` (its ``PART``), or None if it adds nothing there."""
    try:
        return _parts[name, layer]  # (asked on every tile placed: one lookup)
    except KeyError:
        e = entry(name)
        where = e.parts.get(layer) if e else None
        found = _parts[name, layer] = importlib.import_module(where).PART if where else None
        return found


def parts(layer: str, chosen=None) -> list:
    """``(name, part)`` of every module (or of those ``chosen``) with a part for ``layer``, in order."""
    return [(e.name, p) for e in ENTRIES if (chosen is None or e.name in chosen)
            and (p := part(e.name, layer)) is not None]


def add(new: Entry) -> None:
    """Register a module while the program runs (one without a ``flag``: ``Settings`` is built already)."""
    if new.flag:
        raise ValueError(f"a module switched on by a settings field ({new.flag}) registers in "
                         "tiletum_tui/games/carcassonne/modules/")
    if entry(new.name):
        raise ValueError(f"a module {new.name!r} is registered already")
    ENTRIES.append(new)


def remove(name: str) -> None:
    ENTRIES[:] = [e for e in ENTRIES if e.name != name]
    for key in [k for k in _parts if k[0] == name]:
        del _parts[key]
