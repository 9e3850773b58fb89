"""A dict that cannot be changed, for the states of every game (issue 18 and 19: "states are values").

A FrozenDict *is* a dict (a subclass adding no field), so msgspec encodes it exactly as a dict and a
digest reads it as one: saves and digests are byte for byte what they were. Tiletum's engine builds
changed ones with ``engine.frozen.updated``/``added``; Carcassonne's makes them when it freezes a
state (``carcassonne.engine.state.freeze``). Below both games' engines in the layers contract.
"""

from __future__ import annotations


class FrozenDict(dict):
    """A dict that cannot be changed: build a new one (``updated``, ``added``) instead."""

    __slots__ = ()

    def _read_only(self, *args, **kwargs):
        raise TypeError("a game's state cannot be changed in place: only the engine's apply changes a game")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self):  # pickle and copy without the mutators (they would refuse)
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self  # nothing can change it, so a copy is itself

    def __deepcopy__(self, memo) -> FrozenDict:
        return self
