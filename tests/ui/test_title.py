"""The title screen: New game opens the form, Continue/Load lists saves, Quit quits."""

from __future__ import annotations

from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.load import LoadDialog
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen
from tiletum_tui.games.tiletum.ui.screens.new_game import NewGameScreen
from tiletum_tui.shell.ui.title import TitleScreen

from ..title_helpers import continue_line
from .conftest import make_session
from tiletum_tui.shell.session import EVERY_SEAT


async def test_new_game_form_validates_and_starts(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await pilot.press("right", "space")  # 3 players
        await pilot.pause()
        assert not form.query_one("#row2").has_class("hidden")
        form.query_one("#name1").value = "Ann"  # same name twice: refused, with the reason
        await pilot.press("ctrl+s")
        assert "same name" in str(form.query_one("#form-error").render())
        # A name is shown on every screen: one holding a control character is refused on the form, as
        # `tiletum new --names` and Carcassonne's form refuse it (safe_text.name_problem).
        form.query_one("#name1").value = "B\x1b[2Job"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, NewGameScreen)
        assert "control character" in str(form.query_one("#form-error").render())
        form.query_one("#name1").value = "Bob"
        form.query_one("#seed").value = "42"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        state = app.screen.model.state  # (the screens see a view: its seed is hidden)
        assert len(state.players) == 3 and app.screen.model.session.settings.seed == 42


async def test_open_lists_the_saves_and_opens_one(tmp_path):
    session = make_session(tmp_path, moves=5)
    session.save("mine")
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.model.log) == 5  # the log is rebuilt in plain words


async def test_quit(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        assert app.return_code is None  # still running
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0  # "q" on the title screen quits (an app that quit returns 0)


async def test_the_last_unfinished_game_is_offered_first_and_c_continues_it(tmp_path):
    """Issue 4: on start, offer to continue the last unfinished game."""
    from tiletum_tui.shell.session import Session

    session = Session.new(make_session(tmp_path, moves=0).settings, save_dir=tmp_path)  # autosaves
    from tiletum_tui.games.tiletum.engine import legal_actions

    session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
    session.flush()
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Continue Tiletum: round 1" in await continue_line(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.model.log) == 1


async def test_without_an_unfinished_game_continue_says_so(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "no unfinished game" in str(app.screen.query_one("#title-note").content)


async def test_delete_a_save_only_after_confirming(tmp_path):
    """Issue 4: delete behind a confirmation."""
    session = make_session(tmp_path, moves=2)
    path = session.save("doomed")
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("n")  # no: the file stays
        await pilot.pause()
        assert path.exists()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not path.exists()
        assert isinstance(app.screen, LoadDialog) and app.screen.paths == []


async def test_save_under_a_name_from_the_game(tmp_path):
    """Issue 4: save (named) at any moment from a key. Issue 11: a name stays in the save folder
    ("friday: night" is sanitised), and the dialog shows where the save goes."""
    from tiletum_tui.shell.saves import listing
    from tiletum_tui.shell.ui.save import SaveDialog

    app = TiletumApp(session=make_session(tmp_path, moves=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveDialog)
        app.screen.query_one("#save-name").value = ""
        await pilot.press(*"friday: night")
        await pilot.pause()
        assert str(tmp_path / "friday- night.json") in str(app.screen.query_one("#save-where").content)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    names = [info.name for info in listing.list_saves(tmp_path)]
    assert names == ["friday: night"]
    assert all(p.parent == tmp_path for p in tmp_path.iterdir())


async def test_keys_remapped_in_the_key_file_work_and_show_in_help(tmp_path, monkeypatch):
    """Issue 3: keys carry ids so they can be remapped (here: Tasks from t to z)."""
    from tiletum_tui.games.tiletum.ui import keymap
    from tiletum_tui.games.tiletum.ui.dialogs.help import HelpScreen

    keymap.user_keys_path().parent.mkdir(parents=True)
    keymap.user_keys_path().write_text('{"tiletum.tasks": "z"}')
    called = []
    monkeypatch.setattr(GameScreen, "action_tasks", lambda self: called.append("tasks"))
    app = TiletumApp(session=make_session(tmp_path, moves=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")  # no longer the Tasks key
        await pilot.press("z")
        await pilot.pause()
        assert called == ["tasks"]
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        import re

        assert re.search(r"\bz +the Tasks", str(app.screen.query_one("#help-text").content))


def test_a_bad_key_file_is_reported_and_left_alone(tmp_path):
    from tiletum_tui.games.tiletum.ui import keymap

    path = tmp_path / "keys.json"
    path.write_text('{"tiletum.dance": "d"}')
    keys, problem = keymap.load_user_keys(path)
    assert keys == {} and "unknown key ids tiletum.dance" in problem
    path.write_text("not json")
    keys, problem = keymap.load_user_keys(path)
    assert keys == {} and str(path) in problem and path.read_text() == "not json"


async def test_the_key_line_names_the_other_game_as_the_menu_does(tmp_path):
    """The title's g names Carcassonne in the menu ("New game of Carcassonne") and on the key line (which
    once read "Another game", saying nothing of which)."""
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        keys = app.screen.query_one("#title-keys")
        labels = {h.key: h.label for h in keys.hints}
        assert labels["g"] == "Carcassonne"
        assert "Another game" not in str(keys.content)
