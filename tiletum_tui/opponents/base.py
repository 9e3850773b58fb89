"""What every game's opponents share: the levels' names, a thinking budget, an opponent's seat and level
(``BaseOpponent``), a decision (``Choice``) and a headless game's result (``GameResult``). No game's
rules here: Tiletum's opponents (``levels``, ``master``) and any other game's (named in
``games.OPPONENTS``) build on these."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

LEVELS = ("beginner", "journeyman", "master")
MAX_SECONDS, MAX_SIMULATIONS = 60, 100_000  # the longest a master may be asked to think per decision
LEVEL_TITLES = {"beginner": "Beginner", "journeyman": "Journeyman", "master": "Master"}


@dataclass(frozen=True)
class Budget:
    """How long the master may think per real decision (a turn's plan): seconds, or a number of
    simulations (the reproducible mode: the same game and budget give the same moves)."""

    seconds: float | None = 2.0
    simulations: int | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """'2s', '0.5s', '500ms' (time) or '300' / '300sims' (simulations)."""
        t = text.strip().lower()
        try:
            if not t.isascii():  # float() and int() read other scripts' digits ('٣'): one way to write a budget
                raise ValueError
            if t.endswith("ms"):
                budget = cls(seconds=float(t[:-2]) / 1000)
            elif t.endswith("s") and not t.endswith("sims"):
                budget = cls(seconds=float(t[:-1]))
            else:
                budget = cls(seconds=None, simulations=int(t.removesuffix("sims")))
        except ValueError:
            raise ValueError(f"a budget is a time ('2s', '500ms') or a number of simulations ('300'), "
                             f"not {text[:40]!r}") from None
        # A budget also comes from save files (untrusted): no endless or negative thinking.
        if budget.seconds is not None and not 0.05 <= budget.seconds <= MAX_SECONDS:
            raise ValueError(f"a thinking time is from 0.05 s to {MAX_SECONDS} s, not {text[:40]!r}")
        if budget.simulations is not None and not 1 <= budget.simulations <= MAX_SIMULATIONS:
            raise ValueError(f"a number of simulations is from 1 to {MAX_SIMULATIONS}, not {text[:40]!r}")
        return budget

    def __str__(self) -> str:
        return f"{self.simulations} simulations" if self.simulations is not None else f"{self.seconds:g} s"


@dataclass
class Choice:
    """What an opponent decided: the action, the rest of its plan, what it expects it to gain."""

    action: object
    plan: list = field(default_factory=list)  # the whole turn's plan, this action first
    gain: float = 0.0  # VP-equivalents the plan adds to the player's value (``evaluate``)
    win: float | None = None  # the master's estimate of its chance to come out ahead (0-1)
    simulations: int = 0
    seconds: float = 0.0
    replanned: bool = False  # a fresh decision, not the next step of an earlier plan
    alternative: list = field(default_factory=list)  # the master's second-best whole turn ([]: none weighed)
    alternative_gain: float = 0.0  # what that one was expected to add
    alternative_win: float | None = None


class BaseOpponent:
    """What every game's ``Opponent`` is: a computer player for one seat, at one of the ``LEVELS``,
    thinking within a ``Budget`` (by default ``Budget()``). Each game's adds ``choose(view, hurry)``."""

    def __init__(self, seat: int, level: str, budget: Budget | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
        self.seat, self.level = seat, level
        self.budget = budget or Budget()

    def _check(self, from_a_view: bool, deciding: bool) -> None:
        """A decision is made from a view, never from the full state, and only for the seat deciding."""
        if not from_a_view:
            raise ValueError("an opponent plays from a view (engine.view), never from the full state")
        if not deciding:
            raise ValueError(f"it is not seat {self.seat + 1}'s decision")


@dataclass
class GameResult:
    seed: int
    levels: tuple[str, ...]  # by seat
    vp: list[int]
    winner: int
    thinking: list[float] = field(default_factory=list)  # seconds spent deciding, by seat
    decisions: list[int] = field(default_factory=list)  # fresh plans (a turn's start, a King tile, a re-plan), by seat
    turns: list[int] = field(default_factory=list)  # turns taken (dice), by seat
    actions: list[str] = field(default_factory=list)  # the game in notation
    used: list[dict] = field(default_factory=list)  # by seat: what ``observe`` counted (e.g. the expansion's parts)
    winners: tuple[int, ...] = ()  # where the rules share a win on a tie (Carcassonne): every winner


def run_budget(budget: Budget, started: float, simulate, hurry=None) -> int:
    """The masters' budget loop (both games'): call ``simulate()`` until the budget is spent (its
    simulations, or its seconds since ``started`` by ``time.perf_counter``: the player waits in wall
    time) or ``hurry()`` says stop (polled after the first); return how many ran."""
    deadline = started + budget.seconds if budget.simulations is None else None
    limit = budget.simulations if budget.simulations is not None else 10**9
    sims = 0
    while sims < limit:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if hurry is not None and sims and hurry():
            break
        simulate()
        sims += 1
    return sims


class SearchNode:
    """A node of the masters' open-loop trees (both games'): its visits and the reward summed for the
    player who chose the move into it, and UCB1 over them. Each master adds what its moves are."""

    __slots__ = ("visits", "total")
    EXPLORE = 0.7  # UCB1's exploration constant (the masters' rewards lie in 0..1)

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0

    def ucb(self, parent_visits: int) -> float:
        if not self.visits:
            return math.inf
        return self.total / self.visits + self.EXPLORE * math.sqrt(math.log(parent_visits) / self.visits)
