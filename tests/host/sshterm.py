"""A player's terminal for tests: a real SSH session on loopback (asyncssh's client) with a PTY,
whose bytes are drawn by a terminal emulator (pyte), so a test reads the screen a person would see.

    key = new_client_key()
    async with SSHTerm.open(port, key) as term:       # 80x24, xterm-256color
        await term.wait_for("New game")               # the screen's text, time-bounded
        await term.send("\\r")
        await term.resize(120, 40)

Every wait is bounded (``timeout``); on a timeout the error shows the screen as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

import asyncssh
import pyte

WAIT_SECONDS = 60.0  # a Textual app starting on a busy two-core machine


def new_client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def authorized_line(key: asyncssh.SSHKey, name: str | None = None, comment: str = "") -> str:
    """The authorized_keys line for ``key``: ``name="…"`` as an option if given, then the comment."""
    public = key.export_public_key("openssh").decode().split()
    line = f"{public[0]} {public[1]}" + (f" {comment}" if comment else "")
    if name is not None:
        escaped = name.replace("\\", "\\\\").replace('"', '\\"')
        line = f'name="{escaped}" {line}'
    return line


async def ssh_connect(port: int, key: asyncssh.SSHKey | None, user: str = "ann", **options):
    """An SSH connection to the door on loopback, trusting any host key, using only ``key``."""
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, agent_path=None, config=[],
            client_keys=[key] if key is not None else None, **options,
        ),
        WAIT_SECONDS,
    )


class SSHTerm:
    """An SSH session with a PTY and the screen it draws."""

    def __init__(self, conn, process, width: int, height: int) -> None:
        self.conn = conn
        self.process = process
        self.screen = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.closed = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, port: int, key: asyncssh.SSHKey, user: str = "ann", width: int = 80,
                   height: int = 24, term_type: str = "xterm-256color"):
        conn = await ssh_connect(port, key, user)
        try:
            process = await conn.create_process(term_type=term_type, term_size=(width, height), encoding=None)
            term = cls(conn, process, width, height)
            try:
                yield term
            finally:
                term._reader.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await term._reader
        finally:
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.wait_closed(), 10)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.received += data
                self._stream.feed(data)
        finally:
            self.closed.set()

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, text: str, timeout: float = WAIT_SECONDS) -> str:
        """Until ``text`` is on screen (raises if it never is); the screen then."""
        await self._until(lambda: text in self.text, f"{text!r} on screen", timeout)
        return self.text

    async def wait_closed(self, timeout: float = WAIT_SECONDS) -> None:
        await self._until(self.closed.is_set, "the session closed", timeout)

    async def _until(self, done, what: str, timeout: float) -> None:
        end = time.monotonic() + timeout
        while not done():
            if time.monotonic() > end:
                raise AssertionError(f"no {what} within {timeout:.0f} s; the screen:\n{self.text}")
            await asyncio.sleep(0.05)

    async def send(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)
        await self.process.stdin.drain()

    async def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)
