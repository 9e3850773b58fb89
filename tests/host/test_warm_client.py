"""The SSH door's client started ahead (``host/warm.py``; connect-to-lobby, issue 25): a session
given the waiting client is that player's, on its own terminal, as a client started cold would be
("One Textual client process per SSH session on its own PTY; window size and signals forwarded"),
and the door has the next one started ahead; closing the door leaves no spare behind."""

from __future__ import annotations

import asyncio
import os

from tests.host.terminals import SSHTerm, authorized_line, new_client_key
from tiletum_tui.host.hosted import HostFolder
from tiletum_tui.host.launch import launcher
from tiletum_tui.host.ssh_door import start_ssh_door

from .hosting import running_host, short_dir  # noqa: F401 (fixture)

SLOW = 90


async def _until(condition, timeout: float = SLOW) -> None:
    for _ in range(int(timeout * 10)):
        if condition():
            return
        await asyncio.sleep(0.1)
    raise AssertionError("it never happened")


async def test_the_client_started_ahead_becomes_the_players_on_their_terminal(short_dir):
    key = new_client_key()
    keys = short_dir / "players"
    keys.write_text(authorized_line(key, "ann") + "\n")
    async with running_host(short_dir) as host:
        launch = launcher(host)
        door = await start_ssh_door(("127.0.0.1", 0), HostFolder(short_dir).host_key, keys, launch)
        try:
            await _until(lambda: launch.warm._spare is not None)  # started ahead, its modules imported
            spare = launch.warm._spare[0].pid
            async with SSHTerm.open(door.listen[1], key, width=100, height=30) as term:
                await term.wait_for("Your games", SLOW)
                await term.wait_for("you are ann", 30)  # the player the key names: the host's socket for her
                await _until(lambda: "New game" in term.screen.display[29], 30)  # the key line, at its foot
                (session,) = door.sessions
                assert session.pid == spare  # the waiting client took this session
                assert len(term.screen.display) == 30 and term.text.startswith(" Tiletum host")
                assert "Tables with a free seat" in term.text
                await term.resize(100, 40)  # the size follows (SIGWINCH from its own terminal)
                await _until(lambda: "New game" in term.screen.display[39], 30)
                await _until(lambda: launch.warm._spare is not None)  # the next one, started ahead
                term.process.channel.close()
                await _until(lambda: not os.path.exists(f"/proc/{spare}"), 30)  # ended and reaped
            following = launch.warm._spare[0].pid
        finally:
            door.close()
            await door.wait_closed()
        await _until(lambda: not os.path.exists(f"/proc/{following}"), 30)  # no spare left behind
