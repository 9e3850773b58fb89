"""A client started ahead (``warm.WarmClients``): ``python -m tiletum_tui.shell.host.spare FD`` imports
what a client needs, says so on its control socket, waits there for a session (its PTY or pipes, its
environment, its ``tiletum join`` arguments) and becomes that session's client."""

from __future__ import annotations

import json
import os
import socket
import sys

from .warm import READY


def main() -> int:
    """The spare: import what a client needs, say so, wait for a session, become its client."""
    control = socket.socket(fileno=int(sys.argv[1]))
    import textual.drivers.linux_driver  # noqa: F401  (what the app imports when it runs)
    import textual.drivers.web_driver  # noqa: F401  (... in a page)

    # What a client imports, here, before the session comes (the point of a spare): the command line,
    # the lobby's app, and what the first game opened needs
    from .. import cli_guard  # (the spare's point: imported before a session comes)
    from . import cli as host_cli, join  # noqa: F401
    from . import remote_model  # noqa: F401

    control.sendall(READY)
    try:
        message, fds, _, _ = socket.recv_fds(control, 1 << 20, 16)
    except OSError:
        return 1
    control.close()
    if not message or not fds:
        return 0  # the host went, or closed its spare
    order = json.loads(message)
    if order.get("stdio") == "pipes":  # the web door's: stdin, stdout (stderr stays /dev/null)
        stdio, fds = fds[:2], fds[2:]
        for n, fd in enumerate(stdio):
            os.dup2(fd, n)
            os.close(fd)
    else:  # the SSH door's PTY
        tty, fds = fds[0], fds[1:]
        import fcntl  # (the SSH door's alone)
        import termios  # (the SSH door's alone)

        fcntl.ioctl(tty, termios.TIOCSCTTY, 0)  # (a session leader already: started with a session of its own)
        for n in (0, 1, 2):
            os.dup2(tty, n)
        os.close(tty)
    passed = dict(zip(order["fds"], fds))
    os.environ.clear()
    os.environ.update(order["env"])
    args = list(order["args"])
    for i in range(len(args) - 1):  # the descriptors as numbered here
        if args[i] == "--fd" and args[i + 1].isdigit() and int(args[i + 1]) in passed:
            args[i + 1] = str(passed[int(args[i + 1])])
    sys.argv = ["tiletum", *args]

    def join_command(argv: list[str]) -> int:  # ``tiletum join ...``, as the command line parses it
        import argparse  # (when the session came)

        parser = argparse.ArgumentParser(prog="tiletum")
        host_cli.add_commands(parser.add_subparsers(dest="command"))
        return host_cli.run_join(parser.parse_args(argv))

    return cli_guard.run(join_command, args)


if __name__ == "__main__":
    sys.exit(main())
