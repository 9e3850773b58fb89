"""Both games' masters think within one budget loop (``opponents.base.run_budget``, issue 20's mending
of the duplicate): a budget in simulations runs exactly that many, and Esc (``hurry``) stops the
search after the first, whichever game's master is thinking."""

from __future__ import annotations

import time

import pytest

from tiletum_tui.games.carcassonne.engine import new_game as carcassonne_game
from tiletum_tui.games.carcassonne.engine import view as carcassonne_view
from tiletum_tui.games.carcassonne.opponents.levels import Opponent as CarcassonneOpponent
from tiletum_tui.games.carcassonne.opponents.match import settings_for as carcassonne_settings
from tiletum_tui.games.tiletum.engine import current_player, new_game, view
from tiletum_tui.shell.opponents.base import Budget, run_budget
from tiletum_tui.games.tiletum.opponents.levels import Opponent
from tiletum_tui.games.tiletum.opponents.match import settings_for


def test_a_budget_in_simulations_runs_exactly_that_many_and_hurry_stops_after_the_first():
    ran = []
    assert run_budget(Budget.parse("7 60s"), time.perf_counter(), lambda: ran.append(1)) == (7, False)
    assert len(ran) == 7
    ran.clear()
    assert run_budget(Budget.parse("100 60s"), time.perf_counter(), lambda: ran.append(1), hurry=lambda: True) \
        == (1, False)  # (Esc's hurry is no cut by the cap)
    assert ran == [1]


def _tiletum():
    state = new_game(settings_for(("master", "journeyman"), seed=5))
    return Opponent(current_player(state), "master", Budget.parse("5")), view(state)


def _carcassonne():
    state = carcassonne_game(carcassonne_settings(("master", "journeyman"), 5))
    return CarcassonneOpponent(state.seat, "master", Budget.parse("5")), carcassonne_view(state)


@pytest.mark.parametrize("game", [_tiletum, _carcassonne], ids=["tiletum", "carcassonne"])
def test_each_games_master_spends_its_budget_through_the_shared_loop(game, monkeypatch):
    """The master reports the simulations of its budget, and the shared loop is the one that counted them."""
    import tiletum_tui.games.carcassonne.opponents.master as carcassonne_master
    import tiletum_tui.games.tiletum.opponents.master as tiletum_master

    calls = []

    def counted(budget, started, simulate, hurry=None):
        calls.append(budget)
        return run_budget(budget, started, simulate, hurry)

    monkeypatch.setattr(carcassonne_master, "run_budget", counted)
    monkeypatch.setattr(tiletum_master, "run_budget", counted)
    opponent, seen = game()
    assert opponent.choose(seen).simulations == 5
    assert calls == [Budget.parse("5 10s")]  # the level's default cap, 10 s
