"""What the two doors of ``tiletum host`` (``ssh_door``, ``web_door``) share: how a player's client is
started (``ClientLaunch``), the door's bookkeeping of its sessions and tasks (``Door``), and how a
client's process group is ended (``end_group``).

Each door keeps only what is its own: how a player comes in (an SSH key, a sign-in link), how the
client's bytes travel (a PTY, textual-serve's pipes), and how the client is asked to quit.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ClientLaunch:
    """How to start one player's client: its command line, the descriptors it keeps, its extra
    environment (on top of the host's, with TERM from the player's terminal)."""

    argv: list[str]
    pass_fds: tuple[int, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    # A client started ahead (``warm.WarmClients.handover``): given the PTY (its other side, to take
    # as its controlling terminal), the command, environment and descriptors; None: start it here.
    handover: Callable | None = None
    # The same for the web door (``warm.WarmClients.handover_pipes``): started with a pipe each way.
    handover_pipes: Callable | None = None


def host_name(host: str) -> str:
    """The name players reach a listening address by: this machine's name for "any address"."""
    return socket.gethostname() if host in ("", "0.0.0.0", "::") else host


def signal_group(pgid: int, sig: int) -> None:
    """Signal a client's whole process group (gone already: nothing to do)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, sig)


async def end_group(proc: asyncio.subprocess.Process, grace: float, ask: Callable[[], Awaitable[None]]) -> None:
    """Ask a running client to quit (``ask``), give it ``grace`` seconds to save and say goodbye,
    then kill its whole process group and reap it: no orphan."""
    if proc.returncode is None:
        await ask()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(proc.wait()), grace)
    # What the client started (a computer opponent's process) goes with it.
    signal_group(proc.pid, signal.SIGKILL)
    await proc.wait()


class Door:
    """A listening door: its launcher, the sessions open through it, the tasks it runs.

    ``close()`` then ``await wait_closed()`` ends every session. A door's session has a
    ``connected`` record (None until its client has started) and a ``leave()``.
    """

    def __init__(self, launch_client: Callable[[str], ClientLaunch], max_sessions: int, grace: float) -> None:
        self.launch_client = launch_client
        self.max_sessions = max_sessions
        self.grace = grace
        self.listen: tuple[str, int] = ("", 0)
        self._sessions: set = set()
        self._tasks: set[asyncio.Task] = set()

    @property
    def sessions(self) -> tuple:
        """The players connected now, with their client's pid."""
        return tuple(s.connected for s in list(self._sessions) if s.connected is not None)

    def _launchers(self) -> set[Callable[[str], ClientLaunch]]:
        return {self.launch_client}

    def _track(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def close(self) -> None:
        for launcher in self._launchers():
            close = getattr(launcher, "close", None)
            if close is not None:
                close()  # (its clients started ahead, if it keeps any)
        for session in list(self._sessions):
            session.leave()

    async def wait_closed(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
