"""Turns that look alike are one placement (issue 41, item 12): "a tile whose turns look the same (a
straight road) is offered turned 90° and 270° as two moves, the hint lists the same placement as its
'next best', and the lesson refuses the turn that looks identical". The notation stays a public
interface: a record naming the other turn is still taken, as the same placement."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.data import load
from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles
from tiletum_tui.games.carcassonne.engine import Place, apply, legal_actions, new_game, notation, parse, view
from tiletum_tui.games.carcassonne.engine.followers import spots
from tiletum_tui.games.carcassonne.engine.land import legal_places
from tiletum_tui.games.carcassonne.engine.rules import same_move
from tiletum_tui.games.carcassonne.engine.tiles import alike, turned
from tiletum_tui.games.carcassonne.learn import tutorial as T
from tiletum_tui.games.carcassonne.learn.lesson import CARCASSONNE
from tiletum_tui.games.carcassonne.opponents.options import turn_options
from tiletum_tui.games.carcassonne.ui import draw

from .helpers import arranged, settings


def _land(state) -> list:
    """The land as a player sees it: every tile's drawing (followers shown) by cell."""
    return sorted(((p.x, p.y), tuple(draw.tile_lines(p.design, p.rotation, followers=draw.followers_on(state, i))))
                  for i, p in enumerate(state.placed))


def test_a_straight_road_beside_the_start_is_offered_once_per_place():
    """U (a straight road) east of the starting tile: its road meets the start's road end on at 90° and
    at 270°, the same tile on the land; one move, not two."""
    state = arranged(["U", "U"])
    east = [r for x, y, r in legal_places(state, "U") if (x, y) == (1, 0)]
    assert east == [1]
    moves = [notation(a) for a in legal_actions(state)]
    assert len(moves) == len(set(moves)) and "1: place U at 1,0 r3" not in moves


def test_every_offered_turn_looks_different_and_every_look_is_offered():
    """For every design: the turns offered at an open cell draw differently; every turn is alike to one
    offered (nothing lost)."""
    for design in [*load().designs, *river_tiles().by_id]:
        offered = {alike(design, r) for r in range(4)}
        drawings = [tuple(draw.tile_lines(design, r, 9, 5)) for r in sorted(offered)]
        assert len(set(drawings)) == len(drawings), design
        for r in range(4):
            assert draw.tile_lines(design, r, 9, 5) == draw.tile_lines(design, alike(design, r), 9, 5), (design, r)
            assert sorted(turned(design, r).names) == sorted(turned(design, alike(design, r)).names), (design, r)


def test_a_record_naming_the_other_turn_is_still_taken_as_the_same_placement():
    """Old saves and records name "r3" for a straight road where the game now offers r1: it is taken,
    the land is the same, and the follower choice names the same segments."""
    state = arranged(["U", "U"])
    by_r3 = apply(state, parse("1: place U at 1,0 r3"))
    by_r1 = apply(state, parse("1: place U at 1,0 r1"))
    assert _land(by_r3) == _land(by_r1)
    assert sorted(s.name for s in spots(by_r3)) == sorted(s.name for s in spots(by_r1))
    assert same_move(parse("1: place U at 1,0 r3"), parse("1: place U at 1,0 r1"))
    assert not same_move(parse("1: place U at 1,0 r3"), parse("1: place U at 1,0 r2"))
    after = apply(by_r3, parse("1: thief road E-W"))  # and the follower goes on as the record says
    assert _land(after) == _land(apply(by_r1, parse("1: thief road E-W")))


def test_the_hints_ranking_never_lists_one_placement_twice():
    """The master's candidates and its "next best" come from the journeyman's ranking: no two of its
    whole turns are the same placement with the same follower (seen: "Next best: R3 at -1,2, turned
    270°" under a suggestion of R3 at -1,2, turned 90°)."""
    checked = 0
    for seed in range(1, 40):
        seen = view(new_game(settings(2, seed, river=True)))
        options = turn_options(seen, 0)
        keys = [(o.place.x, o.place.y, alike(o.place.design, o.place.rotation), o.deploy.role, o.deploy.segment)
                for o in options]
        assert len(keys) == len(set(keys)), seed
        checked += any(alike(seen.drawn, r) != r for r in range(4))
    assert checked  # (some of those first river tiles look alike turned)


def test_the_lesson_takes_the_turn_that_looks_identical():
    """C2 asks for U at -1,0 turned 90°: turned 270° it is the same tile on the land, and taken. The move
    kept is the step's own, so the saved progress still resumes the chapter."""
    index = next(i for i, s in enumerate(CARCASSONNE.steps)
                 if s.kind == T.MOVE and s.move == "place U at -1,0 r1")
    tut = T.Tutorial(CARCASSONNE, index)
    state = T.position(tut.chapter)
    for move in T.chapter_moves(tut):
        state = apply(state, parse(move))
    ok, why = tut.verdict(state, Place(T.LEARNER, "U", -1, 0, 3))
    assert ok, why
    assert tut.verdict(state, Place(T.LEARNER, "U", -1, 0, 0))[0] is False  # a turn that looks different is not


def test_the_lesson_keeps_the_steps_own_move_in_its_saved_moves():
    """Taken in the turn alike, the move the chapter's session keeps is the step's own words: the saved
    progress (its moves) still leads to the step, and the lesson resumes there."""
    from tiletum_tui.games.carcassonne.ui.lesson_screen import LessonSession
    from tiletum_tui.shell.session import EVERY_SEAT, Session

    index = next(i for i, s in enumerate(CARCASSONNE.steps)
                 if s.kind == T.MOVE and s.move == "place U at -1,0 r1")
    tut = T.Tutorial(CARCASSONNE, index)
    session = Session.new(T.settings(tut.chapter), autosave=False, game=T.ChapterGame(tut.chapter))
    for move in T.chapter_moves(tut):
        session.apply(move, by=EVERY_SEAT)

    class Screen:  # (what the lesson's session asks of its screen)
        tutorial = tut

        def call_after_refresh(self, *_):
            pass

        lesson_moved = None

    LessonSession(Screen(), session).apply(Place(T.LEARNER, "U", -1, 0, 3), by=T.LEARNER)
    assert tut.index == index + 1
    assert [e.notation for e in session.log] == T.chapter_moves(tut)


async def test_r_on_screen_turns_only_to_turns_that_look_different(tmp_path):
    """On the screen, r at a place where a straight road fits only one way says so and keeps it (it once
    turned it from 90° to 270°, the same on the land); where it fits nowhere, r shows its two looks."""
    from tiletum_tui.core import games
    from tiletum_tui.shell.session import Session
    from tiletum_tui.shell.ui.app import TiletumApp

    seed = next(s for s in range(1, 2000) if new_game(settings(2, s)).drawn == "U")
    session = Session.new(settings(2, seed), save_dir=tmp_path, game=games.game("carcassonne"), autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen._move_to((1, 0), screen._places(session.state))  # east of the start: its road runs on E-W
        await pilot.press("r")
        assert screen.rotation == 1 and "It fits here only so." in str(screen.query_one("#carc-msg").content)
        await pilot.press("shift+up", "shift+up", "shift+up")  # far from the land: it fits nowhere
        seen = set()
        for _ in range(4):
            await pilot.press("r")
            seen.add(screen.rotation)
        assert seen == {0, 1}
        await pilot.press("enter")
        assert session.log == []
