"""The evaluation's shared work (issue 20, the master's cost): weighing a tile's place from the land
before it (``evaluate.weigh(after, before)``) gives each player the value a weighing from scratch gives,
for every follower the tile may then take or none: the same roads, cities, cloisters, farms and
supply, only less of it weighed again."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.games.carcassonne.engine import Place, apply_in_place, legal_actions, new_game
from tiletum_tui.games.carcassonne.engine.followers import spots
from tiletum_tui.games.carcassonne.engine.land import legal_places
from tiletum_tui.games.carcassonne.engine.state import Follower
from tiletum_tui.games.carcassonne.opponents.evaluate import MASTER_ODDS, ODDS, values_each, weigh

from ..helpers import settings


@pytest.mark.parametrize("odds", [ODDS, MASTER_ODDS], ids=["journeyman", "master"])
@pytest.mark.parametrize("players,river,seed", [(2, False, 3), (3, True, 8), (5, False, 21)])
def test_weighing_a_place_from_the_land_before_it_gives_the_values_of_weighing_it_anew(players, river, seed, odds):
    """Games filled with followers (roads, cities, cloisters and farms shared, joined and completed):
    at every turn, every place of the drawn tile, with each follower it may take or none (with the
    journeyman's chances of closing an open end, and with the master's)."""
    state = new_game(settings(players, seed=seed, river=river)).clone()
    rng = random.Random(seed)
    compared = 0
    while state.phase != "over":
        if state.phase == "place" and state.turn % 2 == 0:
            before = weigh(state, odds=odds)
            for x, y, r in legal_places(state, state.drawn):
                after = state.clone()
                apply_in_place(after, Place(state.seat, state.drawn, x, y, r), checked=True)
                tile = after.placed[after.last]
                extras = [None] + [Follower(state.seat, tile.base + s.segment, s.role, after.last)
                                   for s in spots(after) if s.refused is None]
                anew_values = values_each(after, extras, odds=odds)
                for shared, anew in zip(values_each(after, extras, before, odds), anew_values):
                    assert shared == pytest.approx(anew, abs=1e-9), (x, y, r)
                    compared += 1
        legal = legal_actions(state)
        deploys = [a for a in legal if getattr(a, "role", None)]  # mostly a follower: a crowded land
        apply_in_place(state, rng.choice(deploys) if deploys and rng.random() < 0.7 else rng.choice(legal),
                       checked=True)
    assert compared > 500


def test_the_master_weighs_an_open_city_by_how_often_such_cities_are_completed():
    """A city pays 2 points a tile (and pennant) completed, 1 unfinished (the rules text's scoring). The
    journeyman all but promises completion while many tiles are left; in its own games a city with a
    follower and two open edges 30 to 39 tiles before the end was completed 18% of the time
    (``bench.carcassonne.completion_rates``, docs/carcassonne.md), and the master weighs it so: nearer
    its unfinished worth than its completed one."""
    state = new_game(settings(2, seed=4)).clone()
    rng = random.Random(4)
    found = None
    while state.phase != "over":
        if state.phase == "place" and 30 <= len(state.pile) <= 39:
            for f in state.followers:
                root = state.find(f.node)
                if state.kind[root] == "city" and state.open[root] == 2:
                    found = root
            if found is not None:
                break
        legal = legal_actions(state)
        knights = [a for a in legal if getattr(a, "role", None) == "knight"]
        apply_in_place(state, rng.choice(knights) if knights else rng.choice(legal), checked=True)
    assert found is not None
    tiles, pennants, segs = len(state.tiles[found]), state.pennants[found], state.segs[found]
    complete, unfinished = 2.0 * (tiles + pennants), float(segs + pennants)
    journeyman = weigh(state, odds=ODDS).features[found][0]
    master = weigh(state, odds=MASTER_ODDS).features[found][0]
    assert journeyman > unfinished + 0.9 * (complete - unfinished)
    assert unfinished < master < unfinished + 0.4 * (complete - unfinished)


def test_the_masters_last_followers_in_supply_are_worth_most():
    """Issue 43, "Carcassonne's master keeps its followers working": it began 48% of its turns with no
    follower in supply, its followers locked in features it could not finish. Its evaluation (and so its
    playouts) now values the last followers in supply most: spending the last one costs it well over
    what spending a seventh does, and more than a point or two of an unfinished feature. The journeyman
    values each alike, as before."""
    from tiletum_tui.games.carcassonne.opponents.evaluate import values

    state = new_game(settings(2, seed=3)).clone()

    def worth(count: int, odds) -> float:
        state.supply[0] = count
        return values(state, odds=odds)[0]

    last, spare = worth(1, MASTER_ODDS) - worth(0, MASTER_ODDS), worth(7, MASTER_ODDS) - worth(6, MASTER_ODDS)
    assert last > 2 * spare and last > 4
    assert worth(1, ODDS) - worth(0, ODDS) == pytest.approx(worth(7, ODDS) - worth(6, ODDS))
