"""Issue 43: at 2 players in the base game a simulation of the master's plays at least ``master.MIN_TURNS`` turns,
across a round's end where fewer are left, so the round's last turns are weighed by what the next round makes of them
(its King phase and Fair scored as the rules score them on the way); with Prospect for Silver, and at 3-4 players, it
stops at the round's end, as measured there. And the simulations a decision follow the CPU each costs.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import apply, current_player, new_game, view
from tiletum_tui.games.tiletum.engine.state import TurnFrame
from tiletum_tui.games.tiletum.opponents import levels, master
from tiletum_tui.games.tiletum.opponents.levels import Opponent, _turn_start
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.opponents.base import Budget


def _last_turn_of_round_one(players: int, modules: tuple[str, ...] = (), seed: int = 2):
    """The view at round 1's last turn start of a journeyman game, and who plays it."""
    state = new_game(settings_for(("journeyman",) * players, seed, modules=modules))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    last = None
    while state.round == 1:
        seen = view(state)
        if _turn_start(seen):
            last = (seen, current_player(state))
        state = apply(state, seats[current_player(state)].choose(seen).action)
    return last


def _ends(monkeypatch, seen, me) -> list[tuple[int, bool]]:
    """Where each simulation of a search from ``seen`` ended: its round, and whether a turn had begun there."""
    ends = []
    evaluate = master.evaluate

    def recorded(state, **kw):
        top = state.stack[-1]
        begun = not (isinstance(top, TurnFrame) and not top.die_taken and state.lap == 1 and state.turn == 0)
        ends.append((state.round, begun))
        return evaluate(state, **kw)

    monkeypatch.setattr(master, "evaluate", recorded)
    master.search(seen, me, Budget(simulations=12), seed=5)
    return ends[1:]  # (the first is the root's own position, weighed before any simulation)


def test_at_two_players_in_the_base_game_a_simulation_plays_on_into_the_next_round(monkeypatch):
    """Rulebook, "End of the round": the King phase and the Fair end round 1; a simulation from its last turn
    goes through them and on into round 2's turns."""
    seen, me = _last_turn_of_round_one(players=2)
    ends = _ends(monkeypatch, seen, me)
    assert ends and all(rnd == 2 and begun for rnd, begun in ends)


@pytest.mark.parametrize("players, modules", [(2, ("silver",)), (4, ()), (4, ("silver",))])
def test_with_the_expansion_or_at_four_players_a_simulation_stops_at_the_rounds_end(monkeypatch, players, modules):
    seen, me = _last_turn_of_round_one(players=players, modules=modules)
    ends = _ends(monkeypatch, seen, me)
    assert ends and all(rnd == 2 and not begun for rnd, begun in ends)


def test_the_simulations_a_decision_cost_about_what_they_did():
    """A level is its simulations (docs/opponents.md): at 2 players in the base game each simulation plays further,
    so the master thinks to fewer of them there; with Prospect for Silver each costs more (0.55 as many), and the
    grandmaster 4 times."""
    base = _last_turn_of_round_one(players=2)[0]
    silver = _last_turn_of_round_one(players=2, modules=("silver",))[0]
    four = _last_turn_of_round_one(players=4)[0]
    assert levels.level_simulations(base, "master") == levels.BASE_TWO_PLAYERS == 345
    assert levels.level_simulations(base, "grandmaster") == 4 * 345
    assert levels.level_simulations(silver, "master") == round(490 * levels.MODULES_SHARE) == 270
    assert levels.level_simulations(silver, "grandmaster") == 4 * 270
    assert levels.level_simulations(four, "master") == 150
    four_silver = _last_turn_of_round_one(players=4, modules=("silver",))[0]
    assert levels.level_simulations(four_silver, "master") == round(150 * levels.MODULES_SHARE) == 82
