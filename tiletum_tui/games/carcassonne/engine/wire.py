"""A view of a game and a log's events as bytes, for a client of ``tiletum host`` (issue 25): what
crosses to another process is a view, never a state, and it is decoded strictly (msgspec).

The bytes carry what a seat may see and nothing else: no generator, no seed (the settings travel
without it) and no face-down pile, only the tiles left as counts per design (public: players could
count them, issue 19). The decoded view is a ``FrozenState`` with the pile rebuilt from the counts
in the order ``rules.view`` gives it (sorted), generator and seed 0, so ``is_view`` holds.
"""

from __future__ import annotations

import msgspec

from typing import Any

from .. import modules as registry
from .expansion import module
from .events import (
    FeatureCompleted, FollowerDeployed, FollowerReturned, GameEnded, Scored, TileDiscarded, TileDrawn, TilePlaced,
)
from .rules import is_view
from .state import Follower, Placement, Settings, State, freeze

Edges = tuple[str | None, str | None, str | None, str | None]
Event = TileDrawn | TileDiscarded | TilePlaced | FollowerDeployed | Scored | FeatureCompleted | FollowerReturned | GameEnded


class WireView(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    settings: dict[str, Any]  # less the seed (which deals the pile: with it the order could be worked out)
    phase: str
    seat: int
    turn: int
    drawn: str | None
    placed: tuple[Placement, ...]
    cells: tuple[tuple[int, int, int], ...]  # (x, y, the placement there)
    frontier: tuple[tuple[int, int, Edges], ...]  # (x, y, what the neighbours' edges need there)
    parent: tuple[int, ...]
    kind: tuple[str, ...]
    open: tuple[int, ...]
    tiles: tuple[tuple[int, ...], ...]  # each feature's tiles, sorted (a set's order is not the same everywhere)
    segs: tuple[int, ...]
    pennants: tuple[int, ...]
    occupants: tuple[tuple[int, ...], ...]
    cities: tuple[tuple[int, ...], ...]
    followers: tuple[Follower, ...]
    supply: tuple[int, ...]
    scores: tuple[int, ...]
    ledger: tuple[dict[str, int], ...]
    cloisters: tuple[int, ...]
    remaining: dict[str, int]  # the face-down tiles as counts per design (never their order)
    discarded: tuple[str, ...]
    modules: dict[str, Any]  # each module's slot (decoded as its ``slot_type``)
    last: int
    events: tuple[Event, ...]


_PLAIN = ("phase", "seat", "turn", "drawn", "placed", "parent", "kind", "open", "segs", "pennants",
          "occupants", "cities", "followers", "supply", "scores", "cloisters", "discarded", "last",
          "events")
_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(WireView)
_EVENTS_DECODER = msgspec.msgpack.Decoder(tuple[Event, ...])


def encode_view(seen: State) -> bytes:
    """A view (``rules.view``) as bytes; a full state is refused: only a view leaves the game."""
    if not is_view(seen):
        raise ValueError("only a view of the game goes to a client")
    counts: dict[str, int] = {}
    for d in seen.pile:
        counts[d] = counts.get(d, 0) + 1
    return _ENCODER.encode(WireView(
        settings=msgspec.to_builtins(msgspec.structs.replace(seen.settings, seed=0)), modules=dict(seen.modules),
        cells=tuple((x, y, i) for (x, y), i in seen.cells.items()),
        frontier=tuple((x, y, tuple(edges)) for (x, y), edges in seen.frontier.items()),
        tiles=tuple(tuple(sorted(t)) for t in seen.tiles), ledger=tuple(dict(d) for d in seen.ledger), remaining=dict(sorted(counts.items())),
        **{name: getattr(seen, name) for name in _PLAIN}))


def decode_view(data: bytes) -> State:
    """A view from ``encode_view`` (strictly: raises msgspec's errors on anything else), as a value."""
    w = _DECODER.decode(data)
    state = State.__new__(State)
    for name in _PLAIN:
        setattr(state, name, getattr(w, name))
    state.settings = msgspec.convert(w.settings, Settings)
    state.modules = {name: msgspec.convert(slot, _slot_type(name)) for name, slot in w.modules.items()}
    state.rng = 0
    state.pile = [d for d, n in sorted(w.remaining.items()) for _ in range(n)]
    state.cells = {(x, y): i for x, y, i in w.cells}
    state.frontier = {(x, y): edges for x, y, edges in w.frontier}
    state.tiles = [frozenset(t) for t in w.tiles]
    state.ledger = [dict(d) for d in w.ledger]
    return freeze(state)


def _slot_type(name: str):
    """The type of module ``name``'s slot; a module this program has not registered is refused as
    msgspec refuses any other malformed view."""
    if registry.entry(name) is None or module(name) is None:
        raise msgspec.ValidationError(f"a view of a game with a module this program does not have: {name!r}")
    return module(name).slot_type


def encode_events(events) -> bytes:
    return _ENCODER.encode(tuple(events))


def decode_events(data: bytes) -> tuple:
    return _EVENTS_DECODER.decode(data)
