"""The words each tutorial step quotes are the decision panel's own (issue 10: 'refusals in the
tutorial speak in the menu's words and point at the line to choose'): at every MOVE step, the menu
built from the engine's options has a path to the step's move whose labels hold the quoted words,
in order. A relabelled menu line fails here, not in front of a learner."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine import apply, current_player, options
from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.ui.choices import build_menu

from .conftest import menu_path


def test_every_move_step_quotes_the_labels_of_the_menu_lines_that_lead_to_its_move():
    state, tut = T.play_script(until_step=0)[:2]
    checked = 0
    while not tut.done and tut.step.kind != T.FREE:
        if current_player(state) == T.OPPONENT:
            action, tut.scripted = T.opponent_move(state, tut.scripted)
            state = apply(state, action)
            continue
        step = tut.step
        if step.kind == T.KEY:
            tut.answer(state, step.correct) if step.question else tut.next(state)
            continue
        action = T.step_action(state, step)
        path = menu_path(build_menu(state, options(state)), action)
        assert path, f"step {tut.index}: no menu line leads to {step.move}"
        text, at = " | ".join(path), 0
        for words in step.choose:  # each quoted piece, in order along the path
            found = text.find(words, at)
            assert found >= 0, f"step {tut.index} ({step.move}): {words!r} not in the menu path {text!r}"
            at = found + len(words)
        state = apply(state, action)
        tut.moved(state)
        checked += 1
    assert checked == sum(1 for s in T.STEPS if s.kind == T.MOVE)
