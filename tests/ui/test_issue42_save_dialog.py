"""Issue 42, item 6: "With the autosave failing, the Ctrl+S dialog still says 'the game is autosaved
anyway'; a key typed right after the 'not saved' dialog opens lands in its path field."

The dialog opened by itself when the autosave failed comes up while the player may be typing moves: a key
meant for the game must not change where the game is saved. Its field takes keys once the player asks for
it (Enter, or Tab), and Enter then saves. And no dialog or command says the game is autosaved while it
is not."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine import legal_actions
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.save import SaveDialog
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen
from tiletum_tui.shell.ui.app import TiletumApp

from .conftest import SETTINGS


def _keys_line(dialog) -> str:
    return str(dialog.query_one(".dialog-keys").content)


async def test_ctrl_s_while_the_autosave_fails_never_says_autosaved_anyway(full_disk):
    full, _ = full_disk
    session = Session.new(SETTINGS, save_dir=full)
    app = TiletumApp(session=session, save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the dialog that opened by itself: play on unsaved
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session.autosave_error
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveDialog)
        line = _keys_line(app.screen)
        assert "autosaved anyway" not in line and "unsaved" in line, line
        commands = [c.help for c in app.get_system_commands(app.screen_stack[-2])]
        assert not any("autosaved anyway" in c for c in commands)
        assert any("it is not saved" in c for c in commands)


async def test_ctrl_s_while_the_autosave_works_still_says_so(tmp_path):
    """(The words are kept where they are true.)"""
    app = TiletumApp(session=Session.new(SETTINGS, save_dir=tmp_path), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "the game is autosaved anyway" in _keys_line(app.screen)


async def test_a_key_typed_as_the_not_saved_dialog_opens_does_not_land_in_its_path(full_disk):
    full, spare = full_disk
    session = Session.new(SETTINGS, save_dir=full)
    app = TiletumApp(session=session, save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SaveDialog)  # opened by itself: the autosave failed
        suggested = dialog.query_one("#save-name").value
        await pilot.press("1", "2", "x")  # keys meant for the game, typed in flight
        await pilot.pause()
        assert dialog.query_one("#save-name").value == suggested
        assert app.screen is dialog and "Enter: choose where to save" in _keys_line(dialog)
        await pilot.press("enter")  # now the field takes keys
        await pilot.pause()
        assert dialog.query_one("#save-name").has_focus and _keys_line(dialog).startswith("Enter: save")
        dialog.query_one("#save-name").value = f"{spare}/"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session.save_dir == spare


async def test_a_player_typing_a_move_as_the_autosave_fails_is_not_taken_for_a_path(full_disk):
    """The dialog opening after a move: the next keys (a line's number) change nothing."""
    full, _ = full_disk
    session = Session.new(SETTINGS, save_dir=full)
    app = TiletumApp(session=session, save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        screen = app.screen
        screen._autosave_shown = None  # (as if it had worked until now: the next failure opens the dialog)
        screen.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
        await pilot.press("1")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, SaveDialog)
        from tiletum_tui.shell.saves.store import sanitise_name

        assert dialog.query_one("#save-name").value == "~/" + sanitise_name(session._default_name())
