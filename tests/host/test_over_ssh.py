"""Issue 25 over the SSH door: "`ssh -p 2222 ann@HOST` opens, in Ann's own terminal at any size from
80×24, a lobby"; "each terminal draws its own seat's view ...; the others see who is deciding and
what ("Ann is choosing a die…") and every move as it happens"; "The seat a client acts for is fixed
by how it authenticated (its key), never by what it sends". Real SSH sessions on loopback (asyncssh's
client), the screens read through pyte; the host, the door and the launcher as ``tiletum host`` wires them."""

from __future__ import annotations

import asyncio

from tests.host.terminals import SSHTerm, authorized_line, new_client_key
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.launch import launcher
from tiletum_tui.shell.host.ssh_door import start_ssh_door

from .hosting import running_host, short_dir  # noqa: F401 (fixture)

SLOW = 90  # seconds: a client process starting on a loaded machine


async def test_two_players_over_ssh_each_at_their_own_seat(short_dir):
    ann_key, bob_key = new_client_key(), new_client_key()
    keys = short_dir / "players"
    keys.write_text(authorized_line(ann_key, "ann") + "\n" + authorized_line(bob_key, "bob") + "\n")
    async with running_host(short_dir) as host:
        door = await start_ssh_door(("127.0.0.1", 0), HostFolder(short_dir).host_key, keys, launcher(host))
        try:
            port = door.listen[1]
            # bob logs in as "ann" (the user name he types): the key decides, he is bob.
            async with SSHTerm.open(port, ann_key, "ann") as ann, SSHTerm.open(port, bob_key, "ann") as bob:
                await ann.wait_for("you are ann", SLOW)
                await bob.wait_for("you are bob", SLOW)
                await ann.send("n")
                await ann.wait_for("Set the table", SLOW)
                await ann.send("\x13")  # Ctrl+S: ann and an open seat
                await bob.wait_for("waiting for 1 more", SLOW)
                await bob.send("\r")  # bob takes the free seat: the game begins
                await ann.wait_for("your turn", SLOW)
                (game,) = host.games.values()
                assert game.names() == ["ann", "bob"]
                await bob.send("\r")  # his game, first in his lobby
                await ann.send("\r")
                await bob.wait_for("ann is choosing a die…", SLOW)
                await ann.wait_for("ann: choose a die", SLOW)
                for _ in range(4):  # ann's keys: a die, how it is kept, its Bonus tile
                    if not game.session.log:
                        await ann.send("1")
                        await asyncio.sleep(1.0)
                await bob.wait_for("ann is deciding", SLOW)  # her move, on his screen, as it happened
                assert game.session.log[0].seat == 0
                assert "ann is deciding" not in ann.text  # her panel is live: the menu, not the waiting line
                assert "1 Move to" not in bob.text
        finally:
            door.close()
            await door.wait_closed()
