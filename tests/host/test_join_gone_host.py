"""Issue 38's noticed (a `tiletum join` whose host vanished ran on for hours at 17% of a core): a client
that cannot reach its host waits longer after each attempt (1, 2, 4, ... 30 s, said on its lobby), and
after ten minutes without an answer ends with a line saying so; a client whose terminal is gone ends.
Counted against a socket nobody listens on, with a clock that only adds up the waits (no timing)."""

from __future__ import annotations

import asyncio
import os
import socket

from tiletum_tui.shell.host import join
from tiletum_tui.shell.host.client import HostLink


class CountingLink(HostLink):
    attempts = 0

    async def connect(self) -> None:
        self.attempts += 1
        await super().connect()


def _closed_socket(tmp_path) -> str:
    path = str(tmp_path / "host.sock")
    s = socket.socket(socket.AF_UNIX)
    s.bind(path)  # the host's socket file is there, but the host is gone: nobody listens
    s.close()
    return path


def test_a_client_whose_host_is_gone_backs_off_and_ends_saying_so(tmp_path):
    link = CountingLink(path=_closed_socket(tmp_path), name="ann")
    said, slept = [], []

    async def clock(seconds: float) -> None:
        slept.append(seconds)

    ended = asyncio.run(join.reach_host(link, said.append, sleep=clock))
    assert slept[:6] == [1, 2, 4, 8, 16, 30] and max(slept) == 30  # never faster than every 30 s once waiting
    assert sum(slept) == join.GIVE_UP  # ten minutes of waiting, then no more attempts
    assert link.attempts == len(slept) + 1 == 25
    assert said[0].startswith("the host cannot be reached; attempt 2 in 1 s (") and "refused" in said[0]
    assert said[-1].startswith("the host cannot be reached; attempt 25 in 29 s")  # (the last makes ten minutes)
    assert ended.startswith("the host has not answered for 10 minutes (25 attempts;")
    assert ended.endswith("Start tiletum join again once the host runs.")


def test_a_client_that_reaches_its_host_again_stops_waiting(tmp_path):
    path = _closed_socket(tmp_path)
    link = CountingLink(path=path, name="ann")
    slept = []

    async def clock(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 3:  # the host is back after the third wait
            os.unlink(path)
            server.append(await asyncio.start_unix_server(lambda r, w: None, path))

    server: list = []

    async def go():
        try:
            return await join.reach_host(link, lambda words: None, sleep=clock)
        finally:
            link.close()
            for s in server:
                s.close()
    assert asyncio.run(go()) is None
    assert slept == [1, 2, 4] and link.attempts == 4


def test_a_client_over_the_ssh_door_ends_at_once(tmp_path):
    """An inherited socket cannot be made again: no waiting, the line says why."""
    link = CountingLink(fd=os.open(os.devnull, os.O_RDONLY), name="")  # not a socket: connecting fails
    slept = []

    async def clock(seconds: float) -> None:
        slept.append(seconds)
    ended = asyncio.run(join.reach_host(link, lambda words: None, sleep=clock))
    assert ended.startswith("the host cannot be reached: ") and slept == [] and link.attempts == 1


def test_a_client_whose_terminal_is_gone_sees_it():
    """Textual's input reads nothing in a busy loop once its terminal's other end closed (87% of a core
    measured): the client checks for the hang-up and ends."""
    master, slave = os.openpty()
    try:
        assert not join.terminal_hung_up(slave)
        os.close(master)
        master = None
        assert join.terminal_hung_up(slave)
    finally:
        os.close(slave)
        if master is not None:
            os.close(master)
    assert not join.terminal_hung_up(os.open(os.devnull, os.O_RDONLY))  # a file that is there
