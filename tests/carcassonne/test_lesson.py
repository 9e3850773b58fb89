"""The Carcassonne lesson as the engine plays it (issue 20, "Learn to play"): "a Carcassonne lesson on
the same lesson runner as Tiletum's (lessons as values: a script, chapters, a checklist of concepts,
each concept taught by a move the learner makes)"; "every number a lesson text quotes is read from the
engine"; "a wrong move at every step is refused ... and changes nothing"; "chapters start from
prepared positions"; "the chapter list shows both games' lessons"."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.games.carcassonne.engine import CarcassonneError, digest, legal_actions, parse
from tiletum_tui.games.carcassonne.engine.positions import stacked
from tiletum_tui.games.carcassonne.engine.rules import remaining
from tiletum_tui.games.carcassonne.learn import tutorial as T
from tiletum_tui.games.carcassonne.learn.checklist import CONCEPTS, SHOWN_NOT_PLAYED
from tiletum_tui.games.carcassonne.learn.lesson import CARCASSONNE as L
from tiletum_tui.games.tiletum.learn.lessons import every_lesson, lesson, lesson_with_chapter, tiletum_lessons

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


# Issue 41, item 17: concepts the lesson told (or left out) are taught by a move the learner makes. Each test
# plays the chapter through the engine (``WALK``) and checks what that move does, citing the rules text.
def _chapter_walk(chapter_id):
    chapter = next(c for c in L.chapters if c.id == chapter_id)
    return [w for w in WALK if T.chapter_of(w[0], L) is chapter]


def _learner_move(chapter_id, concept):
    return next(w for w in _chapter_walk(chapter_id) if w[1].kind == T.MOVE and concept in w[1].teaches)


def rosa_events(walk, step):
    return next(w[4] for w in walk if w[1] is step)


def _events(walk, kind):
    return [(w[1], e) for w in walk for e in w[4] if type(e).__name__ == kind]


def test_a_tiles_separate_segments_count_once():
    """"count the number of tiles; separate segments on a tile count just once": the road completed in C5
    has two segments on the crossing, and scores its tiles."""
    i, step, before, after, events = _learner_move("carc-road", "counts-once")
    done = next(e for e in events if type(e).__name__ == "FeatureCompleted")
    road = next(after.find(f.node) for f in before.followers if f.role == "thief" and f.seat == T.LEARNER)
    assert done.kind == "road" and after.segs[road] == done.tiles + 1
    assert T.quantity("gained:0", after, events) == done.tiles


def test_a_returned_follower_takes_any_role():
    """"The returned followers may be used by the players as any of the possible followers": C5's thief
    comes back, and the learner's next follower is a knight."""
    walk = _chapter_walk("carc-road")
    back = [e for _, e in _events(walk, "FollowerReturned") if e.seat == T.LEARNER]
    deployed = [e for _, e in _events(walk, "FollowerDeployed") if e.seat == T.LEARNER]
    assert [e.role for e in back] == ["thief"] and [e.role for e in deployed] == ["knight"]
    assert "any-role" in _learner_move("carc-road", "any-role")[1].teaches


def test_a_follower_may_go_on_the_feature_its_tile_completes():
    """C9 asked for a farmer where a knight would score the city just closed: the knight goes there, scores
    at once and comes back ("Place, deploy, score, return", in that order)."""
    i, step, before, after, events = _learner_move("carc-farms", "deploy-completing")
    kinds = [type(e).__name__ for e in events]
    assert kinds[:4] == ["FollowerDeployed", "FeatureCompleted", "Scored", "FollowerReturned"]
    assert events[0].role == "knight" and events[1].kind == "city"


def test_roads_and_cities_bound_a_farm():
    """"Farms are bordered by roads, cities, and the edge": the farmer's tile has fields on both sides of its
    road, two farms, and only the chosen one borders the closed city."""
    i, step, before, after, events = _learner_move("carc-farms", "farm-bounds")
    from tiletum_tui.games.carcassonne.engine.followers import spots

    fields = {s.name: before.find(before.placed[-1].base + s.segment) for s in spots(before) if s.role == "farmer"}
    assert len(set(fields.values())) == 2  # the road cuts the tile's field in two farms
    borders = {name: any(before.open[before.find(c)] == 0 for c in before.cities[root])
               for name, root in fields.items()}
    assert borders == {"field N": True, "field S": False} and T.step_action(step).segment == "field N"


def test_a_farmer_stays_when_the_road_beside_him_scores():
    """"Farmers remain in the field segment where they are deployed for the entire game": C9's road scores
    beside the learner's farmer; the thief comes back, the farmer stays."""
    i, step, before, after, events = _learner_move("carc-farms", "farmer-stays")
    assert [e.role for e in events if type(e).__name__ == "FollowerReturned"] == ["thief"]
    assert [f.role for f in after.followers if f.seat == T.LEARNER] == ["farmer"]


def test_farm_majorities_and_ties_by_the_learners_farmer():
    """"the player with the most farmers in the farms supplying the city earns the 4 points. If two or more
    players tie ..., each ... earns 4 points": C11's last farmer ties Rosa's by the closed city."""
    i, step, before, after, events = _learner_move("carc-end", "farm-majority")
    farms = [e for e in events if type(e).__name__ == "Scored" and e.category == "farm"]
    assert sorted((e.seat, e.points) for e in farms) == [(0, 4), (1, 4)]
    assert T.step_action(step).role == "farmer"


def test_the_learner_draws_the_tile_with_no_place():
    """"a drawn tile has no legal placement ... discards the tile ... and draws another": C10 hands it to the
    learner (Rosa drew it before), and the learner places the next one."""
    walk = _chapter_walk("carc-no-place")
    (rosa, discard), = _events(walk, "TileDiscarded")
    drawn = next(e for e in rosa_events(walk, rosa) if type(e).__name__ == "TileDrawn")
    assert rosa.kind == T.ROSA and drawn.seat == T.LEARNER
    move = _learner_move("carc-no-place", "no-place")
    assert discard.design in move[1].text and T.step_action(move[1]).design == drawn.design


def test_the_river_chapter_says_plainly_that_it_shortens_the_river():
    """"shuffle the remaining 10 river tiles ... Once these 10 river tiles have been played, the next player
    plays the lake": the chapter plays fewer, and says so with both counts."""
    i, step, state, *_ = _chapter_walk("carc-river")[0]
    box, pile = T.quantity("river:box", state, ()), T.quantity("river:pile", state, ())
    assert (box, pile) == (10, 3) and "shortens the River" in step.text
    assert {(10, "river:box"), (3, "river:pile")} <= set(step.numbers)
