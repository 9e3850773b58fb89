"""``tiletum host`` and ``tiletum join``: their options and what they print.

``tiletum host`` prints how to connect and keeps a live list of the games, their seats and who is
connected (``--quiet``: only a line per event, for a service); ``tiletum host --status`` asks a
running host over its socket. ``tiletum host invite NAME`` / ``revoke NAME`` make and end the web
door's sign-in links (in the host's folder, so also beside a running host, which reads them again).
``tiletum join`` opens the lobby of the host on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import signal
import sys
import time

from ..cli_guard import InputProblem
from tiletum_tui.core.safe_text import clean, name_problem

# Only argparse at import: every ``tiletum`` command builds these parsers, and the title screen is
# painted before the rest of the program is imported (start-up, issue 24).

RECENT = 8  # events kept under the live list


def add_commands(sub) -> None:
    host = sub.add_parser("host", help="host games for players in other terminals (tiletum join, ssh)")
    host.add_argument("--host-dir", help="where the hosted games live (default: the data folder's host/)")
    host.add_argument("--listen", default="127.0.0.1:2222", metavar="ADDR:PORT",
                      help="the SSH door's address (default 127.0.0.1:2222)")
    host.add_argument("--authorized-keys", metavar="FILE", help="the players' public keys (OpenSSH format)")
    host.add_argument("--quiet", action="store_true", help="no live list: a line per event (for a service)")
    host.add_argument("--status", action="store_true", help="ask the running host for its games and players")
    host.add_argument("--pace", type=float, default=0.6, help="seconds between two moves of a computer opponent")
    # Every table's seed (``tiletum bench --host``'s A/B runs, tests): the same games every run. The
    # owner's option only, never offered to a client: a player who chose the seed would choose the deal.
    host.add_argument("--table-seed", type=int, help=argparse.SUPPRESS)
    host.add_argument("--web", metavar="ADDR:PORT", help="also open the web door there (e.g. 127.0.0.1:8080; off by default)")
    host.add_argument("--public-url", metavar="URL",
                      help="the web door's address as players reach it (behind a proxy: https://HOST/PREFIX)")
    links = host.add_subparsers(dest="host_command", metavar="{invite,revoke,archive,delete,ratings,player,export}")
    invite = links.add_parser("invite", help="make a player's sign-in link for the web door (and print it)")
    invite.add_argument("name", help="the player's name (their seat's name)")
    invite.add_argument("--watch", action="store_true", help="a read-only watching link instead")
    revoke = links.add_parser("revoke", help="end a player's sign-in links (open pages are closed)")
    revoke.add_argument("name")
    revoke.add_argument("--watch", action="store_true", help="only the watching link")
    archive = links.add_parser("archive", help="move games that are over out of the lobby, into the host's "
                                               "archive/ (tiletum load replays one)")
    archive.add_argument("games", nargs="+", metavar="GAME", help="a game's id (tiletum host --status lists them)")
    delete = links.add_parser("delete", help="delete the files of games that are over")
    delete.add_argument("games", nargs="+", metavar="GAME", help="a game's id")
    for put in (archive, delete):  # (issue 44: a game nobody will finish)
        put.add_argument("--under-way", action="store_true", help="also a game that is not over (its players "
                                                                   "lose it: for a game nobody will finish)")
    ratings = links.add_parser("ratings", help="the players' ratings, a leaderboard per game")
    ratings.add_argument("--game", help="only this game's board (tiletum, carcassonne)")
    ratings.add_argument("--rebuild", action="store_true", help="count every hosted game over again from its file")
    player = links.add_parser("player", help="add people the host knows (a seat names only a player it knows)")
    player.add_argument("names", nargs="+", metavar="NAME", help="a player's name (their seat's name)")
    export = links.add_parser("export", help="a hosted game as a game record, its table talk as comments")
    export.add_argument("game", metavar="GAME", help="a game's id")
    export.add_argument("--to", required=True, metavar="FILE", help="the record to write (a new file)")
    for sub_parser in (invite, revoke, archive, delete, ratings, player, export):  # (SUPPRESS: a --host-dir given before the command stays)
        sub_parser.add_argument("--host-dir", default=argparse.SUPPRESS, help="the host's folder")
    join = sub.add_parser("join", help="join the host on this machine: its lobby, your games")
    join.add_argument("--host-dir", help="the host's folder (as given to tiletum host)")
    join.add_argument("--as", dest="name", help="your name at the table (default: your login name)")
    join.add_argument("--fd", type=int, help=argparse.SUPPRESS)  # the SSH door's socket, inherited
    join.add_argument("--no-bell", action="store_true", help="no terminal bell when your turn begins")


def _folder(args):
    from .hosted import HostFolder, default_folder  # start-up: each command imports what it runs

    return HostFolder(args.host_dir) if getattr(args, "host_dir", None) else default_folder()


def _listen(text: str, option: str = "--listen") -> tuple[str, int]:
    addr, _, port = text.rpartition(":")
    number_ok = port.isascii() and port.isdigit() and len(port) <= 5 and 0 < int(port) < 65536  # (not '²')
    if not addr or not number_ok:
        raise InputProblem(f"{option} wants ADDR:PORT (a port from 1 to 65535), not {clean(text, 40)}")
    return addr.strip("[]"), int(port)


def run_join(args) -> int:
    from .client import HostLink  # start-up: each command imports what it runs
    from .join import run_join as run  # start-up: each command imports what it runs

    if args.fd is not None:
        link = HostLink(fd=args.fd, name="")
    else:
        name = args.name or getpass.getuser()
        problem = name_problem(name)
        if problem:
            print(f"tiletum: --as: {problem}", file=sys.stderr)
            return 2
        path = _folder(args).socket
        if not path.exists():
            print(f"tiletum: no host is running here ({clean(path)}): start one with 'tiletum host'", file=sys.stderr)
            return 1
        link = HostLink(path=str(path), name=name)
    return run(link, bell=not args.no_bell)


def run_host(args) -> int:
    folder = _folder(args)
    if getattr(args, "host_command", None) in ("archive", "delete"):
        return asyncio.run(_put_away(folder, args.host_command, args.games, args.under_way))
    if getattr(args, "host_command", None) in ("ratings", "player", "export"):
        from .records_cli import run_records  # start-up: only `tiletum host ratings|export` need the records' commands

        return run_records(folder, args)
    if getattr(args, "host_command", None):
        return _links(folder, args)
    if args.status:
        return asyncio.run(_status(folder))
    if not 0 <= args.pace <= 60:  # (nan fails this too)
        raise InputProblem(f"--pace is the seconds between two moves of a computer opponent, from 0 to 60, "
                           f"not {clean(args.pace, 20)}")
    listen = _listen(args.listen)
    web = _listen(args.web, "--web") if args.web else None
    if args.public_url and web is None:
        raise InputProblem("--public-url is the web door's address: give --web ADDR:PORT too")
    return asyncio.run(_serve(folder, args, listen, web))


def _links(folder, args) -> int:
    """``tiletum host invite NAME`` / ``revoke NAME``: the link goes to this terminal only, never a log."""
    from .invites import InviteError, Invites  # start-up: each command imports what it runs

    folder.prepare()
    invites = Invites(folder.web_invites)
    kind = "watching link" if args.watch else "sign-in link"
    try:
        if args.host_command == "revoke":
            ended = invites.revoke(args.name, watch=True if args.watch else None)
            print(f"{clean(args.name, 40)}: {ended} link(s) ended" + (" (open pages close within seconds)" if ended else ""))
            return 0 if ended else 1
        token = invites.invite(args.name, watch=args.watch)
    except InviteError as exc:
        print(f"tiletum: {clean(exc, 300)}", file=sys.stderr)
        return 2
    base = _web_url(folder, args.public_url)
    print(f"{clean(args.name, 40)}'s {kind} (it replaces any earlier one; hand it over privately):")
    print(f"  {base or 'http://ADDR:PORT'}/?t={token}")
    if not base:
        print("(no web door has been opened from this folder yet: start 'tiletum host --web ADDR:PORT', "
              "and use its address)")
    return 0


def _web_url(folder, public_url: str | None) -> str | None:
    """Where the web door is reached: ``--public-url``, else what the last host with --web wrote."""
    if public_url:
        return public_url.rstrip("/")
    try:
        return folder.web_url.read_text("utf-8").strip() or None
    except OSError:
        return None


async def _put_away(folder, what: str, game_ids: list[str], under_way: bool = False) -> int:
    """``tiletum host archive GAME...`` / ``delete GAME...``: by the running host (its lobby drops the
    lines at once), else in its folder. 0 when every game was done, else 2 (no such game, not over)."""
    from . import protocol as P  # start-up: each command imports what it runs
    from .archive import ArchiveError, done_words, find_over, put_away  # start-up: each command imports what it runs

    failed = 0
    try:
        reader, writer = await asyncio.open_unix_connection(str(folder.socket), limit=P.MAX_FRAME + 8)
    except OSError:
        reader = writer = None  # no host running: the folder itself
    if writer is not None:
        writer.write(P.frame(P.Hello(P.VERSION, getpass.getuser())))
    for gid in game_ids:
        if writer is None:
            try:
                line = done_words(gid, what, put_away(folder, find_over(folder, gid, under_way), what))
            except ArchiveError as exc:
                line = None
                print(f"tiletum: {exc}", file=sys.stderr)
        else:
            writer.write(P.frame(P.Manage(gid, what, under_way)))
            line = await _answer(reader)
            if line.startswith("!"):
                print(f"tiletum: {line[1:]}", file=sys.stderr)
                line = None
        failed += line is None
        if line:
            print(line)
    if writer is not None:
        writer.close()
    return 2 if failed else 0


async def _answer(reader) -> str:
    """The running host's answer to ``Manage``: its words, or "!why" when it refused."""
    from . import protocol as P  # start-up: each command imports what it runs

    while True:
        data = await P.read_frame(reader)
        msg = P.decode_from_host(data) if data else P.Bye("the host hung up")
        if isinstance(msg, P.Status):
            return msg.text
        if isinstance(msg, (P.Refused, P.Bye)):
            return "!" + msg.why


async def _status(folder) -> int:
    from . import protocol as P  # start-up: each command imports what it runs

    try:
        reader, writer = await asyncio.open_unix_connection(str(folder.socket))
    except OSError:
        print(f"tiletum: no host is running here ({clean(folder.socket)})", file=sys.stderr)
        return 1
    writer.write(P.frame(P.Hello(P.VERSION, status=True)))
    data = await P.read_frame(reader)
    writer.close()
    msg = P.decode_from_host(data) if data else None
    print(msg.text if isinstance(msg, P.Status) else "tiletum: the host did not answer")
    return 0 if isinstance(msg, P.Status) else 1


async def _serve(folder, args, listen, web) -> int:
    from .server import Host  # start-up: each command imports what it runs

    live = not args.quiet and sys.stdout.isatty()
    recent: list[str] = []

    def report(text: str) -> None:
        stamped = f"{time.strftime('%H:%M:%S')} {text}"
        recent.append(stamped)
        del recent[:-RECENT]
        if not live:
            _say(stamped)

    host = Host(folder, pace=args.pace, report=report, table_seed=args.table_seed)
    try:
        await host.start()
    except RuntimeError as exc:
        print(f"tiletum: {exc}", file=sys.stderr)
        return 1
    door, web_door = (None, []), None
    try:
        door = await _ssh_door(host, folder, args, listen, report)
        web_door, web_lines = await _web_door(host, folder, args, web)
        door[1].extend(web_lines)
        await _until_stopped(host, folder, args, door, report, recent, live)
    finally:  # every way out the host can see: each player's terminal reset, every game saved
        host.on_change = None  # (its own terminal may be gone: SIGHUP)
        for opened in (door[0], web_door):
            if opened is not None:
                opened.close()
                await opened.wait_closed()
        await host.close()
    _say("tiletum: the host stopped; every game is saved")
    return 0


def _say(line: str) -> None:
    """A line on the host's own output, which may be gone (its terminal closed: SIGHUP)."""
    try:
        print(line, flush=True)
    except OSError:
        pass


async def _until_stopped(host, folder, args, door, report, recent, live) -> None:
    """The host's live list (or its lines), until SIGINT, SIGTERM or SIGHUP (its terminal closed)."""
    import shutil  # start-up: each command imports what it runs

    from .hosted import wrapper  # start-up: each command imports what it runs

    heading = [f"Hosting {len(host.games)} game(s) from {clean(folder.root)}",
               f"On this machine: tiletum join --as NAME" + (f" --host-dir {clean(folder.root)}" if args.host_dir else ""),
               f"Anyone who can open {clean(folder.socket)} (mode 0600: you) is trusted as this machine's owner."]
    heading += door[1]
    print("\n".join(heading), flush=True)

    def draw() -> None:
        if live:
            width = shutil.get_terminal_size().columns  # the terminal would cut a longer line mid-word
            fit = wrapper(width, "  ").fill
            sys.stdout.write("\x1b[H\x1b[2J" + "\n".join(map(fit, heading)) + "\n\n" + host.status(width) + "\n\n"
                             + "\n".join(map(fit, recent)) + "\n")
            sys.stdout.flush()

    host.on_change = draw
    draw()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # SIGHUP too: a host whose terminal closed ends as politely as a stopped one (before, it died on the
    # spot, and every SSH player's terminal stayed in the game's screen with the mouse on: issue 42).
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()


async def _ssh_door(host, folder, args, listen, report):
    """Start the SSH door (``host.ssh_door``) if there are players' keys: (door or None, lines to print)."""
    from .keys import KeyFileError  # start-up: each command imports what it runs
    from .launch import launcher  # start-up: each command imports what it runs
    from .ssh_door import start_ssh_door  # start-up: each command imports what it runs

    if not args.authorized_keys:
        return None, ["No --authorized-keys FILE: the SSH door stays closed (players join on this machine)."]
    try:
        door = await start_ssh_door(listen, folder.host_key, args.authorized_keys, launcher(host))
    except (KeyFileError, OSError) as exc:
        raise SystemExit(f"tiletum: the SSH door cannot open: {clean(exc, 300)}") from None
    host.players_file = door.players  # (its players are people the host knows: a seat may name them, issue 44)
    host.reminders.players = door.players  # (a player's notify="URL" there: where reminders go, issue 44)
    lines = [f"SSH door on {listen[0]}:{door.listen[1]}, host key {door.fingerprint}"]
    names = door.players.names
    lines.append("Players: " + (", ".join(clean(n, 40) for n in names) if names else "none yet (the keys file lists no usable key)"))
    lines.append(f"Connect with: {door.connect_line(names[0] if names else 'NAME')}")
    lines += [f"  not used: {p}" for p in door.players.problems]
    return door, lines



async def _web_door(host, folder, args, web):
    """Start the web door if asked for (``--web``): (door or None, lines to print)."""
    if web is None:
        return None, ["No --web ADDR:PORT: the web door stays closed."]
    from .invites import InviteError, Invites  # start-up: each command imports what it runs
    from .launch import launcher  # start-up: each command imports what it runs
    from .web_door import start_web_door  # start-up: each command imports what it runs

    invites = Invites(folder.web_invites)
    try:
        links = invites.links()
        play = launcher(host, "web")  # (its client started ahead is the watchers' too)
        door = await start_web_door(web, invites, play, launch_watcher=launcher(host, "web", True, pool=play.warm),
                                    public_url=args.public_url)
    except (InviteError, OSError) as exc:
        raise SystemExit(f"tiletum: the web door cannot open: {clean(exc, 300)}") from None
    base = door.base_url()
    from ..saves import store  # start-up: each command imports what it runs

    store.write_atomic(folder.web_url, (base + "\n").encode())  # for the links ``tiletum host invite`` prints

    def web_link(name: str, watch: bool) -> str:
        return door.link(invites.invite(name, watch=watch))

    host.web_link = web_link
    names = sorted({clean(link.name, 40) + (" (watching)" if link.watch else "") for link in links})
    hint = f"tiletum host invite NAME" + (f" --host-dir {clean(folder.root)}" if args.host_dir else "")
    return door, [f"Web door on {clean(base, 200)}  (a player's link: {hint})",
                  "Web links: " + (", ".join(names) if names else "none yet")]
