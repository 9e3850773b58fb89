"""The `tiletum` command: the game's screens, headless play, saves and the benchmark."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

COLOURS = ("red", "blue", "green", "yellow")
DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dee")  # as on the new-game form: short and different from the first letter


def _settings(players: int, seed: int | None, names: list[str] | None, action_tiles: bool):
    from .engine import PlayerSetup, Settings

    if not 2 <= players <= 4:
        raise SystemExit(f"tiletum: Tiletum is for 2 to 4 players, not {players}")
    names = names or []
    if len(names) > players:
        raise SystemExit(f"tiletum: {len(names)} names given for {players} players")
    names = names + list(DEFAULT_NAMES[len(names):players])
    seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**6)
    modules = ("action-tiles",) if action_tiles else ()
    return Settings(players=tuple(PlayerSetup(n, c) for n, c in zip(names, COLOURS)), seed=seed, modules=modules)


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=2, help="2, 3 or 4 players (default 2)")
    p.add_argument("--seed", type=int, help="the seed of the setup and every roll (random if omitted)")
    p.add_argument("--names", nargs="+", help="player names in seat order")
    p.add_argument("--action-tiles", action="store_true", help="the Action tiles variant")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tiletum", description="Tiletum in the terminal.")
    parser.add_argument("--save-dir", help="the folder for save files")
    parser.add_argument("--continue", dest="cont", action="store_true", help="continue the last unfinished game")
    sub = parser.add_subparsers(dest="command")
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
    # ---- computer opponents (issue 14): the arena
    arena = sub.add_parser("arena", help="opponents play each other headless; print each level's win rate")
    arena.add_argument("--seats", default="master,journeyman", help="levels in seat order, e.g. master,journeyman")
    arena.add_argument("--games", type=int, default=100, help="games to play (seats rotate from game to game)")
    arena.add_argument("--budget", default="1s", help="the master's budget per decision: a time ('1s': results "
                       "may differ from run to run) or a simulation count ('300': reproducible)")
    arena.add_argument("--seed", type=int, default=1, help="the first game's seed (the others follow)")
    arena.add_argument("--jobs", type=int, help="processes to play in (default: one per core)")
    arena.add_argument("--quiet", action="store_true", help="no progress bar")
    # ----
    args = parser.parse_args(argv)

    if args.command == "play":
        from .headless import play_headless

        return play_headless(args, _settings(args.players, args.seed, args.names, args.action_tiles))
    if args.command == "bench":
        from .bench import run_bench

        return run_bench(args)
    if args.command == "arena":
        from .arena import main as arena_main

        return arena_main(args)
    if args.command == "saves":
        from .saves_cli import print_saves

        return print_saves(args.save_dir)
    return _open_screens(args)


def _seats(opponents: str | None, players: int, budget: str):
    """Who plays each seat (issue 14): a person in seat 1 and the opponents listed after (or every seat listed)."""
    from .opponents.levels import LEVELS, Budget
    from .saves.format import PERSON, Seat

    if not opponents:
        return ()
    levels = [x.strip().lower() for x in opponents.split(",") if x.strip()]
    if len(levels) == players - 1:
        levels = ["person", *levels]
    if len(levels) != players:
        raise SystemExit(f"tiletum: --opponents names {len(levels)} seats for {players} players "
                         f"(give {players - 1}: the seats after yours)")
    bad = [x for x in levels if x not in LEVELS and x != "person"]
    if bad:
        raise SystemExit(f"tiletum: unknown opponent level {bad[0]!r} (levels: {', '.join(LEVELS)}, or person)")
    try:
        Budget.parse(budget)
    except ValueError as exc:
        raise SystemExit(f"tiletum: --budget: {exc}") from None
    return tuple(PERSON if x == "person" else Seat(player="opponent", level=x, budget=budget if x == "master" else "")
                 for x in levels)


def _open_screens(args) -> int:
    """Start the Textual app: a new game, a loaded one, the last unfinished one, or the title screen."""
    from .saves import store
    from .session import Session
    from .ui.app import run_app

    save_dir = store.resolve_save_dir(args.save_dir)
    if args.command == "new":
        settings = _settings(args.players, args.seed, args.names, args.action_tiles)
        seats = _seats(args.opponents, args.players, args.budget)  # -- opponents (issue 14)
        return run_app(settings, session=Session.new(settings, save_dir=save_dir, seats=seats), save_dir=save_dir) or 0
    path = None
    if args.command == "load":
        path = Path(args.file)
    elif args.cont:
        path = Session.latest_unfinished(save_dir)
        if path is None:
            print(f"tiletum: no unfinished game to continue in {save_dir}", file=sys.stderr)
            return 1
    if path is not None:
        try:
            session = Session.load(path, save_dir=save_dir)
        except Exception as exc:  # SaveFileError says which file and what is wrong; the file is left alone
            print(f"tiletum: {exc}", file=sys.stderr)
            return 2
        return run_app(session=session, save_dir=save_dir) or 0
    return run_app(save_dir=save_dir) or 0

if __name__ == "__main__":
    sys.exit(main())
