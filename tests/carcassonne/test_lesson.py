"""The Carcassonne lesson as the engine plays it (issue 20, "Learn to play"): "a Carcassonne lesson on
the same lesson runner as Tiletum's (lessons as values: a script, chapters, a checklist of concepts,
each concept taught by a move the learner makes)"; "every number a lesson text quotes is read from the
engine"; "a wrong move at every step is refused ... and changes nothing"; "chapters start from
prepared positions"; "the chapter list shows both games' lessons"."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.carcassonne.engine import CarcassonneError, digest, legal_actions, parse
from tiletum_tui.carcassonne.engine.positions import stacked
from tiletum_tui.carcassonne.engine.rules import remaining
from tiletum_tui.carcassonne.learn import tutorial as T
from tiletum_tui.carcassonne.learn.checklist import CONCEPTS, SHOWN_NOT_PLAYED
from tiletum_tui.carcassonne.learn.lesson import CARCASSONNE as L
from tiletum_tui.learn.lessons import every_lesson, lesson, lesson_with_chapter, tiletum_lessons

WALK = list(T.walk(L))


def test_the_lesson_is_listed_after_tiletums_and_its_chapters_are_its_own():
    """The chapter list shows both games' lessons: Carcassonne's after Tiletum's, found by id and chapter."""
    ids = [x.id for x in every_lesson()]
    assert ids[:len(tiletum_lessons())] == [x.id for x in tiletum_lessons()] and ids[-1] == "carcassonne"
    assert lesson("carcassonne") is L and lesson_with_chapter("carc-river") is L
    chapter_ids = [c.id for x in every_lesson() for c in x.chapters]
    assert len(chapter_ids) == len(set(chapter_ids))


def test_the_chapters_are_the_issues_list():
    """Placing and matching, rotating, the four roles, "already occupied anywhere", a road, a city with a
    pennant, a cloister, majorities and ties, farms, a tile with no place, the end, the River."""
    titles = " | ".join(c.title for c in L.chapters).lower()
    for words in ("what must match", "turning", "four roles", "however far", "road", "pennant", "cloister",
                  "majorities and ties", "farmers never come back", "no place", "final scoring", "river"):
        assert words in titles, words


def test_every_concept_is_taught_by_a_move_the_learner_makes():
    taught_by_moves = {c for s in L.steps if s.kind == T.MOVE for c in s.teaches}
    named = {c for s in L.steps for c in s.teaches}
    assert named <= set(CONCEPTS), named - set(CONCEPTS)
    assert set(CONCEPTS) - SHOWN_NOT_PLAYED <= taught_by_moves, set(CONCEPTS) - SHOWN_NOT_PLAYED - taught_by_moves


def test_every_number_a_text_quotes_is_read_from_the_engine():
    """Each number in a step's text is the engine's (``numbers``: score, supply, points gained, tiles of the
    feature completed, the follower line's key, ...) or the step's own move (its cell, its turn in degrees)."""
    checked = 0
    for i, step, before, after, events in WALK:
        own = set()
        if step.kind != T.KEY:
            action = T.step_action(step)
            own = {abs(getattr(action, "x", 0)), abs(getattr(action, "y", 0)), getattr(action, "rotation", 0) * 90}
        quoted = {value for value, _ in step.numbers}
        for value, name in step.numbers:
            state = before if name.startswith("line:") else after  # (a line is chosen in the state before)
            assert T.quantity(name, state, events) == value, (i, name, step.text)
            checked += 1
        for number in re.findall(r"(?<![A-Za-z\d])\d+", step.text):  # (not a key's name: F10)
            assert int(number) in quoted | own, (i, number, step.text)
    assert checked >= 30


def test_each_chapter_starts_from_a_prepared_position_of_the_engine():
    """A chapter's position is the setup with its pile stacked and its moves played through the engine: the
    tile drawn is the first of its pile not yet used, and the land holds the start and its setup's tiles."""
    for chapter in L.chapters:
        state = T.position(chapter)
        placed = 1 + sum(1 for m in chapter.setup if " place " in f" {m}")
        assert len(state.placed) == placed and state.drawn == chapter.pile[placed - 1], chapter.id
        assert sum(remaining(state).values()) == len(chapter.pile) - placed
        first = L.steps[chapter.start:][0]
        assert first.kind in (T.KEY, T.MOVE)


def test_the_whole_lesson_plays_through_the_engine():
    """Every MOVE and ROSA step's move is legal where it comes; the last chapter ends with the lake placed, and
    the end chapter's last tile ends the game."""
    for i, step, before, after, events in WALK:
        if step.kind != T.KEY:
            assert T.step_action(step) in legal_actions(before), (i, step.move)
    end = next(c for c in L.chapters if c.id == "carc-end")
    last_move = max(i for i, s, *_ in WALK if s.kind == T.MOVE and T.chapter_of(i, L) is end)
    assert WALK[last_move][3].phase == "over"


def test_a_wrong_move_at_every_step_is_refused_and_changes_nothing():
    """At each step every other legal move (and, at a step to read or Rosa's, any move at all) is refused in
    the screen's words: the frame marked ▶, r, Enter, a line's key, space; the state is untouched."""
    refused = 0
    for i, step, before, after, events in WALK:
        tut = T.Tutorial(L, i)
        key = digest(before)
        wanted = T.step_action(step) if step.kind != T.KEY else None
        for action in legal_actions(before):
            if action == wanted and step.kind == T.MOVE:  # (Rosa's own move is hers: the learner's is refused)
                assert tut.verdict(before, action) == (True, ""), i
                continue
            ok, why = tut.verdict(before, action)
            assert not ok and ("▶" in why or "press" in why or "space" in why or "Rosa" in why), (i, why)
            refused += 1
        assert digest(before) == key
    assert refused > 200


def test_an_illegal_move_is_refused_with_the_rules_reason():
    """The U-turn of the River chapter: the engine's words, before the lesson's."""
    i = next(i for i, s, *_ in WALK if s.move == "place R4 at -1,2 r3")
    before = WALK[i][2]
    ok, why = T.Tutorial(L, i).verdict(before, parse("1: place R4 at -1,2 r2"))
    assert not ok and why == ('Not allowed: a river tile may not be placed so that the river makes a "U" turn '
                              '(its last bend turned right: a second bend to the right turns it back the way it '
                              'came).')


def test_a_prepared_pile_holds_only_what_the_box_holds():
    """A position that could not happen at a table is refused: there is one C tile (city on four sides)."""
    with pytest.raises(CarcassonneError, match="the box holds"):
        stacked(T.settings(L.chapters[0]), ("C", "C"))


def test_chapter_moves_replay_the_steps_so_far():
    """What resuming replays: the chapter's moves up to the step in hand, with their seats."""
    chapter = next(c for c in L.chapters if c.id == "carc-river")
    tut = T.Tutorial(L, chapter.start + 5)
    assert T.chapter_moves(tut) == ["1: place R3 at 0,1", "1: no follower", "2: place R4 at 0,2 r1", "2: no follower"]


def test_the_turning_chapter_has_one_turn_of_four_that_fits_and_it_is_not_the_tile_as_drawn():
    """Issue 41, item 16: C2 passed with Enter, Enter (the cursor arrived turned). The rules: "The new tile
    must be placed so that all field, city, and road segments on the new tile continue to ... all abutting
    tiles": at C2's place one turn of the four does, and the tile is drawn another way."""
    chapter = next(c for c in L.chapters if c.id == "carc-rotate")
    i = chapter.start
    action = T.step_action(L.steps[i])
    before = WALK[i][2]
    assert [p for p in legal_actions(before) if getattr(p, "x", None) == action.x and p.y == action.y] == [action]
    assert action.rotation != 0
    for rotation in {0, 1, 2, 3} - {action.rotation}:  # each other turn refused with the edge that fails
        ok, why = T.Tutorial(L, i).verdict(before, parse(f"1: place {action.design} at {action.x},{action.y} "
                                                         f"r{rotation}"))
        assert not ok and re.match(r"Not allowed: its \w+ edge \(\w+\) meets \w+ on the tile at", why), why
