"""The `tiletum` command: the game's screens, headless play, saves and the benchmark."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import cli_guard
from tiletum_tui.core.safe_text import clean


def _number(text: str) -> int:
    """A count on the command line (``bounded.read_int``: digits 0-9, not '٣', not 5,000 of them)."""
    from tiletum_tui.core.bounded import NumberError, read_int  # start-up: each command imports what it runs

    try:
        return read_int(text)
    except NumberError as exc:
        raise argparse.ArgumentTypeError(f"{exc}, not {clean(text, 20)!r}") from None


def _seed(text: str) -> int:
    """A seed: at most 18 digits, as a game record's header takes it (so the game can be exported)."""
    from tiletum_tui.core.bounded import NumberError, read_int  # start-up: each command imports what it runs

    try:
        return read_int(text, digits=18)
    except NumberError as exc:
        raise argparse.ArgumentTypeError(f"a seed {exc}, not {clean(text, 20)!r}") from None


def _add_game_options(p: argparse.ArgumentParser, with_modules: bool = True) -> None:
    from ..core import games  # start-up: each command imports what it runs

    # (no default here: `play --load` of a save without --game plays the save's game, ``_which_game``)
    p.add_argument("--game", choices=games.NAMES, help=f"which game (default {games.DEFAULT}; with --load, the save's)")
    counts = ", ".join(f"{e.title} {e.player_counts[0]} to {e.player_counts[1]}" for e in games.entries())
    p.add_argument("--players", type=_number, help=f"the players: {counts} (default 2)")
    p.add_argument("--seed", type=_seed, help="the seed of the setup and every roll (random if omitted)")
    p.add_argument("--names", nargs="+", help="player names in seat order")
    _add_each_games_options(p, with_modules)


# Each game's own options, by their argparse dest: the game they belong to (filled as the parser is built).
_OWNER: dict[str, str] = {}


def _add_each_games_options(p: argparse.ArgumentParser, with_modules: bool) -> None:
    """Each game's own options (its registry entry's ``cli_options``), listed in ``--help`` under the
    game's name. ``with_modules``: also those that need the game's rules imported (Tiletum's modules'
    flags: only for a command that takes them, start-up)."""
    from ..core import games  # start-up: each command imports what it runs

    for entry in games.entries():
        if entry.cli_options is None:
            continue
        group = p.add_argument_group(f"{entry.title}'s options (with --game {entry.name})")
        for dest in games.load(entry.cli_options)(group, with_modules):
            _OWNER[dest] = entry.name


def main(argv: list[str] | None = None) -> int:
    """The ``tiletum`` command. Bad input and closed pipes end with a message, never a traceback."""
    return cli_guard.run(_main, argv)


def _check_paths(parser: argparse.ArgumentParser, args) -> None:
    """An empty path (``--save ''``) used to mean "do nothing" and exit 0: it is an error."""
    for option in ("save_dir", "script", "load", "save", "file", "out", "to"):
        value = getattr(args, option, None)
        if value is not None and not value.strip():
            parser.error(f"{'--' + option.replace('_', '-') if option != 'file' else 'FILE'} needs a path, not ''")


def _add_record_commands(sub) -> None:
    """`export`, `import`, `stats` (``records_cli``, imported only when one runs: start-up)."""
    export = sub.add_parser("export", help="write a save as a game record (plain text, docs/records.md)")
    export.add_argument("file", metavar="SAVE", help="the save (or record) to export")
    export.add_argument("--to", required=True, metavar="FILE", help="the record to write (e.g. game.record)")
    imp = sub.add_parser("import", help="read a game record into a save in the save folder, replayed and checked")
    imp.add_argument("file", metavar="FILE", help="the record")
    stats = sub.add_parser("stats", help="win rates by seat and level, VP by category, across a folder of games")
    stats.add_argument("file", metavar="FOLDER", help="a folder of saves or records (the arena's --out)")
    stats.add_argument("--no-charts", action="store_true", help="the tables alone, without their bar charts")


def _main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tiletum", description="Tiletum in the terminal.")
    parser.add_argument("--save-dir", help="the folder for save files")
    parser.add_argument("--continue", dest="cont", action="store_true", help="continue the last unfinished game")
    # --save-dir goes anywhere: before the command or after it (the README says so).
    anywhere = argparse.ArgumentParser(add_help=False)
    anywhere.add_argument("--save-dir", default=argparse.SUPPRESS, help="the folder for save files")
    sub = parser.add_subparsers(dest="command", parser_class=lambda **kw: argparse.ArgumentParser(parents=[anywhere], **kw))
    new = sub.add_parser("new", help="start a new game on screen, skipping the form")
    # The modules' flags need the engine: only for a command that takes them, so the title screen is
    # painted before the engine is imported (start-up, issue 24).
    words = sys.argv[1:] if argv is None else list(argv)
    with_modules = "new" in words or "play" in words
    _add_game_options(new, with_modules)
    # -- opponents (issue 14)
    new.add_argument("--opponents", help="computer opponents for the seats after yours, e.g. journeyman,master "
                     "(levels: beginner, journeyman, master, grandmaster; 'person' for another person)")
    new.add_argument("--budget", default="", help="the master's and grandmaster's thinking per decision: a "
                     "number of simulations ('300'; default: the level's own, the same on every machine), a time "
                     "cap ('2s': said when it cuts the thinking short), or both ('300 5s')")
    play = sub.add_parser("play", help="play headless from moves in a script or on standard input")
    _add_game_options(play, with_modules)
    play.add_argument("--script", help="a file of moves, one per line ('-' or omitted: standard input)")
    play.add_argument("--random", type=_seed, metavar="SEED", help="finish the game with random legal moves")
    play.add_argument("--load", help="start from a save file")
    play.add_argument("--save", help="write a save file at the end")
    play.add_argument("--legal", action="store_true", help="print the legal actions at the end")
    play.add_argument("--state", action="store_true", help="print the state at the end (JSON)")
    play.add_argument("--quiet", action="store_true", help="do not print each move")
    load = sub.add_parser("load", help="open a save file on screen")
    load.add_argument("file")
    sub.add_parser("saves", help="list the save files")
    _add_record_commands(sub)  # -- game records (issue 21)
    bench = sub.add_parser("bench", help="measure speed (random games per second, UI and save timings)")
    bench.add_argument("--games", type=_number, default=30, help="random games per player count")
    bench.add_argument("--no-ui", action="store_true", help="skip the screen timings")
    bench.add_argument("--opponents", action="store_true", help="only the opponents' speed")
    bench.add_argument("--host", action="store_true", help="only the host's figures (tiletum host and join)")
    bench.add_argument("--web", action="store_true", help="only the web door's figures (in headless Chromium)")
    bench.add_argument("--table-seed", type=_seed, help="--host: every table's seed (the same games every run)")
    bench.add_argument("--screens", action="store_true",
                       help="--host: only the screens' rows (24 moves on 2 and on 8 tiletum join screens)")
    # ---- computer opponents (issue 14): the arena
    arena = sub.add_parser("arena", help="opponents play each other headless; print each level's win rate")
    arena.add_argument("--seats", default="master,journeyman", help="levels in seat order, e.g. master,journeyman")
    arena.add_argument("--games", type=_number, default=100, help="games to play (seats rotate from game to game)")
    arena.add_argument("--budget", default="", help="the searching levels' budget per decision: simulations "
                       "('300'; default: each level's own), a time cap ('2s': each decision it cuts short is "
                       "counted), or both ('300 5s')")
    arena.add_argument("--seed", type=_seed, default=1, help="the first game's seed (the others follow)")
    arena.add_argument("--jobs", type=_number, help="processes to play in (default: one per core)")
    arena.add_argument("--quiet", action="store_true", help="no progress bar")
    arena.add_argument("--out", metavar="DIR", help="write each game into this folder as a save (made if missing)")
    arena.add_argument("--rules", type=_number, help="the rules version to play (default: a new game's)")
    from tiletum_tui.core import games  # start-up: each command imports what it runs

    arena.add_argument("--game", choices=games.NAMES, default=games.DEFAULT, help=f"which game (default {games.DEFAULT})")
    # (the modules' flags need the engine: only for the command that takes them)
    _add_each_games_options(arena, "arena" in words)
    # ---- playing together (issue 25): the host and its clients
    from .host.cli import add_commands

    add_commands(sub)
    # ----
    args = parser.parse_args(argv)
    _check_paths(parser, args)
    if args.command in ("new", "play"):
        args.game = _which_game(args)
        _refuse_other_games_options(args)
        _refuse_options_a_save_overrules(args)
        args.players = 2 if args.players is None else args.players
    if args.command == "arena":
        _refuse_other_games_options(args)

    front = _front_door(args)
    if args.command in ("new", "play") and front is None:
        print(f"tiletum: {args.game} has no command line of its own: start it from the title screen", file=sys.stderr)
        return 2
    if args.command == "play":
        return front.play_headless(args)
    if args.command == "bench" and args.web:
        from .host.bench_web import run as web_bench  # start-up: each command imports what it runs

        return web_bench(args)
    if args.command == "bench" and args.host:
        from .host.bench import run as host_bench  # start-up: each command imports what it runs

        return host_bench(args)
    if args.command == "bench":
        from .bench import run_bench  # start-up: each command imports what it runs

        return run_bench(args)
    if args.command == "arena":
        from .arena import main as arena_main  # start-up: each command imports what it runs

        ruleset = getattr(front, "ruleset", None)  # the modules and options its flags name
        args.modules, args.options = ruleset(args) if ruleset is not None else ((), ())
        return arena_main(args)
    if args.command in ("host", "join"):
        from .host import cli as host_cli  # start-up: each command imports what it runs

        return host_cli.run_host(args) if args.command == "host" else host_cli.run_join(args)
    if args.command in ("export", "import", "stats"):  # -- game records (issue 21)
        from .records_cli import run as run_records  # start-up: each command imports what it runs

        if _save_dir_missing(args):
            return 2
        return run_records(args)
    if args.command == "saves":
        from .saves_cli import print_saves  # start-up: each command imports what it runs

        if _save_dir_missing(args):  # a typo must not read as "no saves" (issue 24)
            return 2
        return print_saves(args.save_dir)
    return _open_screens(args)


def _which_game(args) -> str:
    """The game ``--game`` names; without it, the game of the save ``play --load`` opens (issue 42: a
    Carcassonne save was read as Tiletum's), else Tiletum. (An unreadable save is read as Tiletum's, whose
    loading says what is wrong with it.)"""
    from tiletum_tui.core import games  # start-up: each command imports what it runs

    if args.game is not None:
        return args.game
    if args.command == "play" and args.load:
        from .saves.listing import save_info  # start-up: each command imports what it runs

        title = save_info(Path(args.load)).game
        return next((name for name in games.NAMES if games.game(name).title == title), games.DEFAULT)
    return games.DEFAULT


def _refuse_other_games_options(args) -> None:
    """An option of another game is refused with its game named, never silently ignored (issue 42),
    from each game's registry entry (issue 38)."""
    from ..core import games  # start-up: each command imports what it runs

    for dest, owner in _OWNER.items():
        if owner != args.game and getattr(args, dest, None) not in (None, False, (), []):
            flag = "--" + dest.replace("_", "-")
            mine = [f"--{d.replace('_', '-')}" for d, o in _OWNER.items() if o == args.game]
            chosen = games.entry(args.game).title
            hint = (f"{chosen}'s own: {', '.join(mine)}" if owner == games.DEFAULT and mine else f"add --game {owner}")
            raise cli_guard.InputProblem(f"{flag} is an option of {games.entry(owner).title}, not of {chosen} ({hint})")


def _refuse_options_a_save_overrules(args) -> None:
    """`play --load` plays the game the save holds, set up as it was: an option that sets a game up would
    be ignored, so it is refused, never silently dropped (issue 42)."""
    if args.command != "play" or not args.load:
        return
    given = [name for name, value in (("--players", args.players), ("--seed", args.seed), ("--names", args.names))
             if value is not None]  # (0 too)
    given += [f"--{dest.replace('_', '-')}" for dest in _OWNER if getattr(args, dest, None) not in (None, False, (), [])]
    if given:
        raise cli_guard.InputProblem(f"{given[0]} has no effect with --load: the save says how its game is set up "
                                     "(leave it out)")


def _front_door(args):
    """The chosen game's own command-line module (its entry's ``front_door``: ``settings(args)``,
    ``play_headless(args)``, and ``ruleset(args)`` where its flags name modules), or None."""
    from ..core import games  # start-up: each command imports what it runs

    entry = games.entry(getattr(args, "game", None) or games.DEFAULT)
    return games.load(entry.front_door) if entry is not None and entry.front_door else None


def _seats(opponents: str | None, players: int, budget: str):
    """Who plays each seat (issue 14): a person in seat 1 and the opponents listed after (or every seat listed).
    A bad list raises ValueError with the words to show."""
    from .opponents.base import LEVELS, SEARCHING, Budget  # start-up: each command imports what it runs
    from .saves.format import PERSON, Seat  # start-up: each command imports what it runs

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
    return tuple(PERSON if x == "person" else Seat(player="opponent", level=x, budget=budget if x in SEARCHING else "")
                 for x in levels)


def _save_dir_missing(args) -> bool:
    """A ``--save-dir`` that is not a folder: said on stderr (True), never created."""
    if getattr(args, "save_dir", None) is None:
        return False
    folder = Path(args.save_dir).expanduser()
    if folder.is_dir():
        return False
    what = "is not a folder" if folder.exists() else "does not exist (create it first)"
    print(f"tiletum: the save folder {clean(folder)} {what}", file=sys.stderr)
    return True


def _open_screens(args) -> int:
    """Start the Textual app: a new game, a loaded one, the last unfinished one, or the title screen."""
    from .saves.folders import resolve_save_dir  # start-up: each command imports what it runs
    from .ui.app import run_app  # start-up: each command imports what it runs

    save_dir = resolve_save_dir(args.save_dir)
    if _save_dir_missing(args):  # a typo must not hide games in a new folder
        return 2
    if args.command is None and not args.cont:  # the title screen: nothing more to import first (start-up)
        return run_app(save_dir=save_dir)
    from .session import Session  # start-up: each command imports what it runs

    if args.command == "new":
        from tiletum_tui.core import games  # start-up: each command imports what it runs

        front = _front_door(args)  # another game's settings come from its own command-line module
        settings = front.settings(args)
        try:
            seats = _seats(args.opponents, args.players, args.budget)  # -- opponents (issue 14)
        except ValueError as exc:  # bad input: one line, exit status 2 (as for every bad input)
            print(f"tiletum: {clean(str(exc))}", file=sys.stderr)
            return 2
        session = Session.new(settings, save_dir=save_dir, seats=seats, game=games.game(args.game))
        return run_app(settings, session=session, save_dir=save_dir)
    path, note = None, None
    if args.command == "load":
        path = Path(args.file)
    elif args.cont:
        found = Session.latest_unfinished_game(save_dir)
        if found is None:
            print(f"tiletum: no unfinished game to continue in {clean(save_dir)}", file=sys.stderr)
            return 1
        path, note = found.path, continue_note(save_dir, found)
    if path is not None:
        from .saves.lock import GameInUseError  # start-up: each command imports what it runs

        try:
            session = Session.load(path, save_dir=save_dir)
        except GameInUseError as exc:  # another Tiletum plays it: the app asks read-only or copy
            return run_app(save_dir=save_dir, in_use=exc)
        except Exception as exc:  # SaveFileError says which file and what is wrong; the file is left alone
            print(f"tiletum: {exc}", file=sys.stderr)
            return 2
        return run_app(session=session, save_dir=save_dir, note=note)
    return run_app(save_dir=save_dir)


def continue_note(save_dir, found) -> str:
    """What --continue opened (``found``: the replayed ``last_game.LastGame``), said on screen: never
    silently an older game than the newest save, nor a stale copy of a game that moved away."""
    from .saves import listing  # start-up: each command imports what it runs

    infos = [i for i in listing.list_saves(save_dir) if i.problem is None]
    chosen = next((i for i in infos if i.path in (found.path, found.moved_from)), None)
    saved = f", saved {chosen.saved:%Y-%m-%d %H:%M}" if chosen is not None and found.moved_from is None else ""
    game = f"{' vs '.join(found.players)}, round {found.round}{saved}"
    what = game if chosen is None or chosen.autosave else f"'{chosen.name}' ({game})"
    if found.moved_from is not None:
        return (f"Continuing {what} from {clean(found.path)}: its autosave moved there when "
                f"{clean(found.moved_from.parent)} could not be written ({found.moved_from.name} there is an older copy).")
    newer = [i for i in infos[: infos.index(chosen)] if i.finished] if chosen is not None else []  # newest first
    if newer:
        return (f"Continuing {what}: the last unfinished game. Your newer game '{newer[0].name}' is finished "
                "(Open on the title screen lists every save).")
    return f"Continuing {what}"

if __name__ == "__main__":
    sys.exit(main())
