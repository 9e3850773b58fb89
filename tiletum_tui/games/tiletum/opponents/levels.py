"""The three levels, and ``Opponent``: one seat's player, which decides once per turn and then plays
its plan a step at a time.

Every decision starts from a view (``engine.view``: ``hidden.redacted``; a full state is refused)
and looks ahead only on states dealt from it (``engine.sample``). An opponent's own randomness
comes from a seed made of the view itself (which has no game seed: ``engine.view`` hides it), its
seat and its level, never from the clock, so the same game and the same simulation budget give the
same moves.

A plan is followed while the game stays as the plan foresaw: after each of its steps the view of
the sampled state the plan was made on must equal the real view. When a step showed something
hidden (a hired Character's replacement, say), the opponent plans the rest of the turn again.
"""

from __future__ import annotations

import hashlib
import random
import time

import msgspec

from ..engine import apply, apply_listed, legal_actions, sample, view
from ..engine.queries import ap_lost_by
from ..engine.state import TurnFrame
from tiletum_tui.shell.opponents.base import LEVEL_TITLES, LEVELS, MAX_SECONDS, MAX_SIMULATIONS, Budget, Choice  # noqa: F401 (their home)
from tiletum_tui.shell.opponents.base import PONDERING, SEARCHING, BaseOpponent
from .evaluate import value_as_turn_ends, value_of
from .weights import Weights, master_weights
from .master import Ponder, base_two_players, search
from .planner import JOURNEYMAN, Plan, Width, plan_turn

_ENC = msgspec.msgpack.Encoder()


def public_bytes(state) -> bytes:
    """A view as bytes, without the events of its last action (what two views are compared by). The
    view itself is left as it is (states are values: a shallow copy without the events is encoded)."""
    return _ENC.encode(msgspec.structs.replace(state, events=[]))


def decision_seed(seen, seat: int, level: str) -> int:
    """The opponent's own seed for this decision: from the view, the seat and the level. (A view's
    settings carry seed 0, so this is the same for two games that look the same.)"""
    h = hashlib.sha256(b"tiletum-opponent|%d|%d|%s|" % (seen.settings.seed, seat, level.encode()))
    h.update(public_bytes(seen))
    return int.from_bytes(h.digest()[:8], "little")


def beginner_move(seen, seed: int):
    """A random legal move, lightly biased away from wasting AP: ending a turn or an Action with AP
    left is chosen only when nothing else is legal, or one time in five."""
    rng = random.Random(seed)
    legal = legal_actions(seen)
    keep = [a for a in legal if not ap_lost_by(seen, a)]
    if keep and (len(keep) < len(legal)) and rng.random() < 0.8:
        legal = keep
    return rng.choice(legal)


# The master's simulations per decision (a turn's plan), by the number of players: its strength, the same on
# every machine. Chosen so a turn takes about 2 s on a slow 2-core machine: `tiletum bench --opponents` on this
# 2-core machine, shared (6 December 2026), gave 294 (2 players), 153 (3), 93 (4) CPU simulations a second, and
# the same simulations made cheaper (issue 43, the same decisions) 1.41 / 1.40 / 1.42 times as many: 414 / 214 /
# 132; a slow machine is taken as 60% of the CPU rate, 2 s x 0.6 x 414 = 497 (docs/opponents.md, "The levels").
MASTER_SIMULATIONS = {2: 490, 3: 250, 4: 150}
MODULES_SHARE = 0.55  # with a module (Prospect for Silver) a simulation costs about 1.8 times as much (229 / 414)
# At 2 players in the base game (``master.base_two_players``) a simulation plays on past a round's end
# (``master.MIN_TURNS``), so each costs more (about 1.45 times): 345 of them, as measured (issue 43, 7 December),
# take about the time of 490 that stop there. (So the 490 above counts at 2 players only with a module: 270.)
BASE_TWO_PLAYERS = 345
GRANDMASTER_TIMES = 4  # the grandmaster: the master's search, this many times the simulations


def level_simulations(seen, level: str) -> int:
    """The simulations ``level`` thinks to per decision in ``seen`` (by its players and modules)."""
    sims = MASTER_SIMULATIONS[min(max(len(seen.players), 2), 4)]
    if base_two_players(seen):
        sims = BASE_TWO_PLAYERS
    elif seen.settings.modules:
        sims = round(sims * MODULES_SHARE)
    return sims * (GRANDMASTER_TIMES if level == "grandmaster" else 1)


class Opponent(BaseOpponent):
    """A computer player for one seat, at one level. ``choose(view)`` gives its next action."""

    def __init__(self, seat: int, level: str, budget: Budget | None = None) -> None:
        super().__init__(seat, level, budget)
        self._steps: list = []  # the rest of the plan
        self._foreseen: bytes | None = None  # the view the plan expects next
        self._after = None  # the sampled state after the last step handed out
        self._plan_value = 0.0  # the planner's value of where the plan leads
        self._win: float | None = None

    def choose(self, seen, hurry=None) -> Choice:
        """The next action for this seat in ``seen`` (a view, with this seat deciding). ``hurry`` is
        polled by the master's search: when it returns True the search stops with what it has."""
        self._check(seen.hidden.redacted, bool(seen.stack) and seen.stack[-1].player == self.seat)
        # the evaluation's weights: the master's own for this many players, the journeyman's as written
        weights = master_weights(seen) if self.level in SEARCHING else None
        if self.level == "beginner":
            return Choice(beginner_move(seen, decision_seed(seen, self.seat, self.level)), replanned=True)
        if self._steps and self._foreseen == public_bytes(seen):
            rest = list(self._steps)
            out = self._next_step(replanned=False)
            gain = self._plan_value - value_as_turn_ends(seen, self.seat, weights)
            out.plan, out.gain, out.win = rest, gain, self._win
            return out
        started = time.perf_counter()
        seed = decision_seed(seen, self.seat, self.level)
        if self.level in SEARCHING and _turn_start(seen):
            budget = self.search_budget(seen)
            reuse, cut = self.kept_tree(seen, budget, started, hurry)  # (the grandmaster's pondered tree)
            plan, info, root = search(seen, self.seat, budget, seed, hurry, reuse=reuse, started=started)
            info.cut = info.cut or cut
            if self.level in PONDERING and root is not None:
                self._kept = Ponder(root, plan, seen, seed, self.seat, budget.simulations)
        else:
            # The journeyman's turn, and every decision of the master's that is not the start of a turn
            # (a surprise in mid-turn, the King tile): the planner on one sample of the view.
            width = JOURNEYMAN if self.level == "journeyman" else MASTER_WIDTH
            plan = best_plan(sample(seen, seed), self.seat, width, weights)
            info = Choice(plan.actions[0], gain=plan.value - value_as_turn_ends(seen, self.seat, weights))
        self._start(seen, seed, plan)
        self._plan_value, self._win = plan.value, info.win
        out = self._next_step(replanned=True)
        out.plan, out.gain, out.win, out.simulations = list(plan.actions), info.gain, info.win, info.simulations
        out.target, out.cut = info.target, info.cut
        out.alternative, out.alternative_gain, out.alternative_win = info.alternative, info.alternative_gain, \
            info.alternative_win
        out.seconds = time.perf_counter() - started
        return out

    def level_simulations(self, seen) -> int:
        return level_simulations(seen, self.level)

    def _start(self, seen, seed: int, plan: Plan) -> None:
        self._steps = list(plan.actions)
        self._after = sample(seen, seed)

    def _next_step(self, replanned: bool) -> Choice:
        action = self._steps.pop(0)
        try:
            self._after = apply(self._after, action)
        except Exception:  # the plan no longer fits (cannot happen while the views agree): plan again next time
            self._steps, self._foreseen = [], None
            return Choice(action, replanned=replanned)
        self._foreseen = public_bytes(view(self._after)) if self._steps else None
        if not self._steps:
            self._after = None
        return Choice(action, replanned=replanned)


MASTER_WIDTH = Width(beam=4, dice=6)


def best_plan(state, seat: int, width: Width, weights: Weights | None = None) -> Plan:
    """The planner's best plan for the decision in hand (the King tile included: both are tried)."""
    plans = plan_turn(state, seat, width, weights=weights)
    if plans:
        return plans[0]
    # Not a turn (the King phase's Bonus tile): try each legal action and keep the best.
    best = None
    for a in legal_actions(state):
        v = value_of(apply_listed(state, a), seat, weights)
        if best is None or v > best.value:
            best = Plan([a], v)
    return best


def _turn_start(seen) -> bool:
    top = seen.stack[-1]
    return isinstance(top, TurnFrame) and not top.die_taken
