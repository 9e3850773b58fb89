"""The tutorial's opponent in free play: the journeyman of ``opponents`` (issue 14), who plans each
turn once and plays it step by step, so Rosa plays for points instead of waiting.

One function is the hook, ``choose(view)``: it gets what the deciding seat may see (``engine.view``)
and returns a legal action. The tutorial calls only ``policy(view)``; another player can replace it
by assigning ``opponent.policy`` or passing its own function to ``tutorial.opponent_move``.
"""

from __future__ import annotations

from ..opponents.levels import Opponent

LEVEL = "journeyman"
_PLAYERS: dict[int, Opponent] = {}  # one per seat, so a turn's plan is followed between calls


def choose(seen):
    """The journeyman's next action for the seat deciding in ``seen``. Deterministic: its choice
    depends only on the view (the plan is made again whenever the view is not the one it foresaw)."""
    seat = seen.stack[-1].player
    player = _PLAYERS.get(seat)
    if player is None:
        player = _PLAYERS[seat] = Opponent(seat, LEVEL)
    return player.choose(seen).action


policy = choose
