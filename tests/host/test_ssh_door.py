"""The SSH door of ``tiletum host`` (issue 25): real SSH sessions on loopback, the screen read
through a terminal emulator.

Issue 25's words: "asyncssh as the SSH server, public keys only. One Textual client process per SSH
session on its own PTY; window size and signals forwarded; the known pitfalls handled (keys echoed
while the client starts, focus-reporting and kitty keyboard sequences, terminal query replies in the
input)"; "An unknown key is refused before any screen"; "a name ... carrying escape sequences never
reaches a terminal raw"; "A client process killed mid-move leaves no orphan process".

The lobby client does not exist yet, so the door serves the title screen (``python -m tiletum_tui``);
where only the PTY's behaviour matters a small Python child stands in (it starts in a blink).
"""

from __future__ import annotations

import asyncio
import sys

import asyncssh
import pytest

from tests.host.terminals import RULES, TITLE, SSHTerm, alive, authorized_line, new_client_key, ssh_connect, until
from tiletum_tui.shell.host.ssh_door import ClientLaunch, start_ssh_door


class Door:
    """A door on a free loopback port with its own keys, recording whom it launched."""

    def __init__(self, tmp_path, lines: list[str], child: list[str] | None = None, **options) -> None:
        self.tmp = tmp_path
        self.saves = tmp_path / "saves"
        self.saves.mkdir(exist_ok=True)
        self.authorized = tmp_path / "authorized_keys"
        self.authorized.write_text("".join(line + "\n" for line in lines))
        self.child = child
        self.options = options
        self.launched: list[str] = []

    def launch(self, player: str) -> ClientLaunch:
        self.launched.append(player)
        if self.child is not None:
            return ClientLaunch(list(self.child))
        return ClientLaunch([sys.executable, "-m", "tiletum_tui", "--save-dir", str(self.saves)])

    async def __aenter__(self):
        self.door = await start_ssh_door(("127.0.0.1", 0), self.tmp / "host_key", self.authorized,
                                         self.launch, **self.options)
        self.port = self.door.listen[1]
        return self

    async def __aexit__(self, *exc) -> None:
        self.door.close()
        await asyncio.wait_for(self.door.wait_closed(), 30)


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


# A stand-in client that reports its size at the start and at each resize, as Textual reads it
# (shutil: COLUMNS and LINES first, then the terminal).
_SIZES = _python(
    "import os, shutil, signal, sys, time\n"
    "def show(*_):\n"
    "    c, r = shutil.get_terminal_size(); print(f'size {c}x{r} TERM={os.environ.get(\"TERM\")}', flush=True)\n"
    "signal.signal(signal.SIGWINCH, show); show()\n"
    "time.sleep(60)\n"
)


async def test_the_title_screen_is_served_at_80x24_and_redraws_at_120x40(tmp_path):
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")]) as door:
        async with SSHTerm.open(door.port, key) as term:
            await term.wait_for(TITLE)
            assert "New game" in term.text
            assert door.launched == ["Ann"]  # the player from the key's name= option
            # At 80 columns the key line is cut; at 120 it reaches Quit (the app saw the new size).
            assert "r Rules q Quit" not in term.text
            await term.resize(120, 40)
            await term.wait_for("r Rules q Quit")
            assert len(term.screen.display) == 40


async def test_the_client_gets_the_terminal_size_and_type_whatever_the_host_environment(tmp_path, monkeypatch):
    # COLUMNS/LINES of the host's own terminal would override the PTY's size in the client.
    monkeypatch.setenv("COLUMNS", "33")
    monkeypatch.setenv("LINES", "11")
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, comment="ann")], child=_SIZES) as door:
        async with SSHTerm.open(door.port, key, term_type="screen-256color") as term:
            assert "size 80x24 TERM=screen-256color" in await term.wait_for("size 80x24 TERM=screen-256color")
            await term.resize(100, 30)
            assert "size 100x30" in await term.wait_for("size 100x30")


async def test_keys_typed_while_the_client_starts_are_not_echoed(tmp_path):
    # The child waits a second before it could set raw mode itself; keys sent meanwhile must not
    # come back as text on the player's screen.
    child = _python("import time; time.sleep(1); print('ready', flush=True); time.sleep(60)")
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")], child=child) as door:
        async with SSHTerm.open(door.port, key) as term:
            await term.send(b"early keys\r\x1b[I")
            await term.wait_for("ready")
            assert b"early" not in term.received
            assert "^[" not in term.text


async def test_the_players_terminal_is_reset_when_the_client_ends_without_cleaning_up(tmp_path):
    # A client killed mid-screen leaves focus reporting, the kitty keyboard and the mouse on.
    child = _python("import os, signal; print('\\x1b[?1004h\\x1b[>11u', flush=True); os.kill(os.getpid(), signal.SIGKILL)")
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")], child=child) as door:
        async with SSHTerm.open(door.port, key) as term:
            await term.wait_closed()
            tail = bytes(term.received).split(b"\x1b[>11u", 1)[1]
            for reset in (b"\x1b[?1004l", b"\x1b[<u", b"\x1b[?1000l", b"\x1b[?1049l", b"\x1b[?25h"):
                assert reset in tail
            assert term.process.exit_status == 128 + 9


async def test_an_unknown_key_is_refused_before_any_screen(tmp_path):
    known, stranger = new_client_key(), new_client_key()
    async with Door(tmp_path, [authorized_line(known, name="Ann")]) as door:
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh_connect(door.port, stranger, user="Ann")
        assert door.launched == []


async def test_a_password_or_keyboard_interactive_login_is_refused(tmp_path):
    known = new_client_key()
    async with Door(tmp_path, [authorized_line(known, name="Ann")]) as door:
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh_connect(door.port, None, password="ann", kbdint_auth=True)
        assert door.launched == []


async def test_a_name_carrying_escape_sequences_is_not_used_and_is_reported_cleaned(tmp_path):
    hostile, fine = new_client_key(), new_client_key()
    lines = [authorized_line(hostile, name="\x1b]0;owned\x07\x1b[2JEve"), authorized_line(fine, comment="bob")]
    async with Door(tmp_path, lines, child=_SIZES) as door:
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh_connect(door.port, hostile)
        problems = door.door.players.problems
        assert len(problems) == 1 and problems[0].startswith("line 1:") and "control character" in problems[0]
        assert "\x1b" not in problems[0] and "\\x1b" in problems[0]
        # The other line still works, named by its comment.
        async with SSHTerm.open(door.port, fine) as term:
            await term.wait_for("size 80x24")
        assert door.launched == ["bob"]


async def test_the_authorized_keys_file_is_read_again_when_it_changes(tmp_path):
    ann, bob = new_client_key(), new_client_key()
    async with Door(tmp_path, [authorized_line(ann, name="Ann")], child=_SIZES) as door:
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh_connect(door.port, bob)
        door.authorized.write_text(authorized_line(bob, name="Bob") + "\n")
        conn = await ssh_connect(door.port, bob)
        conn.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await ssh_connect(door.port, ann)


async def test_a_session_without_a_terminal_or_with_a_command_gets_one_line_and_is_closed(tmp_path):
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")], child=_SIZES) as door:
        conn = await ssh_connect(door.port, key)
        async with conn:
            shell = await asyncio.wait_for(conn.run(stdin=asyncssh.DEVNULL), 20)
            assert shell.exit_status == 1 and "needs a terminal" in shell.stdout
            command = await asyncio.wait_for(conn.run("cat /etc/passwd", term_type="xterm"), 20)
            assert command.exit_status == 1 and "not commands" in command.stdout
            assert "root:" not in command.stdout
        assert door.launched == []


async def test_sessions_beyond_the_limit_are_told_the_host_is_full(tmp_path):
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")], child=_SIZES, max_sessions=1) as door:
        async with SSHTerm.open(door.port, key) as first:
            await first.wait_for("size 80x24")
            async with SSHTerm.open(door.port, key) as second:
                await second.wait_closed()
                assert "the host is full (1 players are connected)" in second.text
            assert door.launched == ["Ann"]


async def test_closing_the_channel_ends_and_reaps_the_client(tmp_path):
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")]) as door:
        async with SSHTerm.open(door.port, key) as term:
            await term.wait_for(TITLE)
            (session,) = door.door.sessions
            assert alive(session.pid)
            term.process.channel.close()
            assert await until(lambda: not alive(session.pid)), "the client outlived its channel"
            # (the door lets go of the session once it has reaped the client: a moment later on a busy machine)
            assert await until(lambda: door.door.sessions == ()), door.door.sessions


async def test_a_dropped_connection_ends_a_client_that_ignores_the_hangup(tmp_path):
    # SIGHUP first, then SIGKILL after the grace period; the process the client started goes too.
    child = _python(
        "import signal, subprocess, sys, time\n"
        "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "helper = subprocess.Popen([sys.executable, '-c', 'import signal, time; signal.signal(signal.SIGHUP, signal.SIG_IGN); time.sleep(60)'])\n"
        "print('helper', helper.pid, flush=True); time.sleep(60)\n"
    )
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")], child=child, grace=0.5) as door:
        async with SSHTerm.open(door.port, key) as term:
            await term.wait_for("helper ")
            helper = int(term.text.split("helper ", 1)[1].split()[0])
            (session,) = door.door.sessions
            term.conn.abort()
            assert await until(lambda: not alive(session.pid) and not alive(helper))
            assert door.door.sessions == ()


async def test_eight_players_at_once_each_see_the_title(tmp_path):
    keys = [new_client_key() for _ in range(8)]
    names = [f"Player {n}" for n in range(8)]
    async with Door(tmp_path, [authorized_line(k, name=n) for k, n in zip(keys, names)]) as door:
        async def one(key):
            async with SSHTerm.open(door.port, key) as term:
                await term.wait_for(TITLE, timeout=120)
                return term.text

        screens = await asyncio.gather(*(one(k) for k in keys))
        assert all("New game" in screen for screen in screens)
        assert sorted(door.launched) == sorted(names)


async def test_a_client_sending_garbage_does_not_affect_the_others(tmp_path):
    keys = [new_client_key() for _ in range(3)]
    lines = [authorized_line(k, name=n) for k, n in zip(keys, ["Ann", "Bob", "Eve"])]
    async with Door(tmp_path, lines) as door:
        async with SSHTerm.open(door.port, keys[0]) as ann, SSHTerm.open(door.port, keys[1]) as bob, \
                SSHTerm.open(door.port, keys[2], user="Eve") as eve:
            await asyncio.gather(ann.wait_for(TITLE, 120), bob.wait_for(TITLE, 120), eve.wait_for(TITLE, 120))
            flood = bytes(range(256)) * 4096  # 1 MiB: every byte value, invalid UTF-8, escapes
            eve_sends = asyncio.ensure_future(eve.send(flood))
            # The others still play: the Rules open on a key, for each of them.
            await ann.send("r")
            await bob.send("r")
            await asyncio.gather(ann.wait_for("Rules of which game?", 60), bob.wait_for("Rules of which game?", 60))
            await ann.send("1")  # Tiletum's
            await bob.send("1")
            await asyncio.gather(ann.wait_for(RULES, 60), bob.wait_for(RULES, 60))
            assert TITLE not in ann.text and TITLE not in bob.text
            eve_sends.cancel()


async def test_closing_the_door_ends_every_session_and_its_client(tmp_path):
    key = new_client_key()
    door = Door(tmp_path, [authorized_line(key, name="Ann")], child=_SIZES)
    async with door:
        async with SSHTerm.open(door.port, key) as term:
            await term.wait_for("size 80x24")
            (session,) = door.door.sessions
            door.door.close()
            await asyncio.wait_for(door.door.wait_closed(), 30)
            assert not alive(session.pid)
            await term.wait_closed(timeout=20)
            assert term.received.endswith(b"\x1b[?25h\x1b[0m\r\n")  # the player's terminal reset
            assert term.conn.is_closed() or await until(term.conn.is_closed, 10)


async def test_the_player_can_interrupt_their_own_client_and_send_no_other_signal(tmp_path):
    # RFC 4254 6.9 signals and 6.10 breaks (ssh's ~B) reach the client as SIGINT; KILL or USR1
    # are not the player's to send.
    child = _python(
        "import signal, time\n"
        "signal.signal(signal.SIGINT, lambda *_: print('got INT', flush=True))\n"
        "signal.signal(signal.SIGUSR1, lambda *_: print('got USR1', flush=True))\n"
        "print('ready', flush=True)\n"
        "while True: time.sleep(1)\n"
    )
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")], child=child) as door:
        async with SSHTerm.open(door.port, key) as term:
            await term.wait_for("ready")
            term.process.send_signal("USR1")
            term.process.send_signal("KILL")
            term.process.send_break(100)
            await term.wait_for("got INT")
            assert "got USR1" not in term.text
            assert door.door.sessions  # still there: KILL was not passed on


async def test_a_client_that_ends_with_keys_still_unread_leaves_the_door_working(tmp_path):
    # The keys waiting for a client that has gone are dropped with it; the next player comes in.
    quitter = _python("import time; print('ready', flush=True); time.sleep(0.5)")
    key = new_client_key()
    async with Door(tmp_path, [authorized_line(key, name="Ann")], child=quitter) as door:
        async with SSHTerm.open(door.port, key) as first:
            await first.wait_for("ready")
            await asyncio.wait_for(first.send(b"x" * 300_000), 20)
            await first.wait_closed()
        door.child = _SIZES
        async with SSHTerm.open(door.port, key) as second:
            assert "size 80x24" in await second.wait_for("size 80x24", timeout=20)
            assert [c.player for c in door.door.sessions] == ["Ann"]  # the one who quit is gone
