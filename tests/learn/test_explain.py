"""Every kind of action has its rule; every refusal comes with the engine's reason, in words a player reads.

Issue 5: "Every action kind has an explanation and every refusal a reason". The reasons below are
the rulebook's conditions, checked word for word at the start of one game (seed 7, rules version 1:
the position the first tutorial began from).
"""

from __future__ import annotations

import random

import pytest

from tiletum_tui.games.tiletum.engine import KINDS, apply, legal_actions, new_game, options, parse
from tiletum_tui.games.tiletum.engine import state as St
from tiletum_tui.games.tiletum.engine.decisions import FRAME_RULES
from tiletum_tui.games.tiletum.engine.state import put
from tiletum_tui.games.tiletum.learn import explain

SETTINGS = St.Settings(players=(St.PlayerSetup("Alex", "red"), St.PlayerSetup("Rosa", "blue")), seed=7, rules=1)


@pytest.mark.parametrize("cls", list(KINDS.values()), ids=lambda c: c.__name__)
def test_every_kind_of_action_has_an_explanation(cls):
    rule = cls.RULE
    assert len(rule.text) > 30 and rule.text.endswith(".")


@pytest.mark.parametrize("cls", St.Frame.__args__, ids=lambda c: c.__name__)
def test_every_kind_of_decision_has_a_rule(cls):
    assert FRAME_RULES[cls].text.endswith(".")


# At the start of that game (Alex to choose a die), every one of
# these is refused, each for the rule the rulebook gives.
REFUSED = [
    ("1: die 5B", "there is no blue 5 on the Action Wheel"),
    ("1: die 1Y>3", "changing a 1 to a 3 costs 4 Gold and you have 1"),
    ("1: joker king", "there is no Joker Action to give AP to"),
    ("1: end", "take a die first: every turn uses one die"),
    ("1: done", "there is nothing to finish here"),
    ("1: skip", "this choice cannot be skipped"),
    ("1: move merchant r21", "you cannot move a piece now"),
    ("1: house TIL 1", "you cannot place a House now"),
    ("1: pillar KOL", "you cannot place a Pillar now"),
    ("1: take b38b", "Taking a Bonus tile from a Town is an option of the Architect or Merchant Action"),
    ("1: hire c04b", "Taking a Character is an option of the Character Action"),
    ("1: refresh", "Refreshing the Character offer is an option of the Character Action"),
    ("1: room c04b 1 1", "Placing a Character is an option of the Character Action"),
    ("1: contract k20a", "Taking a Contract is an option of the Contract Action"),
    ("1: exchange F I", "Exchanging a Resource is an option of the Contract Action"),
    ("1: king", "Advancing on the King track is an option of the King Action"),
    ("1: gain S", "there is no Resource to choose now"),
    ("1: buy S", "buying a Resource costs 2 Gold and you have 1"),
    ("1: buy G", "Gold buys Stone, Wool, Iron or Food, not Gold"),
    ("1: fulfil b38b", "that Contract is not in your Storehouse"),
    ("1: crest b25a 1", "that Crest is not in your Storehouse"),
    ("1: cathedral KOL", "you need a Pillar at the Cathedral of Koln to build it"),
    ("1: use b17a", "that Helper is not in your Storehouse"),
    ("1: building 1", "there is no Building to choose now"),
    ("1: bonus c04b", "there is no Character bonus to take now"),
    ("1: claim", "the King track Bonus tile is handed out in the King phase"),
    ("1: discard", "the King track Bonus tile is handed out in the King phase"),
    ("2: die 3P", "it is Alex's decision now, not Rosa's"),
] + [(f"1: {move}", "this game is played without the Prospect for Silver expansion") for move in (
    # the expansion's kinds of action (issue 13), in a game without it
    "prospect 1A2", "step 1A2", "utake ub01a", "mine 1A3 1", "uhouse 1A3 1", "upillar 1A3", "prospector m2",
    "ucathedral 1A3", "tech joker", "marker king", "rtile F",
)]


def test_every_kind_of_action_is_refused_with_its_rule_in_words():
    state = new_game(SETTINGS)
    kinds = set()
    for text, reason in REFUSED:
        action = parse(text)
        ex = explain.why_not(state, action)
        assert not ex.allowed and ex.reason == reason, (text, ex.reason)
        assert ex.text() == f"Not now: {reason}.\nThe rule: {type(action).RULE.text}"
        kinds.add(type(action))
    assert kinds == set(KINDS.values())  # one refusal of every kind of action


def test_an_allowed_action_says_so_with_its_rule():
    state = new_game(SETTINGS)
    ex = explain.why_not(state, parse("1: die 1Y"))
    assert ex.allowed and ex.reason is None and ex.text() == f"Allowed. {ex.rule.text}"


def test_refusals_met_in_real_games_all_have_reasons():
    """Over random games, every option the engine refuses comes with a reason, and ``why_not`` gives the
    same reason and the rule of that kind of action."""
    kinds = set()
    rng = random.Random(4)
    state = new_game(SETTINGS)
    for _ in range(400):
        if state.phase == "over":
            break
        for o in options(state):
            if not o.legal:
                ex = explain.why_not(state, o.action)
                assert o.reason and ex.reason == o.reason and ex.rule is type(o.action).RULE
                kinds.add(type(o.action))
        state = apply(state, rng.choice(legal_actions(state)))
    assert len(kinds) >= 8


def test_the_issue_examples_read_well():
    """A full Storehouse and a die change one cannot pay for: the reasons name the numbers."""
    state = new_game(SETTINGS)
    put(state.players[0], "storehouse", ("b01a", "b02a", "b03a", "b04a"))
    ex = explain.why_not(state, parse("1: die 3P +bonus"))
    assert ex.reason == "you cannot take its Bonus tile: your Storehouse is full (4/4)"
    state = new_game(SETTINGS)
    assert explain.why_not(state, parse("1: die 1Y>6")).reason == "changing a 1 to a 6 costs 2 Gold and you have 1"


def test_the_tasks_line_is_explained_as_every_kind_of_task():
    """Issue 10: "`x` on 'Tasks…' explains only buying": the group's rule names each kind of Task, at the
    price the engine asks, and points at a real section of the rules."""
    from tiletum_tui.games.tiletum.engine import rules_for as rules
    from tiletum_tui.games.tiletum.engine.tasks import TASKS
    from tiletum_tui.games.tiletum.learn.pages import page
    from tiletum_tui.games.tiletum.ui.choices import TASK

    rule = explain.GROUP_RULES[TASK]
    assert page(rule.page).section(rule.section)
    for words in ("buy", "fulfil a Contract", "Crest", "Cathedral", "Helper"):
        assert words in rule.text
    assert f"{rules(SETTINGS).tracks.buy_resource_gold} Gold" in rule.text
    assert len(TASKS) == 5  # a new kind of Task needs its words here
