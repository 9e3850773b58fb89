"""Snapshots of every screen at 80x24, 100x30 and 120x40, at a fixed seed and a fixed mid-game position
(issue 9: every view mid-game at the three sizes).

Regenerate with ``pytest tests/ui/test_snapshots.py --snapshot-update`` and look at every SVG as a PNG
(``rsvg-convert``) before committing it.
"""

from __future__ import annotations

import pytest

from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.dialogs.basic import AnnounceDialog

from .conftest import finished_session, midgame_session, turn_start_session

SIZES = [(80, 24), (100, 30), (120, 40)]
IDS = lambda s: f"{s[0]}x{s[1]}"  # noqa: E731
GAME_VIEWS = {"wheel": "w", "map": "m", "board": "b", "offers": "o", "log": "l"}


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_title(snap_compare, size, tmp_path):
    assert snap_compare(TiletumApp(save_dir=tmp_path), terminal_size=size)  # no saves: nothing to continue


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_new_game_form(snap_compare, size, tmp_path):
    async def fixed_seed(pilot):
        await pilot.press("n")
        await pilot.pause()
        pilot.app.screen.query_one("#seed").value = "7"
        await pilot.pause()

    assert snap_compare(TiletumApp(save_dir=tmp_path), terminal_size=size, run_before=fixed_seed)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("view", GAME_VIEWS)
def test_game_view(snap_compare, size, view, tmp_path):
    """Every view mid-game, with the strip of the player in turn and the decision (a Merchant Action)."""
    app = TiletumApp(session=midgame_session(tmp_path))
    assert snap_compare(app, terminal_size=size, press=[GAME_VIEWS[view]])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_since_your_last_turn(snap_compare, size, tmp_path):
    """A turn begins: what the other player did since, with the dice and moves marked."""
    assert snap_compare(TiletumApp(session=turn_start_session(tmp_path)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_find_a_town(snap_compare, size, tmp_path):
    """'/' and a Town's first letters: its line is highlighted, the map cursor on it."""
    app = TiletumApp(session=midgame_session(tmp_path))
    assert snap_compare(app, terminal_size=size, press=["slash", "f"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_town_details(snap_compare, size, tmp_path):
    app = TiletumApp(session=midgame_session(tmp_path))
    assert snap_compare(app, terminal_size=size, press=["i"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_tasks_with_greyed_reasons(snap_compare, size, tmp_path):
    app = TiletumApp(session=midgame_session(tmp_path))
    assert snap_compare(app, terminal_size=size, press=["t"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_confirm_wasted_ap(snap_compare, size, tmp_path):
    app = TiletumApp(session=midgame_session(tmp_path))
    assert snap_compare(app, terminal_size=size, press=["e"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_help(snap_compare, size, tmp_path):
    app = TiletumApp(session=midgame_session(tmp_path))
    assert snap_compare(app, terminal_size=size, press=["question_mark"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_announcement(snap_compare, size, tmp_path):
    session = midgame_session(tmp_path)
    king = [e for entry in session.log for e in entry.scoring if e.category in ("king", "fairs")]

    async def announce(pilot):
        # As in play (the dialog follows a move), the game screen is laid out and drawn at this size
        # before the dialog covers it: pushed while the screen still settles, a stale cell of its first
        # draw could show beside the dialog (it failed once that way on a clean-clone run).
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        await pilot.app.push_screen(AnnounceDialog("Round 1: King phase, Fair", session.state.players, king))
        await pilot.pause()

    assert snap_compare(TiletumApp(session=session), terminal_size=size, run_before=announce)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_final_scoring(snap_compare, size, tmp_path):
    assert snap_compare(TiletumApp(session=finished_session(tmp_path)), terminal_size=size)
