"""A whole game of Carcassonne between opponents, without a screen: what the arena and the tests play."""

from __future__ import annotations

import time

import msgspec

from tiletum_tui.shell.opponents.base import Budget, GameResult, per_seat
from ..engine import PlayerSetup, Place, Settings, apply, apply_in_place, new_game, notation, view
from ..engine.events import FollowerDeployed, GameEnded
from ..engine.expansion import settings_with
from ..engine.state import COLOURS
from .levels import Opponent


def settings_for(levels, seed: int, modules: tuple[str, ...] = (), rules: int | None = None) -> Settings:
    """A game's settings for these levels in seat order (named "Master 1", ...), with ``modules`` (their
    names: the registry's), under a rules version (None: a new game's)."""
    players = tuple(PlayerSetup(f"{lvl.capitalize()} {i + 1}", COLOURS[i]) for i, lvl in enumerate(levels))
    return settings_with(Settings, players, seed, modules, **({"rules": rules} if rules is not None else {}))


def play_game(levels, seed: int, budget: Budget | tuple | None = None, *, keep_actions: bool = False,
              settings: Settings | None = None, observe=None) -> GameResult:
    """Play a game from its seed with an opponent of each level in seat order; return the result.
    ``budget``: one for every seat, or one per seat (``base.per_seat``).
    ``observe(before, after, action, used)`` may count what was done into ``used``, a dict per seat."""
    levels = tuple(levels)
    settings = settings_for(levels, seed) if settings is None else msgspec.structs.replace(settings, seed=seed)
    state = new_game(settings)
    if observe is None:  # played in place: on a writable copy (the new game is a value)
        state = state.clone()
    used = [{} for _ in levels]
    seats = [Opponent(i, lvl, b) for i, (lvl, b) in enumerate(zip(levels, per_seat(budget, len(levels))))]
    n = len(levels)
    thinking, decisions, turns, actions, cut = [0.0] * n, [0] * n, [0] * n, [], [0] * n
    sims = [0] * n
    while state.phase != "over":
        who = state.seat
        started = time.perf_counter()
        choice = seats[who].choose(view(state, who))  # a view only: the pile's order stays with the game
        thinking[who] += time.perf_counter() - started
        decisions[who] += choice.replanned
        cut[who] += choice.cut
        sims[who] += choice.simulations
        turns[who] += isinstance(choice.action, Place)
        if keep_actions:
            actions.append(notation(choice.action))
        for opponent in seats:  # (what the screens' process tells them; a grandmaster's pondering, not waited
            opponent.played([choice.action])  # for here, is run at its next decision: the same moves)
        if observe is None:
            apply_in_place(state, choice.action)
        else:
            before, state = state, apply(state, choice.action)
            observe(before, state, choice.action, used)
    ended = next(e for e in state.events if isinstance(e, GameEnded))
    return GameResult(seed, levels, list(state.scores), ended.winners[0], thinking, decisions, turns, actions, used,
                      winners=tuple(ended.winners), cut=cut, simulations=sims)


# The figures the arena prints per game and averages per level (issue 43: followers left idle or locked).
FIGURES = ("turns without a follower", "longest run without a follower", "unfinished-feature points")
_RUN = "_run"  # the seat's current run of turns begun without a follower (dropped at the end)


def count_parts(before, after, action, used: list[dict]) -> None:
    """What each seat did (the arena's figures, never read by the opponents): the followers it deployed by
    role; the turns it began (placing its tile) with no follower in supply, and the longest run of them;
    and at the end its points by what scored them, those of its unfinished features (the final scoring's
    "unfinished ..." categories, each a point a segment or tile) summed too (``FIGURES``)."""
    counts = used[action.seat]
    if isinstance(action, Place):
        empty = before.supply[action.seat] == 0
        run = counts.get(_RUN, 0) + 1 if empty else 0
        counts[_RUN] = run
        counts["turns without a follower"] = counts.get("turns without a follower", 0) + empty
        counts["longest run without a follower"] = max(counts.get("longest run without a follower", 0), run)
    for e in after.events:
        if isinstance(e, FollowerDeployed):
            word = {"knight": "knights", "thief": "thieves", "farmer": "farmers", "monk": "monks"}[e.role]
            counts[word] = counts.get(word, 0) + 1
    if after.phase == "over":
        for c, ledger in zip(used, after.ledger):
            c.pop(_RUN, None)
            c.setdefault("turns without a follower", 0)
            c.setdefault("longest run without a follower", 0)
            for category, points in ledger.items():
                c[f"{category} points"] = points
            c["unfinished-feature points"] = sum(v for k, v in ledger.items() if k.startswith("unfinished "))
