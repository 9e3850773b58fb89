"""A whole game of Carcassonne between opponents, without a screen: what the arena and the tests play."""

from __future__ import annotations

import time

import msgspec

from ...opponents.base import Budget, GameResult
from ..engine import PlayerSetup, Place, Settings, apply, apply_in_place, new_game, notation, view
from ..engine.events import FollowerDeployed, GameEnded
from ..engine.state import COLOURS
from .levels import Opponent


def settings_for(levels, seed: int, river: bool = False, rules: int | None = None) -> Settings:
    """A game's settings for these levels in seat order (named "Master 1", ...), with the River or not,
    under a rules version (None: a new game's)."""
    players = tuple(PlayerSetup(f"{lvl.capitalize()} {i + 1}", COLOURS[i]) for i, lvl in enumerate(levels))
    return Settings(players=players, seed=seed, river=river, **({"rules": rules} if rules is not None else {}))


def play_game(levels, seed: int, budget: Budget | None = None, *, keep_actions: bool = False,
              settings: Settings | None = None, observe=None) -> GameResult:
    """Play a game from its seed with an opponent of each level in seat order; return the result.
    ``observe(before, after, action, used)`` may count what was done into ``used``, a dict per seat."""
    levels = tuple(levels)
    settings = settings_for(levels, seed) if settings is None else msgspec.structs.replace(settings, seed=seed)
    state = new_game(settings)
    if observe is None:  # played in place: on a writable copy (the new game is a value)
        state = state.clone()
    used = [{} for _ in levels]
    seats = [Opponent(i, lvl, budget) for i, lvl in enumerate(levels)]
    n = len(levels)
    thinking, decisions, turns, actions = [0.0] * n, [0] * n, [0] * n, []
    while state.phase != "over":
        who = state.seat
        started = time.perf_counter()
        choice = seats[who].choose(view(state, who))  # a view only: the pile's order stays with the game
        thinking[who] += time.perf_counter() - started
        decisions[who] += choice.replanned
        turns[who] += isinstance(choice.action, Place)
        if keep_actions:
            actions.append(notation(choice.action))
        if observe is None:
            apply_in_place(state, choice.action)
        else:
            before, state = state, apply(state, choice.action)
            observe(before, state, choice.action, used)
    ended = next(e for e in state.events if isinstance(e, GameEnded))
    return GameResult(seed, levels, list(state.scores), ended.winners[0], thinking, decisions, turns, actions, used,
                      winners=tuple(ended.winners))


def count_parts(before, after, action, used: list[dict]) -> None:
    """What each seat did (the arena's figures, never read by the opponents): the followers it deployed by
    role, and at the end its points by what scored them."""
    counts = used[action.seat]
    for e in after.events:
        if isinstance(e, FollowerDeployed):
            word = {"knight": "knights", "thief": "thieves", "farmer": "farmers", "monk": "monks"}[e.role]
            counts[word] = counts.get(word, 0) + 1
    if after.phase == "over":
        for c, ledger in zip(used, after.ledger):
            for category, points in ledger.items():
                c[f"{category} points"] = points
