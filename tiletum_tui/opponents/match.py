"""A whole game between opponents, without a screen: what the arena and the tests play."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import msgspec

from ..engine import PlayerSetup, Settings, apply, apply_in_place, current_player, new_game, view
from .levels import Budget, Opponent

COLOURS = ("red", "blue", "green", "yellow")


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


def settings_for(levels, seed: int, rules: int | None = None, modules: tuple[str, ...] = (),
                 options: tuple[str, ...] = ()) -> Settings:
    """A game's settings for these levels in seat order (named "Master 1", ...), with the ruleset's
    modules, its options (none: left unset, as a game set up without them) and the rules version."""
    players = tuple(PlayerSetup(f"{lvl.capitalize()} {i + 1}", COLOURS[i]) for i, lvl in enumerate(levels))
    extra = {"rules": rules} if rules is not None else {}
    if options:
        extra["options"] = tuple(options)
    return Settings(players=players, seed=seed, modules=tuple(modules), **extra)


def play_game(levels, seed: int, budget: Budget | None = None, *, keep_actions: bool = False,
              settings: Settings | None = None, observe=None) -> GameResult:
    """Play a game from its seed with an opponent of each level in seat order; return the result.
    ``settings``: the ruleset to play (its seed is replaced by ``seed``); ``observe(before, after,
    action, used)`` may count what was done into ``used``, a dict per seat (the arena's figures)."""
    from ..engine import notation

    levels = tuple(levels)
    settings = settings_for(levels, seed) if settings is None else msgspec.structs.replace(settings, seed=seed)
    state = new_game(settings)
    used = [{} for _ in levels]
    seats = [Opponent(i, lvl, budget) for i, lvl in enumerate(levels)]
    thinking, decisions, turns, actions = [0.0] * len(levels), [0] * len(levels), [0] * len(levels), []
    while state.phase != "over":
        who = current_player(state)
        started = time.perf_counter()
        # Acting as a seat: only the deciding seat's opponent is asked, from a view, and the engine
        # refuses a move for any other seat (no session here: the arena owns its state).
        choice = seats[who].choose(view(state))
        thinking[who] += time.perf_counter() - started
        decisions[who] += choice.replanned
        turns[who] += choice.action.verb() == "die"
        if keep_actions:
            actions.append(notation(choice.action))
        if observe is None:
            apply_in_place(state, choice.action)
        else:
            before, state = state, apply(state, choice.action)
            observe(before, state, choice.action, used)
    return GameResult(seed, levels, [p.vp for p in state.players], state.winner, thinking, decisions, turns, actions,
                      used)
