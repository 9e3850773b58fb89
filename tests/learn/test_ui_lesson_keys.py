"""Keys that mean the same in both games' lessons (issue 41, item 18): on a step to read, a digit or Enter
chooses no line of the menu under it (a digit opened a die group there); Esc backs out of a menu and,
with none open, says how to leave instead of leaving (Carcassonne's lesson left at once)."""

from __future__ import annotations

from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.core.lesson_cursor import ESC_STAYS
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.dialogs.basic import AnnounceDialog
from tiletum_tui.games.tiletum.ui.learn.tutorial_screen import TutorialScreen
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

from .test_ui_tutorial import SIZE, marked_key, note_of, open_chapter


async def test_a_digit_or_enter_on_a_step_to_read_opens_no_group_and_esc_never_leaves(tmp_path, monkeypatch):
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)
    i = next(i for i, c in enumerate(T.CHAPTERS) if c.id == "king-phase")
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        tut = await open_chapter(pilot, app, i)
        panel = tut.query_one(DecisionPanel)
        while app.screen is not tut or T.STEPS[tut.tutorial.index].kind != T.KEY:  # to its first step to read
            await pilot.press("enter" if isinstance(app.screen, AnnounceDialog) else marked_key(panel))
            await pilot.pause()
        step, index = tut.tutorial.step, tut.tutorial.index
        group = next(n for n, c in enumerate(panel.options, 1) if c.is_group)  # a die of the next turn
        for key in (str(group), "enter", "t"):  # (t: the Tasks, a group too)
            await pilot.press(key)
            await pilot.pause()
            assert len(panel.levels) == 1 and tut.tutorial.index == index, key  # no group opened
            assert note_of(tut) == "✗ " + (T.ANSWER_FIRST if step.question else T.READ_FIRST)
        await pilot.press("escape")  # nothing to back out of: the lesson stays, and says how to leave
        await pilot.pause()
        assert app.screen is tut and note_of(tut) == ESC_STAYS


async def test_carcassonnes_lesson_hints_the_steps_move_and_esc_stays(tmp_path):
    """C1: h gave the master's advice, which the step then refused; it names the step's own move now. Esc
    left the lesson at once; it stays and says how to leave, and F10 leaves."""
    from tiletum_tui.games.carcassonne.learn import tutorial as C
    from tiletum_tui.games.carcassonne.learn.lesson import CARCASSONNE

    from ..carcassonne.test_lesson_screen import fingerprint, message, open_chapter as open_carcassonne

    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_carcassonne(pilot, app, 1)
        await pilot.press("h")
        assert message(screen) == "Hint: read this step, then press space."
        await pilot.press("space", "h")
        await pilot.pause(0.3)  # (the master, asked, would answer by now)
        step = screen.tutorial.step
        assert message(screen) == f"Hint: this step asks for {C.expected(screen.session.state, step)}."
        assert "tile V on the frame marked ▶ at 1,0" in message(screen)
        before = fingerprint(screen)
        await pilot.press("escape")
        assert app.screen is screen and message(screen) == ESC_STAYS and fingerprint(screen) == before
        await pilot.press("f10")
        await pilot.pause()
        assert app.screen is not screen and screen.tutorial.index == CARCASSONNE.chapters[0].start + 1
