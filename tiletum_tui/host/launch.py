"""How a door (SSH or web) starts a player's client: ``tiletum join --fd N`` on a socket the host made for
that player (issue 25: "The seat a client acts for is fixed by how it authenticated (its key),
never by what it sends"). The host serves one end of a ``socketpair`` as the player the key names;
the client inherits the other, so it has nothing to claim."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the folder holding ``tiletum_tui`` (an uninstalled checkout too)


def launcher(host, via: str = "ssh", watching: bool = False):
    """``launch_client(player) -> ClientLaunch`` for ``ssh_door.start_ssh_door`` (and the web door's,
    ``via="web"``; a watching link's client is served by the host as a spectator only)."""
    from .ssh_door import ClientLaunch

    def launch_client(player: str) -> ClientLaunch:
        theirs = host.socket_for(player, via, watching)
        fd = theirs.fileno()
        os.set_inheritable(fd, True)
        # The door starts the child before it next waits (``_spawn``): our copy is closed right after,
        # so the host sees the connection end as soon as the client does, however it ends.
        asyncio.get_running_loop().call_soon(theirs.close)
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
        return ClientLaunch(argv=[sys.executable, "-m", "tiletum_tui", "join", "--fd", str(fd)],
                            pass_fds=(fd,), env={"PYTHONPATH": path})

    return launch_client
