"""The doors' client started ahead (``host/warm.py``; connect-to-lobby, issue 25): an SSH session
given the waiting client is that player's, on its own terminal, as a client started cold would be
("One Textual client process per SSH session on its own PTY; window size and signals forwarded"),
and the door has the next one started ahead; closing the door leaves no spare behind."""

from __future__ import annotations

import asyncio
import os
import signal

from tests.host.terminals import SSHTerm, WebPage, authorized_line, new_client_key
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.invites import Invites
from tiletum_tui.shell.host.launch import launcher
from tiletum_tui.shell.host.ssh_door import start_ssh_door
from tiletum_tui.shell.host.web_door import start_web_door

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
                await _until(lambda: "n New" in term.screen.display[29], 30)  # the key line, at its foot
                (session,) = door.sessions
                assert session.pid == spare  # the waiting client took this session
                assert len(term.screen.display) == 30 and term.text.startswith(" Tiletum host")
                assert "Tables with a free seat" in term.text
                await term.resize(100, 40)  # the size follows (SIGWINCH from its own terminal)
                await _until(lambda: "n New" in term.screen.display[39], 30)
                await _until(lambda: launch.warm._spare is not None)  # the next one, started ahead
                term.process.channel.close()
                await _until(lambda: not os.path.exists(f"/proc/{spare}"), 30)  # ended and reaped
            following = launch.warm._spare[0].pid
        finally:
            door.close()
            await door.wait_closed()
        await _until(lambda: not os.path.exists(f"/proc/{following}"), 30)  # no spare left behind


async def test_the_web_doors_client_started_ahead_becomes_the_pages_player_or_watcher(short_dir):
    """docs/hosting.md, the web door: "Each open page gets a client process of its own, the same client
    program the SSH door runs ... the player it plays for is fixed by the link that signed the browser
    in", started ahead as the SSH door's is; a watching link's page takes the same spare."""
    invites = Invites(HostFolder(short_dir).web_invites)
    ann, carl = invites.invite("ann"), invites.invite("carl", watch=True)
    async with running_host(short_dir) as host:
        play = launcher(host, "web")
        watch = launcher(host, "web", True, pool=play.warm)
        door = await start_web_door(("127.0.0.1", 0), invites, play, launch_watcher=watch)
        spares = []
        try:
            await _until(lambda: play.warm._spare is not None)  # started ahead, its modules imported
            spares.append(play.warm._spare[0].pid)
            async with WebPage.open(door.listen[1], ann, width=100, height=30) as page:
                await page.wait_for("Your games", SLOW)
                await page.wait_for("you are ann", 30)  # the link's player: the host's socket for her
                await _until(lambda: "n New" in page.screen.display[29], 30)  # the page's size, not 80x24
                (session,) = door.sessions
                assert session.pid == spares[0] and "ann (web)" in host.status()
                await page.send("b")  # the page's keys reach it
                await page.wait_for("bell off", 30)
                await _until(lambda: play.warm._spare is not None)  # the next one, started ahead
                spares.append(play.warm._spare[0].pid)
                await page.send("\x1c")  # Ctrl+\ quits in a page (TILETUM_WEB: Ctrl+Q is the browser's)
                await page.wait_closed(30)
            await _until(lambda: not os.path.exists(f"/proc/{spares[0]}"), 30)  # ended and reaped
            async with WebPage.open(door.listen[1], carl) as page:
                await page.wait_for("(watching)", SLOW)
                (session,) = door.sessions
                assert session.pid == spares[1] and "carl (web, watching)" in host.status()
                await _until(lambda: play.warm._spare is not None)
                spares.append(play.warm._spare[0].pid)
                os.kill(spares[1], signal.SIGKILL)  # a client killed: its page closes, it is reaped
                await page.wait_closed(30)
                await _until(lambda: not os.path.exists(f"/proc/{spares[1]}"), 30)
                await _until(lambda: "carl" not in host.status(), 30)  # and the host saw it go
        finally:
            door.close()
            await door.wait_closed()
        for pid in spares:
            await _until(lambda: not os.path.exists(f"/proc/{pid}"), 30)  # no client, and no spare, left behind
