"""Fixed environment for the learn UI tests (themes and NO_COLOR would change every snapshot)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fixed_environment(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)


def menu_path(choices, action, labels=()):
    """The labels of the menu lines that lead to ``action`` (top level first), or None."""
    for c in choices:
        if c.action == action and not c.disabled:
            return [*labels, c.label]
        found = menu_path(c.children, action, (*labels, c.label))
        if found:
            return found
    return None


def walk_lesson(lesson):
    """A lesson as the learner plays it: (index, step, state before, action or None, state after) for every
    step (questions answered right), Rosa's scripted moves played in between."""
    from tiletum_tui.games.tiletum.engine import apply, current_player, new_game
    from tiletum_tui.games.tiletum.learn import tutorial as T

    state, tut = new_game(lesson.settings), T.Tutorial(lesson=lesson)
    while not tut.done:
        if tut.step.kind == T.FREE:  # free play: both seats by the opponent policy, to the step's moment
            state = apply(state, T.rule_move(state))
            tut.settle(state)
            continue
        if current_player(state) == lesson.opponent:
            action, tut.scripted = T.opponent_move(state, tut.scripted, lesson=lesson)
            state = apply(state, action)
            tut.settle(state)
            continue
        i, step = tut.index, tut.step
        if step.kind == T.KEY:
            tut.answer(state, step.correct) if step.question else tut.next(state)
            yield i, step, state, None, state
            continue
        action = T.step_action(state, step, lesson)
        assert action is not None, f"step {i} ({step.move}) is no legal move"
        after = apply(state, action)
        tut.moved(after)
        yield i, step, state, action, after
        state = after
