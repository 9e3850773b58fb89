"""The learn screens: the whole tutorial by keys alone, the rules browser, and snapshots at 80x24."""

from __future__ import annotations

import random

import pytest
import time

from textual.widgets import Input, OptionList

from tiletum_tui.engine import current_player, parse
from tiletum_tui.learn import tutorial as T
from tiletum_tui.ui.app import TiletumApp
from tiletum_tui.ui.dialogs.basic import AnnounceDialog, ConfirmDialog
from tiletum_tui.ui.learn import open_rules, start_tutorial
from tiletum_tui.ui.learn.rules_screen import RulesScreen
from tiletum_tui.ui.learn.tutorial_screen import TutorialScreen, load_progress, progress_path
from tiletum_tui.ui.screens.final import FinalScreen
from tiletum_tui.ui.screens.title import TitleScreen
from tiletum_tui.ui.widgets.decision import DecisionPanel

from ..ui.chooser import choose_key

MAX_KEYS = 3000


def _contains(choice, action) -> bool:
    return choice.action == action or any(_contains(c, action) for c in choice.children)


def keys_for(panel: DecisionPanel, action) -> str | None:
    """The number key of the line on this level that leads to ``action``."""
    for i, c in enumerate(panel.options[:9]):
        if not c.disabled and _contains(c, action):
            return str(i + 1)
    return None



async def test_the_whole_tutorial_by_keys_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    rng, keys, started = random.Random(5), 0, time.perf_counter()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("l")  # title: Learn to play
        await pilot.pause()
        tut_screen = app.screen
        assert isinstance(tut_screen, TutorialScreen)
        while not tut_screen.tutorial.done:
            keys += 1
            assert keys < MAX_KEYS, f"stuck at step {tut_screen.tutorial.index}"
            screen, step = app.screen, tut_screen.tutorial.step
            state = tut_screen.model.state
            if isinstance(screen, AnnounceDialog):
                key = "enter"
            elif isinstance(screen, ConfirmDialog):
                key = "y"
            elif isinstance(screen, FinalScreen):
                key = "escape"  # back to the board, where the last step waits
            elif current_player(state) == T.OPPONENT and state.phase != "over":
                await pilot.pause(0.01)
                continue
            elif step.kind == T.KEY:
                key = "space"
            elif step.kind == T.MOVE:
                panel = screen.query_one(DecisionPanel)
                key = keys_for(panel, parse(step.move, T.LEARNER))
                assert key, f"step {tut_screen.tutorial.index}: no line leads to {step.move}"
            else:
                key = choose_key(screen.query_one(DecisionPanel), rng)
            await pilot.press(key)
        assert tut_screen.model.state.phase == "over"
        saved = load_progress(progress_path(app))
        assert saved["step"] == len(T.STEPS)
    print(f"\n{keys} keys in {time.perf_counter() - started:.1f} s")


async def test_leave_and_resume_where_it_was(tmp_path, monkeypatch):
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("space", "space", "space")  # three key steps, then the first move by its lines
        screen = app.screen
        first = parse(T.STEPS[3].move, T.LEARNER)
        while current_player(screen.model.state) == T.OPPONENT:  # Rosa plays first
            await pilot.pause(0.01)
        while screen.tutorial.index == 3:
            await pilot.press(keys_for(screen.query_one(DecisionPanel), first))
        await pilot.pause()
        assert screen.tutorial.index == 4 and screen.model.state.players[T.LEARNER].dice == ("Y",)
        wrong = parse("2: move architect ANT")  # a line that is not this step's move: refused, nothing changes
        for _ in range(2):  # the group 'Move your Architect', then the Town
            await pilot.press(keys_for(screen.query_one(DecisionPanel), wrong))
            await pilot.pause()
        assert screen.tutorial.index == 4
        from tiletum_tui.ui.learn.dialogs import LearnNote

        for key in ("x", "v"):  # why? on the highlighted choice, and the score preview
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, LearnNote)
            body = str(app.screen.query_one("#learn-note-body").render())
            assert ("Read more" in body) if key == "x" else ("Final scoring as it stands" in body)
            await pilot.press("escape")
            await pilot.pause()
        assert app.screen is screen
        await pilot.press("f10")  # leave
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")  # resume
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TutorialScreen) and again is not screen
        assert again.tutorial.index == 4 and again.model.state.players[T.LEARNER].dice == ("Y",)
        await pilot.press("ctrl+r")  # restart
        await pilot.pause()
        assert app.screen.tutorial.index == 0 and app.screen.model.state.players[T.LEARNER].dice == ()


async def test_rules_browser_search_and_topics(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")  # title: Rules
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen) and rules.page_id == "rounds"
        await pilot.press("slash", *"storehouse", "enter")
        await pilot.pause()
        assert (rules.page_id, rules.section_id) == ("rounds", "storehouse")
        open_rules(app, "cards")
        await pilot.pause()
        assert rules.page_id == "cards" and app.screen is rules
        await pilot.press("escape")  # the first Esc clears the search; the contents come back
        await pilot.pause()
        assert app.screen is rules
        toc = rules.query_one("#rules-toc", OptionList)
        toc.highlighted = toc.get_option_index("toc-scoring-final")
        await pilot.press("enter")
        await pilot.pause()
        assert (rules.page_id, rules.section_id) == ("scoring", "final")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not app.screen.query(Input)


SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_of_a_tutorial_step(snap_compare, tmp_path, monkeypatch, size):
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)

    async def to_step(pilot):
        start_tutorial(pilot.app, restart=True)
        await pilot.pause()
        await pilot.press("space", "space", "space")
        await pilot.pause()

    assert snap_compare(TiletumApp(save_dir=tmp_path), terminal_size=size, run_before=to_step)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_of_a_rules_page(snap_compare, tmp_path, size):
    async def to_page(pilot):
        open_rules(pilot.app, "rounds:change")
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(TiletumApp(save_dir=tmp_path), terminal_size=size, run_before=to_page)


async def test_command_palette_rules_search(tmp_path):
    app = TiletumApp(save_dir=tmp_path)  # its palette carries the rules provider
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"rules: fair")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert (app.screen.page_id, app.screen.section_id) == ("rounds", "fair")


async def test_f1_context_help_opens_the_rule_of_the_highlighted_choice(tmp_path):
    from tiletum_tui.ui.learn import context_topic, help_here

    app = TiletumApp(T.SETTINGS, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert context_topic(game) == "rounds:turn"  # a die is highlighted: the rule of taking a die
        game.query_one("#wheel").focus()
        await pilot.pause()
        assert context_topic(game) == "wheel"
        help_here(game)
        await pilot.pause()
        assert (app.screen.page_id, app.screen.section_id) == ("rounds", "turn")
