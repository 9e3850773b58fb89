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
                    sys.executable, "-m", "tiletum_tui.shell.host.spare", str(theirs.fileno()),
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
