"""A whole game between opponents, without a screen: what the arena and the tests play."""

from __future__ import annotations

import time

import msgspec

from ..engine import PlayerSetup, Settings, apply, apply_in_place, current_player, new_game, view, notation
from tiletum_tui.shell.opponents.base import GameResult, per_seat  # noqa: F401 (GameResult: its home)
from ..engine.categories import FAIRS
from .levels import Budget, Opponent
from ..engine.ruleset import rules_for

COLOURS = ("red", "blue", "green", "yellow")


def settings_for(levels, seed: int, rules: int | None = None, modules: tuple[str, ...] = (),
                 options: tuple[str, ...] = ()) -> Settings:
    """A game's settings for these levels in seat order (named "Master 1", ...), with the ruleset's
    modules, its options (none: left unset, as a game set up without them) and the rules version."""
    players = tuple(PlayerSetup(f"{lvl.capitalize()} {i + 1}", COLOURS[i]) for i, lvl in enumerate(levels))
    extra = {"rules": rules} if rules is not None else {}
    if options:
        extra["options"] = tuple(options)
    return Settings(players=players, seed=seed, modules=tuple(modules), **extra)


def play_game(levels, seed: int, budget: Budget | tuple | None = None, *, keep_actions: bool = False,
              settings: Settings | None = None, observe=None) -> GameResult:
    """Play a game from its seed with an opponent of each level in seat order; return the result.
    ``budget``: one for every seat, or one per seat (``base.per_seat``).
    ``settings``: the ruleset to play (its seed is replaced by ``seed``); ``observe(before, after,
    action, used)`` may count what was done into ``used``, a dict per seat (the arena's figures)."""
    levels = tuple(levels)
    settings = settings_for(levels, seed) if settings is None else msgspec.structs.replace(settings, seed=seed)
    state = new_game(settings)
    used = [{} for _ in levels]
    seats = [Opponent(i, lvl, b) for i, (lvl, b) in enumerate(zip(levels, per_seat(budget, len(levels))))]
    thinking, decisions, turns, actions = [0.0] * len(levels), [0] * len(levels), [0] * len(levels), []
    cut, sims = [0] * len(levels), [0] * len(levels)
    while state.phase != "over":
        who = current_player(state)
        started = time.perf_counter()
        # Acting as a seat: only the deciding seat's opponent is asked, from a view, and the engine
        # refuses a move for any other seat (no session here: the arena owns its state).
        choice = seats[who].choose(view(state))
        thinking[who] += time.perf_counter() - started
        decisions[who] += choice.replanned
        cut[who] += choice.cut
        sims[who] += choice.simulations
        turns[who] += choice.action.verb() == "die"
        if keep_actions:
            actions.append(notation(choice.action))
        for opponent in seats:  # (what the screens' process tells them; a grandmaster's pondering, not waited
            opponent.played([choice.action])  # for here, is run at its next decision: the same moves)
        if observe is None:
            apply_in_place(state, choice.action)
        else:
            before, state = state, apply(state, choice.action)
            observe(before, state, choice.action, used)
    return GameResult(seed, levels, [p.vp for p in state.players], state.winner, thinking, decisions, turns, actions,
                      used, cut=cut, simulations=sims)


# The figures the arena prints per game and averages per level (issue 43: what a strong player exploits).
FIGURES = ("Pillars left", "Completed Buildings", "Fair VP")


def count_parts(before, after, action, used: list[dict]) -> None:
    """What each seat did: at the end its Pillars left in supply, its Completed Buildings and the VP its
    Fairs scored (the engine's ledger: ``FIGURES``); with the ruleset's
    modules, the actions they add (by name) and what each module measures of its use (``Module.arena_counts``:
    with Prospect for Silver the Silver spent and the Technology tiers reached; never read by the opponents)."""
    counts = used[action.seat]
    if after.phase == "over":  # the base game's parts the opponents are measured on (issue 23, item 2)
        for c, p in zip(used, after.players):
            c["Completed Buildings"], c["Pillars left"] = sum(p.completed), p.pillars
            c["Fair VP"] = p.ledger.get(FAIRS.key, 0)
    r = rules_for(after.settings)
    package = type(action).__module__.split(".")  # tiletum_tui.games.tiletum.engine.<module's package>.<file>
    if len(package) > 3 and package[2] in r.module_names:
        counts[action.verb()] = counts.get(action.verb(), 0) + 1
    for module in r.modules:  # each module says what of its use is measured (Silver spent, tiers reached)
        for what, n in module.arena_counts(r, before, after, action.seat).items():
            counts[what] = counts.get(what, 0) + n
        if after.phase == "over":
            for c, figures in zip(used, module.arena_totals(r, after)):
                c.update(figures)
