"""Issue 39, item 2: "Carcassonne's moves are never timed: ``Session.start_clock`` is called only
from Tiletum's game screen, so page 3 of Carcassonne's charts and the replay's "time taken" always
read "—"". One clock for both games, started where a decision is put to a person (the screens'
shared opponents' driver at home, the host's game on the host: ``tests/host/test_issue39_final_table.py``
checks the hosted moves). Keys at 80×24, as a player plays."""

from __future__ import annotations

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.replay.positions import Positions, move_times
from tiletum_tui.shell.ui.app import TiletumApp

from ..carcassonne.helpers import settings as carcassonne_settings
from .conftest import SETTINGS


def _table(name: str):
    game = games.game(name.split("-")[0])
    if game.name == "carcassonne":
        return game, carcassonne_settings(2, 3, river=name.endswith("river"))
    if name.endswith("silver"):  # Tiletum with Prospect for Silver
        return game, game.table_settings([("Ann", "red"), ("Bob", "blue")], 7, ("silver",))
    return game, SETTINGS


@pytest.mark.parametrize(("name", "key"), [("carcassonne", "enter"), ("carcassonne-river", "enter"), ("tiletum", "1"),
                                           ("tiletum-silver", "1")])
async def test_a_move_made_at_home_is_timed_in_either_game(tmp_path, name, key):
    game, table = _table(name)
    session = Session.new(table, save_dir=tmp_path, game=game, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):  # the first move (a tile placed where the cursor is; Tiletum's first die, kept)
            await pilot.press(key)
            await pilot.pause(0.1)
            if session.log:
                break
        assert session.log and session.log[0].seconds is not None  # its time, as the replay and charts show it
        times = move_times(Positions(session))
        assert times[session.log[0].seat]["timed"] == 1
        session.close()


@pytest.mark.parametrize("name", ["tiletum", "tiletum-silver", "carcassonne-river"])
async def test_a_game_over_at_home_replays_and_charts_with_its_times(tmp_path, name):
    """The matrix's home cells of item 1 (the hosted ones: ``tests/host/test_issue39_final_table.py``)."""
    import random

    from tiletum_tui.shell.session import EVERY_SEAT
    from tiletum_tui.shell.ui.replay.charts import ChartsScreen
    from tiletum_tui.shell.ui.replay.screen import ReplayShell

    game, table = _table(name)
    session = Session.new(table, save_dir=tmp_path, game=game, autosave=False)
    session.start_clock()  # (as a screen does: every move timed)
    rng = random.Random(4)
    while not session.finished:
        session.apply(rng.choice(game.legal_actions(session.state)), by=EVERY_SEAT)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        await pilot.press("r")
        await pilot.pause(0.3)
        assert isinstance(app.screen, ReplayShell) and app.screen.positions.last == len(session.log)
        assert all(e.seconds is not None for e in app.screen.positions.entries)
        await pilot.press("escape")
        await pilot.pause(0.2)
        await pilot.press("c")
        await pilot.pause(0.3)
        assert isinstance(app.screen, ChartsScreen)
    session.close()
