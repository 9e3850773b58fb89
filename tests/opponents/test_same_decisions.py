"""Issue 43, "A level is its simulations": a simulation made cheaper is the same simulation. The master at a
fixed number of simulations makes, at fixed positions of journeyman games, the decisions the code recorded in
``master_decisions.json`` made (main at d182aa9, before the search was made faster; recorded again when the
Stone in hand came to be counted once, issue 43, which changed 2 of the 14 plans and no journeyman value; and
again when a full Storehouse came to count only as the master's turn ends, which changed 7 of the 14 plans, 8
runners-up and no value of a turn start;
``make_master_decisions.py`` says how): the same plan, the same runner-up, the same chances to win to the last bit (any value the search
weighs that moved by a rounding would show there), and every seat's value of the position by the master's
weights and the journeyman's. The positions are reached by the journeyman's own moves, so its planner is held
to the same too. A change that means to change the master's play records the file again and says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiletum_tui.games.tiletum.engine import notation
from tiletum_tui.games.tiletum.opponents.evaluate import evaluate
from tiletum_tui.games.tiletum.opponents.levels import Opponent
from tiletum_tui.games.tiletum.opponents.weights import master_weights
from tiletum_tui.shell.opponents.base import Budget

from .make_master_decisions import positions

RECORDED = json.loads((Path(__file__).parent / "master_decisions.json").read_text())
GAMES = [pytest.param(g, id=f"{g['players']}p{''.join('-' + m for m in g['modules'])}-seed{g['seed']}")
         for g in RECORDED["games"]]


@pytest.mark.parametrize("game", GAMES)
def test_the_master_decides_as_recorded(game):
    asked = tuple(tuple(a) for a in game["asked"])
    reached = list(positions(game["players"], tuple(game["modules"]), game["seed"], asked))
    assert len(reached) == len(game["decisions"])
    for (where, seen, moves), was in zip(reached, game["decisions"]):
        at = f"seed {game['seed']}, round {where[0]} lap {where[1]}, seat {where[2] + 1}"
        assert (len(moves), moves[-1] if moves else "") == (was["moves"], was["last move"]), \
            f"{at}: the journeymen's game went another way"
        assert [repr(v) for v in evaluate(seen, weights=master_weights(seen))] == was["values, master's weights"], at
        assert [repr(v) for v in evaluate(seen)] == was["values, journeyman's"], at
        choice = Opponent(where[2], "master", Budget(seconds=None, simulations=RECORDED["simulations"])).choose(seen)
        assert [notation(a) for a in choice.plan] == was["plan"], at
        assert [notation(a) for a in choice.alternative or ()] == was["alternative"], at
        assert (repr(choice.win), repr(choice.alternative_win), choice.simulations) == \
            (was["win"], was["alternative win"], was["simulations"]), at
