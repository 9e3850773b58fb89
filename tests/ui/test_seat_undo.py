"""Acting as a seat on the game screen (issue 18, item 2): "on the game screen, ``u`` right after a
beginner in seat 2 played ``2: die 4P`` took that move back" — now the screen asks the session as
the person's seat, and the session says why not; the game is unchanged.
"""

from __future__ import annotations

import time

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, legal_actions
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.opponents import OpponentsController
from tiletum_tui.shell.ui.keyline import KeyLine

SETTINGS = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=7)


def bobs_turn(tmp_path) -> Session:
    """Ann (a person) has played her first turn to its end; Bob (a beginner) is to move."""
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False,
                          seats=(PERSON, Seat(player="opponent", level="beginner")))
    while session.current_player == 0:
        legal = legal_actions(session.view())
        finish = [a for a in legal if a.verb() in ("end", "done", "skip")]
        session.apply(finish[0] if finish else legal[0], by=0)
    return session


async def until_bob_moved(session, pilot) -> None:
    """Until Bob (the beginner) has taken a die on screen."""
    deadline = time.monotonic() + 20
    while not (session.log and session.log[-1].seat == 1):
        assert time.monotonic() < deadline, "the beginner did not move"
        await pilot.pause(0.05)


async def test_u_right_after_an_opponents_move_says_why_and_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(OpponentsController, "pace", 60.0)  # Bob's next move waits: the game stands still
    session = bobs_turn(tmp_path)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_bob_moved(session, pilot)
        key, moves = session.digest(), [e.notation for e in session.log]
        assert moves[-1].startswith("2: die ")
        app._notifications.clear()
        await pilot.press("u")
        await pilot.pause()
        notes = [f"{n.title}: {n.message}" for n in app._notifications]
        assert "Cannot undo: Bob (beginner) made the last move: you can only take back your own moves" in notes
        assert session.digest() == key and [e.notation for e in session.log] == moves


async def test_while_an_opponent_decides_the_key_line_offers_no_tasks_or_end_turn(tmp_path, monkeypatch):
    """Bob (a computer opponent) is in his turn: the Tasks and ending the turn are his decisions, so the
    key line offers neither t nor e, and e ends nothing (it once offered "e End turn" for Bob)."""
    monkeypatch.setattr(OpponentsController, "pace", 60.0)  # Bob's next move waits: his turn stands
    session = bobs_turn(tmp_path)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await until_bob_moved(session, pilot)  # he took his die: Tasks and End are open to him
        assert session.current_player == 1
        keys = {h.key for h in app.screen.query_one(KeyLine).hints}
        assert "t" not in keys and "e" not in keys
        moves = [e.notation for e in session.log]
        await pilot.press("e")
        await pilot.pause()
        assert [e.notation for e in session.log] == moves
