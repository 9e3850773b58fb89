"""Every kind of action has an explanation; every kind of refusal comes with a reason and its rule."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.engine import actions as A
from tiletum_tui.engine import apply, legal_actions, new_game
from tiletum_tui.engine import state as St
from tiletum_tui.engine.errors import IllegalActionError
from tiletum_tui.engine.legal import candidates
from tiletum_tui.engine.rules import check
from tiletum_tui.learn import explain
from tiletum_tui.learn.tutorial import SETTINGS

# One example of every kind of action (arguments that make sense in some game).
EXAMPLES = {
    A.TakeDie: A.TakeDie(5, "B", 5), A.ChooseAction: A.ChooseAction("king"), A.EndTurn: A.EndTurn(),
    A.Done: A.Done(), A.Skip: A.Skip(), A.MovePiece: A.MovePiece("merchant", "LYO"),
    A.PlaceHouse: A.PlaceHouse("LYO", 1), A.PlacePillar: A.PlacePillar("KOL"), A.TakeBonus: A.TakeBonus("b38b"),
    A.Hire: A.Hire("c04b"), A.Refresh: A.Refresh(), A.Room: A.Room("c04b", 1, 1),
    A.TakeContract: A.TakeContract("k20a"), A.Exchange: A.Exchange("F", "I"), A.KingStep: A.KingStep(),
    A.Gain: A.Gain("S"), A.Buy: A.Buy("S"), A.Fulfil: A.Fulfil("b38b"), A.PlaceCrest: A.PlaceCrest("b25a", 1),
    A.BuildCathedral: A.BuildCathedral("KOL"), A.UseHelper: A.UseHelper("b17a"),
    A.PickBuilding: A.PickBuilding(1), A.CharacterBonus: A.CharacterBonus("c04b"),
    A.ClaimKingTile: A.ClaimKingTile(), A.DiscardKingTile: A.DiscardKingTile(),
}


@pytest.mark.parametrize("cls", A.ALL_ACTIONS, ids=lambda c: c.__name__)
def test_every_kind_of_action_has_an_explanation(cls):
    rule = explain.RULES[cls]
    assert len(rule.text) > 30 and rule.text.endswith(".")


@pytest.mark.parametrize("cls", St.Frame.__args__, ids=lambda c: c.__name__)
def test_every_kind_of_decision_has_a_rule(cls):
    assert explain.FRAME_RULES[cls].text


@pytest.mark.parametrize("cls", A.ALL_ACTIONS, ids=lambda c: c.__name__)
def test_every_kind_of_refusal_gives_the_engines_reason_and_the_rule(cls):
    """At the start of a game every example but a die is refused; the reason is the engine's own."""
    state = new_game(SETTINGS)
    action = EXAMPLES[cls]
    ex = explain.why_not(state, action)
    try:
        check(state, action)
    except IllegalActionError as exc:
        assert not ex.allowed and ex.reason == str(exc) and ex.reason
        assert ex.reason in ex.text() and ex.rule.text in ex.text()
    else:
        assert ex.allowed and ex.text().startswith("Allowed")


def test_refusals_met_in_real_games_all_have_reasons():
    """Over random games, every candidate the engine refuses comes back with a reason, of every kind."""
    kinds = set()
    rng = random.Random(4)
    state = new_game(SETTINGS)
    for _ in range(400):
        if state.phase == "over":
            break
        for a in candidates(state):
            ex = explain.why_not(state, a)
            if not ex.allowed:
                assert ex.reason and ex.rule is explain.RULES[type(a)]
                kinds.add(type(a))
        state = apply(state, rng.choice(legal_actions(state)))
    assert len(kinds) >= 10


def test_the_issue_examples_read_well():
    state = new_game(SETTINGS)
    state.players[0].storehouse = ["b01a", "b02a", "b03a", "b04a"]
    ex = explain.why_not(state, A.TakeDie(3, "P", 3, bonus=True))
    assert "Storehouse is full (4/4)" in ex.reason
    state = new_game(SETTINGS)
    assert "costs 2 Gold" in explain.why_not(state, A.TakeDie(1, "Y", 6)).reason or \
        explain.why_not(state, A.TakeDie(1, "Y", 6)).allowed
