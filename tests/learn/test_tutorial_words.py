"""What the lessons say is true when it is said (issue 24, "Wrong words"): checked against the rules texts
(/work/shared/rules), docs/rulings.md and the engine at the moment the learner reads it, and every number
the base lesson's new steps quote is the engine's."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.games.tiletum.engine import apply, current_player, new_game, options, parse
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.tasks import Buy
from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.learn.explain import why_not
from tiletum_tui.games.tiletum.learn.lessons import BASE, LESSONS
from tiletum_tui.games.tiletum.learn.silver.lesson import SILVER
from tiletum_tui.games.tiletum.ui.choices import build_menu

from .conftest import walk_lesson

BASE_WALK = list(walk_lesson(BASE))


def _step(move, nth=0):
    return [x for x in BASE_WALK if x[1].move == move][nth]


def test_tasks_are_never_said_to_be_open_inside_a_bonus():
    """Ruling 6: Tasks are open "whenever the decision in hand is the turn itself, an Action, or the Joker's
    choice; not in the middle of a bonus choice". Inside the Settler's bonus (its Merchant move) the engine
    refuses a Task, and no step says Tasks can be done "at any time"."""
    _, step, before, _, _ = _step("move merchant KOL", 1)  # the Settler's bonus moves the Merchant
    assert not isinstance(before.stack[-1], type(new_game(BASE.settings).stack[-1]))  # a bonus, not the turn
    refused = why_not(before, Buy(BASE.learner, "F"))
    assert not refused.allowed and "not in the middle" in refused.reason
    tasks = next(s for s in BASE.steps if "tasks" in s.teaches)
    assert "never in the" in tasks.text and "middle of a bonus" in tasks.text
    for lesson in LESSONS:
        for i, s in enumerate(lesson.steps):
            assert not re.search(r"Tasks?[^.]*at any time", s.text), (lesson.id, i + 1, s.text)
    assert "at any point" not in Buy.RULE.text


def test_the_cleanup_is_said_to_replace_the_wheels_bonus_tiles_never_the_maps():
    """Rulebook, Cleanup 1: "replenish any Bonus tiles that were claimed [around the Action Wheel] ... Bonus
    tiles on the map are never replenished": the Hamburg tile taken in round 1 is not back in round 2."""
    i, step, before, _, _ = next(x for x in BASE_WALK if "cleanup" in x[1].teaches and x[1].kind == T.KEY)
    assert before.round == 2 and before.board.map_bonus["HAM"] == ()  # taken at step 20, never replaced
    assert all(before.board.wheel_bonus)  # the wheel's are
    assert "a map's Bonus tiles never are" in step.text and "empty Bonus spaces refilled" not in step.text
    narration: list[str] = []
    T.play_script(until_step=i, narration=narration)
    cleanup = [line for line in narration if line.startswith("Cleanup")]
    assert cleanup and all("the map's never are" in line for line in cleanup), cleanup


def _level(choices, action):
    """The line that makes ``action`` and the lines of its level (the panel shows them together)."""
    for c in choices:
        if c.action == action:
            return c, choices
        found = _level(c.children, action)
        if found:
            return found
    return None


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_a_step_says_which_line_when_lines_of_one_name_do_different_things(lesson):
    """Issue 24: step 37 said "Hire the other Settler" where two different Settlers remained and the one a
    learner took for "the other" was refused. Where the menu holds another line of the same name that is not
    an identical twin, the step quotes words only its own line has."""
    for i, step, before, action, _ in walk_lesson(lesson):
        if action is None:
            continue
        line, level = _level(build_menu(before, options(before)), action)
        name, _, words = line.label.partition(": ")
        others = [c for c in level if c.action is not None and not c.disabled and c.label.partition(": ")[0] == name
                  and c.label != line.label and not T.matches(before, c.action, action)]
        if not others or not words:
            continue
        grams = {" ".join(w) for w in zip(*(words.split()[k:] for k in range(3)))}
        own = {g for g in grams if not any(g in c.label for c in others)}
        assert any(g in step.text for g in own), (i + 1, step.text, line.label, [c.label for c in others])


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_a_lap_is_announced_only_once_it_has_begun(lesson):
    """Issue 24: steps 47 and 56 said "Lap 2 ..." while Rosa was still playing lap 1. What the box says
    (``step_text``) right after the learner's move, while Rosa plays, and when the learner decides, names
    only the lap in play."""
    state, tut = new_game(lesson.settings), T.Tutorial(lesson=lesson)

    def check():
        for lap in re.findall(r"\bLap (\d)", T.step_text(state, tut)):
            assert int(lap) == state.lap, (tut.index + 1, state.round, state.lap, T.step_text(state, tut))

    while not tut.done and tut.step.kind != T.FREE:
        check()
        if current_player(state) == lesson.opponent:
            action, tut.scripted = T.opponent_move(state, tut.scripted, lesson=lesson)
            state = apply(state, action)
            continue
        step = tut.step
        if step.kind == T.KEY:
            tut.answer(state, step.correct) if step.question else tut.next(state)
            continue
        state = apply(state, T.step_action(state, step, lesson))
        tut.moved(state)


def test_while_rosa_plays_before_the_learners_next_move_the_box_says_so():
    lap2 = next(i for i, s in enumerate(BASE.steps) if s.text.startswith("Lap 2 ("))
    state, tut, _ = T.play_script(until_step=lap2 - 1)  # the learner's last move of lap 1, round 2
    state = apply(state, T.step_action(state, tut.step))
    tut.moved(state)
    assert state.lap == 1 and current_player(state) == BASE.opponent
    assert T.step_text(state, tut) == T.ROSA_PLAYING and "Lap 2" in tut.step.text


def test_a_refusal_gives_the_reason_more_ap_would_not_cure():
    """Issue 24: refusals said "needs 1 AP" instead of the real reason. With no AP left and no Pillar in the
    supply, placing a Pillar is refused for the Pillar (rulebook, Architect Action: "place a Pillar from your
    supply"); with a Mine of yours in that Town already, a Mine for the Mine (expansion text: "you may not
    already have a Mine in that Town")."""
    _, _, before, _, _ = _step("end")  # step 11: 0 AP left, both Pillars placed
    pillar = parse("2: pillar PAR")
    assert before.players[BASE.learner].pillars == 0 and before.stack[-1].ap == 0
    why = why_not(before, pillar).reason
    assert why == "you have no Pillar in your supply", why
    refused = {o.action: o.reason for o in options(before) if not o.legal}
    assert refused[pillar] == why
    silver = list(walk_lesson(SILVER))
    _, _, before, _, _ = next(x for x in silver if x[1].move == "tech joker")  # 0 AP, a Mine in Kutna Hora
    why = why_not(before, parse("2: mine 1A3 1")).reason
    assert "already have a Mine in Kutna Hora" in why, why
    ok_but_no_ap = why_not(before, parse("2: prospect 1A4")).reason  # only AP is missing: AP it is
    assert "AP" in ok_but_no_ap, ok_but_no_ap


def test_the_numbers_of_round_three_are_the_engines():
    """Every number the round-3 steps quote, read from the engine."""
    r = rules_for(BASE.settings)
    i, step, before, action, after = _step("die 4P +bonus")
    option = next(o for o in options(before) if o.action == action)
    assert f"Joker ({option.ap} AP)" in step.text and "an Action of your choice with 1 AP" in step.text
    assert r.tiles[after.players[BASE.learner].storehouse[-1]].effects[0].ap == 1
    _, step, _, _, after = _step("joker architect")
    assert f"Joker's {after.stack[-1].ap} AP" in step.text
    _, step, before, action, after = _step("take b10a")
    assert before.stack[-1].action == "architect" and r.tiles["b10a"].effects[0].action == "king"
    at = next(k for k, x in enumerate(BASE_WALK) if x[1].move == "take b10a")
    _, step, _, _, after = next(x for x in BASE_WALK[at:] if x[1].move == "end")  # that turn's end
    store = len(after.players[BASE.learner].storehouse)
    assert f"{store} of {r.player_board.storehouse}" in step.text and store == r.player_board.storehouse
    _, step, before, action, after = _step("die 1D")
    option = next(o for o in options(before) if o.action == action)
    assert f"{option.gain[0][1]} Stone and {option.ap} AP" in step.text and not action.bonus
    assert not any(o.action.verb() == "die" and o.action.bonus and o.action.value == 1 and o.legal
                   for o in options(before))  # its Bonus tile is not offered: the Storehouse is full
    _, step, before, action, after = _step("joker merchant", 1)
    bonus = before.players[BASE.learner].bonus_ap["merchant"]
    assert after.stack[-1].ap == before.stack[-1].ap == 1
    assert f"it has {after.stack[-1].ap} AP, not {after.stack[-1].ap + bonus}" in step.text
    _, step, before, _, after = _step("house LON 1")
    assert f"pays {after.players[BASE.learner].vp - before.players[BASE.learner].vp} VP" in step.text
    _, step, before, _, _ = _step("hire c14c")
    assert f"{before.stack[-1].ap} AP left" in step.text
    _, step, before, _, after = _step("room c14c 5 1")
    assert f"{after.players[BASE.learner].resources['F'] - before.players[BASE.learner].resources['F']} Food" \
        in step.text
    _, step, before, _, after = _step("room c14b 5 2")
    assert after.players[BASE.learner].houses == before.players[BASE.learner].houses + 1  # the roof House
    assert before.stack[-1].ap - after.stack[-1].ap == 2 and "2 AP" in step.text
