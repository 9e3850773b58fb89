"""The Prospect for Silver lesson on screen, by keys, at 80x24 (issue 13: "the tutorial gets a chapter for
it"): chosen from Learn to play's chapter list, played to its end on the real game screen with a wrong
move at every step first (refused in the menu's words, nothing changed), its steps showing the
Underground maps and the Silver view, and its progress resumed from its own file."""

from __future__ import annotations

import json
import time

from textual.widgets import OptionList

from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.learn.lessons import BASE
from tiletum_tui.games.tiletum.learn.silver.lesson import SILVER
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.dialogs import ConfirmDialog
from tiletum_tui.games.tiletum.ui.dialogs.basic import AnnounceDialog
from tiletum_tui.games.tiletum.ui.learn.chapters import ChapterMenu
from tiletum_tui.games.tiletum.ui.learn.progress import load_progress, progress_path
from tiletum_tui.games.tiletum.ui.learn.tutorial_screen import TutorialScreen
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

from tiletum_tui.games.tiletum.ui.learn.dialogs import QuestionDialog

from .test_ui_tutorial import (  # noqa: F401 (fast: a fixture)
    answer_question, answer_waste_ap, fast, make_a_wrong_move, marked_key,
)

SIZE = (80, 24)
MAX_KEYS = 600


async def open_chapter_list(pilot, app) -> OptionList:
    await pilot.press("l")  # the title screen's Learn to play
    await pilot.pause()
    assert isinstance(app.screen, ChapterMenu)
    return app.screen.query_one(OptionList)


async def highlight(pilot, menu: OptionList, option_id: str) -> None:
    """Walk the chapter list down by keys to a line (as a person would: arrows, never the mouse)."""
    for _ in range(menu.option_count):
        if menu.get_option_at_index(menu.highlighted).id == option_id:
            return
        await pilot.press("down")
    raise AssertionError(f"no line {option_id!r} in the chapter list")


def die_row_in_sight(screen, value: int) -> bool:
    """The die's row of the Action Wheel is on screen, below the Prospector Wheel's line docked over it."""
    view, drawing = screen.query_one("#wheel"), screen.query_one("#wheel-view")
    row = drawing.virtual_region.y + drawing.sections[f"die{value}"]
    top = round(view.scroll_y) + drawing.dock_gutter.top
    return top <= row < round(view.scroll_y) + view.scrollable_content_region.height


async def test_the_silver_lesson_from_the_chapter_list_to_its_end_with_a_wrong_move_at_every_step(tmp_path, fast):
    app = TiletumApp(save_dir=tmp_path)
    keys, refused, views, t0, answered_wrong = 0, set(), set(), time.perf_counter(), set()
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_chapter_list(pilot, app)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        heading = next(i for i, s in enumerate(labels) if s.startswith("Prospect for Silver (the expansion)"))
        assert heading > max(i for i, s in enumerate(labels) if s.startswith(f"{len(BASE.chapters)} "))  # after
        assert labels[heading + 1].startswith("S1 " + SILVER.chapters[0].title)
        await highlight(pilot, menu, SILVER.chapters[0].id)
        await pilot.press("enter")
        await pilot.pause()
        tut = app.screen
        assert isinstance(tut, TutorialScreen) and tut.lesson is SILVER and tut.tutorial.index == 0
        assert "silver" in tut.model.state.settings.modules
        while not tut.tutorial.done:
            keys += 1
            assert keys < MAX_KEYS, f"stuck at step {tut.tutorial.index + 1}"
            screen, step, index = app.screen, tut.tutorial.step, tut.tutorial.index
            if isinstance(screen, AnnounceDialog):
                await pilot.press("enter")
            elif isinstance(screen, QuestionDialog):  # a wrong answer first, then the right one
                await answer_question(pilot, app, tut, wrong=index not in answered_wrong)
                answered_wrong.add(index)
            elif isinstance(screen, ConfirmDialog):
                assert index in refused
                await answer_waste_ap(pilot, app, tut)
            elif tut.feed_on and tut._timer is not None:
                await pilot.pause(0.01)  # Rosa is playing
            elif index not in refused:
                refused.add(index)
                views.add(tut.current_view)
                if step.view:  # the step shows the view it talks about (g Underground, k Silver, ...)
                    assert tut.current_view == step.view.partition(":")[0], (index, tut.current_view)
                if step.move == "claim":  # the King phase began with the Mines' income: the log says so
                    assert "Alex: +2 Silver from 2 Mines" in str(tut.query_one("#log-view").content)
                if step.move.startswith("die ") and step.view == "wheel":
                    assert die_row_in_sight(tut, int(step.move[4])), f"step {index + 1}: the die's row is hidden"
                if tut.feed_on:  # Rosa waits for a step to be read
                    before = len(tut.model.log)
                    await pilot.press("1")
                    assert len(tut.model.log) == before and tut.tutorial.index == index
                elif not await make_a_wrong_move(pilot, app, tut):
                    assert len(tut.model.legal()) <= 1, f"step {index + 1}: no wrong move was tried"
            elif step.kind == T.KEY:
                await pilot.press("space")
            else:
                await pilot.press(marked_key(tut.query_one(DecisionPanel)))
        assert len(refused) == len(SILVER.steps)
        assert {"underground", "silver", "wheel"} <= views
        assert tut.model.state.round == 2 and tut.model.state.phase == "action"  # the game goes on
        ending = str(tut.query_one("#tutorial-text").content)
        assert "The tutorial is complete. Play this game on against Rosa, start a real game" in ending
        progress, problem = load_progress(progress_path(app, SILVER), SILVER)
        assert problem is None and progress.step == len(SILVER.steps)
        assert load_progress(progress_path(app, BASE))[0] is None  # the base tutorial's progress is its own
        print(f"\n{keys} keys, {time.perf_counter() - t0:.1f} s")


async def test_the_silver_lesson_resumes_from_its_own_progress_file(tmp_path, fast):
    """Its progress resumes like the base lesson's: the chapter list offers it under its heading, and
    resuming replays the saved moves to the saved step. The base tutorial's file is untouched by it."""
    state, tut, moves = T.start_chapter(SILVER.chapters[1].id)
    (tmp_path / SILVER.progress_file).write_text(json.dumps(
        {"version": 4, "lesson": "silver", "step": tut.index, "scripted": tut.scripted, "moves": moves}))
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        menu = await open_chapter_list(pilot, app)
        line = str(menu.get_option(f"resume:{SILVER.id}").prompt)
        assert line.startswith(f"↵ Resume where you left off (step {tut.index + 1} of {len(SILVER.steps)}")
        await highlight(pilot, menu, f"resume:{SILVER.id}")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen) and screen.lesson is SILVER
        assert screen.tutorial.index == tut.index and len(screen.model.log) == len(moves)
        await pilot.press("c")  # inside it, the chapter list says where this lesson is
        await pilot.pause()
        inside = app.screen.query_one(OptionList)
        assert str(inside.get_option("resume").prompt).startswith("↵ Back to the tutorial")
        assert inside.get_option_at_index(inside.highlighted).id == "resume"
    assert not (tmp_path / BASE.progress_file).exists()
    # A base tutorial's progress file is not taken for the Silver lesson's, nor the other way round.
    (tmp_path / SILVER.progress_file).write_text(json.dumps({"version": 4, "step": 1, "scripted": 0, "moves": []}))
    assert "another lesson" in load_progress(tmp_path / SILVER.progress_file, SILVER)[1]
