"""How a door (SSH or web) starts a player's client: ``tiletum join --fd N`` on a socket the host made for
that player (issue 25: "The seat a client acts for is fixed by how it authenticated (its key),
never by what it sends"). The host serves one end of a ``socketpair`` as the player the key names;
the client inherits the other, so it has nothing to claim."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from .door import ClientLaunch
from .warm import WarmClients
from .web_door import page_env

ROOT = Path(__file__).resolve().parents[3]  # the folder holding ``tiletum_tui`` (an uninstalled checkout too)


def launcher(host, via: str = "ssh", watching: bool = False, *, warm: bool = True, pool=None):
    """``launch_client(player) -> ClientLaunch`` for ``ssh_door.start_ssh_door`` (and the web door's,
    ``via="web"``; a watching link's client is served by the host as a spectator only). With ``warm``
    (the default), a client is kept started ahead (``warm.WarmClients``: on a PTY for the SSH door, on
    pipes for the web door, with a page's environment) and each session is given it if it is ready;
    ``pool``: another launcher's clients started ahead, shared (the web door's watchers take the same
    as its players). Called with the host's loop running."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    if pool is None and warm and not os.environ.get("TILETUM_COLD_CLIENTS"):  # (the bench's figure without it)
        if via == "web":
            env = page_env(80, 24, {"PYTHONPATH": path})  # (the page's size comes with the session)
        else:
            env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "COLORTERM", "TERM")}
            env["PYTHONPATH"] = path
        pool = WarmClients(env)
        pool.start()

    def launch_client(player: str) -> ClientLaunch:
        theirs = host.socket_for(player, via, watching)
        fd = theirs.fileno()
        os.set_inheritable(fd, True)
        # The door starts the child before it next waits (``_spawn``): our copy is closed right after,
        # so the host sees the connection end as soon as the client does, however it ends.
        asyncio.get_running_loop().call_soon(theirs.close)
        return ClientLaunch(argv=[sys.executable, "-m", "tiletum_tui", "join", "--fd", str(fd)],
                            pass_fds=(fd,), env={"PYTHONPATH": path},
                            handover=pool.handover if pool is not None and via != "web" else None,
                            handover_pipes=pool.handover_pipes if pool is not None and via == "web" else None)

    launch_client.warm = pool
    launch_client.close = pool.close if pool is not None else (lambda: None)
    return launch_client
