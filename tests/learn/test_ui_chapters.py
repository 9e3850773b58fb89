"""The chapter list at 80x24 (issue 24, item 12): every line is in sight (S3 was below the fold), no line
wraps, and a chapter played to its end keeps its ✓ when an earlier one is started again."""

from __future__ import annotations

import json

import pytest
from textual.widgets import OptionList

from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.learn.lessons import BASE
from tiletum_tui.games.tiletum.learn.silver.lesson import SILVER
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.learn.chapters import ChapterMenu
from tiletum_tui.games.tiletum.ui.learn.progress import PROGRESS_VERSION, load_progress
from tiletum_tui.games.tiletum.ui.learn.tutorial_screen import TutorialScreen

from .test_ui_tutorial import fast  # noqa: F401 (a fixture)

SIZE = (80, 24)


def _progress(lesson, chapter_id: str, finished=()) -> str:
    _, tut, moves = T.start_chapter(chapter_id)
    data = {"version": PROGRESS_VERSION, "step": tut.index, "scripted": tut.scripted, "moves": moves,
            "finished": list(finished)}
    if lesson is not BASE:
        data["lesson"] = lesson.id
    return json.dumps(data)


def _lines(menu: OptionList) -> list[str]:
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


def _all_in_sight(app, menu: OptionList) -> None:
    box = app.screen.query_one("#chapters")
    assert box.region.y >= 0 and box.region.bottom <= SIZE[1], box.region  # the whole list fits the screen
    assert menu.max_scroll_y == 0  # nothing below the fold
    width = menu.scrollable_content_region.width
    assert all(len(line) <= width for line in _lines(menu)), [x for x in _lines(menu) if len(x) > width]
    assert menu.virtual_size.height == menu.option_count  # one row a line: none wraps


@pytest.mark.parametrize("base_file", ["progress", "damaged"])
async def test_every_chapter_line_is_in_sight_at_80x24(tmp_path, fast, base_file):
    """With the most lines there can be (both lessons' resume lines, or a note saying why a file cannot be
    used), from the title screen and from inside a lesson."""
    base = _progress(BASE, BASE.chapters[4].id) if base_file == "progress" else '{"version": 4, "step": -1}'
    (tmp_path / BASE.progress_file).write_text(base)
    (tmp_path / SILVER.progress_file).write_text(_progress(SILVER, SILVER.chapters[-1].id))
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ChapterMenu)
        menu = app.screen.query_one(OptionList)
        lines = _lines(menu)
        assert any(x.startswith(f"S{len(SILVER.chapters)} ") for x in lines)
        assert sum(x.startswith("↵ ") for x in lines) == (2 if base_file == "progress" else 1)
        _all_in_sight(app, menu)
        menu.highlighted = next(i for i, x in enumerate(lines) if x.startswith("↵ Resume") and "chapter S" in x)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen) and app.screen.lesson is SILVER
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChapterMenu)
        _all_in_sight(app, app.screen.query_one(OptionList))


async def test_a_finished_chapter_keeps_its_tick_when_an_earlier_one_is_started_again(tmp_path, fast):
    """Issue 24: "a chapter's ✓ vanishes when an earlier one restarts". Chapters 1 and 2 played to their end,
    the learner in chapter 3 starts chapter 1 again: 1 and 2 keep their ✓, in the list and in the file."""
    path = tmp_path / BASE.progress_file
    path.write_text(_progress(BASE, BASE.chapters[2].id, finished=("dice", "merchant")))
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        lines = _lines(app.screen.query_one(OptionList))
        assert lines[1].startswith("1 ") and lines[1].endswith("✓") and lines[2].endswith("✓")
        assert lines[3].endswith("◀ you are here")
        await pilot.press("1")  # chapter 1 again, from the very beginning
        await pilot.pause()
        tut = app.screen
        assert isinstance(tut, TutorialScreen) and tut.tutorial.index == 0
        await pilot.press("space")  # read the first step: the progress is the learner's now, and saved
        await pilot.pause()
        progress, problem = load_progress(path)
        assert problem is None and progress.step == 1 and set(progress.finished) == {"dice", "merchant"}
        await pilot.press("c")
        await pilot.pause()
        lines = _lines(app.screen.query_one(OptionList))
        one, two = next(x for x in lines if x.startswith("1 ")), next(x for x in lines if x.startswith("2 "))
        assert one.endswith("◀ you are here") and two.endswith("✓")


def test_a_chapter_is_finished_only_when_the_learner_plays_through_its_end():
    """Starting a later chapter from its prepared position finishes none before it; playing a chapter's last
    step does finish it."""
    state, tut, _ = T.start_chapter(BASE.chapters[3].id)
    assert tut.finished == set()
    state, tut, _ = T.play_script(until_step=BASE.chapters[1].start)
    assert "dice" in tut.finished and "merchant" not in tut.finished


def test_no_chapter_line_is_longer_than_the_list_is_wide():
    """The list is 74 cells wide inside its frame at 80 columns: a line, marked ◀ (its longest form), fits."""
    from tiletum_tui.games.tiletum.learn.lessons import every_lesson
    from tiletum_tui.games.tiletum.ui.learn.chapters import chapter_line

    for lesson in every_lesson():  # (both games' lessons: issue 20)
        prefix = lesson.mark
        for i, c in enumerate(lesson.chapters):
            line = chapter_line(i, c.start, lesson, f"{prefix}{i + 1}" if prefix else "").plain
            assert len(line) <= 74 and line.endswith("◀ you are here"), line
