"""The state of a game of Carcassonne: settings, the land, the feature graph, followers, scores, the tiles.

A plain object, mutated only by the engine's ``apply_in_place`` on a copy (``clone``): the session keeps
every state as its history. The feature graph is a union-find over the segments of the placed tiles
(one node per segment, ``Placement.base + segment index``); what a feature is (kind, open edges, its
tiles, segments, pennants, followers, for a farm the cities it touches) is kept at its root, as
values replaced on a union, never changed in place, so a shallow copy of the lists is a true copy.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

import msgspec

RULES_VERSION = 1
RULES_VERSIONS = (1,)
COLOURS = ("red", "blue", "green", "yellow", "black")


class PlayerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    colour: str


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    players: tuple[PlayerSetup, ...]
    seed: int
    river: bool = False  # the variant with the 12 River tiles
    rules: int = RULES_VERSION


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
        "cloisters", "pile", "rng", "discarded", "river_end", "river_bend", "last", "events",
    )

    def clone(self) -> State:
        other = State.__new__(State)
        for name in ("settings", "phase", "seat", "turn", "drawn", "rng", "river_end", "river_bend", "last"):
            setattr(other, name, getattr(self, name))
        for name in ("placed", "parent", "kind", "open", "tiles", "segs", "pennants", "occupants", "cities",
                     "followers", "supply", "scores", "pile", "discarded", "cloisters"):
            setattr(other, name, list(getattr(self, name)))
        other.cells = dict(self.cells)
        other.frontier = dict(self.frontier)
        other.ledger = [dict(d) for d in self.ledger]
        other.events = ()
        return other

    # ---- the feature graph
    def find(self, node: int) -> int:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:  # path compression: cheap later finds
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


def digest(state: State) -> str:
    return hashlib.sha256(repr(state.canonical()).encode()).hexdigest()
