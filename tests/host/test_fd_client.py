"""Issue 25: "The seat a client acts for is fixed by how it authenticated (its key), never by what
it sends." Behind the SSH door the host makes a socket pair per session and the client inherits
one end (``tiletum join --fd N``): it is the player the host named, and claims nothing."""

from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import subprocess
import sys
import termios

from tiletum_tui.shell.bench.startup import stop, wait_for_text

from .hosting import ROOT, running_host, short_dir  # noqa: F401 (fixture)


def _join_on_pty(fd: int):
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "tiletum_tui", "join", "--fd", str(fd)], stdin=slave,
                               stdout=slave, stderr=slave, env=env, pass_fds=(fd,), start_new_session=True, cwd=ROOT)
    os.close(slave)
    return process, master


async def test_a_client_on_the_hosts_socket_pair_is_the_player_the_host_named(short_dir):
    async with running_host(short_dir) as host:
        theirs = host.socket_for("ann")
        process, master = _join_on_pty(theirs.fileno())
        theirs.close()  # the client's copy is the only one: its end is the host's end of the connection
        try:
            assert await asyncio.to_thread(wait_for_text, master, "you are ann", 60)
            assert "ann" in host.connected()
        finally:
            stop(process, master)
        for _ in range(100):  # the client gone, the host lets its connection go
            if not host.connected():
                break
            await asyncio.sleep(0.05)
        assert not host.connected()
