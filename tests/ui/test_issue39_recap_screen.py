"""Issue 39, item 3 on the screens: at round 2's start "Since your last turn" read "Bob 32 → 38 VP"
when Bob had been at 34 when the seat last decided, and left out the King phase. The recap shown
at a turn's start (Tiletum, at home and through the host) and Carcassonne's ``s`` panel give each
seat's VP then and now from the states, and every change with its values (``Session.since``)."""

from __future__ import annotations

import random

from tiletum_tui import games
from tiletum_tui.engine.events import PhaseBegan
from tiletum_tui.session import EVERY_SEAT, Session
from tiletum_tui.ui.app import TiletumApp
from tiletum_tui.ui.widgets.recap import RecapView

from .conftest import SETTINGS


def _round_two(tmp_path) -> Session:
    """A game at the first turn of round 2 whose recap's window holds the King phase."""
    game = games.game("tiletum")
    s = Session.new(SETTINGS, save_dir=tmp_path, autosave=False, game=game)
    rng = random.Random(5)
    seen_king = False
    while True:
        s.apply(rng.choice(game.legal_actions(s.state)), by=EVERY_SEAT)
        seen_king = seen_king or any(isinstance(e, PhaseBegan) and e.phase == "king" for e in s.log[-1].events)
        if seen_king and s.state.phase == "action" and s.log[-1].seat != s.current_player:
            return s


async def test_the_recap_at_round_twos_start_reads_the_states_and_names_the_king_phase(tmp_path):
    session = _round_two(tmp_path)
    seat = session.current_player
    since = session.since(seat)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one(RecapView).content)
        assert "King phase" in text
        for who, changes in since.vp().items():
            name = session.state.players[who].name
            assert f"{name} {since.then[who]} → {since.now[who]} VP" in text  # then: the state's, not counted back
            for c in changes:
                assert f"({c.before} → {c.after})" in text
    session.close()
