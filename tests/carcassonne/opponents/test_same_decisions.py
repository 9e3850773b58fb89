"""Issue 43, "A level is its simulations": a simulation made cheaper is the same simulation (Carcassonne's, as
tests/opponents/test_same_decisions.py holds Tiletum's). At fixed positions of journeyman games (2 and 4 players,
with and without the River, early, mid and late, the player deciding with followers in supply and with none) the
master at a fixed number of simulations makes the decisions the code recorded in ``master_decisions.json`` made
(main at d31b71b, before its simulations were made cheaper; ``make_master_decisions.py`` says how): the same
whole turn and runner-up, the same chances to win and gains to the last bit, every root candidate's visits and
total, the same whole tree (a digest of every node's turn, value, visits, total and deals), and at two of them
its decision at its level's own simulations. The journeyman's ranking of the tile's turns and each seat's value
are held to the same too, and the positions are reached by its own moves. A change that means to change the
master's play records the file again and says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .make_master_decisions import at_level, decide, positions

RECORDED = json.loads((Path(__file__).parent / "master_decisions.json").read_text())
GAMES = [pytest.param(g, id=f"{g['players']}p{''.join('-' + m for m in g['modules'])}-seed{g['seed']}")
         for g in RECORDED["games"]]


@pytest.mark.parametrize("game", GAMES)
def test_the_master_decides_as_recorded(game):
    reached = list(positions(game["players"], tuple(game["modules"]), game["seed"], tuple(game["asked"])))
    assert len(reached) == len(game["decisions"])
    for (turn, seen, moves), was in zip(reached, game["decisions"]):
        at = f"seed {game['seed']}, turn {turn}, seat {seen.seat + 1}"
        assert (len(moves), moves[-1] if moves else "", seen.drawn, seen.supply[seen.seat]) == \
            (was["moves"], was["last move"], was["drawn"], was["in supply"]), \
            f"{at}: the journeymen's game went another way"
        now = decide(seen, seen.seat, RECORDED["simulations"])
        for key, value in now.items():  # (one by one: the first that moved is named)
            assert value == was[key], f"{at}: {key}"
        if turn in game["at the level's"]:
            assert at_level(seen, seen.seat) == was["at the level's simulations"], at
