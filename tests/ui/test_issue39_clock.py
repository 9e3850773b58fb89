"""Issue 39, item 2: "Carcassonne's moves are never timed: ``Session.start_clock`` is called only
from Tiletum's game screen, so page 3 of Carcassonne's charts and the replay's "time taken" always
read "—"". One clock for both games, started where a decision is put to a person (the screens'
shared opponents' driver at home, the host's game on the host: ``tests/host/test_issue39_final_table.py``
checks the hosted moves). Keys at 80×24, as a player plays."""

from __future__ import annotations

import pytest

from tiletum_tui import games
from tiletum_tui.session import Session
from tiletum_tui.shell_ui.replay.positions import Positions, move_times
from tiletum_tui.ui.app import TiletumApp

from ..carcassonne.helpers import settings as carcassonne_settings
from .conftest import SETTINGS


@pytest.mark.parametrize(("name", "key"), [("carcassonne", "enter"), ("carcassonne-river", "enter"), ("tiletum", "1")])
async def test_a_move_made_at_home_is_timed_in_either_game(tmp_path, name, key):
    game = games.game(name.split("-")[0])
    table = carcassonne_settings(2, 3, river=name.endswith("river")) if game.name == "carcassonne" else SETTINGS
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
