"""Why a turn is worth what the evaluation says (issue 41, item 13): its value to each player taken
apart, feature by feature, from the evaluation's own figures (``evaluate.weigh``: what each road, city
and cloister with followers promises its majority, what each farmed city gives its farmers, the
followers in supply). The parts add up to the change in each player's value that ranks the turn, so
the hint and ``x`` can say why a quiet move (nothing completed, no follower) is worth what it is:
it makes an opponent's city harder to close, say, or grows one's own road.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import Deploy, Place, apply_in_place
from ..engine.followers import deploy as put_follower, spots
from ..engine.scoring import neighbours
from ..engine.values import AROUND
from ..engine.words import count as _n
from .evaluate import MASTER_ODDS, Odds, margin, supply_worth, weigh


class Part(NamedTuple):
    """One thing the turn changes, and by how many of the evaluation's points for each player."""

    words: str  # what changed: "Bob's city: 3 tiles, 2 open edges → 4 tiles, 3 open edges"
    points: tuple[float, ...]  # per seat (most are 0)


def after_turn(seen, place: Place | None, deploy: Deploy):
    """The position the evaluation weighs for a turn: the tile placed, the follower on it (not yet
    scored: the evaluation counts a completed feature in full and its followers back in supply)."""
    after = seen.clone()
    if place is not None:
        apply_in_place(after, place, checked=True)
    if deploy.role is not None:
        spot = next(s for s in spots(after) if s.name == deploy.segment)
        put_follower(after, spot.segment)
    return after


def _whose(state, seats, me: int | None) -> str:
    """Whose, possessive: "Bob's", "your", "your and Bob's" (``me``: the player reading)."""
    names = [p.name for p in state.players]
    return " and ".join(dict.fromkeys("your" if s == me else f"{names[s]}'s" for s in seats))


def _size(state, root: int) -> str:
    """A feature's size as a player reads it: its tiles and, unfinished, its open ends."""
    kind = state.kind[root]
    if kind == "cloister":
        tile = state.placed[min(state.tiles[root])]
        return f"{_n(neighbours(state, tile.x, tile.y), 'tile')} round it of {AROUND}"
    size = _n(len(state.tiles[root]), "tile")
    opened = state.open[root]
    if opened <= 0:
        return f"{size}, completed"
    return f"{size}, {_n(opened, 'open end' if kind == 'road' else 'open edge')}"


def _change(seen, olds: list[int], after, root: int) -> str:
    """What became of a feature: "2 tiles, 1 open end → 3 tiles, 1 open end" (or what it is, unchanged)."""
    was = " and ".join(_size(seen, o) for o in olds)
    now = _size(after, root)
    return now if not was or was == now else f"{was} → {now}"


def parts(seen, place: Place | None, deploy: Deploy, odds: Odds = MASTER_ODDS, me: int | None = None) -> list[Part]:
    """The turn's value to each player, taken apart (biggest first): each feature with followers
    that the tile or the follower changed, each farmed city whose farmers or worth changed, the
    followers in supply. Their sum for a seat is its value after the turn less its value before.
    ``me``: the player the words are for ("your road")."""
    n = len(seen.players)
    after = after_turn(seen, place, deploy)
    before_land, after_land = weigh(seen, odds=odds), weigh(after, odds=odds)
    out: list[Part] = []

    def add(words: str, delta: list[float]) -> None:
        if any(abs(d) >= 0.05 for d in delta):
            out.append(Part(words, tuple(delta)))

    # roads, cities and cloisters with followers: grouped by what they are after the turn
    merged: dict[int, list[int]] = {}
    for root in before_land.features:
        merged.setdefault(after.find(root), []).append(root)
    for root in set(merged) | set(after_land.features):
        delta = [0.0] * n
        for old in merged.get(root, ()):
            points, _done, _seats, _on, most = before_land.features[old]
            for s in most:
                delta[s] -= points
        entry = after_land.features.get(root)
        if entry is not None:
            for s in entry[4]:
                delta[s] += entry[0]
        olds = merged.get(root, [])
        seats = entry[2] if entry is not None else [s for o in olds for s in before_land.features[o][2]]
        kind = after.kind[root]
        if not olds:  # a follower deployed this turn on a feature nobody stood on
            role = entry[3][0].role if entry is not None else "follower"
            words = f"{_whose(after, seats, me)} new {role}: a {kind} of {_size(after, root)}"
        else:
            words = f"{_whose(after, seats, me)} {kind}: {_change(seen, olds, after, root)}"
        add(words, delta)
    # the cities farms supply (FARM_CITY points each at the end to the most farmers)
    cities: dict[int, list[int]] = {}
    for c in before_land.cities:
        cities.setdefault(after.find(c), []).append(c)
    for c in set(cities) | set(after_land.cities):
        delta = [0.0] * n
        for old in cities.get(c, ()):
            _seats, most, worth, _roots = before_land.cities[old]
            for s in most:
                delta[s] -= worth
        entry = after_land.cities.get(c)
        if entry is not None:
            for s in entry[1]:
                delta[s] += entry[2]
        seats = entry[0] if entry is not None else [s for o in cities.get(c, ()) for s in before_land.cities[o][0]]
        if c in cities:
            add(f"the city {_whose(after, seats, me)} farmers supply: {_change(seen, cities[c], after, c)}", delta)
        else:  # a farm the tile or the farmer joined to a city: it supplies it now
            add(f"a city of {_size(after, c)} that {_whose(after, seats, me)} farmers now supply", delta)
    supply = [a - b for a, b in zip(supply_worth(after_land.supply, after_land.left, n, odds),
                                    supply_worth(before_land.supply, before_land.left, n, odds))]
    if any(abs(d) >= 0.05 for d in supply):
        for s in range(n):
            more = after_land.supply[s] - before_land.supply[s]
            if more:
                add(f"{_whose(after, [s], me)} followers in supply: {more:+d}", [supply[s] if t == s else 0.0
                                                                               for t in range(n)])
    merged_words: dict[str, Part] = {}  # two cities alike in words: one part, counted
    for part in out:
        seen_part = merged_words.get(part.words)
        merged_words[part.words] = part if seen_part is None else Part(
            part.words, tuple(a + b for a, b in zip(seen_part.points, part.points)))
    return sorted(merged_words.values(), key=lambda p: -max(abs(d) for d in p.points))


def for_seat(part: Part, seat: int, names) -> str:
    """A part in words for the player choosing: what it is, and whose points it moves."""
    gains = [f"{'you' if s == seat else names[s]} {d:+.1f}" for s, d in enumerate(part.points) if abs(d) >= 0.05]
    return f"{part.words} ({', '.join(gains)})"


def why_quiet(seen, place: Place | None, deploy: Deploy, seat: int, odds: Odds = MASTER_ODDS, most: int = 2) -> str:
    """The few parts that matter most to the player's margin, in words ("" when the turn changes nothing
    the evaluation weighs)."""
    names = [p.name for p in seen.players]
    ranked = sorted(parts(seen, place, deploy, odds, seat), key=lambda p: -abs(margin(list(p.points), seat)))
    return "; ".join(for_seat(p, seat, names) for p in ranked[:most])

