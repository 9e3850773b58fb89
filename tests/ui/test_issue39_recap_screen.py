"""Issue 39, item 3 on the screens: at round 2's start "Since your last turn" read "Bob 32 → 38 VP"
when Bob had been at 34 when the seat last decided, and left out the King phase. The recap shown
at a turn's start (Tiletum, at home and through the host) and Carcassonne's ``s`` panel give each
seat's VP then and now from the states, and every change with its values (``Session.since``)."""

from __future__ import annotations

import random

from tiletum_tui.core import games
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.widgets.recap import RecapView

from .conftest import SETTINGS


def _round_two(tmp_path) -> Session:
    """A game at round 2's first turn, played by the seat that made the last move of round 1 (so its
    last decision was just before the King phase: the case the issue saw)."""
    game = games.game("tiletum")
    s = Session.new(SETTINGS, save_dir=tmp_path, autosave=False, game=game)
    rng = random.Random(1)
    while True:
        before = game.turn_key(s.positions()[-1])
        s.apply(rng.choice(game.legal_actions(s.state)), by=EVERY_SEAT)
        state = s.state
        if (state.round == 2 and state.phase == "action" and game.turn_key(state) != before
                and s.log[-1].seat == s.current_player):
            return s


async def test_the_recap_at_round_twos_start_reads_the_states_and_names_the_phases_since(tmp_path):
    session = _round_two(tmp_path)
    seat = session.current_player
    since = session.since(seat)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one(RecapView).content)
        assert "Fair in" in text and "Cleanup" in text  # what its last move set off, then round 2
        assert since.start == len(session.log) - 1  # its last decision: its last move, just before
        for who, changes in since.vp().items():
            name = session.state.players[who].name
            assert f"{name} {since.then[who]} → {since.now[who]} VP" in text  # then: the state's, not counted back
            for c in changes:
                assert f"({c.before} → {c.after})" in text
    session.close()
