"""The Tiletum rules engine: pure and deterministic (no textual, rich, file I/O or global random).

    state = new_game(Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=7))
    for option in options(state): ...          # every option, legal or with the reason it is refused
    events = apply_in_place(state, parse("1: die 3B +bonus"))
    seen = view(state)                          # what a seat may see (for screens, hints, opponents)
"""

from __future__ import annotations

import hashlib

import msgspec

# The rule modules register their kinds of action as they are imported (turn first: its verbs).
from . import bonuses, characters, contracts, king, map_actions, tasks, turn  # noqa: F401
from .actions import KINDS, Action, Rule, notation, notation_of_move
from .reading import parse
from .decisions import describe, explain_frame, frame_rule
from .errors import IllegalActionError, MalformedActionError, TiletumError
from .events import Event, Scored, barriers
from .flow import new_game
from .legal import Option, legal_actions, options
from .rules import apply, apply_in_place, apply_listed, apply_listed_in_place, check
from .ruleset import GAME, Rules, known_modules, rules_for
from .state import PlayerSetup, Settings, State, clone
from .versions import RULES_VERSION, RULES_VERSIONS
from .views import sample, view


known_modules()  # every module's rules (``tiletum_tui/games/tiletum/registry.py``): their verbs join ``KINDS``


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
    "GAME", "KINDS", "RULES_VERSION", "RULES_VERSIONS", "Action", "Event", "IllegalActionError",
    "MalformedActionError", "Option", "PlayerSetup", "Rule", "Rules", "Scored", "Settings", "State", "TiletumError",
    "apply", "apply_in_place", "apply_listed", "apply_listed_in_place", "barriers", "check", "clone", "current_player", "decision", "describe", "digest",
    "explain_frame", "frame_rule", "known_modules", "legal_actions", "new_game", "notation", "notation_of_move", "options", "parse",
    "rules_for", "sample", "view",
]
