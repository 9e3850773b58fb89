"""Issue 23, item 3: "Hints explain: the plan as the sequence of moves, what it gains (VP now, at the
next Fair, at the end; the Building or Contract it works towards) and the best alternative with its
expected VP, in words a player understands" (``learn.hints.explain_plan``, shown by ``h``)."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine import apply, apply_in_place, current_player, describe, new_game, view
from tiletum_tui.games.tiletum.engine.forecast import forecast
from tiletum_tui.games.tiletum.engine.state import TurnFrame
from tiletum_tui.games.tiletum.learn.hints import explain_plan
from tiletum_tui.games.tiletum.opponents.levels import Budget, Opponent, beginner_move
from tiletum_tui.games.tiletum.opponents.match import settings_for


def _turn_start(seed: int, round_: int = 2):
    state = new_game(settings_for(("person", "journeyman"), seed=seed))
    k = 0
    while not (state.round == round_ and current_player(state) == 0 and isinstance(state.stack[-1], TurnFrame)
               and not state.stack[-1].die_taken):
        apply_in_place(state, beginner_move(view(state), k))
        k += 1
    return state


def test_the_masters_hint_says_its_plan_what_it_gains_and_the_alternative():
    checked = 0
    for seed in (17, 18):
        state = _turn_start(seed)
        seen = view(state)
        c = Opponent(0, "master", Budget.parse("12")).choose(seen)
        lines = explain_plan(seen, 0, c.plan, c.gain, c.win, c.alternative, c.alternative_gain, c.alternative_win)
        text = "\n".join(lines)
        # The plan, move by move, in the words of the log (without the player's name), in order.
        plan_line = next(x for x in lines if x.startswith("Plan: "))
        name = state.players[0].name + " "
        first = describe(seen, c.plan[0]).removeprefix(name)
        assert plan_line.startswith(f"Plan: 1. {first} → 2. ")
        # What it gains, by the engine's scoring: played on the real game (no tile drawn differs in
        # these turns' first steps, or the sentence stops where the deal differed), VP now is the VP scored.
        after = state
        for a in c.plan:
            after = apply(after, a)
        scored = after.players[0].vp - state.players[0].vp
        gains = next(x for x in lines if x.startswith("It gains: "))
        if scored:
            assert f"{scored:+d} VP now" in gains
            checked += 1
        end = forecast(after).players[0].final_total - forecast(state).players[0].final_total
        if end:
            assert f"{end:+d} VP at the end" in gains
        # What it expects in all, and the best alternative it weighed, with that one's expected VP.
        assert f"about {c.gain:+.0f} VP in the long run" in text
        alternative = next(x for x in lines if x.startswith("Best alternative: "))
        assert f"about {c.alternative_gain:+.0f} VP" in alternative and c.alternative != c.plan
        assert c.alternative_gain != 0.0  # the expected VP of that turn, from the search (not left out)
    assert checked  # (a plan that scores something now was among them)
