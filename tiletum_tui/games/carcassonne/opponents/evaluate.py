"""What a position of Carcassonne is worth to each player, in points: the journeyman's evaluation, and
the master's at the end of each simulation.

A player's value is its score now plus what its followers on the land promise: each road, city and
cloister at the points the rules text pays for it completed, weighed by a chance of completing it
that falls with its open ends and edges and with the tiles left (``Odds``: the journeyman's hopeful,
the master's fitted to how often it happens), and otherwise at what the final
scoring pays for it unfinished (a point a segment, a pennant; a cloister a point a tile round it);
each completed city a farm supplies, ``FARM_CITY`` points to the most farmers (an unfinished city by its chance);
and a little for each follower in supply while there are turns left to use it. A feature the
position has just completed (no open end: the placed tile closed it) counts in full and its
followers as back in supply, as its scoring will make them. The majorities and ties are the rules'
(``scoring.majority``'s: the most followers, all of them on a tie). Every count comes from the engine's state; the weights are guesses tuned with
the arena (docs/carcassonne.md).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ..engine.scoring import neighbours
from ..engine.state import Follower, State
from ..engine.values import (
    AROUND, CITY_PENNANT, CITY_TILE, CLOISTER, CLOISTER_TILE, FARM_CITY, ROAD_TILE, UNFINISHED_PENNANT, UNFINISHED_SEGMENT,
)

ROAD_SCALE = 7.0  # tiles left at which an open road end has a 1 - 1/e chance of being closed
CITY_SCALE = 9.0  # the same for a city's open edge (harder: the right city edge must come)
CLOISTER_FILL = 0.07  # the share of a cloister's missing neighbours a tile left fills, up to all
SUPPLY = 1.6  # points a follower in supply is worth while its owner still has turns to place it
SUPPLY_TURNS = 10.0  # ... falling off over a player's last this many turns
# the rule values (``engine.values``) as the evaluation counts them, in points as floats
_CLOISTER, _CITY_TILE, _CITY_PENNANT, _FARM_CITY = float(CLOISTER), float(CITY_TILE), float(CITY_PENNANT), float(FARM_CITY)


def _closing(left: int, scale: float, cap: float = 1.0) -> float:
    """The chance one open end or edge is closed before the tiles run out."""
    return cap * (1.0 - math.exp(-left / scale))


class Odds(NamedTuple):
    """How likely an open road end or city edge is to be closed by the end: ``cap`` (1 - e^(-left / scale)).
    The journeyman's (``ODDS``) all but promises it while many tiles are left; the master's
    (``MASTER_ODDS``) is fitted to how often a follower's road or city was completed in 60 journeyman
    games (docs/carcassonne.md): a city edge closed about half the time with 30 tiles left, not 96%."""

    road_scale: float
    city_scale: float
    road_cap: float = 1.0
    city_cap: float = 1.0
    # What the followers in supply are worth, the first, the second, ... (the rest: ``SUPPLY`` each); ():
    # ``SUPPLY`` each. The master's last followers are worth most: with none in supply a turn can claim
    # nothing, so one locked in a feature that will likely not close costs it more than its points.
    supply: tuple[float, ...] = ()

    def chances(self, left: int) -> tuple[float, float]:
        """(a road end's, a city edge's) chance of being closed with ``left`` tiles to come."""
        return _closing(left, self.road_scale, self.road_cap), _closing(left, self.city_scale, self.city_cap)


ODDS = Odds(ROAD_SCALE, CITY_SCALE)
MASTER_ODDS = Odds(road_scale=45.0, city_scale=22.0, road_cap=1.0, city_cap=0.65, supply=(4.5, 3.0, 2.2))


def _in_supply(count: float, steps: tuple[float, ...]) -> float:
    """What ``count`` followers in supply are worth (a fraction: the turns left allow only a part of one)."""
    if not steps:
        return SUPPLY * count
    whole = int(count)
    worth = sum(steps[:whole]) + max(0, whole - len(steps)) * SUPPLY
    return worth + (count - whole) * (steps[whole] if whole < len(steps) else SUPPLY)


def _most(seats: list[int]) -> list[int]:
    """``scoring.majority`` for a short list, without a Counter (the evaluation's hot spot)."""
    if len(seats) == 1:
        return seats
    if len(seats) == 2:  # (the commonest after one: both, or the one seat twice)
        return seats if seats[0] != seats[1] else seats[:1]
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
        if around == AROUND:
            return _CLOISTER, True
        return CLOISTER_TILE * (1 + around + (AROUND - around) * min(1.0, CLOISTER_FILL * left)), False
    opened = state.open[root]
    tiles = len(state.tiles[root])
    if kind == "road":
        if opened <= 0:
            return float(ROAD_TILE * tiles), True
        p = (_closing(left, ROAD_SCALE) if road_q is None else road_q) ** opened
        return p * ROAD_TILE * tiles + (1 - p) * UNFINISHED_SEGMENT * state.segs[root], False
    pennants = state.pennants[root]
    if opened <= 0:
        return _CITY_TILE * tiles + _CITY_PENNANT * pennants, True
    p = (_closing(left, CITY_SCALE) if city_q is None else city_q) ** opened
    return (p * (CITY_TILE * tiles + CITY_PENNANT * pennants)
            + (1 - p) * (UNFINISHED_SEGMENT * state.segs[root] + UNFINISHED_PENNANT * pennants)), False


def values(state: State, extra: Follower | None = None, odds: Odds = ODDS) -> list[float]:
    """Each player's value (see the module's docstring); ``extra``: a follower deployed in thought."""
    return values_each(state, [extra], odds=odds)[0]


class Land(NamedTuple):
    """What the evaluation weighed of a position's followers (``weigh``): its players' values before
    any follower deployed in thought, and what each feature and farmed city gave to whom."""

    nodes: int  # the segments then on the land, and the tiles: a tile placed after it is told by them
    placed: int
    left: int
    base: list[float]  # the scores plus what the features and farmed cities promise (no supply yet)
    supply: list[int]  # the followers in supply, counting those a completed feature gives back
    features: dict  # a road's, city's or cloister's root: (points, complete, seats, followers, majority)
    farms: dict  # a farm's root: (its followers, the roots of the cities it touches, their seats)
    cities: dict  # a farmed city's root: (its farmers' seats, majority, worth, the farms' roots)


def weigh(state: State, before: Land | None = None, odds: Odds = ODDS) -> Land:
    """The evaluation's work on ``state``'s followers. With ``before`` (``weigh`` of the state just
    before its last tile was placed: the same followers and pile) only what that tile touched is
    weighed again: the features and farms its segments joined, the cloisters round it, the cities
    those farms touch or the tile joined; the rest is taken over as it was (``values_each``). ``odds``:
    the chances of closing an open end (``before`` was weighed with the same)."""
    left = len(state.pile)
    if (before is not None and before.left == left and len(state.placed) == before.placed + 1
            and state.placed[-1].base == before.nodes):
        return _weigh_after(state, before, odds)
    road_q, city_q = _chances(odds, left)
    find, kinds = state.find, state.kind
    base = [float(s) for s in state.scores]
    supply = list(state.supply)
    parent = state.parent
    groups: dict[int, list[Follower]] = {}
    for f in state.followers:
        node = f.node
        groups.setdefault(node if parent[node] == node else find(node), []).append(f)  # (a root: its own)
    features: dict[int, tuple] = {}
    farms: dict[int, tuple] = {}
    for root, on in groups.items():
        seats = [f.seat for f in on]
        if kinds[root] == "field":
            farms[root] = (on, {c if parent[c] == c else find(c) for c in state.cities[root]}, seats)
            continue
        _weigh_feature(state, root, on, seats, (left, road_q, city_q), features, base, supply)
    by_city: dict[int, list[int]] = {}  # a city's farms
    for root, farm in farms.items():
        for city in farm[1]:
            by_city.setdefault(city, []).append(root)
    cities = {city: _city(state, city, [farms[r] for r in roots], roots, city_q) for city, roots in by_city.items()}
    for seats, most, w, _ in cities.values():
        for seat in most:
            base[seat] += w
    return Land(len(state.parent), len(state.placed), left, base, supply, features, farms, cities)


def _weigh_feature(state: State, root: int, on: list, seats: list[int], closing: tuple, features: dict,
                   base: list[float], supply: list[int]) -> None:
    """A road's, city's or cloister's entry (``Land.features``), its points to its majority in ``base``
    and, complete, its followers back in ``supply``; ``closing``: (tiles left, the road's and the city's
    chance a turn of being closed)."""
    points, done = feature_points(state, root, on[0].tile, *closing)
    most = _most(seats)
    features[root] = (points, done, seats, on, most)
    for seat in most:
        base[seat] += points
    if done:
        for seat in seats:
            supply[seat] += 1


def _city(state: State, city: int, farms: list[tuple], roots: list[int], city_q: float) -> tuple:
    """A farmed city's entry: its farmers' seats (over the farms touching it), the majority, its worth."""
    seats = [seat for farm in farms for seat in farm[2]]
    opened = state.open[city]
    return seats, _most(seats), _FARM_CITY if opened <= 0 else _FARM_CITY * city_q ** opened, roots


def _weigh_after(state: State, before: Land, odds: Odds) -> Land:
    """``weigh`` from ``before``: what the last tile changed, taken out and weighed again."""
    left = before.left
    closing = None  # (tiles left, the road's and the city's chance): worked out only when a feature is weighed again
    find, kinds, parent = state.find, state.kind, state.parent
    p = state.placed[-1]
    touched = {n if parent[n] == n else find(n) for n in range(p.base, len(parent))}  # (a root: its own, no call)
    base, supply = before.base[:], before.supply[:]
    features, farms, cities = dict(before.features), dict(before.farms), dict(before.cities)
    fresh: dict[int, list[Follower]] = {}  # roots weighed anew: their followers
    x, y, placed = p.x, p.y, state.placed
    for root, entry in before.features.items():
        on = entry[3]
        # (``find(root) in touched``: a root then is joined since, or joined to, by the tile's segments only)
        if parent[root] != root or root in touched or (kinds[root] == "cloister" and abs(placed[on[0].tile].x - x) <= 1
                                                       and abs(placed[on[0].tile].y - y) <= 1):
            del features[root]
            for seat in entry[4]:
                base[seat] -= entry[0]
            if entry[1]:
                for seat in entry[2]:
                    supply[seat] -= 1
            fresh.setdefault(find(root), []).extend(on)
    dirty: set[int] = set()  # the cities (roots now) whose farmers or worth may have changed
    grown: dict[int, list[int]] = {}  # a farm the tile touched: the farms it was
    for root, farm in before.farms.items():
        if parent[root] != root or root in touched:  # (``find(root) in touched``, as above)
            del farms[root]
            now = find(root)
            fresh.setdefault(now, []).extend(farm[0])
            grown.setdefault(now, []).append(root)
            continue
        for c in farm[1]:
            if parent[c] != c or c in touched:  # (a city root then: joined or changed since)
                farms[root] = (farm[0], {find(c) for c in farm[1]}, farm[2])
                break
    for c in before.cities:
        if parent[c] != c or c in touched:
            dirty.add(find(c))
    for root, on in fresh.items():
        seats = [f.seat for f in on]
        if kinds[root] == "field":
            farm = farms[root] = (on, {find(c) for c in state.cities[root]}, seats)
            was = grown[root]
            if len(was) == 1:  # the same farmers: only the cities it touches since are new to them
                dirty.update(farm[1].difference(find(c) for c in before.farms[was[0]][1]))
            else:
                dirty.update(farm[1])
            continue
        if closing is None:
            closing = (left, *_chances(odds, left))
        _weigh_feature(state, root, on, seats, closing, features, base, supply)
    if dirty:
        by_city: dict[int, list[int]] = {}  # a dirty city's farms, each once
        for c, entry in before.cities.items():
            city = find(c)
            if city in dirty:
                del cities[c]
                for seat in entry[1]:
                    base[seat] -= entry[2]
                roots = by_city.setdefault(city, [])
                roots.extend(r for r in entry[3] if r in farms and r not in roots)
        for root in fresh:
            farm = farms.get(root)
            if farm is not None and kinds[root] == "field":
                for city in farm[1]:
                    if city in dirty:
                        roots = by_city.setdefault(city, [])
                        if root not in roots:
                            roots.append(root)
        city_q = _chances(odds, left)[1] if closing is None else closing[2]
        for city, roots in by_city.items():
            if roots:
                entry = cities[city] = _city(state, city, [farms[r] for r in roots], roots, city_q)
                for seat in entry[1]:
                    base[seat] += entry[2]
    return Land(len(parent), len(placed), left, base, supply, features, farms, cities)


def values_each(state: State, extras: list[Follower | None], before: Land | None = None,
                odds: Odds = ODDS) -> list[list[float]]:
    """``values`` with each of ``extras`` deployed in thought (None: none), sharing the work: only the
    feature (or the farm's cities) a follower joins is weighed again. ``before``, ``odds``: see ``weigh``."""
    n = len(state.players)
    land = weigh(state, before, odds)
    left = land.left
    find, kinds = state.find, state.kind
    base, supply, features, farms, cities = land.base, land.supply, land.features, land.farms, land.cities
    worth_of = _supply_row(left, n, odds)

    def worth(city: int) -> float:  # (the chances worked out only where a follower joins what the land did not weigh)
        opened = state.open[city]
        return _FARM_CITY if opened <= 0 else _FARM_CITY * _chances(odds, left)[1] ** opened

    out = []
    for extra in extras:
        v, sup = base[:], supply
        if extra is not None:
            sup = supply[:]
            sup[extra.seat] -= 1
            root = find(extra.node)
            if kinds[root] == "field":
                farm = farms.get(root)
                for city in farm[1] if farm is not None else {find(c) for c in state.cities[root]}:
                    entry = cities.get(city)
                    old = entry[0] if entry is not None else []  # (no farmer supplies it yet)
                    w = entry[2] if entry is not None else worth(city)
                    for seat in (entry[1] if entry is not None else ()):
                        v[seat] -= w
                    for seat in _most([*old, extra.seat]):
                        v[seat] += w
            else:
                if root in features:
                    points, done, old, _, most = features[root]
                    for seat in most:
                        v[seat] -= points
                    if done:
                        for seat in old:
                            sup[seat] -= 1
                else:
                    (points, done), old = feature_points(state, root, extra.tile, left, *_chances(odds, left)), []
                now = [*old, extra.seat]
                for seat in _most(now):
                    v[seat] += points
                if done:
                    for seat in now:
                        sup[seat] += 1
        for seat, count in enumerate(sup):
            v[seat] += worth_of[count]
        out.append(v)
    return out


def supply_worth(supply, left: int, n: int, odds: Odds) -> list[float]:
    """What each player's followers in supply are worth with ``left`` tiles to come among ``n`` players
    (no more followers than turns left to place them, fading over the last ``SUPPLY_TURNS``)."""
    worth_of = _supply_row(left, n, odds)
    return [worth_of[s] for s in supply]


class _SupplyRow(dict):
    """What a count of followers in supply is worth at one (tiles left, players, the odds' ``supply``), worked
    out the first time a count is asked (``supply_worth``: the same few are asked at every position of a search)."""

    __slots__ = ("turns", "fade", "steps")

    def __init__(self, left: int, n: int, steps: tuple[float, ...]) -> None:
        super().__init__()
        self.turns = left / n
        self.fade = min(1.0, self.turns / SUPPLY_TURNS) if self.turns > 0 else 0.0
        self.steps = steps

    def __missing__(self, count: int) -> float:
        worth = self[count] = 0.0 if self.turns <= 0 else _in_supply(min(count, self.turns), self.steps) * self.fade
        return worth


# The rows by the odds' ``supply`` (by its id: the steps are kept in the entry, so the id is theirs while it is
# here), then by tiles left and players; and the chances of closing by the odds (the same), then by tiles left.
_SUPPLY_ROWS: dict[int, tuple[tuple, dict[int, _SupplyRow]]] = {}
_CHANCES: dict[int, tuple[Odds, dict[int, tuple[float, float]]]] = {}
_KEPT = 64  # (a bound: a search weighs with one or two odds; tests make a few more)


def _supply_row(left: int, n: int, odds: Odds) -> _SupplyRow:
    steps = odds.supply
    kept = _SUPPLY_ROWS.get(id(steps))
    if kept is None or kept[0] is not steps:
        if len(_SUPPLY_ROWS) > _KEPT:
            _SUPPLY_ROWS.clear()
        kept = _SUPPLY_ROWS[id(steps)] = (steps, {})
    row = kept[1].get(left * 8 + n)  # (at most 5 players)
    if row is None:
        row = kept[1][left * 8 + n] = _SupplyRow(left, n, steps)
    return row


def _chances(odds: Odds, left: int) -> tuple[float, float]:
    """``odds.chances(left)``, worked out once per odds and tiles left."""
    kept = _CHANCES.get(id(odds))
    if kept is None or kept[0] is not odds:
        if len(_CHANCES) > _KEPT:
            _CHANCES.clear()
        kept = _CHANCES[id(odds)] = (odds, {})
    found = kept[1].get(left)
    if found is None:
        found = kept[1][left] = odds.chances(left)
    return found


def margin(vals: list[float], seat: int) -> float:
    """A player's value over the others' average (at 2 players: over the other)."""
    n = len(vals)
    return vals[seat] - (sum(vals) - vals[seat]) / (n - 1)
