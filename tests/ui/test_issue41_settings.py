"""Issue 41 item 9: hints were off again after a load; the setting is remembered (``prefs``)."""

from __future__ import annotations

from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp

from .conftest import SETTINGS


async def test_hints_stay_on_after_a_load(tmp_path):
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    path = session.save("hinted")
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.hints_on
        await pilot.press("h")
        assert app.screen.hints_on
    app = TiletumApp(session=Session.load(path, autosave=False), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.hints_on and app.screen.opponents.suggest  # as they were left
        await pilot.press("h")
    app = TiletumApp(session=Session.load(path, autosave=False), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.hints_on  # and off, once turned off
