"""States are values everywhere (issue 38, What is wrong 4, and "States are values everywhere").

On main, Tiletum's Structs took attribute writes: ``view.players[0].vp = 99`` was accepted and, on the
session's cached view, changed what every later reader saw; ``Session.positions()`` handed out the live
history states (a write into one changed the game's digest); ``encode_view`` kept a full state out of
a host's frames with an ``assert``, which ``python -O`` removes.

The property test plays whole random games (hypothesis picks the modules, the players, the seed and a
position) and tries every write into every part of a state, its view, its clone, the view a client
decodes and the history position the session hands out: each must raise, and no digest may change.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from tiletum_tui.games.tiletum.bench.engine import settings
from tiletum_tui.games.tiletum.engine import clone, digest, legal_actions, view
from tiletum_tui.games.tiletum.engine.views import decode_view, encode_view
from tiletum_tui.shell.session import EVERY_SEAT, Session

from ..value_writes import refused, writes

RULESETS = [(), ("action-tiles",), ("silver",), ("silver", "action-tiles")]


def _whole_game(modules, players, seed) -> Session:
    session = Session.new(settings(players, seed, modules), autosave=False)
    pick = random.Random(seed)
    while not session.finished:
        session.apply(pick.choice(legal_actions(session.view())), by=EVERY_SEAT)
    return session


@hsettings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow],
           phases=(Phase.explicit, Phase.reuse, Phase.generate))  # (a whole game per example: no shrinking)
@given(modules=st.sampled_from(RULESETS), players=st.integers(2, 4), seed=st.integers(0, 2**20),
       at=st.floats(0, 1))
def test_no_part_of_a_state_a_view_a_clone_or_a_history_position_can_be_written(modules, players, seed, at):
    session = _whole_game(modules, players, seed)
    history = session.positions()
    before = [digest(s) for s in history]
    position = history[round(at * (len(history) - 1))]
    handed = {
        "history position": position,
        "its clone": clone(position),
        "its view": view(position),
        "the view a client decodes": decode_view(encode_view(view(position))),
        "the session's view": session.view(),
        "the session's state": session.state,
    }
    for who, target in handed.items():
        mine = digest(target)
        for where, write in writes(target):
            assert refused(write), f"{who}: {where} could be written"
            assert digest(target) == mine, f"{who}: writing {where} changed it"
    assert [digest(s) for s in session.positions()] == before, "a write reached the game's history"


def test_the_example_of_the_issue_raises_on_the_sessions_view():
    """``view.players[0].vp = 99`` on the session's cached view: refused, every later reader sees the VP."""
    session = Session.new(settings(2, 3), autosave=False)
    vp = session.view().players[0].vp
    with pytest.raises(AttributeError):
        session.view().players[0].vp = 99
    assert session.view().players[0].vp == vp and session.state.players[0].vp == vp


def test_encoding_anything_but_a_view_raises_even_without_asserts():
    """The seed and the order of the face-down piles never leave the game: ``encode_view`` refuses a
    full state (and anything not a state) with a TypeError, not an assert ``python -O`` would drop."""
    session = Session.new(settings(2, 3), autosave=False)
    with pytest.raises(TypeError, match="only a view"):
        encode_view(session.state)
    with pytest.raises(TypeError, match="only a view"):
        encode_view({"hidden": "x"})
    assert decode_view(encode_view(session.view())) == session.view()
