"""What must hold after every action (issue 19): every follower in exactly one place, the feature
graph consistent with the tiles on the land, scores never dropping. Used by the random-game tests;
raises AssertionError naming what broke."""

from __future__ import annotations

from collections import Counter

from ..data import load
from . import land
from .state import State


def check_invariants(state: State, before: State | None = None) -> None:
    per_player = load().followers_per_player
    on_land = Counter(f.seat for f in state.followers)
    for seat in range(len(state.players)):
        assert state.supply[seat] >= 0, f"player {seat + 1} has a negative supply"
        assert state.supply[seat] + on_land[seat] == per_player, (
            f"player {seat + 1}: {state.supply[seat]} in supply and {on_land[seat]} on the land, not {per_player}")
    assert len({f.node for f in state.followers}) == len(state.followers), "two followers on one segment"
    by_root: dict[int, Counter] = {}
    for f in state.followers:
        by_root.setdefault(state.find(f.node), Counter())[f.seat] += 1
    for node in range(len(state.parent)):
        if state.parent[node] == node:
            assert Counter(state.occupants[node]) == by_root.get(node, Counter()), f"feature {node}'s followers"
    _same_graph(state)
    assert all(sum(d.values()) == v for d, v in zip(state.ledger, state.scores)), "the ledger and the scores differ"
    if before is not None:
        assert all(a >= b for a, b in zip(state.scores, before.scores)), "a score dropped"


def _same_graph(state: State) -> None:
    """The feature graph built afresh from the tiles on the land is the one kept incrementally."""
    fresh = State.__new__(State)
    for name in ("placed", "parent", "kind", "open", "tiles", "segs", "pennants", "occupants", "cities"):
        setattr(fresh, name, [])
    fresh.cells, fresh.frontier, fresh.modules = {}, {}, {}  # (the graph only: no module's rule)
    for p in state.placed:
        land.place(fresh, p.design, p.x, p.y, p.rotation)
    assert fresh.cells == state.cells and fresh.frontier == state.frontier, "the land's cells or frontier"
    for node in range(len(state.parent)):
        a, b = state.find(node), fresh.find(node)
        assert (state.open[a], state.tiles[a], state.segs[a], state.pennants[a]) == (
            fresh.open[b], fresh.tiles[b], fresh.segs[b], fresh.pennants[b]), f"feature of segment {node}"
        assert {state.find(c) for c in state.cities[a]} == {state.find(c) for c in fresh.cities[b]}
    label_a, label_b = {}, {}
    for node in range(len(state.parent)):
        assert label_a.setdefault(state.find(node), node) == label_b.setdefault(fresh.find(node), node), (
            f"segment {node} is in another feature than the tiles say")
