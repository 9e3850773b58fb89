"""The Tiletum rules engine: pure and deterministic (no textual, rich, file I/O or global random).

    state = new_game(Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=7))
    for action in legal_actions(state): ...
    state = apply(state, parse("die 3B +bonus"))
"""

from __future__ import annotations

import hashlib

import msgspec

from .actions import Action, notation, parse
from .describe import describe, explain_frame
from .errors import IllegalActionError, MalformedActionError, TiletumError
from .flow import new_game
from .legal import legal_actions
from .rules import apply_in_place, check
from .state import PlayerSetup, Scoring, Settings, State

_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(State)


def clone(state: State) -> State:
    """A deep copy of a state."""
    return _decoder.decode(_encoder.encode(state))


def apply(state: State, action) -> State:
    """The state after a legal action; ``state`` itself is left untouched. Raises TiletumError if illegal."""
    check(state, action)
    new = clone(state)
    apply_in_place(new, action)
    return new


def current_player(state: State) -> int | None:
    """Who must decide now (None once the game is over)."""
    return state.stack[-1].player if state.stack else None


def decision(state: State):
    """The decision on top of the stack (a Frame), or None once the game is over."""
    return state.stack[-1] if state.stack else None


def digest(state: State) -> str:
    """A short fingerprint of the whole state, to detect a replay that diverged."""
    return hashlib.sha256(msgspec.json.encode(state)).hexdigest()[:16]


__all__ = [
    "Action", "IllegalActionError", "MalformedActionError", "PlayerSetup", "Scoring", "Settings", "State",
    "TiletumError", "apply", "apply_in_place", "check", "clone", "current_player", "decision", "describe",
    "digest", "explain_frame", "legal_actions", "new_game", "notation", "parse",
]
