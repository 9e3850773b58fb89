"""Issue 39, "one reactive model", for Carcassonne at home: the screen binds to the game's model, fed
only by the Table's updates ("whoever caused the change"), so a move made at the Table from elsewhere
(an opponent's, another seat's) redraws it although the screen made none, and a move made on the
session behind the Table's back is told to nobody; its own move redraws it once, because the model
changed."""

from __future__ import annotations

import inspect
import time

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import Place, legal_actions
from tiletum_tui.games.carcassonne.ui.opponents import SeatsDriver
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp

from .helpers import settings

GAME = games.game("carcassonne")


def text_of(screen, widget: str) -> str:
    return str(screen.query_one(widget).content)


async def test_a_move_made_at_the_table_from_elsewhere_redraws_the_screen(tmp_path):
    session = Session.new(settings(2, 1, False), save_dir=tmp_path, game=GAME, autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.model.table
        assert "turn 1 · Ann" in text_of(screen, "#carc-head")
        while session.state.seat == 0:  # Ann's tile and follower, made at the Table as her seat, not by a key
            assert table.act(0, legal_actions(session.state)[0]) is None
        await pilot.pause()
        assert "turn 2 · Bob" in text_of(screen, "#carc-head")
        assert "▶2 Bob" in text_of(screen, "#carc-players")


async def test_a_move_behind_the_tables_back_is_not_shown_until_the_table_tells_it(tmp_path):
    """The screen shows what the Table told: a move made on the session itself (no seat asked the
    Table for it) is heard by nobody; the Table's next change tells the log from where it differs,
    and the screen shows the game as it is."""
    session = Session.new(settings(2, 1, False), save_dir=tmp_path, game=GAME, autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)  # Ann's tile, behind the Table's back
        await pilot.pause()
        assert "place tile" in text_of(screen, "#carc-head") and len(screen.model.log) == 0
        assert screen.model.table.act(0, legal_actions(session.state)[0]) is None  # her follower, at the Table
        await pilot.pause()
        assert "turn 2 · Bob" in text_of(screen, "#carc-head")
        assert [e.notation for e in screen.model.log] == session.notation_log  # both moves, in order


async def test_a_move_by_key_redraws_once_through_the_model(tmp_path):
    session = Session.new(settings(2, 1, False), save_dir=tmp_path, game=GAME, autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        drawn, real = [], screen.refresh_all
        screen.refresh_all = lambda: (drawn.append(1), real())[1]
        await pilot.press("enter")  # the tile placed where the cursor starts
        assert len(session.log) == 1
        assert len(drawn) == 1  # once: the model's change (not again after the move)
        assert "follower" in text_of(screen, "#carc-head") or "follower" in text_of(screen, "#carc-side")


async def test_an_opponents_move_draws_the_screen_once_with_its_tile_marked(tmp_path, monkeypatch):
    # "A screen redraws because the model changed, never because it made a move": the opponent's tile
    # and follower each draw the screen once (the model's change), already with its tile marked and
    # the cursor on it, not a second time from the opponents' driver
    monkeypatch.setattr(SeatsDriver, "pace", 0)
    seats = (Seat(player="opponent", level="beginner"), PERSON)
    session = Session.new(settings(2, 5), save_dir=tmp_path, game=GAME, seats=seats, autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        driver = screen.opponents
        drawn, real = [], screen.refresh_all
        # each redraw: how many moves were logged, what it marks and where the cursor is, and who asked for
        # it: the model's change (``game_changed``), the opponents' driver, or neither (the screen's mount
        # redraws once more after a refresh, which on a loaded machine can come after the opponent's first
        # tile at pace 0: not a redraw of a change, and not counted)
        def record():
            stack = inspect.stack(0)[1:16]
            who = ("change" if any(f.function == "game_changed" for f in stack) else
                   "driver" if any(f.filename.endswith("opponents.py") for f in stack) else "other")
            drawn.append((len(session.log), driver.marked, screen.cursor, who))
            return real()

        screen.refresh_all = record
        deadline = time.monotonic() + 20
        while len(session.log) < 2:
            assert time.monotonic() < deadline, "the opponent did not play its tile and follower"
            await pilot.pause(0.05)
        await pilot.pause()
        placed = session.game.parse(session.log[0].notation)
        assert isinstance(placed, Place)
        after_tile = [d for d in drawn if d[0] == 1 and d[3] == "change"]
        after_follower = [d for d in drawn if d[0] == 2 and d[3] == "change"]
        assert len(after_tile) == 1 and len(after_follower) == 1, drawn
        assert not [d for d in drawn if d[3] == "driver"], drawn  # never again from the opponents' driver
        tile = next(i for i, p in enumerate(session.state.placed) if (p.x, p.y) == (placed.x, placed.y))
        assert after_tile[0][1:3] == (tile, (placed.x, placed.y))  # the tile marked, the cursor on it
        assert driver.marked == tile and session.current_player == 1
        assert "beginner" not in text_of(screen, "#carc-msg")  # no thinking line left over
