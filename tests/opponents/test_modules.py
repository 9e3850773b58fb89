"""Issue 23, items 1-2: the evaluation and the planner know every module of the ruleset they play.
"With Prospect for Silver they play the base game ... no master or journeyman ever hired a
Prospector; they reached about 0.7 Technology tiers a game and ended with about 7.4 Silver unspent",
and "the planner treats two partial turns that differ only in Silver as the same". The expansion's
part of the evaluation is its own module's (``Module.estimate``), not a branch of the opponents'."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine import apply_in_place, current_player, new_game, view
from tiletum_tui.games.tiletum.engine.ruleset import Module, rules_for
from tiletum_tui.games.tiletum.engine.state import TurnFrame, put
from tiletum_tui.games.tiletum.opponents.evaluate import value_of
from tiletum_tui.games.tiletum.opponents.levels import Opponent, beginner_move
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.games.tiletum.opponents.planner import JOURNEYMAN, plan_turn


def _silver_turn_with_silver(seed: int, silver: int = 3):
    """A Prospect for Silver game played by beginners to seat 0's first turn of round 2, where seat 0
    is then given ``silver`` Silver (as Mines and the blue ribbon might have)."""
    state = new_game(settings_for(("journeyman", "beginner"), seed=seed, modules=("silver",)))
    k = 0
    while True:
        top = state.stack[-1]
        if state.round == 2 and current_player(state) == 0 and isinstance(top, TurnFrame) and not top.die_taken:
            put(state.module_state.silver.players[0], "silver", silver)
            return state
        apply_in_place(state, beginner_move(view(state), k))
        k += 1


def test_with_silver_in_hand_the_journeyman_plans_a_technology_tier():
    """Expansion text, "Technologies": a tier costs 1/2/3 Silver and scores its cost at the end, while
    Silver left scores 1 VP per 2: a turn that spends Silver on a tier beats one that keeps it. (Before,
    the planner took the turn with the tier and the one without for the same turn and kept one.)"""
    for seed in (5, 6, 7):
        state = _silver_turn_with_silver(seed)
        plan = plan_turn(state, 0, JOURNEYMAN)[0]
        assert any(a.verb() == "tech" for a in plan.actions), [a.verb() for a in plan.actions]


def test_the_expansion_values_its_parts_through_its_own_module(monkeypatch):
    """The expansion's term comes from its module (``SilverModule.estimate``, in engine/silver/): with
    the hook back at the base Module's (nothing), Silver in hand is worth only what the base game sees
    in it, nothing; with it, 2 more Silver are worth at least the 1 VP they score at the end."""
    state = _silver_turn_with_silver(5, silver=0)
    richer = view(state)
    put(richer.module_state.silver.players[0], "silver", richer.module_state.silver.players[0].silver + 2)
    assert value_of(richer, 0) - value_of(view(state), 0) >= 1.0
    silver_module = next(m for m in rules_for(state.settings).modules if m.name == "silver")
    monkeypatch.setattr(type(silver_module), "estimate", Module.estimate)
    assert value_of(richer, 0) == value_of(view(state), 0)


def test_the_journeyman_hires_prospectors_and_spends_silver_in_a_whole_game():
    """A whole 2-player game of journeymen with the expansion: each sends a Prospector down a second
    Pithead, reaches Technology tiers and spends most of its Silver (before: none ever hired one)."""
    from tiletum_tui.games.tiletum.opponents.match import play_game

    seen: list[dict] = []

    def count(before, after, action, used):
        c = used[action.seat]
        c[action.verb()] = c.get(action.verb(), 0) + 1

    result = play_game(("journeyman", "journeyman"), 21, settings=settings_for(("journeyman",) * 2, 21,
                       modules=("silver",)), observe=count)
    seen = result.used
    for c in seen:
        assert c.get("prospector", 0) >= 1 and c.get("tech", 0) >= 3, c
