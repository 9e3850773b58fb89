"""Checking and applying actions: the one door every change to a game goes through.

``check`` raises IllegalActionError with the reason; ``apply_in_place`` checks once, completely,
before changing anything, so a refused action leaves the state exactly as it was. ``apply``
changes a copy and leaves the given state untouched (``state.clone`` shares what cannot change).

``apply_listed`` and ``apply_listed_in_place`` are the trusted path of the engine's own loops (random
games, the opponents' searches and playouts, the bench): they take a move that ``legal_actions``
listed for this very state and skip ``check``, which every listed move passes by construction
(tests/engine/test_moves.py holds every listed move to ``check`` over whole games, and
tests/engine/test_trusted.py plays the same games both ways, digest for digest). Anything from
outside the engine's loop (a person, a client, a save, a record, a plan replayed on another deal)
goes through ``apply`` or ``apply_in_place``, which check first.
"""

from __future__ import annotations

from .actions import Action, refuse
from .common import real_refusal, top_frame
from .errors import NotEnoughAPError
from .ruleset import rules_for
from .state import State, copy_for_apply, put


def _seat_check(state: State, action, frame) -> None:
    if action.seat != frame.player:
        seat = action.seat
        who = state.players[frame.player].name
        if 0 <= seat < len(state.players):
            raise refuse(f"it is {who}'s decision now, not {state.players[seat].name}'s")
        raise refuse(f"there is no seat {seat + 1} in this game of {len(state.players)} players")


def check(state: State, action) -> None:
    """Raise IllegalActionError saying why, if ``action`` is not legal now; else return None."""
    _check(rules_for(state.settings), state, action)


def _check(r, state: State, action) -> None:
    if not isinstance(action, Action):
        raise refuse(f"not an action: {action!r}")
    frame = state.stack[-1] if state.stack else top_frame(state)  # (top_frame says why there is none)
    if action.seat != frame.player:
        _seat_check(state, action, frame)
    try:
        action.check(r, state, frame)
    except NotEnoughAPError as short:
        raise real_refusal(r, state, action, short) from None


def apply_in_place(state: State, action) -> list:
    """Apply a legal action to ``state`` itself and return what happened (also kept in ``state.events``);
    an illegal one raises and changes nothing."""
    if state.hidden.redacted:
        raise refuse("this is a view of a game (hidden parts left out): it can be read, not played on")
    r = rules_for(state.settings)
    _check(r, state, action)
    put(state, "events", ())
    action.apply(r, state, state.stack[-1])
    return state.events


def apply(state: State, action) -> State:
    """The state after a legal action (its events in ``.events``); ``state`` itself is left untouched.
    Raises TiletumError if the action is illegal."""
    if state.hidden.redacted:
        raise refuse("this is a view of a game (hidden parts left out): it can be read, not played on")
    r = rules_for(state.settings)
    _check(r, state, action)
    new = copy_for_apply(state)
    put(new, "events", ())
    action.apply(r, new, new.stack[-1])
    return new


def _no_view(state: State) -> None:
    if state.hidden.redacted:
        raise refuse("this is a view of a game (hidden parts left out): it can be read, not played on")


def apply_listed_in_place(state: State, action) -> list:
    """``apply_in_place`` for a move ``legal_actions(state)`` just listed for this very state (not
    re-checked: the trusted path of the engine's own loops; the module docstring says why it is safe)."""
    if state.hidden.redacted:
        _no_view(state)
    put(state, "events", ())
    action.apply(rules_for(state.settings), state, state.stack[-1])
    return state.events


def apply_listed(state: State, action) -> State:
    """``apply`` for a move ``legal_actions(state)`` just listed for this very state (not re-checked)."""
    if state.hidden.redacted:
        _no_view(state)
    new = copy_for_apply(state)
    put(new, "events", ())
    action.apply(rules_for(state.settings), new, new.stack[-1])
    return new
