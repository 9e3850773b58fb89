"""The learn screens: leaving and resuming the tutorial, the rules browser, and snapshots (the whole tutorial
by keys is in test_ui_tutorial.py)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList

from tiletum_tui.games.tiletum.engine import current_player, parse
from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.learn import open_rules, start_tutorial
from tiletum_tui.games.tiletum.ui.learn.rules_screen import RulesScreen
from tiletum_tui.games.tiletum.ui.learn.tutorial_screen import TutorialScreen
from tiletum_tui.shell.ui.title import TitleScreen
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

def _contains(choice, action) -> bool:
    return choice.action == action or any(_contains(c, action) for c in choice.children)


def keys_for(panel: DecisionPanel, action) -> str | None:
    """The key of the line on this level that leads to ``action``."""
    from tiletum_tui.games.tiletum.ui.choices import key_of

    for i, c in enumerate(panel.options):
        if not c.disabled and _contains(c, action):
            return key_of(panel.options, i)
    return None


async def test_leave_and_resume_where_it_was(tmp_path, monkeypatch):
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "enter")  # Learn to play: the chapter list; Enter starts at the beginning
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
        from tiletum_tui.games.tiletum.ui.learn.dialogs import LearnNote

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
        await pilot.press("l")  # the chapter list offers to resume first: Enter
        await pilot.pause()
        assert "Resume where you left off (step 5 of" in str(app.screen.query_one("#chapters-list").get_option_at_index(0).prompt)
        await pilot.press("enter")
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
        await pilot.press("r", "1")  # title: Rules, of Tiletum
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
def test_snapshot_of_a_refusal(snap_compare, tmp_path, monkeypatch, size):
    """Issue 10: 'snapshots at 80x24 and 120x40 of a step with a refusal'. Step 6 (Koeln's Pillar): a move
    to Hamburg is refused in the menu's words, the marked line highlighted again, the decision in sight."""
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)

    async def refused(pilot):
        start_tutorial(pilot.app, chapter="dice")
        await pilot.pause()
        screen = pilot.app.screen
        await pilot.press("space", "space", "space")
        while screen.feed_on:  # Rosa's first turn
            await pilot.pause(0.01)
        await pilot.press("1", "2", "1", "2")  # step 4: die 2Y to 1 with its Bonus tile; step 5: to Koeln
        await pilot.pause()
        assert screen.tutorial.index == 5
        await pilot.press("1")  # Hamburg: not this step's move
        await pilot.pause()
        await pilot.pause()  # (the map follows the highlight back to Koeln)
        assert "✗ Not now" in str(screen.query_one("#tutorial-note").content)

    assert snap_compare(TiletumApp(save_dir=tmp_path), terminal_size=size, run_before=refused)


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
    from tiletum_tui.games.tiletum.ui.learn import context_topic, help_here

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
