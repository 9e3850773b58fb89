"""Issue 23, item 6: "A worker that dies is started again and the decision retried once; if it dies
again the level falls back to the beginner's move for that decision with a note in the log, and the
game goes on" — the screen never stays at "… is thinking"."""

from __future__ import annotations

import time

from tiletum_tui.games.tiletum.engine import current_player
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.opponents import OpponentsController
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel


async def _until(pilot, test, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, what
        await pilot.pause(0.05)


async def test_a_killed_worker_is_started_again_then_the_beginners_move_is_played(tmp_path, monkeypatch):
    monkeypatch.setattr(OpponentsController, "pace", 0.0)
    # A master that would think for a minute (100,000 simulations, a 60 s cap): whatever it plays within seconds is not its own search's.
    seats = (Seat(player="opponent", level="master", budget="100000 60s"), PERSON)
    session = Session.new(settings_for(("master", "you"), seed=17), save_dir=tmp_path, seats=seats)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        opponents = game.opponents
        assert current_player(session.state) == 0 and opponents.waiting is not None
        first = opponents.process
        await pilot.pause(0.5)
        first.process.kill()  # mid-think
        await _until(pilot, lambda: opponents.process is not None and opponents.process is not first
                     and opponents.waiting is not None, 20, "the process was not started again")
        assert not session.log  # the decision is asked again, nothing was played meanwhile
        second = opponents.process
        await pilot.pause(0.5)
        second.process.kill()  # and again, on the same decision
        await _until(pilot, lambda: session.log, 20, "no move after the second death")
        entry = session.log[0]
        assert entry.seat == 0
        assert "beginner" in entry.note  # the log says why this move (recorded by the session: issue 39)
        assert "thinking" not in game.query_one(DecisionPanel).title_text or opponents.waiting is not None
        # The game goes on: the master's next decision is asked of a process started afresh.
        if current_player(session.state) == 0:
            await _until(pilot, lambda: opponents.waiting is not None and opponents.process is not None
                         and opponents.process.process.poll() is None, 20, "the next decision was not asked")
            assert opponents.process is not second
