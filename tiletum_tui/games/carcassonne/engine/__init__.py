"""Carcassonne's rules, pure: no textual, rich, I/O or global random (the tiles' data is read once).

One module per section of the rules text: ``land`` (Placing land tiles), ``followers``
(Deploying followers), ``scoring`` (completed features, the final scoring), ``rules`` (the turn,
the setup, the end); ``tiles`` (the designs turned), ``state``, ``actions`` (notation), ``events``;
``positions`` (prepared positions for the lesson: the setup with a stacked pile); ``values`` (the
points each rule pays); ``expansion`` (the hooks a module plugs in by, ``carcassonne/modules/``).
"""

from .actions import Deploy, Place, notation, parse
from .errors import CarcassonneError, IllegalAction, NotationError
from .rules import apply, apply_in_place, check, current_player, describe, legal_actions, new_game, remaining, view
from .state import RULES_VERSION, RULES_VERSIONS, PlayerSetup, Settings, State, digest

__all__ = [
    "CarcassonneError", "Deploy", "IllegalAction", "NotationError", "Place", "PlayerSetup", "RULES_VERSION",
    "RULES_VERSIONS", "Settings", "State", "apply", "apply_in_place", "check", "current_player", "describe",
    "digest", "legal_actions", "new_game", "notation", "parse", "remaining", "view",
]
