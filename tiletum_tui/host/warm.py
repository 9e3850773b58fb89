"""A client started ahead of its player: connect-to-lobby without the client's start (issue 25).

A client's start is mostly Python's: the interpreter, then Textual and the client's modules (about
0.3 s of CPU, stretched many times over on a loaded machine). So the SSH door keeps one client
process started ahead, its modules imported, waiting on a socket of its own (``WarmClients``);
when a player's session opens, the door prepares the PTY as for any client and hands it over with
the host's socket for that player (``handover``: the descriptors over the socket, SCM_RIGHTS, and
the command line and environment the client would have been started with). The waiting process
(``main``) then takes the PTY as its controlling terminal, sets that environment (before the app
exists: the app reads ``TERM`` and ``COLORTERM`` when it is made) and runs the command. The next
waiting client is started a moment later, not while this one paints.

The process is the same as a client started cold would be (a session leader on its own PTY, its
process group the door's to signal, its exit the door's to reap); a spare that died or is not ready
yet means a cold start, nothing worse. If the host goes, the spare reads the end of its socket and
ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys

READY = b"R"
REFILL_AFTER = 2.0  # seconds after a handover before the next spare starts (not while the first paints)


class WarmClients:
    """One spare client process, started ahead; ``handover`` gives it to a session (or None)."""

    def __init__(self, env: dict[str, str]) -> None:
        self._env = env  # the clients' environment less what the session sets (TERM, COLORTERM)
        self._spare: tuple[asyncio.subprocess.Process, socket.socket] | None = None
        self._starting: asyncio.Task | None = None
        self._closed = False

    def start(self) -> None:
        if not self._closed and self._spare is None and self._starting is None:
            self._starting = asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        mine, theirs = socket.socketpair()
        try:
            try:
                proc = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "tiletum_tui.host.warm", str(theirs.fileno()),
                    pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL, env=self._env, start_new_session=True)
            finally:
                theirs.close()
            mine.setblocking(False)
            try:
                ready = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(mine, 1), 300) == READY
            except (OSError, asyncio.TimeoutError):
                ready = False
            if ready and not self._closed:
                self._spare, mine = (proc, mine), None
            else:
                _end(proc)
        except OSError:
            pass
        finally:
            if mine is not None:
                mine.close()
            self._starting = None

    async def handover(self, tty: int, argv: list[str], env: dict[str, str],
                       pass_fds: tuple[int, ...]) -> asyncio.subprocess.Process | None:
        """The spare, running ``argv`` (``python -m tiletum_tui join ...``) on ``tty`` with ``env`` and
        ``pass_fds``; None if there is no spare ready (the caller starts the client itself)."""
        spare, self._spare = self._spare, None
        if not self._closed:
            asyncio.get_running_loop().call_later(REFILL_AFTER, self.start)
        if spare is None or argv[1:4] != ["-m", "tiletum_tui", "join"]:
            if spare is not None:
                self._spare = spare
            return None
        proc, control = spare
        try:
            if proc.returncode is not None:
                return None
            payload = json.dumps({"args": argv[3:], "env": env, "fds": list(pass_fds)}).encode()
            socket.send_fds(control, [payload], [tty, *pass_fds])
            return proc
        except OSError:
            _end(proc)
            return None
        finally:
            control.close()

    def close(self) -> None:
        self._closed = True
        if self._starting is not None:
            self._starting.cancel()
        spare, self._spare = self._spare, None
        if spare is not None:
            spare[1].close()  # (it reads the end and goes)
            _end(spare[0])


def _end(proc) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


def main() -> int:
    """The spare: import what a client needs, say so, wait for a session, become its client."""
    control = socket.socket(fileno=int(sys.argv[1]))
    import textual.drivers.linux_driver  # noqa: F401  (what the app imports when it runs)

    from tiletum_tui import cli_guard
    from tiletum_tui.host import cli as host_cli, join  # noqa: F401
    from tiletum_tui.host import remote_model  # noqa: F401  (and when the first game opens)

    control.sendall(READY)
    try:
        message, fds, _, _ = socket.recv_fds(control, 1 << 20, 16)
    except OSError:
        return 1
    control.close()
    if not message or not fds:
        return 0  # the host went, or closed its spare
    order = json.loads(message)
    tty, passed = fds[0], dict(zip(order["fds"], fds[1:]))
    import fcntl
    import termios

    fcntl.ioctl(tty, termios.TIOCSCTTY, 0)  # (a session leader already: started with a session of its own)
    for n in (0, 1, 2):
        os.dup2(tty, n)
    os.close(tty)
    os.environ.clear()
    os.environ.update(order["env"])
    args = list(order["args"])
    for i in range(len(args) - 1):  # the descriptors as numbered here
        if args[i] == "--fd" and args[i + 1].isdigit() and int(args[i + 1]) in passed:
            args[i + 1] = str(passed[int(args[i + 1])])
    sys.argv = ["tiletum", *args]

    def join_command(argv: list[str]) -> int:  # ``tiletum join ...``, as the command line parses it
        import argparse

        parser = argparse.ArgumentParser(prog="tiletum")
        host_cli.add_commands(parser.add_subparsers(dest="command"))
        return host_cli.run_join(parser.parse_args(argv))

    return cli_guard.run(join_command, args)


if __name__ == "__main__":
    sys.exit(main())
