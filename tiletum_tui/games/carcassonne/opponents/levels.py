"""Carcassonne's three levels, and ``Opponent``: one seat's player. A turn is two decisions (place the
drawn tile, then a follower or none); the journeyman and the master weigh them together, as one
turn, when the tile is drawn, and then play the follower they chose with it.

Every decision starts from a view (``engine.view``: the order of the face-down tiles, the generator
and the game's seed left out; a full state is refused). An opponent's own randomness comes from a
seed made of the view, its seat and its level (``decision_seed``), never from the game's generator
or the clock, so the same game and the same simulation budget give the same moves.
"""

from __future__ import annotations

import hashlib
import random
import time

from tiletum_tui.shell.opponents.base import LEVELS, PONDERING, SEARCHING, BaseOpponent, Budget, Choice  # noqa: F401 (LEVELS: the plug's)
from ..engine import Deploy, digest, legal_actions
from ..engine.rules import is_view
from .evaluate import margin, values
from .master import Ponder, search
from .options import follower_options, turn_options


def decision_seed(seen, seat: int, level: str) -> int:
    """The opponent's own seed for this decision, from the view (whose seed is 0), the seat and the level."""
    h = hashlib.sha256(b"carcassonne-opponent|%d|%s|" % (seat, level.encode()))
    h.update(digest(seen).encode())
    return int.from_bytes(h.digest()[:8], "little")


def wasted(action) -> bool:
    """A follower that would never come back: a farmer (the rules text: "Farmers remain in the field
    segment where they are deployed for the entire game and are never returned")."""
    return isinstance(action, Deploy) and action.role == "farmer"


def beginner_move(seen, seed: int):
    """A random legal move that avoids wasting a follower: a farmer only when nothing else is legal,
    or one time in five."""
    rng = random.Random(seed)
    legal = legal_actions(seen)
    keep = [a for a in legal if not wasted(a)]
    if keep and len(keep) < len(legal) and rng.random() < 0.8:
        legal = keep
    return rng.choice(legal)


# The master's simulations per decision (a turn), by the number of players: its strength, the same on every
# machine. Chosen so a turn takes about 2 s on a slow 2-core machine: `tiletum bench --opponents` on this 2-core
# machine, shared (6 December 2026), gave 534 (2 players) and 442 (4) CPU simulations a second; a slow machine
# is taken as 60% of that (docs/opponents-measured.md).
MASTER_SIMULATIONS = {2: 640, 3: 580, 4: 530, 5: 480}
GRANDMASTER_TIMES = 4  # the grandmaster: the master's search, this many times the simulations


def level_simulations(seen, level: str) -> int:
    """The simulations ``level`` thinks to per decision in ``seen`` (by its players)."""
    sims = MASTER_SIMULATIONS[min(max(len(seen.players), 2), 5)]
    return sims * (GRANDMASTER_TIMES if level == "grandmaster" else 1)


class Opponent(BaseOpponent):
    """A computer player for one seat, at one level. ``choose(view)`` gives its next action."""

    def __init__(self, seat: int, level: str, budget: Budget | None = None) -> None:
        super().__init__(seat, level, budget)
        self._then: tuple | None = None  # (the placement it was chosen with, the follower)

    def level_simulations(self, seen) -> int:
        return level_simulations(seen, self.level)

    def choose(self, seen, hurry=None) -> Choice:
        """The next action for this seat in ``seen`` (a view, with this seat deciding). ``hurry`` is
        polled by the master's search: when it returns True the search stops with what it has."""
        self._check(is_view(seen), seen.phase != "over" and seen.seat == self.seat)
        seed = decision_seed(seen, self.seat, self.level)
        if self.level == "beginner":
            return Choice(beginner_move(seen, seed), replanned=True)
        if seen.phase == "follower":
            p = seen.placed[seen.last]
            if self._then is not None and self._then[0] == (p.design, p.x, p.y, p.rotation):
                deploy, self._then = self._then[1], None
                return Choice(deploy, plan=[deploy])
            # (a game loaded between the two decisions): the follower by the evaluation
            now = margin(values(seen), self.seat)
            best = max(follower_options(seen, self.seat, none=True), key=lambda o: o.value)
            return Choice(best.deploy, plan=[best.deploy], gain=best.value - now, replanned=True)
        started = time.perf_counter()
        now = margin(values(seen), self.seat)
        if self.level in SEARCHING:
            budget = self.search_budget(seen)
            reuse, cut = self.kept_tree(seen, budget, started, hurry)  # (the grandmaster's pondered tree)
            choice, root = search(seen, self.seat, budget, seed, hurry, reuse=reuse, started=started)
            choice.cut = choice.cut or cut
            if self.level in PONDERING and root is not None:
                self._kept = Ponder(root, choice.plan, seen, seed, self.seat, budget.simulations)
        else:
            best = turn_options(seen, self.seat)[0]
            choice = Choice(best.place, plan=[best.place, best.deploy], gain=best.value - now)
        place, deploy = choice.plan
        self._then = ((place.design, place.x, place.y, place.rotation), deploy)
        choice.replanned = True
        choice.seconds = time.perf_counter() - started
        return choice
