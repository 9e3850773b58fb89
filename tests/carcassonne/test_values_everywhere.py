"""Carcassonne's states are values everywhere (issue 38, What is wrong 4, and "States are values
everywhere"): a property test over whole random games tries every write into every part of a state,
its view, its clone (the game interface's, and the session's ``state``: an attribute write raises),
the view a client decodes and the history position the session hands out (each must raise, no digest
may change); and a view is never played on, as in Tiletum ("Carcassonne's ``apply`` plays on a view
where Tiletum's refuses").

The engine's own working copy (``State.clone``: what ``apply_in_place`` and the opponents' playouts
change) is the one writable kind, never handed out by the game's interface: writing into it must
leave the game and its history as they were.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import (
    apply,
    apply_in_place,
    digest,
    legal_actions,
    view,
)
from tiletum_tui.games.carcassonne.engine.errors import IllegalAction
from tiletum_tui.shell.session import EVERY_SEAT, Session

from ..value_writes import refused, writes
from .helpers import settings

GAME = games.game("carcassonne")


def _whole_game(players, seed, river) -> Session:
    session = Session.new(settings(players, seed, river=river), game=GAME, autosave=False)
    pick = random.Random(seed)
    while not session.finished:
        session.apply(GAME.notation(pick.choice(legal_actions(session.view()))), by=EVERY_SEAT)
    return session


@hsettings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow],
           phases=(Phase.explicit, Phase.reuse, Phase.generate))  # (a whole game per example: no shrinking)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**20), river=st.booleans(), at=st.floats(0, 1))
def test_no_part_of_a_state_a_view_or_a_history_position_can_be_written(players, seed, river, at):
    session = _whole_game(players, seed, river)
    history = session.positions()
    before = [digest(s) for s in history]
    position = history[round(at * (len(history) - 1))]
    handed = {
        "history position": position,
        "its clone": GAME.clone(position),
        "the clone of a clone": GAME.clone(GAME.clone(position)),
        "the session's state": session.state,
        "its view": view(position, 0),
        "the view a client decodes": GAME.decode_view(GAME.encode_view(view(position, 0))),
        "the session's view": session.view(),
    }
    for who, target in handed.items():
        mine = digest(target)
        for where, write in writes(target):
            assert refused(write), f"{who}: {where} could be written"
            assert digest(target) == mine, f"{who}: writing {where} changed it"
    for copy in (position.clone(), session.state.clone()):  # the engine's writable copy: the game never sees it
        for _, write in list(writes(copy)):
            try:
                write()
            except Exception:  # (a write may find the part emptied by the one before)
                pass
    assert [digest(s) for s in session.positions()] == before, "a write reached the game's history"


def test_a_view_is_never_played_on():
    """As Tiletum's: a view (the pile sorted, no generator, no seed) can be read, not played on."""
    session = Session.new(settings(2, 4), game=GAME, autosave=False)
    seen, move = session.view(), legal_actions(session.view())[0]
    with pytest.raises(IllegalAction, match="not played on"):
        apply(seen, move)
    with pytest.raises(IllegalAction, match="not played on"):
        apply_in_place(seen.clone(), move)
    assert digest(apply(session.state, move)) != digest(session.state)  # the game itself plays on
