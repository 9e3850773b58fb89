"""The guided game on screen, by keys, at 80x24 (issue 10, "Tests": "A Pilot test makes a wrong move at
every step, then the right one, and still finishes the tutorial; another starts each chapter and
finishes it").

The learner here reads the screen: at every level of the menu it presses the number of the line
marked ▶ (the last one when two lines are identical, to show either is accepted), and it checks that
the marked line is highlighted and inside the visible part of the list at 80x24. Free play is played
by a simple keyboard player.
"""

from __future__ import annotations

import random
import time

import pytest
from textual.widgets import OptionList

from tiletum_tui.engine.queries import ap_left, ap_lost_by
from tiletum_tui.learn import tutorial as T
from tiletum_tui.ui import text as words
from tiletum_tui.ui.app import TiletumApp
from tiletum_tui.ui.choices import finish_action, keys_for
from tiletum_tui.ui.dialogs.basic import AnnounceDialog, ConfirmDialog
from tiletum_tui.ui.learn.chapters import ChapterMenu
from tiletum_tui.ui.learn.tutorial_screen import OpponentFeed, TutorialScreen
from tiletum_tui.ui.screens.final import FinalScreen
from tiletum_tui.ui.widgets.decision import DecisionPanel

from ..ui.chooser import choose_key

MAX_KEYS = 3000
SIZE = (80, 24)


@pytest.fixture
def fast(monkeypatch):
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)


@pytest.fixture
def told(monkeypatch) -> set:
    """Every line Rosa's feed showed."""
    lines: set[str] = set()
    show = OpponentFeed.show

    def recording(self, title, feed):
        lines.update(feed)
        show(self, title, feed)

    monkeypatch.setattr(OpponentFeed, "show", recording)
    return lines


def note_of(screen) -> str:
    return str(screen.query_one("#tutorial-note").content)


def marked_key(panel: DecisionPanel) -> str:
    """Issue 10: 'the wanted choice is scrolled into view and marked' (the group line when it is inside a
    group). The key of the marked line, after checking it is highlighted and on screen."""
    marked = [i for i, c in enumerate(panel.options) if c.marked and not c.disabled]
    assert marked, f"no line marked ▶ among {[c.label for c in panel.options]}"
    ol = panel.query_one("#choices", OptionList)
    assert ol.highlighted == marked[0]
    top = round(ol.scroll_y)
    assert top <= ol.highlighted < top + ol.scrollable_content_region.height, "the marked line is scrolled out of view"
    i = marked[-1]  # of two identical lines, the second: either is accepted
    return str(i + 1) if i < 9 else "enter"


def _leaves(choices, depth=0):
    for c in choices:
        if c.action is not None and not c.disabled:
            yield c, depth
        yield from _leaves(c.children, depth + 1)


def wrong_keys(screen: TutorialScreen) -> list[str]:
    """Keys of a legal move this step does not ask for: the finishing key when it would waste AP (the
    lesson must answer before 'Waste AP?'), else a line deep in a sub-menu (the freeze was there)."""
    state, step = screen.model.state, screen.tutorial.step
    wanted = T.step_action(state, step) if step.kind == T.MOVE else None
    menu = screen.query_one(DecisionPanel).levels[0]
    finish = finish_action(screen.model.legal())
    if finish is not None and ap_lost_by(state, finish) and not (wanted and T.matches(state, finish, wanted)):
        return ["e"]
    leaves = sorted(_leaves(menu), key=lambda x: -x[1])
    for leaf, _ in leaves:
        if not (wanted and T.matches(state, leaf.action, wanted)):
            keys = keys_for(menu, leaf.action)
            if keys:
                return keys
    return []


async def make_a_wrong_move(pilot, app, screen: TutorialScreen) -> bool:
    """A wrong move: refused in the menu's words before anything else, nothing changes, the panel is
    back at the marked line, and digits still work (the next key picks). False if there was none."""
    keys = wrong_keys(screen)
    if not keys:
        return False
    step, index, moves = screen.tutorial.step, screen.tutorial.index, len(screen.model.log)
    await pilot.press(*keys)
    await pilot.pause()
    assert app.screen is screen, f"step {index + 1}: {type(app.screen).__name__} came before the lesson's verdict"
    assert (screen.tutorial.index, len(screen.model.log)) == (index, moves)
    note = note_of(screen)
    if step.kind == T.MOVE:
        assert note.startswith("✗ Not now: this step asks for") and all(f"'{c}'" in note for c in step.choose), note
        marked_key(screen.query_one(DecisionPanel))  # back at the marked line, highlighted, in view
    else:
        assert note == "✗ " + T.READ_FIRST
    assert not screen.query_one(DecisionPanel).waiting  # the panel takes keys again (the freeze)
    return True


async def answer_waste_ap(pilot, app, screen: TutorialScreen) -> None:
    """Issue 10: the AP-lost dialog 'must name the right Action and what it says must be true'."""
    state = screen.model.state
    lost = ap_lost_by(state, finish_action(screen.model.legal()))
    question = str(app.screen.query(".dialog-body").first().content)
    whose = "the Joker" if lost[0] == "joker" else f"the {words.ACTION_TITLE[lost[0]]} Action"
    assert f"You still have {lost[1]} AP for {whose}." in question, question
    await pilot.press("y")
    await pilot.pause()
    assert ap_left(screen.model.state) is None or ap_left(screen.model.state)[0] != lost[0]  # they are gone


async def test_a_wrong_move_at_every_step_then_the_right_one_and_the_tutorial_is_finished(tmp_path, fast, told):
    app = TiletumApp(save_dir=tmp_path)
    rng, keys, refused, free, t0 = random.Random(3), 0, set(), None, time.perf_counter()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")  # title: Learn to play, the chapter list; Enter starts chapter 1
        await pilot.pause()
        assert isinstance(app.screen, ChapterMenu)
        await pilot.press("enter")
        await pilot.pause()
        tut = app.screen
        assert isinstance(tut, TutorialScreen) and tut.tutorial.index == 0
        while not tut.tutorial.done:
            keys += 1
            assert keys < MAX_KEYS, f"stuck at step {tut.tutorial.index + 1}"
            screen, step, index = app.screen, tut.tutorial.step, tut.tutorial.index
            if isinstance(screen, AnnounceDialog):
                await pilot.press("enter")
            elif isinstance(screen, ConfirmDialog):
                assert index in refused or step.kind == T.FREE  # only ever after the lesson said yes
                await answer_waste_ap(pilot, app, tut)
            elif isinstance(screen, FinalScreen):
                await pilot.press("escape")  # back to the board, where the last step waits
            elif tut.feed_on and tut._timer is not None:
                await pilot.pause(0.01)  # Rosa is playing
            elif step.kind == T.FREE:
                free = free or f"{keys} keys {time.perf_counter() - t0:.1f} s"
                await pilot.press(choose_key(tut.query_one(DecisionPanel), rng))
            elif index not in refused:
                refused.add(index)
                if tut.feed_on:  # Rosa waits for a step to be read: the keys of her menu are not the learner's
                    before = len(tut.model.log)
                    await pilot.press("1")
                    assert len(tut.model.log) == before and tut.tutorial.index == index
                elif not await make_a_wrong_move(pilot, app, tut):
                    assert len(tut.model.legal()) <= 1, f"step {index + 1}: no wrong move was tried"
                if index == 4:  # issue 10: "`u` does nothing in the tutorial and says nothing"
                    before = len(tut.model.log)
                    await pilot.press("u")
                    assert note_of(tut) == T.UNDO_OFF and len(tut.model.log) == before
            elif step.kind == T.KEY:
                await pilot.press("space")
            else:
                await pilot.press(marked_key(tut.query_one(DecisionPanel)))
        assert tut.model.state.phase == "over"
        assert len(refused) == len([s for s in T.STEPS if s.kind != T.FREE])
        print(f"\n{keys} keys, free play from {free}")
    # Issue 10: "each opponent move is narrated in one line as it happens": every move of Rosa's script was.
    narration: list[str] = []
    T.play_script(narration=narration)
    rosa = {line for line in narration if line.startswith("Rosa ")}
    assert rosa and rosa <= told, sorted(rosa - told)[:3]
