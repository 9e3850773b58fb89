"""The decision panel: greyed choices say why; resizing keeps the game; undo; the map cursor."""

from __future__ import annotations

from tiletum_tui.engine import legal_actions
from tiletum_tui.ui.app import TiletumApp
from tiletum_tui.ui.screens.game import GameScreen
from tiletum_tui.ui.widgets.decision import DecisionPanel
from tiletum_tui.ui.widgets.map_view import MapView

from .conftest import midgame_session


def _lines(screen) -> list[str]:
    from textual.widgets import OptionList

    ol = screen.query_one("#choices", OptionList)
    return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]


def _session_with_a_greyed_line(tmp_path):
    """A seeded random game, played until the decision panel's first level shows a refused line."""
    import random

    from tiletum_tui.engine import options, view
    from tiletum_tui.session import Session
    from tiletum_tui.ui.choices import build_menu

    from .conftest import SETTINGS

    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    rng = random.Random(3)
    while not session.finished:
        seen = view(session.state)
        if any(c.disabled for c in build_menu(seen, options(seen))[:9]):
            return session
        session.apply(rng.choice(legal_actions(session.state)))
    raise AssertionError("no refused line in a whole game")


async def test_greyed_choice_shows_reason(tmp_path):
    app = TiletumApp(session=_session_with_a_greyed_line(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        greyed = [(i, c) for i, c in enumerate(panel.options) if c.disabled and i < 9]
        assert greyed, "the position has a greyed choice"
        i, choice = greyed[0]
        assert choice.reason and choice.reason in _lines(screen)[i]  # the reason is on the line itself
        notes = []
        before = len(screen.model.log)
        app.notify = lambda message, **kw: notes.append(message)  # catch the toast
        await pilot.press(str(i + 1))  # picking it anyway explains, and changes nothing
        assert notes and choice.reason in notes[-1]
        assert len(screen.model.log) == before  # the game is as it was


async def test_resize_keeps_the_game(tmp_path):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        before = session.state
        await pilot.press("1")  # open a sub-menu: the map choice
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("m", "b", "w", "o", "l")  # every view draws at 60x20
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen.has_class("-wide")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.state is before
        await pilot.press("escape", "1", "1")  # still playable: move the Merchant
        assert session.state is not before


async def test_map_cursor_chooses_destination(tmp_path):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")  # Move your Merchant: a pure map choice
        map_view = app.screen.query_one(MapView)
        assert map_view.has_focus and map_view.legal
        start = map_view.cursor
        await pilot.press("down")
        assert map_view.cursor != start and map_view.cursor in map_view.legal
        target = map_view.cursor
        await pilot.press("enter")
        assert session.state.players[0].merchant == target


async def test_undo_within_turn(tmp_path):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        before = session.state
        await pilot.press("1", "1")
        assert session.state is not before
        await pilot.press("u")
        assert session.state.players[0].merchant == before.players[0].merchant
        assert legal_actions(session.state) == legal_actions(before)


def test_die_choices_show_the_ap_with_completed_building_bonus(tmp_path):
    """Completed Buildings: the Action gives its Bonus AP every time a die is taken for it; the menu says so."""
    from tiletum_tui.engine import clone, options
    from tiletum_tui.engine.queries import action_for_value
    from tiletum_tui.ui.choices import build_menu

    from .conftest import make_session

    session = make_session(tmp_path, moves=0)  # the first player chooses a die
    state = clone(session.state)
    value = next(v for v, dice in enumerate(state.board.wheel_dice, 1) if dice and action_for_value(state, v) != "joker")
    p = state.players[state.stack[-1].player]
    p.bonus_ap = {action_for_value(state, value): 2}  # arranged for the test
    labels = [c.label for c in build_menu(state, options(state))]
    assert any(label.startswith(f"Die {value}") and f"{7 - value + 2} AP" in label for label in labels), labels
