"""``tiletum host`` and ``tiletum join``: their options and what they print.

``tiletum host`` prints how to connect and keeps a live list of the games, their seats and who is
connected (``--quiet``: only a line per event, for a service); ``tiletum host --status`` asks a
running host over its socket. ``tiletum join`` opens the lobby of the host on this machine.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import signal
import sys
import time

from ..safe_text import clean, name_problem

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
    join = sub.add_parser("join", help="join the host on this machine: its lobby, your games")
    join.add_argument("--host-dir", help="the host's folder (as given to tiletum host)")
    join.add_argument("--as", dest="name", help="your name at the table (default: your login name)")
    join.add_argument("--fd", type=int, help=argparse.SUPPRESS)  # the SSH door's socket, inherited
    join.add_argument("--no-bell", action="store_true", help="no terminal bell when your turn begins")


def _folder(args):
    from .hosted import HostFolder, default_folder

    return HostFolder(args.host_dir) if getattr(args, "host_dir", None) else default_folder()


def _listen(text: str) -> tuple[str, int]:
    addr, _, port = text.rpartition(":")
    if not addr or not port.isdigit() or not 0 < int(port) < 65536:
        raise SystemExit(f"tiletum: --listen wants ADDR:PORT, not {clean(text, 40)}")
    return addr.strip("[]"), int(port)


def run_join(args) -> int:
    from .client import HostLink
    from .join import run_join as run

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
    if args.status:
        return asyncio.run(_status(folder))
    listen = _listen(args.listen)
    return asyncio.run(_serve(folder, args, listen))


async def _status(folder) -> int:
    from . import protocol as P

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


async def _serve(folder, args, listen) -> int:
    from .server import Host

    live = not args.quiet and sys.stdout.isatty()
    recent: list[str] = []

    def report(text: str) -> None:
        stamped = f"{time.strftime('%H:%M:%S')} {text}"
        recent.append(stamped)
        del recent[:-RECENT]
        if not live:
            print(stamped, flush=True)

    host = Host(folder, pace=args.pace, report=report)
    try:
        await host.start()
    except RuntimeError as exc:
        print(f"tiletum: {exc}", file=sys.stderr)
        return 1
    door = await _ssh_door(host, folder, args, listen, report)
    heading = [f"Hosting {len(host.games)} game(s) from {clean(folder.root)}",
               f"On this machine: tiletum join --as NAME" + (f" --host-dir {clean(folder.root)}" if args.host_dir else ""),
               f"Anyone who can open {clean(folder.socket)} (mode 0600: you) is trusted as this machine's owner."]
    heading += door[1]
    print("\n".join(heading), flush=True)

    def draw() -> None:
        if live:
            sys.stdout.write("\x1b[H\x1b[2J" + "\n".join(heading) + "\n\n" + host.status() + "\n\n"
                             + "\n".join(recent) + "\n")
            sys.stdout.flush()

    host.on_change = draw
    draw()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    if door[0] is not None:
        door[0].close()
        await door[0].wait_closed()
    await host.close()
    print("tiletum: the host stopped; every game is saved", flush=True)
    return 0


async def _ssh_door(host, folder, args, listen, report):
    """Start the SSH door (``host.ssh_door``) if there are players' keys: (door or None, lines to print)."""
    from .keys import KeyFileError
    from .launch import launcher
    from .ssh_door import start_ssh_door

    if not args.authorized_keys:
        return None, ["No --authorized-keys FILE: the SSH door stays closed (players join on this machine)."]
    try:
        door = await start_ssh_door(listen, folder.host_key, args.authorized_keys, launcher(host))
    except (KeyFileError, OSError) as exc:
        raise SystemExit(f"tiletum: the SSH door cannot open: {clean(exc, 300)}") from None
    lines = [f"SSH door on {listen[0]}:{door.listen[1]}, host key {door.fingerprint}"]
    names = door.players.names
    lines.append("Players: " + (", ".join(clean(n, 40) for n in names) if names else "none yet (the keys file lists no usable key)"))
    lines.append(f"Connect with: {door.connect_line(names[0] if names else 'NAME')}")
    lines += [f"  not used: {p}" for p in door.players.problems]
    return door, lines

