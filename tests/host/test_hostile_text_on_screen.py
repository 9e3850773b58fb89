"""Issue 25: "a name or a chat line carrying escape sequences never reaches a terminal raw", checked
where it would do harm: on a rendered terminal (pyte), not only on the string. A raw sequence would
retitle the window (OSC 0, which pyte keeps as ``screen.title``), clear it (``CSI 2 J``) or turn the
text around (U+202E); shown cleaned it reads as ``\\x1b]0;owned\\x07``, and does nothing."""

from __future__ import annotations

import asyncio
import os
import select
import socket
import sys
import time

import pyte

from tests.host.terminals import SSHTerm, authorized_line, new_client_key
from tiletum_tui.shell.bench.startup import start_on_pty, stop
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.launch import launcher
from tiletum_tui.shell.host.ssh_door import start_ssh_door

from .hosting import Player, people, running_host, short_dir, table_of  # noqa: F401 (fixture)

SLOW = 90  # seconds: a client process starting on a loaded machine
RETITLE, CLEAR, TURN = "\x1b]0;owned\x07", "\x1b[2J", "\u202e"
EVIL = f"hello {RETITLE}{CLEAR}{TURN}tac \x9b31m"


def _harmless(received: bytes, screen: pyte.Screen) -> None:
    """None of the hostile sequences reached the terminal as bytes, and the terminal shows no effect."""
    assert RETITLE.encode() not in received and b"owned\x07" not in received
    assert CLEAR.encode() not in received
    assert TURN.encode() not in received and "\x9b".encode() not in received  # (C1 CSI, as UTF-8)
    assert "owned" not in (screen.title or "")


async def test_a_chat_line_with_escape_sequences_shows_cleaned_on_a_players_ssh_terminal(short_dir):
    ann_key = new_client_key()
    keys = short_dir / "players"
    keys.write_text(authorized_line(ann_key, "ann") + "\n")
    async with running_host(short_dir) as host:
        door = await start_ssh_door(("127.0.0.1", 0), HostFolder(short_dir).host_key, keys, launcher(host))
        bob = Player(short_dir, "bob")
        try:
            await bob.connect()
            gid = await table_of(host, [bob], people("bob", "ann"))
            await bob.open(gid)
            async with SSHTerm.open(door.listen[1], ann_key) as ann:
                await ann.wait_for("Your games", SLOW)
                await ann.send("\r")  # her game, the first line
                await ann.wait_for("bob is choosing a die", SLOW)
                before = len(ann.received)
                bob.model(gid).say(EVIL)
                screen = await ann.wait_for("At the table", SLOW)  # the line, said on her screen
                await asyncio.sleep(0.3)  # (the rest of that frame)
                screen = ann.text
                assert "\\x1b]0;owned\\x07" in screen  # shown, as text
                assert "Your games" not in screen and "bob is choosing a die" in screen  # nothing cleared
                _harmless(bytes(ann.received[before:]), ann.screen)
        finally:
            bob.close()
            door.close()
            await door.wait_closed()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_players_name_with_escape_sequences_shows_cleaned_on_the_hosts_own_terminal(short_dir):
    # The one place such a name is shown: ``tiletum host`` says which line of the keys file it did
    # not use, and why, in its own terminal (its live list).
    keys = short_dir / "players"
    keys.write_text(authorized_line(new_client_key(), name=f"Eve{RETITLE}{CLEAR}{TURN}") + "\n"
                    + authorized_line(new_client_key(), name="bob") + "\n")
    argv = [sys.executable, "-m", "tiletum_tui", "host", "--host-dir", str(short_dir), "--pace", "0",
            "--listen", f"127.0.0.1:{_free_port()}", "--authorized-keys", str(keys)]
    process, master = start_on_pty(argv, size=(100, 30))
    screen = pyte.Screen(100, 30)
    stream, received = pyte.ByteStream(screen), bytearray()
    try:
        end = time.monotonic() + SLOW
        while not all(part in "\n".join(screen.display) for part in ("Players: bob", "not used", "0 connection(s)")):
            assert time.monotonic() < end, "the host's list never showed:\n" + "\n".join(screen.display)
            if select.select([master], [], [], 0.2)[0]:
                data = os.read(master, 65536)
                received += data
                stream.feed(data)
        text = "\n".join(screen.display)
        assert "line 1:" in text and "\\x1b]0;owned\\x07" in text and "control character" in text
        assert "Hosting 0 game(s)" in text and "0 connection(s)" in text  # the live list, whole
        _harmless(bytes(received).replace(b"\x1b[H\x1b[2J", b""), screen)  # (less its own redraws of the list)
    finally:
        stop(process, master)
