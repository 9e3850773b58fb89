"""The state of a game of Carcassonne: settings, the land, the feature graph, followers, scores, the tiles.

A value (issue 19, "at the same standard" as Tiletum's states): what ``new_game``, ``apply`` and
``view`` hand out is a ``FrozenState``, whose fields are tuples and read-only mappings and which
refuses any assignment, so writing into a state or a view raises instead of reaching the game.
``clone`` gives a plain, writable ``State``, the only kind the engine's ``apply_in_place`` changes;
``freeze`` turns it into a value when the engine is done with it. The feature graph is a union-find over the segments of the placed tiles
(one node per segment, ``Placement.base + segment index``); what a feature is (kind, open edges, its
tiles, segments, pennants, followers, for a farm the cities it touches) is kept at its root, as
values replaced on a union, never changed in place, so a shallow copy of the lists is a true copy.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import msgspec

from tiletum_tui.core.frozen_dict import FrozenDict
from .. import modules as registry

# A rules version names the tiles and rules a game was set up under, and a game keeps it: version 2
# changed a tile of a module's box, version 3 (the default since 2026-12-06) a module's placement rule
# (the modules say which: ``modules/``).
RULES_VERSION = 3
RULES_VERSIONS = (1, 2, 3)
COLOURS = ("red", "blue", "green", "yellow", "black")


class PlayerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    colour: str


# A game's settings: its players, its seed, the yes/no field of each module switched on by one (the
# registry's ``FLAG``: the River's ``river``), its rules version and the other modules it names. Built
# from the registry once, so the fields, and what saves, records and digests write, are those of the
# games of before modules (``expansions`` is left out of the encoding when unset; not ``modules``, which names Tiletum's).
Settings = msgspec.defstruct(
    "Settings",
    [("players", tuple[PlayerSetup, ...]), ("seed", int), *((flag, bool, False) for flag in registry.flags()),
     ("rules", int, RULES_VERSION), ("expansions", tuple[str, ...] | msgspec.UnsetType, msgspec.UNSET)],
    module=__name__, frozen=True, forbid_unknown_fields=True, kw_only=True)


class Placement(NamedTuple):
    design: str
    x: int
    y: int
    rotation: int
    base: int  # the node of its first segment


class Follower(NamedTuple):
    seat: int
    node: int  # the segment it stands on (its feature: ``find(node)``)
    role: str  # knight, thief, farmer, monk
    tile: int  # the placement it stands on


class State:
    __slots__ = (
        "settings", "phase", "seat", "turn", "drawn", "placed", "cells", "frontier", "parent", "kind", "open",
        "tiles", "segs", "pennants", "occupants", "cities", "followers", "supply", "scores", "ledger",
        "cloisters", "pile", "rng", "discarded", "modules", "last", "events",
    )

    def clone(self) -> State:
        # (spelt out field by field: the opponents clone a state for every place they weigh)
        other = State.__new__(State)
        other.settings, other.phase, other.seat, other.turn = self.settings, self.phase, self.seat, self.turn
        other.drawn, other.rng, other.last = self.drawn, self.rng, self.last
        other.placed, other.parent, other.kind = list(self.placed), list(self.parent), list(self.kind)
        other.open, other.tiles, other.segs = list(self.open), list(self.tiles), list(self.segs)
        other.pennants, other.occupants, other.cities = list(self.pennants), list(self.occupants), list(self.cities)
        other.followers, other.supply, other.scores = list(self.followers), list(self.supply), list(self.scores)
        other.pile, other.discarded, other.cloisters = list(self.pile), list(self.discarded), list(self.cloisters)
        other.cells = dict(self.cells)
        other.frontier = dict(self.frontier)
        other.modules = dict(self.modules)  # each module's slot: a value (``expansion.Module.started``)
        other.ledger = [dict(d) for d in self.ledger]
        other.events = ()
        return other

    # ---- the feature graph
    def find(self, node: int) -> int:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        if type(parent) is list:  # path compression (cheap later finds), never in a frozen state
            while parent[node] != root:
                parent[node], node = root, parent[node]
        return root

    @property
    def players(self) -> tuple[PlayerSetup, ...]:
        return self.settings.players

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def canonical(self) -> tuple:
        """Everything that makes this game what it is (hidden parts included), for the digest."""
        return (msgspec.json.encode(self.settings), self.phase, self.seat, self.turn, self.drawn,
                tuple(self.placed), tuple(self.find(n) for n in range(len(self.parent))),
                tuple(sorted(self.followers)), tuple(self.supply), tuple(self.scores),
                tuple(tuple(sorted(d.items())) for d in self.ledger), tuple(self.pile), self.rng,
                tuple(self.discarded))


_LISTS = ("placed", "parent", "kind", "open", "tiles", "segs", "pennants", "occupants", "cities", "followers",
          "supply", "scores", "pile", "discarded", "cloisters")


class FrozenState(State):
    """A state nobody can change: its lists are tuples, its mappings read-only, and setting a field
    raises. ``clone`` makes a writable copy (a plain ``State``)."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise TypeError("a game's state cannot be changed in place: only the engine's apply changes a game")

    __delattr__ = __setattr__

    def __reduce__(self):  # pickle and copy without assigning to it (a process of its own may take it)
        return (_rebuilt, (tuple(getattr(self, name) for name in State.__slots__),))


def _rebuilt(values: tuple) -> FrozenState:
    state = State.__new__(State)
    for name, value in zip(State.__slots__, values):
        setattr(state, name, value)
    return freeze(state)


def freeze(state: State) -> FrozenState:
    """Make ``state`` (a writable one the engine just built) a value, in place, and return it. Its
    containers become tuples and FrozenDicts, which read, encode and digest as the lists and dicts
    they were."""
    if type(state) is FrozenState:
        return state
    put = object.__setattr__
    for name in _LISTS:
        put(state, name, tuple(getattr(state, name)))
    put(state, "cells", FrozenDict(state.cells))
    put(state, "frontier", FrozenDict(state.frontier))
    put(state, "modules", FrozenDict(state.modules))
    put(state, "ledger", tuple(FrozenDict(d) for d in state.ledger))
    state.__class__ = FrozenState
    return state


def digest(state: State) -> str:
    return hashlib.sha256(repr(state.canonical()).encode()).hexdigest()
