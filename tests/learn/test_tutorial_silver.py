"""The Prospect for Silver lesson at the engine level (issue 13: "the tutorial gets a chapter for it"):
the script is legal from start to end, every concept of its checklist is taught by a move, every move
is one of the engine's options and quotes the menu's words, a wrong move at every step is refused in
those words and changes nothing, each chapter starts from its prepared position, and every number a
step's text quotes is the one the engine gives."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.games.tiletum.engine import apply, current_player, digest, legal_actions, new_game, options, parse
from tiletum_tui.games.tiletum.engine.actions import notation_of_move
from tiletum_tui.games.tiletum.engine.queries import king_vp
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.silver.prospector import movement_icon, section_actions
from tiletum_tui.games.tiletum.engine.silver.tables import tables
from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.learn.lessons import BASE, LESSONS, lesson, lesson_with_chapter
from tiletum_tui.games.tiletum.learn.silver.lesson import SILVER
from tiletum_tui.games.tiletum.ui.choices import build_menu

from .conftest import menu_path, walk_lesson

WIDGETS = {"status", "wheel-view", "map-view", "board-view", "offers-view", "log-view", "underground-view",
           "silver-view", "decision", "choices"}
BOX_CHARS = 5 * 76 - 6  # five lines of the 80-column tutorial box, less the step counter
ALEX, ROSA = SILVER.learner, SILVER.opponent


STEPS = list(walk_lesson(SILVER))


def test_the_lessons_are_values_and_the_base_one_is_the_default():
    assert [x.id for x in LESSONS] == ["base", "silver"] and lesson("silver") is SILVER
    assert T.Tutorial().lesson is BASE and T.STEPS is BASE.steps and T.CHAPTERS is BASE.chapters
    assert lesson_with_chapter(SILVER.chapters[0].id) is SILVER and lesson_with_chapter(BASE.chapters[0].id) is BASE
    chapter_ids = [c.id for x in LESSONS for c in x.chapters]
    assert len(chapter_ids) == len(set(chapter_ids))  # a chapter id names its lesson
    assert "silver" in SILVER.settings.modules and BASE.progress_file != SILVER.progress_file


def test_every_step_is_well_formed():
    assert 12 <= len(SILVER.steps) <= 40 and 1 <= len(SILVER.chapters) <= 4
    for i, step in enumerate(SILVER.steps):
        assert step.text and step.target in WIDGETS, i
        assert len(step.text) <= BOX_CHARS, (i, len(step.text))  # fits the box at 80x24
        assert step.kind in (T.KEY, T.MOVE), i  # no free play: Rosa's script covers the whole lesson
        assert (step.kind == T.MOVE) == bool(step.move) == bool(step.choose), i
        if step.move:
            assert notation_of_move(parse(step.move, ALEX)) == step.move, i


def test_the_goal_is_shown_first():
    """'Show the goal at the start': the first step, with what final scoring adds and v."""
    first = SILVER.steps[0]
    assert "goal" in first.teaches and first.kind == T.KEY and "Press v" in first.text
    assert "1 VP per 2 Silver" in first.text and "Technology tier" in first.text


def test_the_script_plays_through_the_engine_and_uses_rosas_moves_as_written():
    assert [i for i, *_ in STEPS] == list(range(len(SILVER.steps)))
    state, tut, moves = T.play_script(lesson=SILVER)
    assert tut.done and tut.scripted == len(SILVER.opponent_script)
    rosa = [m.split(": ", 1)[1] for m in moves if m.startswith(f"{ROSA + 1}: ")]
    assert rosa == list(SILVER.opponent_script)  # none of hers replaced by the policy
    alex = [m.split(": ", 1)[1] for m in moves if m.startswith(f"{ALEX + 1}: ")]
    assert alex == [s.move for s in SILVER.steps if s.kind == T.MOVE]
    assert state.round == 2  # round 1 taught move by move, then the first move of round 2


def test_every_move_is_an_engine_option_and_quotes_the_labels_of_its_menu_lines():
    for i, step, before, action, _ in STEPS:
        if action is None:
            continue
        assert any(o.legal and o.action == action for o in options(before)), i
        path = menu_path(build_menu(before, options(before)), action)
        assert path, f"step {i}: no menu line leads to {step.move}"
        text, at = " | ".join(path), 0
        for words in step.choose:
            found = text.find(words, at)
            assert found >= 0, f"step {i} ({step.move}): {words!r} not in the menu path {text!r}"
            at = found + len(words)


def test_a_wrong_move_at_every_step_is_refused_in_the_menus_words_and_changes_nothing():
    for i, step, before, action, _ in STEPS:
        if action is None:
            continue
        tut, seen = T.Tutorial(i, lesson=SILVER), digest(before)
        wrong = next(a for a in legal_actions(before) if not T.matches(before, a, action))
        ok, why = tut.verdict(before, wrong)
        assert not ok and why.startswith("Not now: this step asks for"), (i, why)
        assert all(f"'{w}'" in why for w in step.choose) and "prospect " not in why, (i, why)
        assert digest(before) == seen and tut.index == i
        assert tut.verdict(before, action) == (True, "")


@pytest.mark.parametrize("chapter", SILVER.chapters, ids=lambda c: c.id)
def test_each_chapter_starts_from_its_prepared_position(chapter):
    state, tut, moves = T.start_chapter(chapter.id)
    assert tut.lesson is SILVER and tut.index == chapter.start and tut.chapter == chapter
    replayed = new_game(SILVER.settings)
    for m in moves:
        replayed = apply(replayed, parse(m))
    assert digest(replayed) == digest(state)
    before = next(b for i, _, b, _, _ in STEPS if i == chapter.start)
    assert digest(before) == digest(state)


# ---------------------------------------------------------------- the numbers the texts quote
def _silver(state, seat=ALEX):
    return me(state, seat).silver


def _text(i):
    return SILVER.steps[i].text


def _has(i, *words):
    for w in words:
        assert w in _text(i), f"step {i} should say {w!r}: {_text(i)!r}"


def _index(move, nth=0):
    return [i for i, s in enumerate(SILVER.steps) if s.move == move][nth]


def _at(i):
    return next(x for x in STEPS if x[0] == i)


def test_the_numbers_of_the_first_turn_are_the_engines():
    start = new_game(SILVER.settings)
    d = tables().data.rules
    _has(0, f"{d.final_scoring.silver_per_vp} Silver", f"you start with {_silver(start)} Silver")
    assert _silver(start, ROSA) == 0 and start.turn_order[0] == ROSA
    shared = [v for v in range(1, 7) if section_actions(start, v)]
    moves = [v for v in range(1, 7) if movement_icon(start, v)]
    _has(1, f"beside the {shared[0]} and the {shared[1]}", f"beside the {moves[0]} and the {moves[1]}")
    i, _, before, action, after = _at(_index("die 3Y prospector +bonus"))
    option = next(o for o in options(before) if o.action == action)
    bonus = rules_for(before.settings).tiles[sv(before).prospector_bonus]
    _has(i, f"{option.gain[0][1]} Gold and {option.ap} AP", bonus.name)
    ap = {}
    for move in ("prospect 1A2", "king"):  # "Each option of the Prospector Action costs 1 AP", "(1 AP)"
        i, _, before, action, _ = _at(_index(move))
        ap[move] = next(o for o in options(before) if o.action == action).ap
    assert ap["prospect 1A2"] == d.prospector.ap_per_option
    _has(_index("prospect 1A2"), f"costs {ap['prospect 1A2']} AP")
    _has(_index("king"), f"({ap['king']} AP)")
    i, _, before, _, after = _at(_index("mine 1A3 1"))
    printed = tables().spaces["1A3"].mine_spaces[0].gold
    gold = after.players[ALEX].resources["G"] - before.players[ALEX].resources["G"]
    assert gold == printed and _silver(after) - _silver(before) == d.king_phase.silver_per_mine == 1
    _has(i, f"{_silver(after) - _silver(before)} Silver, and the {printed} Gold")
    i, _, before, _, after = _at(_index("uhouse 1A3 1"))
    _has(i, f"gives {after.players[ALEX].vp - before.players[ALEX].vp} VP")
    i, _, before, _, after = _at(_index("tech joker"))
    costs = d.technology.tier_costs
    assert _silver(before) - _silver(after) == costs[0]
    _has(i, f"pay {costs[0]} Silver for tier I", f"Tier II costs {costs[1]} Silver, III {costs[2]}")
    tier_one = tables().data.technologies["tech-joker"].tiers[0].text
    assert "+1 AP whenever you take the Joker Action with a die" in tier_one
    # Issue 24: "(through the Joker too)" said nothing of the Joker's own Technology: docs/silver.md's words
    assert "(through the Joker too)" not in tier_one and "(whichever Action you choose with it)" in tier_one
    _has(_index("tech joker"), "with a die, whichever Action you give it")
    _has(_index("end"), f"Your {option.ap} AP are spent")


def test_the_numbers_of_the_second_and_third_turns_are_the_engines():
    i, _, before, action, after = _at(_index("die 6B"))
    option = next(o for o in options(before) if o.action == action)
    plain = 7 - action.value
    _has(i, f"{option.gain[0][1]} Iron and {plain} AP for the Joker", f"+{option.ap - plain} from your Joker "
         f"Technology: {option.ap} AP")
    assert movement_icon(before, action.value)
    _has(_index("joker prospector"), f"give it the {option.ap} AP")
    i, _, before, _, after = _at(_index("step 1A4"))
    tablet = tables().data.tablets[tables().spaces["1A4"].tablet]
    assert "1A4" in sv(after).covered and after.stack[-1].action == "king"
    _has(i, f"a King Action with {after.stack[-1].ap} AP", "Crown Vault")
    assert f"King Action with {after.stack[-1].ap} AP" in tablet.text
    i, _, _, _, after = _at(_index("king", 1))
    _has(i, f"your marker is on {king_vp(rules_for(after.settings), after, ALEX)} now")
    i, _, before, _, _ = _at(_index("utake ub01a"))
    _has(i, rules_for(before.settings).tiles["ub01a"].name)
    i, _, before, _, after = _at(_index("prospector m2"))
    cost = tables().cost
    assert _silver(before) - _silver(after) == cost[("m2", "A")]
    _has(i, f"Schwaz costs {cost[('m2', 'A')]}, Freiberg {cost[('m3', 'A')]}")
    i, _, before, action, _ = _at(_index("die 5P"))
    option = next(o for o in options(before) if o.action == action)
    _has(i, f"{option.gain[0][1]} Food and {option.ap} AP for the King Action")
    i, _, _, _, after = _at(_index("king", 3))
    r = rules_for(after.settings)
    space = r.tracks.king_track.index(king_vp(r, after, ALEX))
    _has(i, f"to {king_vp(r, after, ALEX):+d}", f"pays {tables().ribbon[space]} Silver")


def test_the_numbers_of_the_king_phase_and_the_end_are_the_engines():
    i, _, before, _, after = _at(_index("end", 2))  # ending the round's last turn: Mine income first
    mines = [m for m in after.events if "Silver from" in getattr(m, "text", "") and m.player == ALEX]
    on_maps = 1 + sum(1 for row in sv(before).mines.values() for x in row if x == ALEX)  # the setup Mine too
    assert mines and mines[0].text == f"+{on_maps} Silver from {on_maps} Mines"
    assert after.phase == "king" and current_player(after) == ALEX  # Mine income before the King tile
    _has(_index("claim"), f"yours {on_maps}, the setup Mine too")
    i, _, before, _, after = _at(_index("claim"))
    said = [e.text for e in after.events if getattr(e, "player", None) == ALEX and hasattr(e, "text")]
    king = next(e for e in after.events if getattr(e, "category", "") == "king" and e.player == ALEX)
    key = _index("claim") + 1
    _has(key, f"scored {king.vp:+d} VP", "a Mine from beside the King track")
    mine_from = tables().data.rules.king_phase.mine_from_vp
    _has(key, f"on {mine_from} or higher")
    assert "+1 Mine from beside the King track" in said
    ribbon = next(t for t in said if "blue ribbon" in t)
    paid = re.match(r"[+](\d+)", ribbon).group(1)
    _has(key, f"the blue ribbon paid {paid} Silver")
    shared = [v for v in range(1, 7) if section_actions(after, v)]
    assert after.round == 2 and shared == [1, 2]
    _has(key, f"beside the {shared[0]} and the {shared[1]} now")
    i, _, before, action, _ = _at(_index("die 1L prospector"))
    option = next(o for o in options(before) if o.action == action)
    _has(i, f"{option.ap} AP", "you play first")
    assert before.turn_order[0] == ALEX
    side = next(s for s in tables().data.scoring_overlay if s.side == sv(before).scoring_side)
    assert side.either == ["pillars", "mines"] and side.times == "houses"
    final = next(i for i, s in enumerate(SILVER.steps) if "final-scoring" in s.teaches)
    per_vp = tables().data.rules.final_scoring.silver_per_vp
    _has(final, "Pillars or Mines, the larger, x Houses", f"1 VP per {per_vp} Silver",
         f"1 VP per {tables().data.rules.final_scoring.resources_per_vp} Resources")


def test_f1_on_every_step_opens_the_rules_section_it_names():
    """F1 opens the step's topic: each "page:section" of the lesson is a section of the rules pages."""
    from tiletum_tui.games.tiletum.learn.pages import topic

    for i, step in enumerate(SILVER.steps):
        if ":" in step.topic:
            assert topic(step.topic) == tuple(step.topic.split(":")), (i, step.topic)


def test_the_new_prospector_line_points_at_the_pithead_so_the_underground_view_shows_that_map():
    """At 80x24 the Underground view shows one map at a time: the line of a new Prospector names its Pithead."""
    def leaf(choices, action):
        for c in choices:
            if c.action == action:
                return c
            found = leaf(c.children, action)
            if found:
                return found

    i, _, before, action, _ = _at(_index("prospector m2"))
    line = leaf(build_menu(before, options(before)), action)
    assert line.space == tables().start[("m2", sv(before).sides["m2"])] == "2A1"


def test_the_numbers_of_round_two_are_the_engines():
    """Issue 24: the lesson's last chapter (a Mine, the second Prospector, an Underground Cathedral, the
    Character Technology's marker): every number its texts quote is the engine's."""
    i, _, before, _, after = _at(_index("mine 1A6 1"))
    printed = tables().spaces["1A6"].mine_spaces[0].gold
    assert after.players[ALEX].resources["G"] - before.players[ALEX].resources["G"] == printed
    _has(i, f"{_silver(after) - _silver(before)} Silver and the {printed} Gold printed")
    i, _, before, action, _ = _at(_index("prospect 2A2"))
    assert len(me(before, ALEX).prospectors) > 1 and before.stack[-1].spent > 0  # the other one acted first
    i, _, before, _, after = _at(_index("ucathedral 2A5"))
    cost = tables().data.construction_costs[sv(before).construction_cost["2A5"]]
    assert cost.kind == "silver" and _silver(before) - _silver(after) == cost.cost
    _has(i, f"here {cost.cost} Silver", f"+{after.players[ALEX].vp - before.players[ALEX].vp} VP")
    i, _, before, _, after = _at(_index("use ub01a"))
    _has(i, f"{_silver(after) - _silver(before)} Silver")
    costs = tables().data.rules.technology.tier_costs
    for nth, tier in ((0, "I"), (1, "II")):
        i, _, before, _, after = _at(_index("tech character", nth))
        assert _silver(before) - _silver(after) == costs[nth]
        _has(i, f"tier {tier} ({costs[nth]} Silver)")
    i, _, before, action, after = _at(_index("marker prospector"))
    tiers = tables().data.technologies["tech-character"].tiers
    assert "(+1)" in tiers[1].text and "not the Joker" in tiers[1].text
    _has(i, "+1 AP whenever you take it with a die", "(not the Joker)")
    marker = after.players[ALEX].bonus_ap.get("prospector", 0) - before.players[ALEX].bonus_ap.get("prospector", 0)
    assert marker == 1 and after.stack[-1].action == "prospector"  # the Action in hand gains it too (ruling 21)
    _has(i, f"this one too: {after.stack[-1].ap} AP left")


def test_the_legend_of_the_underground_map_names_whose_setup_mines_are_shown():
    """Issue 24: 'the Silver lesson's Mine legend is wrong': the Pithead shows every player's setup Mine
    (m12: Rosa's and yours), and the legend says so."""
    i, _, before, _, _ = _at(_index("prospect 1A2"))
    shown = "m" + "".join(str(p + 1) for p in sv(before).setup_mines)
    assert shown == "m12" and set(sv(before).setup_mines) == {ROSA, ALEX}
    _has(i, f"{shown} the Mines Rosa ({ROSA + 1}) and you ({ALEX + 1}) placed at setup",
         f"p{ALEX + 1} is your Prospector, p{ROSA + 1} Rosa's")
    assert "your setup Mines" not in _text(i)


def test_the_prospector_wheel_is_said_to_move_two_sections_against_the_dice():
    """Ruling 19 (docs/silver.md): both wheels turn a step, in opposite directions, so against the die values
    the Prospector Action moves two sections a round; the step that shows it says why."""
    key = _index("claim") + 1
    before = next(b for i, _, b, _, _ in STEPS if i == 0)
    after = _at(key)[2]
    was = [v for v in range(1, 7) if section_actions(before, v)]
    now = [v for v in range(1, 7) if section_actions(after, v)]
    assert {(w - n) % 6 for w, n in zip(was, now)} == {2}
    _has(key, "Action Wheel turned a step clockwise", "Prospector Wheel a step counterclockwise", "two sections")
