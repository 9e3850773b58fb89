"""A client started ahead of its player: connect-to-lobby without the client's start (issue 25).

A client's start is mostly Python's: the interpreter, then Textual and the client's modules (about
0.3 s of CPU, stretched many times over on a loaded machine). So each door keeps one client
process started ahead, its modules imported, waiting on a socket of its own (``WarmClients``);
when a player's session opens, the door prepares the client's terminal as for any client and hands
it over with the host's socket for that player (the descriptors over the socket, SCM_RIGHTS, and the
command line and environment the client would have been started with). The waiting process
(``main``) then takes them as its standard streams, sets that environment (before the app exists:
the app reads ``TERM`` and ``COLORTERM``, the web driver the page's size, when it is made) and runs
the command. The next waiting client is started a moment later, not while this one paints.

The SSH door hands over a PTY (``handover``), which the client takes as its controlling terminal;
the web door a pipe each way (``handover_pipes``), as textual-serve would start its client. What is
read from the environment once, when the modules are imported (Textual's ``TEXTUAL_*``: the web
driver, the colours; the client's ``TILETUM_WEB``: the page keys) is the spare's from its start: the
web door's spare starts with a page's environment, and a session whose values differ from the
spare's gets a client started cold instead.

The process is the same as a client started cold would be (a session leader on its own PTY or pipes, its
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
                    sys.executable, "-m", "tiletum_tui.shell.host.warm", str(theirs.fileno()),
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
        """The spare, running ``argv`` (``python -m tiletum_tui join ...``) on ``tty`` (its controlling
        terminal, and its stdin, stdout and stderr) with ``env`` and ``pass_fds``; None if there is no
        spare ready (the caller starts the client itself)."""
        return self._give("tty", [tty], argv, env, pass_fds)

    async def handover_pipes(self, argv: list[str], env: dict[str, str], pass_fds: tuple[int, ...]):
        """The spare, running ``argv`` with a pipe for its stdin and one for its stdout (its stderr
        stays /dev/null), as ``asyncio.create_subprocess_exec(stdin=PIPE, stdout=PIPE)`` would start it:
        (the process, a StreamWriter to its stdin, a StreamReader of its stdout); None if there is no
        spare ready."""
        loop = asyncio.get_running_loop()
        stdin_r, stdin_w = os.pipe()
        stdout_r, stdout_w = os.pipe()
        proc = None
        try:
            proc = self._give("pipes", [stdin_r, stdout_w], argv, env, pass_fds)
        finally:
            os.close(stdin_r)
            os.close(stdout_w)  # (the client's copies are enough: its end is then our end of file)
            if proc is None:
                os.close(stdin_w)
                os.close(stdout_r)
        if proc is None:
            return None
        reader = asyncio.StreamReader(limit=2**16, loop=loop)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop),
                                     os.fdopen(stdout_r, "rb", buffering=0))
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin,
                                                            os.fdopen(stdin_w, "wb", buffering=0))
        writer = asyncio.StreamWriter(transport, protocol, None, loop)
        return proc, writer, reader

    def _give(self, stdio: str, fds: list[int], argv: list[str], env: dict[str, str],
              pass_fds: tuple[int, ...]) -> asyncio.subprocess.Process | None:
        spare, self._spare = self._spare, None
        if not self._closed:
            asyncio.get_running_loop().call_later(REFILL_AFTER, self.start)
        if spare is None or argv[1:4] != ["-m", "tiletum_tui", "join"] or _imported(env) != _imported(self._env):
            if spare is not None:
                self._spare = spare
            return None
        proc, control = spare
        try:
            if proc.returncode is not None:
                return None
            payload = json.dumps({"args": argv[3:], "env": env, "fds": list(pass_fds), "stdio": stdio}).encode()
            socket.send_fds(control, [payload], [*fds, *pass_fds])
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


def _imported(env: dict[str, str]) -> dict[str, str]:
    """What is read from the environment when the client's modules are imported: Textual's
    (``textual.constants``), and ``TILETUM_WEB`` (``shell.ui.help.IN_PAGE_ENV``: the app's page keys)."""
    return {k: v for k, v in env.items() if k.startswith("TEXTUAL") or k in ("ESCDELAY", "TILETUM_WEB")}


def _end(proc) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)


def main() -> int:
    """The spare: import what a client needs, say so, wait for a session, become its client."""
    control = socket.socket(fileno=int(sys.argv[1]))
    import textual.drivers.linux_driver  # noqa: F401  (what the app imports when it runs)
    import textual.drivers.web_driver  # noqa: F401  (... in a page)

    from .. import cli_guard
    from . import cli as host_cli, join  # noqa: F401
    from . import remote_model  # noqa: F401  (and when the first game opens)

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
        import fcntl
        import termios

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
        import argparse

        parser = argparse.ArgumentParser(prog="tiletum")
        host_cli.add_commands(parser.add_subparsers(dest="command"))
        return host_cli.run_join(parser.parse_args(argv))

    return cli_guard.run(join_command, args)


if __name__ == "__main__":
    sys.exit(main())
