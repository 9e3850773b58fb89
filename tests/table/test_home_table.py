"""Issue 39, "the app at home runs a Table in its own process": both games' screens show what their
Table reports and act through it; they no longer drive the opponents' process themselves. Played
through the Pilot at 80x24, as a person would."""

from __future__ import annotations

import time

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.table import Table, updates as U
from tiletum_tui.shell.ui import opponents as ui_opponents
from tiletum_tui.shell.ui.app import TiletumApp

GAMES = ["tiletum", "carcassonne"]


def _session(tmp_path, game: str, seats) -> Session:
    g = games.game(game)
    return Session.new(g.table_settings([("Otto", "red"), ("Ann", "blue")], 11), tmp_path, game=g, seats=seats)


async def _until(pilot, test, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, what
        await pilot.pause(0.05)


@pytest.mark.parametrize("game", GAMES)
async def test_the_opponents_moves_at_home_are_the_tables_and_esc_hurries_it(tmp_path, monkeypatch, game):
    monkeypatch.setattr(ui_opponents.SeatDriver, "pace", 60.0)  # a minute between two of Otto's moves
    session = _session(tmp_path, game, (Seat(player="opponent", level="beginner"), PERSON))
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.opponents.table
        assert isinstance(table, Table) and table.session is session  # the screen's game is at a Table
        heard = []
        table.subscribe(None, heard.append)  # (a watcher: told what every seat is told)
        await _until(pilot, lambda: len(session.log) == 1 and table.opponents.pending is not None,
                     "Otto's first move, then his second waiting for its pace")
        await pilot.press("escape")  # Esc: faster
        await _until(pilot, lambda: len(session.log) > 1, "Esc did not hurry the Table's opponent", seconds=5)
        await _until(pilot, lambda: session.current_player == 1, "Otto never finished his turn", seconds=60)
        played = [u.text for u in heard if isinstance(u, U.Played)]
        # each of his moves played by the Table, and told (the first, maybe before this test listened)
        assert len(played) >= len(session.log) - 1 and played == [e.text for e in session.log][-len(played):]
        assert all(e.seat == 0 for e in session.log)
        await pilot.pause(0.3)
        assert app.screen.opponents.waiting is None and not app.screen.opponents.busy


async def test_a_persons_move_at_home_goes_through_the_table(tmp_path, monkeypatch):
    """Carcassonne: Enter places the tile where the cursor starts; the Table tells its watchers it was
    Ann's (seat 0) move, then its opponent (Otto, seat 1) is asked at once."""
    monkeypatch.setattr(ui_opponents.SeatDriver, "pace", 0.0)
    from tests.carcassonne.test_screens import seed_drawing
    from tests.carcassonne.helpers import settings

    g = games.game("carcassonne")
    session = Session.new(settings(2, seed_drawing("E")), tmp_path, game=g,
                          seats=(PERSON, Seat(player="opponent", level="beginner")))
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen.opponents.table
        heard = []
        table.subscribe(None, heard.append)
        await pilot.pause()
        await pilot.press("enter")  # the cursor starts where E fits
        assert session.notation_log[:1] == ["1: place E at 0,-1 r2"]
        (first, *_) = [u for u in heard if isinstance(u, U.Changed)]
        assert first.by == 0 and [e.notation for e in first.entries] == ["1: place E at 0,-1 r2"]
        await pilot.press("0")  # no follower: Otto's turn
        await _until(pilot, lambda: any(isinstance(u, U.Played) and u.seat == 1 for u in heard), "Otto never played")
