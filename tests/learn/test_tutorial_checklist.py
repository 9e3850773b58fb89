"""Issue 10's checklist, as data beside the script: every concept is taught by a move the learner
makes (a MOVE step that names it), and the goal is shown before the first move."""

from __future__ import annotations

from tiletum_tui.learn import tutorial as T
from tiletum_tui.learn.tutorial_checklist import CONCEPTS, SHOWN_NOT_PLAYED


def test_every_concept_has_a_move_step_that_teaches_it():
    taught = {c for s in T.STEPS if s.kind == T.MOVE for c in s.teaches}
    missing = sorted(set(CONCEPTS) - SHOWN_NOT_PLAYED - taught)
    assert not missing, f"no move teaches: {missing}"


def test_steps_name_only_concepts_of_the_checklist():
    unknown = sorted({c for s in T.STEPS for c in s.teaches} - set(CONCEPTS))
    assert not unknown, unknown


def test_the_goal_and_the_round_are_shown_before_the_first_move():
    """'Show the goal (what final scoring counts, and v) at the start.'"""
    first_move = next(i for i, s in enumerate(T.STEPS) if s.kind == T.MOVE)
    shown = {c for s in T.STEPS[:first_move] for c in s.teaches}
    assert SHOWN_NOT_PLAYED <= shown
    goal = T.STEPS[0]
    assert "goal" in goal.teaches and "press v" in goal.text.lower()
    assert all(w in goal.text for w in ("Houses x Pillars", "Completed Buildings", "Resources"))


def test_a_concept_is_taught_when_first_needed():
    """The King track is introduced by the King Action before the King phase speaks of 'highest'
    (the old step 31 said 'You are highest' before the track was ever taught)."""
    first = {}
    for i, s in enumerate(T.STEPS):
        for c in s.teaches:
            first.setdefault(c, i)
    assert first["king-track"] < first["king-phase-choice"]
    assert first["action-king"] < first["king-phase-choice"]
    assert first["change-die"] == first["second-player-gold"]  # the Gold is explained where it is spent
    assert first["action-contract"] <= first["contract-spaces"]
    highest = next(i for i, s in enumerate(T.STEPS) if "highest" in s.text and s.kind != T.FREE)
    assert highest >= first["king-track"]
