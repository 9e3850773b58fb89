"""Issue 39, "one reactive model", for Carcassonne at home: the screen binds to the game's model, fed
by the session's changes, so a move made elsewhere (an opponent's, the Table's) redraws it although
the screen made none; its own move redraws it once, because the model changed."""

from __future__ import annotations

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import legal_actions
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp

from .helpers import settings

GAME = games.game("carcassonne")


def text_of(screen, widget: str) -> str:
    return str(screen.query_one(widget).content)


async def test_a_move_made_elsewhere_redraws_the_screen(tmp_path):
    session = Session.new(settings(2, 1, False), save_dir=tmp_path, game=GAME, autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "turn 1 · Ann" in text_of(screen, "#carc-head")
        while session.state.seat == 0:  # Ann's tile and follower, made on the session, not by a key
            session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
        await pilot.pause()
        assert "turn 2 · Bob" in text_of(screen, "#carc-head")
        assert "▶2 Bob" in text_of(screen, "#carc-players")


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
