"""The evaluation works out what a search's many states share once (the map's counts, the best Town near
the Merchant and the Architect, the King track's leader and the Fairs, the face-down Corruption's mean)
and keeps it while those parts of the state are the same objects. A position must be worth the same
however it was reached: what was weighed before can never leak into it (issue 23: the master's
simulations a second, measured with these shortcuts, must be simulations of the same evaluation)."""

from __future__ import annotations

import msgspec
import pytest

from tiletum_tui.games.tiletum.engine import apply_in_place, apply_listed, current_player, legal_actions, new_game, view
from tiletum_tui.games.tiletum.engine.state import State
from tiletum_tui.games.tiletum.opponents.evaluate import evaluate
from tiletum_tui.games.tiletum.opponents.weights import MASTER_WEIGHTS
from tiletum_tui.games.tiletum.opponents.levels import Opponent
from tiletum_tui.games.tiletum.opponents.match import settings_for


def _fresh(state: State) -> State:
    """The same position made of new objects: nothing the evaluation kept can match it by identity."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


@pytest.mark.parametrize("players, modules", [(2, ()), (4, ("silver",))])
def test_a_position_is_worth_the_same_whatever_was_weighed_before(players, modules):
    """Every position of two rounds of a journeyman game and up to 10 moves from each (a House placed, a
    Merchant moved, a Pillar raised...), weighed right after its parent and siblings, is worth exactly
    what the same position built afresh is worth, to every player, with either level's weights."""
    state = new_game(settings_for(("journeyman",) * players, seed=8, modules=modules))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    weighed = 0
    while state.round <= 2:
        for weights in (None, MASTER_WEIGHTS[players]):
            evaluate(state, weights=weights)
            for a in legal_actions(state)[:10]:
                child = apply_listed(state, a)
                assert evaluate(child, weights=weights) == evaluate(_fresh(child), weights=weights), a
                weighed += 1
        apply_in_place(state, seats[current_player(state)].choose(view(state)).action)
    assert weighed > 500
