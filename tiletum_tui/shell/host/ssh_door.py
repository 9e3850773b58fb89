"""The SSH door of ``tiletum host``: each SSH session with a terminal gets its own client process.

``start_ssh_door(listen, host_key_path, authorized_keys_path, launch_client)`` listens for SSH
(asyncssh), lets in the players of the authorized_keys file by their public keys only (no password,
no keyboard-interactive; ``keys``), and for each session with a terminal runs
``launch_client(player)`` as a child on a pseudo-terminal of its own. The player is fixed by the key
that logged in, never by anything the client sends afterwards.

Why not asyncssh's ``process.redirect`` + ``set_redirect_pid``: the door needs the PTY itself (the
child as session leader with the PTY as controlling terminal, its modes set before the child
starts, the child's whole process group ended when the player leaves), so the bytes are forwarded
here, with backpressure both ways. The pitfalls of serving a full-screen app over SSH, handled:

- Keys typed while the client starts are not echoed as garbage: the PTY is put in raw input mode
  (no echo, no line editing, no signal keys) before the child starts; the app reads them as keys.
- The client's terminal is left as it was found even if the app dies without cleaning up: on the
  way out the door sends the resets of what a Textual app turns on (alternate screen, mouse, focus
  reporting, bracketed paste, kitty keyboard flags, in-band resize) and shows the cursor.
- Terminal query replies (the client's terminal answering the app's questions) and focus events
  are input like any key: they go to the app, which parses them; after the app has gone they are
  dropped, never echoed.
- The size: the child's terminal size is the client's from the start, ``COLUMNS`` and ``LINES``
  (which would override it) are not passed on, and each window-size change is set on the PTY,
  which signals the child (SIGWINCH) as a local terminal would.
- When the channel closes or the connection drops (keepalives find a silent one), the child's
  process group gets SIGHUP, then SIGKILL after a grace period, and the child is reaped: no orphan.

A session without a terminal gets one line saying so and is closed; so is a session asking to run a
command, and a session beyond ``max_sessions``.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import shlex
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .ssh_import import asyncssh

from .door import ClientLaunch, Door, end_group, host_name, signal_group
from .keys import PlayerKeys, fingerprint, load_host_key

MAX_SESSIONS = 32
GRACE_SECONDS = 2.0  # from SIGHUP to SIGKILL: time for the client to save and say goodbye
_INPUT_BACKLOG = 64 * 1024  # bytes waiting for the child before the channel stops reading
_DEFAULT_TERM = "xterm-256color"
_TERM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
# What a Textual app may have turned on, turned off: kitty keyboard flags popped, in-band resize,
# bracketed paste, focus reporting, every mouse mode, then the main screen and a visible cursor.
TERMINAL_RESET = (
    b"\x1b[<u\x1b[?2048l\x1b[?2004l\x1b[?1004l"
    b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"
    b"\x1b[?1049l\x1b[?25h\x1b[0m\r\n"
)
# Signals a client may send its own app (RFC 4254 6.9); the others are ignored.
_FORWARDED_SIGNALS = {"INT": signal.SIGINT, "TERM": signal.SIGTERM, "HUP": signal.SIGHUP}
# Run first in the child: make the PTY (its stdin) the controlling terminal of the new session, so
# the kernel signals the child on a size change and hangs it up if the door itself dies, then become
# the client. ``-I -S``: nothing from the environment or site-packages, a fast start.
_CONTROLLING_TTY = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); os.execvp(sys.argv[1], sys.argv[1:])"
)


@dataclass(frozen=True)
class Connected:
    """One player's session through the door, for the host's list of who is connected."""

    player: str
    pid: int
    peer: str
    since: float


def connect_line(listen: tuple[str, int], user: str) -> str:
    """The command a player types to come in, e.g. ``ssh -p 2222 ann@localhost``."""
    host, port = listen
    host = host_name(host)
    port_part = "" if port == 22 else f"-p {port} "
    return f"ssh {port_part}{shlex.quote(f'{user}@{host}')}"


class SSHDoor(Door):
    """The listening door: ``close()`` then ``await wait_closed()`` ends every session."""

    def __init__(self, host_key: asyncssh.SSHKey, players: PlayerKeys,
                 launch_client: Callable[[str], ClientLaunch], max_sessions: int, grace: float) -> None:
        super().__init__(launch_client, max_sessions, grace)
        self.host_key = host_key
        self.fingerprint = fingerprint(host_key)
        self.players = players
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._sessions: set[_DoorSession]
        self._connections: set[asyncssh.SSHServerConnection] = set()

    def connect_line(self, user: str) -> str:
        return connect_line(self.listen, user)

    def close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
        super().close()
        for conn in list(self._connections):
            conn.close()

    async def wait_closed(self) -> None:
        if self._acceptor is not None:
            await self._acceptor.wait_closed()
        await super().wait_closed()


class _DoorServer(asyncssh.SSHServer):
    """One SSH connection: who it is (from the key), and its sessions."""

    def __init__(self, door: SSHDoor) -> None:
        self._door = door
        self._player: str | None = None
        self._conn: asyncssh.SSHServerConnection | None = None
        self._peer = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self._door._connections.add(conn)
        peer = conn.get_extra_info("peername") or ("?", 0)
        self._peer = f"{peer[0]}:{peer[1]}"

    def connection_lost(self, exc: Exception | None) -> None:
        self._door._connections.discard(self._conn)

    def begin_auth(self, username: str) -> bool:
        return True  # every login needs a key

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh checks the signature after this: the last key validated is the one logged in.
        self._player = self._door.players.player_for(key, username)
        return self._player is not None

    def session_requested(self):
        if self._player is None:
            return False
        return _DoorSession(self._door, self._player, self._peer)


class _DoorSession(asyncssh.SSHServerSession):
    """One SSH session: the bytes between the channel and the child's PTY, and the child's life."""

    def __init__(self, door: SSHDoor, player: str, peer: str) -> None:
        self._door = door
        self._player = player
        self._peer = peer
        self._chan: asyncssh.SSHServerChannel | None = None
        self._term: tuple[str, int, int] | None = None
        self._command: str | None = None
        self._master: int | None = None
        self._proc: asyncio.subprocess.Process | None = None
        self._pending = bytearray()  # input the child has not taken yet
        self._reading = False
        self._input_paused = False
        self._starting = False
        self._gone = False  # the channel is closed: nothing more goes to the client
        self._ended: asyncio.Task | None = None
        self.connected: Connected | None = None

    # The channel's requests ---------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self._chan = chan

    def pty_requested(self, term_type, term_size, term_modes) -> bool:
        width, height = term_size[0] or 80, term_size[1] or 24
        self._term = (term_type or "", width, height)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        if self._command is not None:
            return self._refuse("this host runs the game only, not commands: connect without one")
        if self._term is None:
            return self._refuse("the game needs a terminal: connect with ssh -t")
        if len(self._door._sessions) >= self._door.max_sessions:
            return self._refuse(
                f"the host is full ({self._door.max_sessions} players are connected); try again later"
            )
        self._door._sessions.add(self)
        self._starting = True
        self._chan.pause_reading()  # keys wait in the channel until the child's PTY exists
        self._door._track(self._start())

    def _refuse(self, why: str) -> None:
        self._chan.write(f"tiletum host: {why}.\r\n".encode())
        self._chan.exit(1)

    # The child ----------------------------------------------------------------------------
    async def _start(self) -> None:
        term_type, width, height = self._term
        try:
            launch = self._door.launch_client(self._player)
            self._proc, self._master = await _spawn(launch, term_type, width, height, self._colorterm())
        except Exception as exc:  # a launch that fails must not take the door down
            self._starting = False
            self._door._sessions.discard(self)
            if not self._gone:
                self._refuse(f"the game could not start ({type(exc).__name__})")
            return
        self._starting = False
        self.connected = Connected(self._player, self._proc.pid, self._peer, time.time())
        if self._gone:  # the player left while the child was starting
            self._ended = self._door._track(self._end_child())
            return
        self._start_reading()
        self._chan.resume_reading()
        self._door._track(self._watch_child())

    def _colorterm(self) -> str | None:
        value = self._chan.get_environment().get("COLORTERM", "")
        return value if value in ("truecolor", "24bit") else None

    async def _watch_child(self) -> None:
        await self._proc.wait()
        if self._gone:
            return
        self._drain_output()
        self._stop_reading()
        self._chan.write(TERMINAL_RESET)
        code = self._proc.returncode
        self._chan.exit(code if code >= 0 else 128 - code)
        # What the client started (a computer opponent's process) goes with it.
        self._ended = self._door._track(self._end_child())

    async def _end_child(self) -> None:
        proc = self._proc

        async def hang_up() -> None:
            signal_group(proc.pid, signal.SIGHUP)

        try:
            await end_group(proc, self._door.grace, hang_up)
        finally:
            self._stop_reading()
            if self._master is not None:
                asyncio.get_running_loop().remove_writer(self._master)  # input still waiting
                os.close(self._master)
                self._master = None
            self._door._sessions.discard(self)

    def leave(self) -> None:
        """End this session from the host's side (the door closing)."""
        if self._chan is not None and not self._gone:
            self._chan.write(TERMINAL_RESET)
            self._chan.close()

    # Output: child -> client --------------------------------------------------------------
    def _start_reading(self) -> None:
        if not self._reading and self._master is not None and not self._gone:
            asyncio.get_running_loop().add_reader(self._master, self._on_output)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._reading and self._master is not None:
            asyncio.get_running_loop().remove_reader(self._master)
        self._reading = False

    def _on_output(self) -> None:
        try:
            data = os.read(self._master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: every holder of the PTY's other side has closed it
            data = b""
        if data:
            self._chan.write(data)
        else:
            self._stop_reading()

    def _drain_output(self) -> None:
        while self._master is not None:
            try:
                data = os.read(self._master, 65536)
            except OSError:
                return
            if not data:
                return
            self._chan.write(data)

    def pause_writing(self) -> None:
        self._stop_reading()  # the client is slow: let the child block on its own output

    def resume_writing(self) -> None:
        self._start_reading()

    # Input: client -> child ---------------------------------------------------------------
    def data_received(self, data: bytes, datatype) -> None:
        if self._master is None or self._proc is None or self._proc.returncode is not None:
            return  # the app has gone: a late key or query reply is dropped, never echoed
        self._pending += data
        self._flush_input()

    def _flush_input(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending and self._master is not None:
            try:
                written = os.write(self._master, self._pending)
            except BlockingIOError:
                break
            except OSError:
                self._pending.clear()
                break
            del self._pending[:written]
        if self._master is None:
            return
        loop.remove_writer(self._master)
        if self._pending:
            loop.add_writer(self._master, self._flush_input)
            if len(self._pending) > _INPUT_BACKLOG and not self._input_paused:
                self._input_paused = True
                self._chan.pause_reading()
        elif self._input_paused and not self._gone:
            self._input_paused = False
            self._chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._term = (self._term[0] if self._term else "", width or 80, height or 24)
        if self._master is not None:
            _set_size(self._master, width or 80, height or 24)  # the kernel sends SIGWINCH

    def signal_received(self, signal_name: str) -> None:
        sig = _FORWARDED_SIGNALS.get(signal_name)
        if sig is not None and self._proc is not None and self._proc.returncode is None:
            signal_group(self._proc.pid, sig)

    def break_received(self, msec: int) -> bool:
        self.signal_received("INT")
        return True

    def eof_received(self) -> bool:
        return True  # a terminal session ends when the app ends or the channel closes

    def connection_lost(self, exc: Exception | None) -> None:
        self._gone = True
        self._stop_reading()
        if self._master is not None:
            asyncio.get_running_loop().remove_writer(self._master)
        if self._proc is not None and self._ended is None:
            self._ended = self._door._track(self._end_child())
        elif self._proc is None and not self._starting:
            self._door._sessions.discard(self)  # refused (a starting child is ended by ``_start``)


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _child_env(launch: ClientLaunch, term_type: str, colorterm: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "COLORTERM", "TERM")}
    env.update(launch.env)
    env["TERM"] = term_type if _TERM_NAME.fullmatch(term_type) else _DEFAULT_TERM
    if colorterm:
        env["COLORTERM"] = colorterm
    return env


async def _spawn(launch: ClientLaunch, term_type: str, width: int, height: int,
                 colorterm: str | None) -> tuple[asyncio.subprocess.Process, int]:
    """The child on a new PTY (its stdin, stdout and stderr), and the PTY's master side."""
    master, slave = os.openpty()
    try:
        _set_size(slave, width, height)
        attrs = termios.tcgetattr(slave)
        # Raw input before the child starts, as the app will set it anyway: nothing typed early is
        # echoed, and Ctrl+C is a key for the app, not a signal that kills it while it starts.
        attrs[0] &= ~(termios.ICRNL | termios.IXON | termios.INLCR | termios.IGNCR)
        attrs[3] &= ~(termios.ECHO | termios.ECHONL | termios.ICANON | termios.ISIG | termios.IEXTEN)
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        os.set_blocking(master, False)
        env = _child_env(launch, term_type, colorterm)
        proc = None
        if launch.handover is not None:
            proc = await launch.handover(slave, list(launch.argv), env, launch.pass_fds)
        if proc is None:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-I", "-S", "-c", _CONTROLLING_TTY, *launch.argv,
                stdin=slave, stdout=slave, stderr=slave, pass_fds=launch.pass_fds,
                env=env, start_new_session=True,
            )
    except BaseException:
        os.close(master)
        raise
    finally:
        os.close(slave)  # the child's copy is enough: its end is then our EIO
    return proc, master


async def start_ssh_door(listen: tuple[str, int], host_key_path: Path, authorized_keys_path: Path,
                         launch_client: Callable[[str], ClientLaunch], *,
                         max_sessions: int = MAX_SESSIONS, grace: float = GRACE_SECONDS,
                         keepalive_seconds: float = 30.0) -> SSHDoor:
    """Listen for players at ``listen`` (port 0: any free port; ``door.listen`` says which)."""
    door = SSHDoor(load_host_key(host_key_path), PlayerKeys(authorized_keys_path), launch_client,
                   max_sessions, grace)
    host, port = listen
    door._acceptor = await asyncssh.listen(
        host, port,
        server_host_keys=[door.host_key],
        server_factory=lambda: _DoorServer(door),
        encoding=None,  # bytes both ways: the PTY's bytes are not text to decode
        line_editor=False,  # asyncssh's own line editor would echo keys itself
        allow_pty=True,
        password_auth=False, kbdint_auth=False, host_based_auth=False, gss_host=None,
        x509_trusted_certs=None, authorized_client_keys=None,
        agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        login_timeout=30, keepalive_interval=keepalive_seconds, keepalive_count_max=3,
    )
    door.listen = (host, door._acceptor.get_port())
    return door
