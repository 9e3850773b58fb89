"""The `tiletum` command: the game's screens, headless play, saves and the benchmark."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from . import cli_guard
from .safe_text import clean, name_problem

COLOURS = ("red", "blue", "green", "yellow")
DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dee")  # as on the new-game form: short and different from the first letter


def _settings(players: int, seed: int | None, names: list[str] | None, modules: tuple[str, ...] = (),
              options: tuple[str, ...] = ()):
    from .engine import PlayerSetup, Settings

    if not 2 <= players <= 4:
        raise SystemExit(f"tiletum: Tiletum is for 2 to 4 players, not {players}")
    names = names or []
    for name in names:  # names reach every screen and message (issue 11: no control characters)
        problem = name_problem(name)
        if problem:
            raise SystemExit(f"tiletum: --names: {problem}")
    if len(names) > players:
        raise SystemExit(f"tiletum: {len(names)} names given for {players} players")
    names = names + list(DEFAULT_NAMES[len(names):players])
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
    extra = {"options": options} if options else {}  # no options: none in the settings (saves and digests as before)
    return Settings(players=tuple(PlayerSetup(n, c) for n, c in zip(names, COLOURS)), seed=seed, modules=modules,
                    **extra)


def _module_flags() -> list[tuple[str, str, str]]:
    """(flag, module, option or "") of every module and option this program knows: ``--<module>``
    (``--silver``), and ``--<option>`` without the module's prefix (``--a-sides`` for ``silver.a-sides``)."""
    from .engine import known_modules

    out = [(name, name, "") for name in known_modules()]
    for name, module in known_modules().items():
        out += [(option.split(".", 1)[-1], name, option) for option in module.options]
    return out


def _ruleset(args) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The modules and options the ruleset flags name (a game's, the arena's)."""
    from .engine import known_modules

    modules, options = [], []
    for flag, module, option in _module_flags():
        if getattr(args, flag.replace("-", "_"), False):
            options += [option] if option else []
            if module not in modules:  # an option sets its module up too (the first-game settings)
                modules.append(module)
    order = list(known_modules())  # the registry's order, as the New game form gives them
    return tuple(sorted(modules, key=order.index)), tuple(options)


def _game_settings(args):
    return _settings(args.players, args.seed, args.names, *_ruleset(args))


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=2, help="2, 3 or 4 players (default 2)")
    p.add_argument("--seed", type=int, help="the seed of the setup and every roll (random if omitted)")
    p.add_argument("--names", nargs="+", help="player names in seat order")
    _add_ruleset_options(p)


def _add_ruleset_options(p: argparse.ArgumentParser) -> None:
    from .engine import known_modules

    modules = known_modules()
    for flag, module, option in _module_flags():  # the modules' own (``tiletum_tui/registry.py``)
        m = modules[module]
        what = m.help or m.title or module
        help_text = f"{m.title or module}: {m.options[option]}" if option else what
        p.add_argument(f"--{flag}", action="store_true", help=help_text)


def main(argv: list[str] | None = None) -> int:
    """The ``tiletum`` command. Bad input and closed pipes end with a message, never a traceback."""
    return cli_guard.run(_main, argv)


def _check_paths(parser: argparse.ArgumentParser, args) -> None:
    """An empty path (``--save ''``) used to mean "do nothing" and exit 0: it is an error."""
    for option in ("save_dir", "script", "load", "save", "file", "out"):
        value = getattr(args, option, None)
        if value is not None and not value.strip():
            parser.error(f"{'--' + option.replace('_', '-') if option != 'file' else 'FILE'} needs a path, not ''")


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tiletum", description="Tiletum in the terminal.")
    parser.add_argument("--save-dir", help="the folder for save files")
    parser.add_argument("--continue", dest="cont", action="store_true", help="continue the last unfinished game")
    # --save-dir goes anywhere: before the command or after it (the README says so).
    anywhere = argparse.ArgumentParser(add_help=False)
    anywhere.add_argument("--save-dir", default=argparse.SUPPRESS, help="the folder for save files")
    sub = parser.add_subparsers(dest="command", parser_class=lambda **kw: argparse.ArgumentParser(parents=[anywhere], **kw))
    new = sub.add_parser("new", help="start a new game on screen, skipping the form")
    _add_game_options(new)
    # -- opponents (issue 14)
    new.add_argument("--opponents", help="computer opponents for the seats after yours, e.g. journeyman,master "
                     "(levels: beginner, journeyman, master; 'person' for another person)")
    new.add_argument("--budget", default="2s", help="the master's thinking per decision: a time, '2s' (default; "
                     "its moves may differ from run to run), or a number of simulations ('300': the same game "
                     "and budget give the same moves)")
    play = sub.add_parser("play", help="play headless from moves in a script or on standard input")
    _add_game_options(play)
    play.add_argument("--script", help="a file of moves, one per line ('-' or omitted: standard input)")
    play.add_argument("--random", type=int, metavar="SEED", help="finish the game with random legal moves")
    play.add_argument("--load", help="start from a save file")
    play.add_argument("--save", help="write a save file at the end")
    play.add_argument("--legal", action="store_true", help="print the legal actions at the end")
    play.add_argument("--state", action="store_true", help="print the state at the end (JSON)")
    play.add_argument("--quiet", action="store_true", help="do not print each move")
    load = sub.add_parser("load", help="open a save file on screen")
    load.add_argument("file")
    sub.add_parser("saves", help="list the save files")
    bench = sub.add_parser("bench", help="measure speed (random games per second, UI and save timings)")
    bench.add_argument("--games", type=int, default=30, help="random games per player count")
    bench.add_argument("--no-ui", action="store_true", help="skip the screen timings")
    bench.add_argument("--opponents", action="store_true", help="only the opponents' speed")
    # ---- computer opponents (issue 14): the arena
    arena = sub.add_parser("arena", help="opponents play each other headless; print each level's win rate")
    arena.add_argument("--seats", default="master,journeyman", help="levels in seat order, e.g. master,journeyman")
    arena.add_argument("--games", type=int, default=100, help="games to play (seats rotate from game to game)")
    arena.add_argument("--budget", default="1s", help="the master's budget per decision: a time ('1s': results "
                       "may differ from run to run) or a simulation count ('300': reproducible)")
    arena.add_argument("--seed", type=int, default=1, help="the first game's seed (the others follow)")
    arena.add_argument("--jobs", type=int, help="processes to play in (default: one per core)")
    arena.add_argument("--quiet", action="store_true", help="no progress bar")
    arena.add_argument("--out", metavar="DIR", help="write each game into this (existing) folder as a save")
    arena.add_argument("--rules", type=int, help="the rules version to play (default: a new game's)")
    _add_ruleset_options(arena)
    # ----
    args = parser.parse_args(argv)
    _check_paths(parser, args)

    if args.command == "play":
        from .headless import play_headless

        return play_headless(args, _game_settings(args))
    if args.command == "bench":
        from .bench import run_bench

        return run_bench(args)
    if args.command == "arena":
        from .arena import main as arena_main

        args.modules, args.options = _ruleset(args)
        return arena_main(args)
    if args.command == "saves":
        from .saves_cli import print_saves

        return print_saves(args.save_dir)
    return _open_screens(args)


def _seats(opponents: str | None, players: int, budget: str):
    """Who plays each seat (issue 14): a person in seat 1 and the opponents listed after (or every seat listed).
    A bad list raises ValueError with the words to show."""
    from .opponents.levels import LEVELS, Budget
    from .saves.format import PERSON, Seat

    if not opponents:
        return ()
    levels = [x.strip().lower() for x in opponents.split(",") if x.strip()]
    if len(levels) == players - 1:
        levels = ["person", *levels]
    if len(levels) != players:
        raise ValueError(f"--opponents names {len(levels)} seats for {players} players "
                         f"(give {players - 1}: the seats after yours)")
    bad = [x for x in levels if x not in LEVELS and x != "person"]
    if bad:
        raise ValueError(f"unknown opponent level {bad[0]!r} (levels: {', '.join(LEVELS)}, or person)")
    try:
        Budget.parse(budget)
    except ValueError as exc:
        raise ValueError(f"--budget: {exc}") from None
    return tuple(PERSON if x == "person" else Seat(player="opponent", level=x, budget=budget if x == "master" else "")
                 for x in levels)


def _open_screens(args) -> int:
    """Start the Textual app: a new game, a loaded one, the last unfinished one, or the title screen."""
    from .saves import store
    from .session import Session
    from .ui.app import run_app

    save_dir = store.resolve_save_dir(args.save_dir)
    if args.save_dir is not None and not save_dir.is_dir():  # a typo must not hide games in a new folder
        what = "is not a folder" if save_dir.exists() else "does not exist (create it first)"
        print(f"tiletum: the save folder {clean(save_dir)} {what}", file=sys.stderr)
        return 2
    if args.command == "new":
        settings = _game_settings(args)
        try:
            seats = _seats(args.opponents, args.players, args.budget)  # -- opponents (issue 14)
        except ValueError as exc:  # bad input: one line, exit status 2 (as for every bad input)
            print(f"tiletum: {clean(str(exc))}", file=sys.stderr)
            return 2
        return run_app(settings, session=Session.new(settings, save_dir=save_dir, seats=seats), save_dir=save_dir)
    path, note = None, None
    if args.command == "load":
        path = Path(args.file)
    elif args.cont:
        path = Session.latest_unfinished(save_dir)
        if path is None:
            print(f"tiletum: no unfinished game to continue in {clean(save_dir)}", file=sys.stderr)
            return 1
        note = continue_note(save_dir, path)
    if path is not None:
        from .saves.lock import GameInUseError

        try:
            session = Session.load(path, save_dir=save_dir)
        except GameInUseError as exc:  # another Tiletum plays it: the app asks read-only or copy
            return run_app(save_dir=save_dir, in_use=exc)
        except Exception as exc:  # SaveFileError says which file and what is wrong; the file is left alone
            print(f"tiletum: {exc}", file=sys.stderr)
            return 2
        return run_app(session=session, save_dir=save_dir, note=note)
    return run_app(save_dir=save_dir)


def continue_note(save_dir, path: Path) -> str:
    """What --continue opened, said on screen: never silently an older game than the newest save."""
    from .saves import listing

    infos = [i for i in listing.list_saves(save_dir) if i.problem is None]
    chosen = next((i for i in infos if i.path == path), None)
    if chosen is None:
        return f"Continuing {path.name}"
    game = f"{' vs '.join(chosen.players)}, round {chosen.round}, saved {chosen.saved:%Y-%m-%d %H:%M}"
    what = game if chosen.autosave else f"'{chosen.name}' ({game})"
    newer = [i for i in infos[: infos.index(chosen)] if i.finished]  # newest first
    if newer:
        return (f"Continuing {what}: the last unfinished game. Your newer game '{newer[0].name}' is finished "
                "(Open on the title screen lists every save).")
    return f"Continuing {what}"

if __name__ == "__main__":
    sys.exit(main())
