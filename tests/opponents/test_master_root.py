"""Issue 43: at 2 players in the base game the master's root weighs two ways to spend each die (the planner's
best plan for it and its best other), so its simulations, which score the round's King phase and Fair as the
rules do, choose between plans the estimate alone would have ranked; and the grandmaster ponders the plan it
chose, whichever of a die's two.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import apply, current_player, new_game, view
from tiletum_tui.games.tiletum.opponents import master
from tiletum_tui.games.tiletum.opponents.levels import Opponent, _turn_start
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.opponents.base import Budget


def _turn_starts(seed: int, count: int, players: int = 2, modules: tuple[str, ...] = ()):
    """The views at the first ``count`` turn starts of a journeyman game."""
    state = new_game(settings_for(("journeyman",) * players, seed, modules=modules))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    out = []
    while len(out) < count and state.phase != "over":
        seen = view(state)
        if _turn_start(seen):
            out.append((seen, current_player(state)))
        state = apply(state, seats[current_player(state)].choose(seen).action)
    return out


def _second(key) -> bool:
    """Whether a root's key is a die's other plan's (``master.other_way_key``)."""
    return isinstance(key, tuple) and len(key) == 2 and key == master.other_way_key(key[0])


def _candidates(monkeypatch, seen, me):
    """The root's candidates as the search starts them (no simulation run)."""
    monkeypatch.setattr(master, "_simulate", lambda root, *a: None)
    _, _, root = master.search(seen, me, Budget(simulations=1), seed=3)
    return root


def test_the_root_weighs_a_second_way_to_spend_a_die(monkeypatch):
    """Two plans for one die: both take the die, neither is the other's start (the same moves stopped early
    or gone on with), and they promise different values; the master weighs 10 plans at most."""
    seconds = 0
    for seen, me in _turn_starts(seed=1, count=8):
        root = _candidates(monkeypatch, seen, me)
        assert root is None or len(root.children) <= 10
        for key, child in (root.children.items() if root else ()):
            if _second(key):
                first = root.children[key[0]].plan
                second = child.plan
                seconds += 1
                assert first.actions[0] == second.actions[0]  # the same die (value, colour, change, Bonus tile)
                n = min(len(first.actions), len(second.actions))
                assert first.actions[:n] != second.actions[:n]
                assert first.value > second.value  # the die's better plan by the estimate is its first
    assert seconds >= 8  # (seed 1's first 8 turn starts: several a position)


def test_the_grandmaster_ponders_the_plan_it_chose_when_its_die_has_two(monkeypatch):
    """Pondering follows the chosen turn: when the chosen plan is its die's second way, the kept tree is that
    plan's node, not the one of the die's other plan."""
    seen, me = _turn_starts(seed=1, count=1)[0]
    _, _, root = master.search(seen, me, Budget(simulations=40), seed=3)
    second = next(c for k, c in root.children.items() if _second(k))
    kept = master.Ponder(root, second.plan, seen, 3, me, simulations=0)
    assert kept.node is second
    assert kept.key == master._key(second.plan.actions[0])  # followed along the die it took, as any


@pytest.mark.parametrize("players, modules", [(4, ()), (2, ("silver",))])
def test_with_fewer_simulations_the_root_weighs_one_plan_a_die(monkeypatch, players, modules):
    """At 3-4 players (150-250 simulations a decision) and with Prospect for Silver (270 at 2 players) the root
    keeps one plan a die, the 6 best, as measured there."""
    for seen, me in _turn_starts(seed=1, count=4, players=players, modules=modules):
        root = _candidates(monkeypatch, seen, me)
        assert root is None or (len(root.children) <= 6 and not any(_second(k) for k in root.children))
