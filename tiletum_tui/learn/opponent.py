"""The tutorial's opponent in free play: a simple player that takes good value.

One function is the hook, ``choose(view)``: it gets what the opponent's seat may see
(``engine.view``) and returns a legal action. The tutorial calls only ``policy(view)``; a real
computer opponent (the opponents package's journeyman) can replace it by assigning
``opponent.policy`` or passing its own function to ``Tutorial.opponent_move``.

The simple player looks two of its own decisions ahead (a move and what it allows: walk then
build, take a die then spend it) on a state sampled from its view, and scores positions by VP
plus what final scoring would pay, Resources, and pieces on the board. Ties go to the engine's
order, which lists finishing first, so it never wanders without a reason.
"""

from __future__ import annotations

from ..engine import apply, current_player, legal_actions, sample
from ..engine.errors import TiletumError
from ..engine.queries import houses_on_map, king_vp, pillars_on_map, resource_total
from ..engine.ruleset import rules_for
from ..engine.state import ActionFrame
from ..engine.turn import Done, EndTurn

LOOK_AHEAD = 2  # own decisions looked at in a row


def value(state, seat: int) -> float:
    """How good a position is for ``seat``: VP now, plus a rough worth of what it has built up."""
    r = rules_for(state.settings)
    p = state.players[seat]
    houses, pillars = houses_on_map(state, seat), pillars_on_map(state, seat)
    completed = r.tracks.completed_building_vp[sum(p.completed)]
    rooms = sum(1 for b in p.rooms for t in b if t and t != "*")
    contracts = sum(1 for c in p.contracts if c)
    worth = (p.vp + houses * pillars + completed + 1.5 * (houses + pillars) + 1.2 * rooms + contracts
             + 0.35 * resource_total(p) + 0.8 * len(p.storehouse) + 0.5 * king_vp(r, state, seat)
             + 2 * sum(p.completed))
    for f in state.stack:  # AP in hand are worth something while they can still be spent
        if isinstance(f, ActionFrame) and f.player == seat:
            worth += 0.3 * f.ap
    return worth


def _best(state, seat: int, depth: int) -> float:
    if depth == 0 or current_player(state) != seat or state.phase == "over":
        return value(state, seat)
    best = value(state, seat)
    for action in legal_actions(state):
        if isinstance(action, (Done, EndTurn)):
            continue  # finishing is the value of the position itself
        try:
            after = apply(state, action)
        except TiletumError:
            continue
        best = max(best, _best(after, seat, depth - 1))
    return best


def choose(view):
    """A legal action for the player to decide in ``view`` (a redacted State, or a full one)."""
    seat = current_player(view)
    state = sample(view, 0) if view.hidden.redacted else view
    best, best_value = None, None
    for action in legal_actions(state):
        after = apply(state, action)
        v = _best(after, seat, LOOK_AHEAD - 1)
        if best_value is None or v > best_value + 1e-9:
            best, best_value = action, v
    return best


policy = choose  # the hook: the tutorial asks ``policy(view)`` for every free-play move of the opponent
