"""What every game's opponents share: the levels' names, a thinking budget, an opponent's seat and level
(``BaseOpponent``), a decision (``Choice``) and a headless game's result (``GameResult``). No game's
rules here: Tiletum's opponents (``levels``, ``master``) and any other game's (named in
``games.OPPONENTS``) build on these."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

LEVELS = ("beginner", "journeyman", "master", "grandmaster")
SEARCHING = ("master", "grandmaster")  # the levels that search, each to a number of simulations (its strength)
PONDERING = ("grandmaster",)  # the levels that think on the others' time too (``BaseOpponent.ponder``)
MAX_SECONDS, MAX_SIMULATIONS = 600, 100_000  # the most a master may be asked to think per decision
LEVEL_TITLES = {"beginner": "Beginner", "journeyman": "Journeyman", "master": "Master", "grandmaster": "Grandmaster"}
# The time cap, a safeguard only: a level thinks to its simulations, which take about 2 s a master's turn on a
# slow 2-core machine (8 s a grandmaster's); a machine several times slower than that is cut short, and told.
DEFAULT_CAPS = {"master": 10.0, "grandmaster": 40.0}


@dataclass(frozen=True)
class Budget:
    """What a searching level thinks per real decision (a turn's plan): ``simulations`` (its strength;
    None: the level's own, the same on every machine) within a time cap of ``seconds`` (a safeguard;
    None: the level's default, ``DEFAULT_CAPS``). A search the cap cuts short says so (``Choice.cut``)."""

    seconds: float | None = None
    simulations: int | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """'' (the level's own), '300' / '300sims' (simulations), '2s' / '500ms' (a time cap), or both
        ('300 5s'). A save written before levels thought to simulations says '2s': it loads as a cap."""
        words = text.replace(",", " ").lower().split()
        seconds = simulations = None
        try:
            if len(words) > 2 or not text.isascii():  # float() and int() read other scripts' digits ('٣')
                raise ValueError
            for t in words:
                if t.endswith("sims") and simulations is None:
                    simulations = int(t[:-4])
                elif t.endswith("ms") and seconds is None:
                    seconds = float(t[:-2]) / 1000
                elif t.endswith("s") and seconds is None:
                    seconds = float(t[:-1])
                elif simulations is None:
                    simulations = int(t)
                else:
                    raise ValueError
        except ValueError:
            raise ValueError(f"a budget is a number of simulations ('300'), a time cap ('2s', '500ms') or both "
                             f"('300 5s'), not {text[:40]!r}") from None
        budget = cls(seconds=seconds, simulations=simulations)
        # A budget also comes from save files (untrusted): no endless or negative thinking.
        if budget.seconds is not None and not 0.05 <= budget.seconds <= MAX_SECONDS:
            raise ValueError(f"a time cap is from 0.05 s to {MAX_SECONDS} s, not {text[:40]!r}")
        if budget.simulations is not None and not 1 <= budget.simulations <= MAX_SIMULATIONS:
            raise ValueError(f"a number of simulations is from 1 to {MAX_SIMULATIONS}, not {text[:40]!r}")
        return budget

    def resolved(self, simulations: int, level: str) -> Budget:
        """This budget for a decision of a level whose own simulations there are ``simulations``."""
        return Budget(seconds=self.seconds if self.seconds is not None else DEFAULT_CAPS.get(level, 10.0),
                      simulations=self.simulations if self.simulations is not None else simulations)

    def text(self) -> str:
        """As ``parse`` reads it back (a save's seat)."""
        return " ".join(([str(self.simulations)] if self.simulations is not None else [])
                        + ([f"{self.seconds:g}s"] if self.seconds is not None else []))

    def __str__(self) -> str:
        sims = f"{self.simulations} simulations" if self.simulations is not None else "the level's simulations"
        return sims + (f", at most {self.seconds:g} s" if self.seconds is not None else "")


def per_seat(budget, seats: int) -> tuple:
    """A game's budgets seat by seat: ``budget`` is one for every seat (a ``Budget`` or None: each
    level's own) or a sequence of one per seat (the arena's ``master@340``)."""
    if isinstance(budget, (list, tuple)):
        if len(budget) != seats:
            raise ValueError(f"{len(budget)} budgets for {seats} seats")
        return tuple(budget)
    return (budget,) * seats


@dataclass
class Choice:
    """What an opponent decided: the action, the rest of its plan, what it expects it to gain."""

    action: object
    plan: list = field(default_factory=list)  # the whole turn's plan, this action first
    gain: float = 0.0  # VP-equivalents the plan adds to the player's value (``evaluate``)
    win: float | None = None  # the master's estimate of its chance to come out ahead (0-1)
    simulations: int = 0
    seconds: float = 0.0
    target: int = 0  # the simulations the level thinks to (its strength; 0: a level that does not search)
    cut: bool = False  # the time cap stopped the search short of ``target`` (said on screen and in the arena)
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
        self._kept: Pondering | None = None  # the last decision's tree, pondered on the others' time
        self._played: list = []  # every action played since that decision, in order (``played``)

    def level_simulations(self, seen) -> int:
        """The simulations this seat's level thinks to per decision in ``seen`` (its strength): each game's."""
        raise NotImplementedError

    def search_budget(self, seen) -> Budget:
        """The budget of this decision: the level's simulations (or the budget's own), within the cap."""
        return self.budget.resolved(self.level_simulations(seen), self.level)

    # Thinking on the others' time (the grandmaster's): told every action as it is played, and asked to
    # ponder while nothing else is asked of its process (``worker._serve``; the arena: at its next decision).
    def played(self, actions) -> None:
        """Told what was played since it was last told (every seat's actions, in order): how a kept tree
        is followed to this seat's next decision. None: not known (an undo): the tree is let go."""
        if actions is None:
            self._kept, self._played = None, []
        elif self._kept is not None:
            self._played.extend(actions)

    def ponder(self, hurry=None) -> bool:
        """Think on the others' time: the kept tree's simulations, until ``hurry()`` (polled before each)
        or none is left; whether any is left. A fixed number, so the next move is the same however long
        this ran (what is left is run at the next decision: ``kept_tree``)."""
        kept = self._kept
        while kept is not None and kept.left > 0:
            if hurry is not None and hurry():
                return True
            kept.step()
        return False

    @property
    def pondering(self) -> bool:
        """Simulations of pondering are left (its process is busy while a person decides)."""
        return self._kept is not None and self._kept.left > 0

    def kept_tree(self, seen, budget: Budget, started: float, hurry=None):
        """At a decision that searches: what was kept is finished (``Pondering.finish``) and followed to
        this decision; (the node to reuse or None, whether the time cap cut the finishing short). The
        kept tree is let go either way (the search makes the next)."""
        kept, played, self._kept, self._played = self._kept, self._played, None, []
        if kept is None:
            return None, False
        cut = kept.finish(started + budget.seconds if budget.seconds is not None else None, hurry)
        return kept.follow(played, seen), cut

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
    cut: list[int] = field(default_factory=list)  # by seat: decisions the time cap cut short of the level's simulations
    simulations: list[int] = field(default_factory=list)  # by seat: the searches' simulations, summed


def run_budget(budget: Budget, started: float, simulate, hurry=None) -> tuple[int, bool]:
    """The masters' budget loop (both games'): call ``simulate()`` until ``budget.simulations`` ran (a
    resolved budget: ``Budget.resolved``), its time cap of ``budget.seconds`` since ``started`` (by
    ``time.perf_counter``: the player waits in wall time) is spent, or ``hurry()`` says stop (polled after
    the first); return how many ran and whether the cap cut them short (Esc's hurry is no cut)."""
    if budget.simulations is None:
        raise ValueError("the budget loop runs a number of simulations (Budget.resolved)")
    deadline = started + budget.seconds if budget.seconds is not None else None
    sims = 0
    while sims < budget.simulations:
        if deadline is not None and time.perf_counter() >= deadline:
            return sims, True
        if hurry is not None and sims and hurry():
            break
        simulate()
        sims += 1
    return sims, False


class SearchNode:
    """A node of the masters' open-loop trees (both games'): its visits and the reward summed for the
    player who chose the move into it, and UCB1 over them. Each master adds what its moves are."""

    __slots__ = ("visits", "total")
    EXPLORE = 0.7  # UCB1's exploration constant (the masters' rewards lie in 0..1)
    made = 0  # nodes made so far in this process (what pondering's node cap counts by)

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        SearchNode.made += 1

    def below(self):
        """The nodes right below this one (each master's own: how a kept tree's nodes are counted)."""
        return ()

    def ucb(self, parent_visits: int) -> float:
        if not self.visits:
            return math.inf
        return self.total / self.visits + self.EXPLORE * math.sqrt(math.log(parent_visits) / self.visits)


def count_nodes(node: SearchNode) -> int:
    """The nodes of ``node``'s subtree, itself included."""
    count, todo = 0, [node]
    while todo:
        n = todo.pop()
        count += 1
        todo.extend(n.below())
    return count


class Pondering:
    """A decision's tree kept for the next (a grandmaster's thinking on the others' time): the chosen
    turn's node, to be pondered ``left`` more simulations from the view and seed it was chosen on. A number
    fixed when it was chosen, so a move never depends on how long anyone else took: what was not pondered
    while the others decided is run at the next decision before its search (``finish``). It stops growing
    at ``cap`` nodes (its memory bound). Each master adds ``simulate`` (one simulation through the node)
    and ``follow`` (the node whose children are this player's next turns, by what was played since)."""

    def __init__(self, node: SearchNode, simulations: int, cap: int) -> None:
        self.node, self.left, self.cap = node, simulations, cap
        self.nodes = count_nodes(node)

    def simulate(self) -> None:
        raise NotImplementedError

    def follow(self, played: list, seen):
        raise NotImplementedError

    def step(self) -> bool:
        """One simulation of pondering (none at the node cap: it then stops for good); whether any is left."""
        if self.left > 0 and self.nodes >= self.cap:
            self.left = 0
        if self.left <= 0:
            return False
        made = SearchNode.made
        self.simulate()
        self.nodes += SearchNode.made - made
        self.left -= 1
        return self.left > 0

    def finish(self, deadline: float | None, hurry=None) -> bool:
        """Run what is left (at a decision), until the time cap's ``deadline`` or ``hurry()``; whether the
        cap cut it short (then the move depends on the machine, as any cut search's: said on screen)."""
        while self.left > 0:
            if deadline is not None and time.perf_counter() >= deadline:
                return True
            if hurry is not None and hurry():
                break
            self.step()
        return False
