"""Issue 41 item 19, the Tiletum lesson: a Pillar never takes part in a Fair (step 53 said so); questions
do not give their answer away; chapter 9 keeps its ✓ when left through the final table; S1-S4 open by keys."""

from __future__ import annotations

from types import SimpleNamespace

from textual.widgets import OptionList

from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.learn.lessons import every_lesson
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.learn.chapters import ChapterMenu
from tiletum_tui.games.tiletum.ui.learn.tutorial_screen import TutorialScreen


def test_a_step_placing_a_pillar_ties_it_to_no_fair():
    # Rulebook: a Fair's participants are those with a House in its Town or the Merchant there.
    for lesson in every_lesson():
        for step in lesson.steps:
            if step.kind == T.MOVE and step.move.split(" ")[0] in ("pillar", "upillar"):
                assert "Fair" not in step.text, step.text


def test_no_question_gives_its_answer_away():
    """Every answer is as plausible as the others: none carries its own reason (the reason is shown after
    the answer), and the right one is not the one much longer than the rest."""
    questions = 0
    for lesson in [x for x in every_lesson() if x.game == "tiletum"]:  # (Carcassonne's lesson: items 16-18)
        for step in lesson.steps:
            if not step.question:
                continue
            questions += 1
            assert not any(": " in a for a in step.answers), step.answers
            right = len(step.answers[step.correct])
            assert right <= 1.5 * max(len(a) for i, a in enumerate(step.answers) if i != step.correct), step.answers
    assert questions >= 5


def test_the_last_chapter_is_finished_when_the_game_ends():
    """The game's end comes with a last step to read; the final table covers it, and the learner leaves
    through that table: the chapter is played to its end all the same."""
    lesson = T.BASE
    last_free = max(i for i, s in enumerate(lesson.steps) if s.kind == T.FREE)
    tut = T.Tutorial(last_free, 0, lesson)
    tut.settle(SimpleNamespace(phase="over", round=4), since=last_free)
    assert lesson.chapters[-1].id in tut.finished


async def test_the_expansions_chapters_open_by_their_keys(tmp_path):
    from tiletum_tui.games.tiletum.learn.silver.lesson import SILVER

    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ChapterMenu)
        assert "s1–s4" in str(app.screen.query_one("#chapters-keys").render())
        await pilot.press("s", "3")
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen) and app.screen.lesson is SILVER
        assert app.screen.tutorial.index == SILVER.chapters[2].start
