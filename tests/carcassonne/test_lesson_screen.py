"""The Carcassonne lesson on screen by keys (issue 20, "Learn to play"): "a wrong move at every step is
refused in menu words and changes nothing (Pilot test through the whole lesson)"; "the chapter list
shows both games' lessons"; progress is saved like Tiletum's lessons, and resumes."""

from __future__ import annotations

import json

from textual.widgets import OptionList

from tiletum_tui.games.carcassonne.engine import Place
from tiletum_tui.games.carcassonne.learn import tutorial as T
from tiletum_tui.games.carcassonne.learn.lesson import CARCASSONNE as L
from tiletum_tui.games.carcassonne.ui.lesson_screen import CarcassonneLessonScreen
from tiletum_tui.shell.ui.app import TiletumApp

DIRS = {(1, 0): "shift+right", (-1, 0): "shift+left", (0, 1): "shift+down", (0, -1): "shift+up"}


def fingerprint(screen):
    s = screen.session
    return s.digest(), len(s.log)


def message(screen) -> str:
    return str(screen.query_one("#carc-msg").content)


async def open_chapter(pilot, app, number: int):
    """Learn to play on the title, g for Carcassonne's page, then chapter C<number> (by keys)."""
    await pilot.press("l", "g")
    menu = app.screen.query_one(OptionList)
    ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
    target = ids.index(L.chapters[number - 1].id)
    await pilot.press("end", *["up"] * (len(ids) - 1 - target), "enter")
    assert isinstance(app.screen, CarcassonneLessonScreen)
    return app.screen


async def place_by_keys(pilot, screen, action):
    """The wanted tile by keys: a wrong Enter first (refused), then Shift+arrows to its cell, r, Enter."""
    if (screen.cursor, screen.rotation) == ((action.x, action.y), action.rotation):
        await pilot.press(next(k for k in ("left", "right", "up", "down")))  # elsewhere first
        if screen.cursor == (action.x, action.y):
            await pilot.press("shift+up")
    before = fingerprint(screen)
    await pilot.press("enter")
    said = message(screen)
    assert said.startswith("✗ Not") and ("▶" in said or "Not allowed" in said), said
    assert fingerprint(screen) == before  # refused: nothing changed
    while screen.cursor != (action.x, action.y):
        x, y = screen.cursor
        dx = (action.x > x) - (action.x < x)
        dy = 0 if dx else (action.y > y) - (action.y < y)
        await pilot.press(DIRS[(dx, dy)])
    for _ in range(4):
        if screen.rotation == action.rotation:
            break
        await pilot.press("r")
    await pilot.press("enter")


async def deploy_by_keys(pilot, screen, action):
    state = screen.session.state
    right = T.line_of(state, action.segment)
    lines = len(screen._options(state))
    before = fingerprint(screen)
    await pilot.press(str((right + 1) % lines))  # another line first: refused, in the screen's words
    said = message(screen)
    assert said.startswith(("✗ Not now", "Not the")) and ("press" in said or "follower" in said), said
    assert fingerprint(screen) == before
    await pilot.press(str(right))


async def test_the_whole_lesson_by_keys_with_a_wrong_move_first_at_every_step(tmp_path, monkeypatch):
    app = TiletumApp(save_dir=tmp_path)
    monkeypatch.setattr(CarcassonneLessonScreen, "OPPONENT_DELAY", 0)  # (Rosa's pauses: none in a test)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, 1)
        tut, done = screen.tutorial, 0
        while not tut.done:
            i, step = tut.index, tut.step
            if step.kind == T.ROSA:
                await pilot.pause()
                continue
            if step.kind == T.KEY:
                before = fingerprint(screen)
                await pilot.press("enter")  # a move where the step is to be read: refused
                assert message(screen) == "✗ " + T.READ_FIRST and fingerprint(screen) == before
                await pilot.press("space")
            else:
                action, n = T.step_action(step), len(screen.session.log)
                await (place_by_keys if isinstance(action, Place) else deploy_by_keys)(pilot, screen, action)
                assert screen.session.notation_log[n] == f"1: {step.move}", (i, message(screen))  # (Rosa's may follow)
            assert tut.index > i, (i, message(screen))
            done += 1
        assert done == sum(1 for s in L.steps if s.kind != T.ROSA)
        assert "lesson is complete" in str(screen.query_one("#lesson-box").content)
        before = fingerprint(screen)
        await pilot.press("enter")  # the lesson is over: no more moves on its game
        assert message(screen) == "✗ " + T.LESSON_OVER and fingerprint(screen) == before
        saved = json.loads((tmp_path / L.progress_file).read_text())
        assert saved["lesson"] == "carcassonne" and saved["step"] == len(L.steps)
        assert set(saved["finished"]) == {c.id for c in L.chapters}


async def test_progress_is_saved_and_learn_to_play_resumes_it(tmp_path):
    """Leave in the middle of a chapter; Learn to play offers to resume it, at that step, in that position."""
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, 5)  # the road: read, place V, (then no follower)
        await pilot.press("space")
        action = T.step_action(screen.tutorial.step)
        screen._move_to((action.x, action.y), screen._places(screen.session.state))
        screen.rotation = action.rotation
        await pilot.press("enter")
        at, position = screen.tutorial.index, screen.session.digest()
        await pilot.press("f10")
        await pilot.press("l", "g")  # Learn to play, Carcassonne's page
        menu = app.screen.query_one(OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        line = ids.index("resume:carcassonne")
        assert f"step {at + 1} of {len(L.steps)}, chapter C5" in str(menu.get_option_at_index(line).prompt)
        assert at == L.chapters[4].start + 2
        menu.highlighted = line
        await pilot.press("enter")
        resumed = app.screen
        assert isinstance(resumed, CarcassonneLessonScreen)
        assert resumed.tutorial.index == at and resumed.session.digest() == position


async def test_the_chapter_list_shows_both_games_lessons_at_80x24(tmp_path):
    """One game's page at a time, each whole on the screen: Tiletum's lessons, then (g) Carcassonne's."""
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        pages, keys = [], []
        for _ in range(2):
            menu = app.screen.query_one(OptionList)
            pages.append("\n".join(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)))
            keys.append(str(app.screen.query_one("#chapters-keys").content))
            assert menu.max_scroll_y == 0 and app.screen.query_one("#chapters").region.bottom <= 24
            assert app.screen.query_one("#chapters-keys").region.bottom <= 24
            await pilot.press("g")
        assert "g: Carcassonne's lesson" in keys[0] and "g: Tiletum's lessons" in keys[1]
        assert "Dice and Actions" not in pages[1]
        assert all(f"C{n} {c.title}" in pages[1] for n, c in enumerate(L.chapters, 1))
        assert "1 Dice and Actions" in pages[0]  # g again: back to Tiletum's page
        assert "1 Dice and Actions" in "\n".join(str(app.screen.query_one(OptionList).get_option_at_index(i).prompt)
                                                  for i in range(app.screen.query_one(OptionList).option_count))
        await pilot.press("g", "3")  # a digit on Carcassonne's page starts its chapter
        assert isinstance(app.screen, CarcassonneLessonScreen) and app.screen.tutorial.chapter is L.chapters[2]


async def test_two_digits_start_chapter_eleven_and_one_digit_alone_starts_chapter_one(tmp_path, monkeypatch):
    """Twelve chapters on Carcassonne's page: the key line offers "1–12: a chapter"; 1 then 1 starts C11
    ("A tile with no place" is C10, "The end and the final scoring" C11); 1 alone, after its short wait,
    starts C1."""
    from tiletum_tui.games.tiletum.ui.learn.chapters import ChapterMenu

    monkeypatch.setattr(ChapterMenu, "SECOND_DIGIT", 0.2)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "g")
        keys = str(app.screen.query_one("#chapters-keys").content)
        assert f"1–{len(L.chapters)}: a chapter" in keys, keys
        await pilot.press("1", "1")
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneLessonScreen)
        assert app.screen.tutorial.index == L.chapters[10].start
        await pilot.press("f10")
        await pilot.pause()
        await pilot.press("l", "g", "1")
        await pilot.pause()
        assert isinstance(app.screen, ChapterMenu)  # waiting for a second digit: C1 highlighted, not started
        await pilot.pause(0.4)
        assert isinstance(app.screen, CarcassonneLessonScreen) and app.screen.tutorial.index == L.chapters[0].start


async def test_turning_a_tile_by_keys_the_tile_arrives_as_drawn_and_r_shows_each_turn(tmp_path):
    """Issue 41, item 16: the cursor arrived already turned, and C2 "Turning a tile" passed with Enter,
    Enter. Now the tile comes as drawn and keeps its turn as the cursor moves; r goes through all four
    turns, each that does not fit saying which edge fails; only the one that fits is taken."""
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, 2)
        action = T.step_action(screen.tutorial.step)
        assert screen.rotation == 0
        while screen.cursor != (action.x, action.y):
            x, y = screen.cursor
            dx = (action.x > x) - (action.x < x)
            await pilot.press(DIRS[(dx, 0 if dx else (action.y > y) - (action.y < y))])
        assert screen.rotation == 0  # not turned by the cursor
        before = fingerprint(screen)
        await pilot.press("enter")
        assert message(screen).startswith("✗ Not allowed: its ") and fingerprint(screen) == before
        seen = []
        for _ in range(action.rotation):
            await pilot.press("r")
            seen.append((screen.rotation, message(screen)))
        assert [r for r, _ in seen] == list(range(1, action.rotation + 1))
        assert all(said.startswith("Not here: its ") for _, said in seen[:-1]), seen
        assert seen[-1][1] == f"Turned {action.rotation * 90}°, it fits here."
        await pilot.press("enter")
        assert screen.session.notation_log[-1] == f"1: {L.steps[L.chapters[1].start].move}"


async def test_the_tile_with_no_place_is_the_learners_and_the_line_below_says_so(tmp_path, monkeypatch):
    """Issue 41, item 17: C10 said "the line below says so", and it did not. Rosa's turn ends with the
    learner's draw: B fits nowhere, into the box, and the line under the land says it."""
    monkeypatch.setattr(CarcassonneLessonScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, 10)
        await pilot.press("space")
        while screen.tutorial.step.kind == T.ROSA:
            await pilot.pause()
        assert "Rosa deploys no follower — a drawn B fits nowhere: into the box" in message(screen)
        assert screen.session.state.drawn == T.step_action(screen.tutorial.step).design


async def test_the_river_u_turn_can_be_tried_and_is_refused(tmp_path, monkeypatch):
    """Issue 41, item 17: "a river tile may not be placed so that the river makes a "U" turn": at C12's
    curve r reaches the turn that would bend the river back, the line says why, and Enter is refused."""
    monkeypatch.setattr(CarcassonneLessonScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, len(L.chapters))
        while "river-no-u" not in screen.tutorial.step.teaches:
            step = screen.tutorial.step
            if step.kind == T.ROSA:
                await pilot.pause()
            elif step.kind == T.KEY:
                await pilot.press("space")
            else:
                action = T.step_action(step)
                if isinstance(action, Place):
                    await place_by_keys(pilot, screen, action)
                else:
                    await pilot.press(str(T.line_of(screen.session.state, action.segment)))
        action = T.step_action(screen.tutorial.step)
        assert screen.cursor == (action.x, action.y) and screen.rotation == 0
        while "U" not in message(screen):
            await pilot.press("r")
        assert message(screen).startswith('Not here: a river tile may not be placed so that the river makes a "U" '
                                          'turn (its last bend turned right')
        before = fingerprint(screen)
        await pilot.press("enter")
        assert message(screen).startswith('✗ Not allowed: a river tile may not be placed so that the river makes a '
                                          '"U" turn') and fingerprint(screen) == before
        while screen.rotation != action.rotation:
            await pilot.press("r")
        await pilot.press("enter")
        assert screen.session.notation_log[-1] == f"1: {L.steps[screen.tutorial.index - 1].move}"


async def test_a_lesson_move_draws_the_screen_once_through_the_games_model(tmp_path, monkeypatch):
    # Issue 39, "a screen redraws because the model changed, never because it made a move": the
    # learner's tile and Rosa's moves each draw the lesson's screen once, from its model's change,
    # already with the lesson moved on to the next step (its box, the place it asks for)
    monkeypatch.setattr(CarcassonneLessonScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, 5)  # the road: read, place V, (then no follower)
        await pilot.press("space")
        assert screen.model is not None
        action = T.step_action(screen.tutorial.step)
        screen._move_to((action.x, action.y), screen._places(screen.session.state))
        screen.rotation = action.rotation
        drawn, real = [], screen.refresh_all
        screen.refresh_all = lambda: (drawn.append((len(screen.session.log), screen.tutorial.index)), real())[1]
        at, n = screen.tutorial.index, len(screen.session.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.log) == n + 1 and screen.tutorial.index == at + 1
        assert drawn == [(n + 1, at + 1)], drawn  # once, the lesson moved on already
        # the follower step, then the step to read: Space, and Rosa plays her tile and follower
        await pilot.press(str(T.line_of(screen.session.state, T.step_action(screen.tutorial.step).segment)))
        assert screen.tutorial.step.kind == T.KEY
        drawn.clear()
        n = len(screen.session.log)
        await pilot.press("space")
        for _ in range(5):
            await pilot.pause()
        assert len(screen.session.log) == n + 2, "Rosa did not play her tile and follower"
        rosa = [d for d in drawn if d[0] > n]
        assert [d[0] for d in rosa] == [n + 1, n + 2], drawn  # each of Rosa's moves drawn once


async def test_after_a_new_chapter_its_moves_draw_the_screen_through_its_own_model(tmp_path, monkeypatch):
    # Each chapter is a game of its own (a new session): the screen binds to that game's model, so a
    # move in the next chapter still draws the screen, once
    monkeypatch.setattr(CarcassonneLessonScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, 1)
        first = screen.session
        while screen.tutorial.chapter is L.chapters[0]:
            step = screen.tutorial.step
            if step.kind == T.KEY:
                await pilot.press("space")
            elif isinstance(T.step_action(step), Place):
                action = T.step_action(step)
                screen._move_to((action.x, action.y), screen._places(screen.session.state))
                screen.rotation = action.rotation
                await pilot.press("enter")
            else:
                await pilot.press(str(T.line_of(screen.session.state, T.step_action(step).segment)))
            await pilot.pause()
        assert screen.session is not first and screen.tutorial.step.kind == T.MOVE
        action = T.step_action(screen.tutorial.step)
        screen._move_to((action.x, action.y), screen._places(screen.session.state))
        screen.rotation = action.rotation
        drawn, real = [], screen.refresh_all
        screen.refresh_all = lambda: (drawn.append(len(screen.session.log)), real())[1]
        n = len(screen.session.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.log) == n + 1 and drawn == [n + 1], drawn
        assert "a follower?" in str(screen.query_one("#carc-head").content)


async def test_every_move_of_the_lesson_goes_through_the_model_as_the_seat_that_makes_it(tmp_path, monkeypatch):
    # Issue 39: the lesson plays at a Table like a game, its moves through the screen's model (no
    # side path past it): the learner's tile and follower by keys, then Rosa's tile and follower, each
    # heard by the model as one change from the Table, by the seat that made it, the lesson moved on
    monkeypatch.setattr(CarcassonneLessonScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_chapter(pilot, app, 5)  # the road: read, place V, no follower, then Rosa's
        await pilot.press("space")
        model, heard = screen.model, []
        screen.watch(model, "change", lambda change: heard.append((change.by, screen.tutorial.index)), init=False)
        at, n = screen.tutorial.index, len(screen.session.log)
        await place_by_keys(pilot, screen, T.step_action(screen.tutorial.step))
        await pilot.press(str(T.line_of(screen.session.state, T.step_action(screen.tutorial.step).segment)))
        await pilot.press("space")  # the step to read; then Rosa plays
        for _ in range(5):
            await pilot.pause()
        assert len(screen.session.log) == n + 4, "the learner's and Rosa's tile and follower"
        assert [by for by, _ in heard] == [T.LEARNER, T.LEARNER, T.OPPONENT, T.OPPONENT]
        assert [i for _, i in heard][:2] == [at + 1, at + 2]  # each drawn with the lesson moved on already
        assert model.log == screen.session.log and model.view == screen.session.view()
