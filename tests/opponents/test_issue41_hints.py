"""Issue 41 item 6: the master's hint in the King phase named "this round's Fair (Hamburg)" in round 1,
whose Fair is Tiletum's, and summed a suggestion to -2 VP there: a plan that plays through the King
phase and the Fair into the next round counts what they scored as VP now, and names no other Fair."""

from __future__ import annotations

import random

from tiletum_tui.games.tiletum.engine import apply, current_player, legal_actions, new_game, view
from tiletum_tui.games.tiletum.engine.queries import fair_now
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.learn.hints import explain_plan
from tiletum_tui.games.tiletum.opponents.match import settings_for


def test_a_plan_through_the_king_phase_names_no_other_rounds_fair():
    checked = 0
    for seed in range(1, 8):
        state = new_game(settings_for(("person", "journeyman"), seed=seed))
        rng = random.Random(seed)
        while state.phase != "king":
            state = apply(state, rng.choice(legal_actions(state)))
        who = current_player(state)
        this_fair = rules_for(state.settings).space_name(fair_now(state).town)
        plan, after = [], state
        while after.round == state.round and after.phase != "over":  # on into the next round
            action = rng.choice(legal_actions(after))
            plan.append(action)
            after = apply(after, action)
        next_fair = rules_for(state.settings).space_name(fair_now(after).town)
        assert next_fair != this_fair
        gains = next(x for x in explain_plan(view(state), who, plan, 0.0, None) if x.startswith("It gains: "))
        assert f"Fair ({next_fair})" not in gains and "in the King phase" not in gains, gains
        scored = after.players[who].vp - state.players[who].vp
        if scored:
            assert f"{scored:+d} VP now" in gains
            checked += 1
    assert checked


def test_a_plan_ranked_by_its_chance_to_lead_says_so_when_the_alternative_is_worth_more_vp():
    state = new_game(settings_for(("person", "journeyman"), seed=3))
    first, other = legal_actions(state)[:2]
    lines = explain_plan(view(state), 0, [first], 1.0, 0.62, [other], 3.0, 0.55)
    assert any("worth more VP" in x and "chance to lead (62% against 55%)" in x for x in lines), lines
    lines = explain_plan(view(state), 0, [first], 3.0, 0.62, [other], 1.0, 0.55)  # more VP and better chance: nothing to explain
    assert not any("worth more VP" in x for x in lines)
