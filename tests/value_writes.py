"""Every write a holder of a game's state could try, for the property tests of both games (issue 38,
"States are values everywhere": "a property test per game tries to write into every part of a state,
a view, a clone and a history position ... and expects an error and an unchanged digest").

``writes(obj)`` walks a state as far as it goes (msgspec Structs, Carcassonne's slotted states, tuples,
named tuples, mappings) and yields, for every part, a description and a function that tries to change
it in place: set an attribute, set or delete an item, every mutator of a mapping, list and set.
"""

from __future__ import annotations

import msgspec

_MAPPING_WRITES = (
    ("[k] = v", lambda d, k: d.__setitem__(k, d[k])),
    ("del [k]", lambda d, k: d.__delitem__(k)),
    ("pop", lambda d, k: d.pop(k)),
    ("popitem", lambda d, k: d.popitem()),
    ("clear", lambda d, k: d.clear()),
    ("update", lambda d, k: d.update({k: d[k]})),
    ("setdefault", lambda d, k: d.setdefault("new", 0)),
    ("|=", lambda d, k: d.__ior__({k: d[k]})),
)
_SEQUENCE_WRITES = (
    ("[0] = x", lambda s: s.__setitem__(0, s[0])),
    ("del [0]", lambda s: s.__delitem__(0)),
    ("append", lambda s: s.append(s[0])),
    ("pop", lambda s: s.pop()),
    ("sort", lambda s: s.sort()),
)


def _fields(obj) -> tuple[str, ...]:
    if isinstance(obj, msgspec.Struct):
        return obj.__struct_fields__
    return tuple(getattr(type(obj), "__slots__", ()))  # Carcassonne's State


def writes(obj, path: str = "state", _seen=None):
    """(where, write) for every part of ``obj``: each write tries to change that part in place."""
    seen = set() if _seen is None else _seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    for name in _fields(obj):
        value = getattr(obj, name)
        where = f"{path}.{name}"
        yield where + " =", (lambda o=obj, n=name, v=value: setattr(o, n, v))
        yield from _inside(value, where, seen)


def _inside(value, where: str, seen):
    if isinstance(value, (str, bytes, int, float, bool)) or value is None or value is msgspec.UNSET:
        return
    if isinstance(value, dict):
        if value:
            key = next(iter(value))
            for what, write in _MAPPING_WRITES:
                yield f"{where} {what}", (lambda d=value, k=key, w=write: w(d, k))
        for key, item in value.items():
            yield from _inside(item, f"{where}[{key!r}]", seen)
    elif isinstance(value, (tuple, list)):
        if value and not hasattr(value, "_fields"):  # (a named tuple's fields are its attributes)
            for what, write in _SEQUENCE_WRITES:
                yield f"{where} {what}", (lambda s=value, w=write: w(s))
        if hasattr(value, "_fields"):
            for name in value._fields:
                yield f"{where}.{name} =", (lambda o=value, n=name: setattr(o, n, getattr(o, n)))
        for i, item in enumerate(value):
            yield from _inside(item, f"{where}[{i}]", seen)
    elif isinstance(value, (set, bytearray)):
        yield f"{where} (a {type(value).__name__})", (lambda: None)  # writable: the test says where
    elif _fields(value):
        yield from writes(value, where, seen)


def refused(write) -> bool:
    """Did ``write`` raise (the part cannot be changed in place)?"""
    try:
        write()
    except (TypeError, AttributeError):  # a frozen Struct or state, a tuple, a read-only mapping
        return True
    return False
