"""What a position of Carcassonne is worth to each player, in points: the journeyman's evaluation, and
the master's at the end of each simulation.

A player's value is its score now plus what its followers on the land promise: each road, city and
cloister at the points the rules text pays for it completed, weighed by a chance of completing it
that falls with its open ends and edges and with the tiles left, and otherwise at what the final
scoring pays for it unfinished (a point a segment, a pennant; a cloister a point a tile round it);
each completed city a farm supplies, 4 points to the most farmers (an unfinished city by its chance);
and a little for each follower in supply while there are turns left to use it. A feature the
position has just completed (no open end: the placed tile closed it) counts in full and its
followers as back in supply, as its scoring will make them. The majorities and ties are the rules'
(``scoring.majority``'s: the most followers, all of them on a tie). Every count comes from the engine's state; the weights are guesses tuned with
the arena (docs/carcassonne.md).
"""

from __future__ import annotations

import math

from ..engine.scoring import neighbours
from ..engine.state import Follower, State

ROAD_SCALE = 7.0  # tiles left at which an open road end has a 1 - 1/e chance of being closed
CITY_SCALE = 9.0  # the same for a city's open edge (harder: the right city edge must come)
CLOISTER_FILL = 0.07  # the share of a cloister's missing neighbours a tile left fills, up to all
SUPPLY = 1.6  # points a follower in supply is worth while its owner still has turns to place it
SUPPLY_TURNS = 10.0  # ... falling off over a player's last this many turns


def _closing(left: int, scale: float) -> float:
    """The chance one open end or edge is closed before the tiles run out."""
    return 1.0 - math.exp(-left / scale)


def _most(seats: list[int]) -> list[int]:
    """``scoring.majority`` for a short list, without a Counter (the evaluation's hot spot)."""
    if len(seats) == 1:
        return seats
    counts: dict[int, int] = {}
    for s in seats:
        counts[s] = counts.get(s, 0) + 1
    top = max(counts.values())
    return [s for s, c in counts.items() if c == top]


def feature_points(state: State, root: int, tile: int, left: int, road_q: float | None = None,
                   city_q: float | None = None) -> tuple[float, bool]:
    """What a road, city or cloister (its root; ``tile``: a follower's tile, for a cloister) is expected to
    pay its majority, and whether it is complete now (``road_q``, ``city_q``: ``_closing`` for ``left``)."""
    kind = state.kind[root]
    if kind == "cloister":
        p = state.placed[tile]
        around = neighbours(state, p.x, p.y)
        if around == 8:
            return 9.0, True
        return 1 + around + (8 - around) * min(1.0, CLOISTER_FILL * left), False
    opened = state.open[root]
    tiles = len(state.tiles[root])
    if kind == "road":
        if opened <= 0:
            return float(tiles), True
        p = (_closing(left, ROAD_SCALE) if road_q is None else road_q) ** opened
        return p * tiles + (1 - p) * state.segs[root], False
    pennants = state.pennants[root]
    if opened <= 0:
        return 2.0 * tiles + 2.0 * pennants, True
    p = (_closing(left, CITY_SCALE) if city_q is None else city_q) ** opened
    return p * (2 * tiles + 2 * pennants) + (1 - p) * (state.segs[root] + pennants), False


def values(state: State, extra: Follower | None = None) -> list[float]:
    """Each player's value (see the module's docstring); ``extra``: a follower deployed in thought."""
    return values_each(state, [extra])[0]


def values_each(state: State, extras: list[Follower | None]) -> list[list[float]]:
    """``values`` with each of ``extras`` deployed in thought (None: none), sharing the work: only the
    feature (or the farm's cities) a follower joins is weighed again."""
    n = len(state.players)
    left = len(state.pile)
    road_q, city_q = _closing(left, ROAD_SCALE), _closing(left, CITY_SCALE)
    base = [float(s) for s in state.scores]
    supply = list(state.supply)
    find, kinds = state.find, state.kind
    groups: dict[int, list[Follower]] = {}
    for f in state.followers:
        groups.setdefault(find(f.node), []).append(f)
    features: dict[int, tuple[float, bool, list[int]]] = {}  # road, city, cloister: points, complete, seats
    farm_cities: dict[int, set[int]] = {}
    supplied: dict[int, list[int]] = {}  # a city's farmers, over the farms touching it
    for root, on in groups.items():
        seats = [f.seat for f in on]
        if kinds[root] == "field":
            cities = farm_cities[root] = {find(c) for c in state.cities[root]}
            for city in cities:
                supplied.setdefault(city, []).extend(seats)
            continue
        points, done = feature_points(state, root, on[0].tile, left, road_q, city_q)
        features[root] = (points, done, seats)
        for seat in _most(seats):
            base[seat] += points
        if done:
            for seat in seats:
                supply[seat] += 1

    def worth(city: int) -> float:
        opened = state.open[city]
        return 4.0 if opened <= 0 else 4.0 * city_q ** opened

    for city, seats in supplied.items():
        w = worth(city)
        for seat in _most(seats):
            base[seat] += w
    out = []
    for extra in extras:
        v, sup = base[:], supply
        if extra is not None:
            sup = supply[:]
            sup[extra.seat] -= 1
            root = find(extra.node)
            if kinds[root] == "field":
                cities = farm_cities.get(root)
                for city in cities if cities is not None else {find(c) for c in state.cities[root]}:
                    w, old = worth(city), supplied.get(city, [])
                    for seat in (_most(old) if old else ()):
                        v[seat] -= w
                    for seat in _most([*old, extra.seat]):
                        v[seat] += w
            else:
                if root in features:
                    points, done, old = features[root]
                    for seat in _most(old):
                        v[seat] -= points
                    if done:
                        for seat in old:
                            sup[seat] -= 1
                else:
                    (points, done), old = feature_points(state, root, extra.tile, left, road_q, city_q), []
                now = [*old, extra.seat]
                for seat in _most(now):
                    v[seat] += points
                if done:
                    for seat in now:
                        sup[seat] += 1
        turns = left / n
        if turns > 0:
            fade = min(1.0, turns / SUPPLY_TURNS)
            for seat in range(n):
                v[seat] += SUPPLY * min(sup[seat], turns) * fade
        out.append(v)
    return out


def margin(vals: list[float], seat: int) -> float:
    """A player's value over the others' average (at 2 players: over the other)."""
    n = len(vals)
    return vals[seat] - (sum(vals) - vals[seat]) / (n - 1)
