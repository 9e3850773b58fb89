"""Tiletum on the command line (its entry's ``front_door``): the settings of ``tiletum new`` and
``tiletum play`` from the options, the modules and options its flags name (the arena's too), and
headless play (``headless.py``)."""

from __future__ import annotations

import random

from tiletum_tui.core.safe_text import names_problem
from tiletum_tui.shell.cli_guard import InputProblem

COLOURS = ("red", "blue", "green", "yellow")
DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dee")  # as on the new-game form: short and different from the first letter


def _settings(players: int, seed: int | None, names: list[str] | None, modules: tuple[str, ...] = (),
              options: tuple[str, ...] = ()):
    from .engine import PlayerSetup, Settings  # start-up: the command line's options need no engine

    if not 2 <= players <= 4:  # bad input: exit status 2, as the README says (issue 42)
        raise InputProblem(f"Tiletum is for 2 to 4 players, not {players}")
    names = names or []
    problem = names_problem(names)  # names reach every screen and message (issue 11: no control characters)
    if problem:
        raise InputProblem(f"--names: {problem}")
    if len(names) > players:
        raise InputProblem(f"{len(names)} names given for {players} players")
    names = names + list(DEFAULT_NAMES[len(names):players])
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
    extra = {"options": options} if options else {}  # no options: none in the settings (saves and digests as before)
    return Settings(players=tuple(PlayerSetup(n, c) for n, c in zip(names, COLOURS)), seed=seed, modules=modules,
                    **extra)


def ruleset(args) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The modules and options the ruleset flags name (a game's, the arena's)."""
    from .cli_options import module_flags  # start-up: the command line's options need no engine
    from .engine import known_modules  # start-up: the command line's options need no engine

    modules, options = [], []
    for flag, module, option in module_flags():
        if getattr(args, flag.replace("-", "_"), False):
            options += [option] if option else []
            if module not in modules:  # an option sets its module up too (the first-game settings)
                modules.append(module)
    order = list(known_modules())  # the registry's order, as the New game form gives them
    return tuple(sorted(modules, key=order.index)), tuple(options)


def settings(args):
    """The settings ``tiletum new`` and ``tiletum play`` start a game of."""
    return _settings(args.players, args.seed, args.names, *ruleset(args))


def play_headless(args) -> int:
    from .headless import play_headless as play  # start-up: the command line's options need no engine

    return play(args, settings(args))
