"""Carcassonne's states are values (issue 19: the second game "at the same standard" as Tiletum's,
whose states are values since issue 18): a state or a view from the engine refuses to be written
into, holds nothing writable, and writing into a copy never reaches the game."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import apply, apply_in_place, digest, legal_actions, new_game, view
from tiletum_tui.games.carcassonne.engine.state import State
from tiletum_tui.shell.session import Session

from .helpers import settings

GAME = games.game("carcassonne")


def writable_parts(state) -> list[str]:
    """Every field of ``state`` that is a list or a plain dict, or holds one (none in a value)."""
    out = []
    for name in State.__slots__:
        value = getattr(state, name)
        items = value.values() if isinstance(value, dict) else value if isinstance(value, (tuple, list)) else ()
        if type(value) in (list, dict) or any(type(v) in (list, dict) for v in items):
            out.append(name)
    return out


def test_every_state_and_view_of_a_game_holds_nothing_writable():
    state = new_game(settings(3, 5, river=True))
    pick = random.Random(5)
    while state.phase != "over":
        assert writable_parts(state) == [] and writable_parts(view(state, state.seat)) == []
        state = apply(state, pick.choice(legal_actions(state)))
    assert writable_parts(state) == []


@pytest.mark.parametrize("write", [
    lambda s: setattr(s, "phase", "over"),
    lambda s: setattr(s, "scores", [99, 99]),
    lambda s: s.scores.__setitem__(0, 99),
    lambda s: s.pile.append("C"),
    lambda s: s.cells.__setitem__((5, 5), 0),
    lambda s: s.frontier.clear(),
    lambda s: s.ledger[0].__setitem__("road", 99),
    lambda s: s.followers.append(None),
], ids=["phase", "scores", "a score", "the pile", "the land", "the frontier", "the ledger", "followers"])
def test_writing_into_a_state_or_a_view_raises_and_changes_nothing(write):
    state = new_game(settings(2, 7))
    state = apply(state, legal_actions(state)[0])
    before = digest(state)
    for target in (state, view(state, 0)):
        with pytest.raises((TypeError, AttributeError)):
            write(target)
    assert digest(state) == before
    with pytest.raises(TypeError, match="takes a clone"):
        apply_in_place(state, legal_actions(state)[0])
    copy = state.clone()  # a clone is the engine's to change, and the game does not see it
    write(copy)
    assert digest(state) == before


def test_the_session_game_is_untouched_by_what_its_readers_do():
    session = Session.new(settings(2, 3), game=GAME, autosave=False)
    pick = random.Random(3)
    while not session.finished:
        before = digest(session._history[-1])
        seen = session.view(session.current_player)
        held = session.state  # the session's state is a value, as the view is (issue 38)
        with pytest.raises(TypeError):
            held.phase = "over"
        with pytest.raises(TypeError):
            seen.phase = "over"
        copy = held.clone()
        copy.scores[0] += 50  # the engine's own writable copy: the game does not see it
        assert digest(session._history[-1]) == before
        session.apply(GAME.notation(pick.choice(legal_actions(session.view()))), by=session.current_player)


def test_a_frozen_state_pickles_and_copies_as_the_same_value():
    """A view may go to another process (the opponents' worker): it arrives as the same frozen value."""
    import copy
    import pickle

    state = new_game(settings(3, 2))
    state = apply(state, legal_actions(state)[0])
    for other in (pickle.loads(pickle.dumps(view(state, 1))), copy.deepcopy(state), copy.copy(state)):
        assert type(other) is type(state) and writable_parts(other) == []
        with pytest.raises(TypeError):
            other.phase = "over"
    assert digest(pickle.loads(pickle.dumps(state))) == digest(state)
