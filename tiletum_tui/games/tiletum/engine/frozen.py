"""Read-only mappings: the one kind of dict a game's state holds (issue 18: states are values).

``state.clone`` shares every container with the state it copies, which is only safe if nothing can
change a container in place. Tuples cannot be changed; a ``FrozenDict`` is a dict whose mutators
raise TypeError, so ``view(s).players[0].resources["G"] = 99`` fails instead of reaching the game.
The engine makes a changed mapping with ``updated``/``added`` (a new FrozenDict; the old one is left
as it was, still shared by the states before).

A FrozenDict *is* a dict (a subclass adding no field), so msgspec encodes it exactly as a dict:
digests and saves are byte for byte what they were. msgspec decodes plain dicts; ``freeze`` makes
a decoded or hand-built state's dicts read-only (``views.decode_view``, ``flow.new_game``).
"""

from __future__ import annotations

import msgspec
from msgspec.structs import force_setattr

from tiletum_tui.core.frozen_dict import FrozenDict  # (below both games' engines: Carcassonne's states hold them too)

_set = dict.__setitem__  # the engine's own way to fill a new FrozenDict before anyone sees it


def updated(mapping, key, value) -> FrozenDict:
    """``mapping`` with ``key`` set to ``value``, as a new read-only mapping."""
    new = FrozenDict(mapping)
    _set(new, key, value)
    return new


def added(mapping, amounts) -> FrozenDict:
    """``mapping`` with each of ``amounts`` added to its value (a missing key counts 0)."""
    new = FrozenDict(mapping)
    for key, n in amounts.items():
        _set(new, key, new.get(key, 0) + n)
    return new


def freeze(obj) -> None:
    """Make every dict in ``obj`` (a state, or any Struct of one) read-only, in place: for a state
    just set up or decoded, before anyone else holds it. (The Structs are frozen and the sequences
    tuples; ``writable_parts`` looks everywhere, and the tests run it over whole games.)"""
    for name in obj.__struct_fields__:
        value = getattr(obj, name)
        kind = type(value)
        if kind is dict:
            force_setattr(obj, name, FrozenDict(value))
        elif kind is tuple:
            for item in value:
                if _struct(type(item)):
                    freeze(item)
        elif _struct(kind):
            freeze(value)


_STRUCT: dict[type, bool] = {}


def _struct(kind: type) -> bool:
    """Is ``kind`` a Struct that may hold a dict (not one of the small values: settings, events)?
    Remembered per type."""
    known = _STRUCT.get(kind)
    if known is None:
        known = _STRUCT[kind] = issubclass(kind, msgspec.Struct) and kind.__struct_fields__ != ()
    return known


def writable_parts(obj, path: str = "state") -> list[str]:
    """Where ``obj`` can be written into: a Struct that is not frozen, a plain (writable) dict, a list
    or a set. For tests and invariants; [] for a state, a view, a clone or a history position."""
    out = []
    if isinstance(obj, msgspec.Struct) and not type(obj).__struct_config__.frozen:
        out.append(path)
    for name in obj.__struct_fields__:
        value = getattr(obj, name)
        where = f"{path}.{name}"
        if isinstance(value, (list, set, bytearray)) or (isinstance(value, dict) and type(value) is not FrozenDict):
            out.append(where)
        if isinstance(value, msgspec.Struct):
            out.extend(writable_parts(value, where))
        elif isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                if isinstance(item, msgspec.Struct):
                    out.extend(writable_parts(item, f"{where}[{i}]"))
                elif isinstance(item, (list, set, dict)) and type(item) is not FrozenDict:
                    out.append(f"{where}[{i}]")
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, (list, set, dict)) and type(item) is not FrozenDict:
                    out.append(f"{where}[{key!r}]")
    return out
