"""The guided game: every scripted move is legal, in the taught order, and the tutorial reaches the end."""

from __future__ import annotations

from tiletum_tui.engine import apply, current_player, new_game, parse
from tiletum_tui.engine.actions import notation_of_move
from tiletum_tui.learn import tutorial as T
from tiletum_tui.learn.explain import why_not

WIDGETS = {"status", "wheel-view", "map-view", "board-view", "offers-view", "log-view", "decision", "choices"}


def test_every_step_is_well_formed():
    for i, step in enumerate(T.STEPS):
        assert step.text and step.target in WIDGETS, i
        assert step.kind in (T.KEY, T.MOVE, T.FREE), i
        assert (step.kind == T.MOVE) == bool(step.move), i
        assert (step.kind == T.FREE) == bool(step.until), i
        if step.move:
            assert notation_of_move(parse(step.move, T.LEARNER)) == step.move, i  # in the notation's own form


def test_the_script_is_legal_from_start_to_the_free_play():
    state, tut, moves = T.play_script()
    assert T.STEPS[tut.index].kind == T.FREE and state.round == 2
    assert tut.scripted == len(T.OPPONENT_SCRIPT)
    taught = iter(moves)  # the learner's moves appear in the game in the order of the steps
    assert all(any(m == s.move for m in taught) for s in T.STEPS if s.kind == T.MOVE)


def test_every_opponent_move_of_the_script_is_used_as_written():
    """Rosa's script fits exactly: none of her scripted moves is replaced by the fallback rule."""
    state, script, used = new_game(T.SETTINGS), list(T.OPPONENT_SCRIPT), []
    learner = [s.move for s in T.STEPS if s.kind == T.MOVE]
    while learner:
        seat = current_player(state)
        if seat == T.OPPONENT:
            move = script.pop(0) if script else notation_of_move(T.rule_move(state))
            assert why_not(state, parse(move, seat)).allowed, move
            used.append(move)
        else:
            move = learner.pop(0)
        state = apply(state, parse(move, seat))
    assert not script and used[: len(T.OPPONENT_SCRIPT)] == list(T.OPPONENT_SCRIPT)


def test_the_lessons_come_in_the_teaching_order():
    topics = [s.topic for s in T.STEPS]
    order = ["goal", "overview", "turn", "architect", "tasks", "storehouse", "character", "fulfil", "completed",
             "king", "fair", "final"]
    positions = [topics.index(t) for t in order]
    assert positions == sorted(positions), list(zip(order, positions))


def test_other_moves_get_why_not_now():
    state = new_game(T.SETTINGS)
    tut = T.Tutorial()
    ok, why = tut.verdict(state, parse("1: die 1Y"))
    assert not ok and "space" in why  # a key step: read first
    tut.next(state), tut.next(state), tut.next(state)
    assert tut.verdict(state, parse("1: die 1Y")) == (True, "")
    ok, why = tut.verdict(state, parse("1: die 2D"))
    assert not ok and "die 1Y" in why
    ok, why = tut.verdict(state, parse("1: buy S"))
    assert not ok and "Not allowed" in why and "Gold" in why


def test_the_tutorial_reaches_the_end_of_a_full_game():
    state, tut, _ = T.play_script()
    moves = 0
    while not tut.done:
        if tut.step.kind == T.KEY:
            tut.next(state)
            continue
        if current_player(state) == T.OPPONENT:
            action, tut.scripted = T.opponent_move(state, tut.scripted)
        else:
            action = T.rule_move(state)
            assert tut.verdict(state, action)[0]
        state = apply(state, action)
        tut.moved(state) if current_player(state) != T.OPPONENT else tut.settle(state)
        moves += 1
        assert moves < 3000
    assert state.phase == "over" and state.round == 4
