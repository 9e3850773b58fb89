"""The evaluation's shared work (issue 20, the master's cost): weighing a tile's place from the land
before it (``evaluate.weigh(after, before)``) gives each player the value a weighing from scratch gives,
for every follower the tile may then take or none: the same roads, cities, cloisters, farms and
supply, only less of it weighed again."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.carcassonne.engine import Place, apply_in_place, legal_actions, new_game
from tiletum_tui.carcassonne.engine.followers import spots
from tiletum_tui.carcassonne.engine.land import legal_places
from tiletum_tui.carcassonne.engine.state import Follower
from tiletum_tui.carcassonne.opponents.evaluate import values_each, weigh

from ..helpers import settings


@pytest.mark.parametrize("players,river,seed", [(2, False, 3), (3, True, 8), (5, False, 21)])
def test_weighing_a_place_from_the_land_before_it_gives_the_values_of_weighing_it_anew(players, river, seed):
    """Games filled with followers (roads, cities, cloisters and farms shared, joined and completed):
    at every turn, every place of the drawn tile, with each follower it may take or none."""
    state = new_game(settings(players, seed=seed, river=river)).clone()
    rng = random.Random(seed)
    compared = 0
    while state.phase != "over":
        if state.phase == "place" and state.turn % 2 == 0:
            before = weigh(state)
            for x, y, r in legal_places(state, state.drawn):
                after = state.clone()
                apply_in_place(after, Place(state.seat, state.drawn, x, y, r), checked=True)
                tile = after.placed[after.last]
                extras = [None] + [Follower(state.seat, tile.base + s.segment, s.role, after.last)
                                   for s in spots(after) if s.refused is None]
                for shared, anew in zip(values_each(after, extras, before), values_each(after, extras)):
                    assert shared == pytest.approx(anew, abs=1e-9), (x, y, r)
                    compared += 1
        legal = legal_actions(state)
        deploys = [a for a in legal if getattr(a, "role", None)]  # mostly a follower: a crowded land
        apply_in_place(state, rng.choice(deploys) if deploys and rng.random() < 0.7 else rng.choice(legal),
                       checked=True)
    assert compared > 500
