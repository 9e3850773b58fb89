"""Issue 25, "Bad input and faults": "8 concurrent SSH sessions playing two games at once; a host
killed with SIGKILL mid-game and started again has both games intact and everyone can reconnect".

``tiletum host`` runs as a process of its own with its SSH door on loopback; eight players come in
by their keys (asyncssh's client), each screen read through pyte, at two 4-player tables. The
deciding players move by keys; the host is killed mid-game; started again, every player connects
again, finds their game in their lobby and sits at their own seat, and the games go on."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys

from tests.host.terminals import SSHTerm, authorized_line, new_client_key
from tiletum_tui.shell.host import protocol as P

from .hosting import ROOT, Player, people, short_dir, socket_ready  # noqa: F401 (fixture)

SLOW = 120  # seconds: eight client processes starting at once on a loaded two-core machine
TABLES = (("ann", "bob", "cid", "dee"), ("eve", "fay", "gus", "hal"))
NAMES = TABLES[0] + TABLES[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _host(folder, port: int, keys) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tiletum_tui", "host", "--host-dir", str(folder), "--quiet",
                             "--pace", "0", "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(keys)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL)


async def _door_open(port: int) -> None:
    for _ in range(SLOW * 10):
        with contextlib.suppress(OSError):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the SSH door did not open")


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


async def _everyone_at_their_seat(port: int, keys: dict, games: dict[str, tuple[str, ...]], watcher: Player,
                                  stack: contextlib.AsyncExitStack) -> dict[str, SSHTerm]:
    """Each player logs in, sees their lobby, opens their game (the first line) and sits at their seat:
    the one deciding sees their own decision, the others who decides."""
    terms = {n: await stack.enter_async_context(SSHTerm.open(port, keys[n], n)) for n in NAMES}

    async def sit(name: str) -> None:
        term = terms[name]
        await term.wait_for(f"you are {name}", SLOW)
        await term.wait_for("Your games", SLOW)
        await term.send("\r")
        gid = next(g for g, names in games.items() if name in names)
        model = watcher.model(gid)
        decider = model.seats[model.game.current_player(model.view)].name
        await term.wait_for(f"{decider}: " if decider == name else f"{decider} is ", SLOW)

    await asyncio.gather(*(sit(n) for n in NAMES))
    return terms


async def _moves_by_keys(terms: dict[str, SSHTerm], watcher: Player, gid: str, count: int) -> None:
    """The deciding player of the game presses 1 (the first choice of the decision) ``count`` times,
    each time until the host has the move."""
    model = watcher.model(gid)
    for _ in range(count):
        before = len(model.log)
        decider = model.seats[model.game.current_player(model.view)].name
        for _ in range(20):  # (a key may open a group of choices first)
            await terms[decider].send("1")
            with contextlib.suppress(asyncio.TimeoutError):
                await watcher.until(lambda: len(model.log) > before, 3)
                break
        assert len(model.log) > before, f"{decider}'s key made no move:\n{terms[decider].text}"


async def test_eight_players_over_ssh_at_two_games_and_a_host_killed_mid_game(short_dir):
    keys = {n: new_client_key() for n in NAMES}
    keys_file = short_dir / "players"
    keys_file.write_text("".join(authorized_line(keys[n], n) + "\n" for n in NAMES))
    port = _free_port()
    host = _host(short_dir, port, keys_file)
    try:
        await socket_ready(short_dir, SLOW)
        await _door_open(port)
        owners = [await Player(short_dir, TABLES[0][0]).connect(), await Player(short_dir, TABLES[1][0]).connect()]
        for owner, names in zip(owners, TABLES):  # two 4-player tables, every seat a person
            owner.link.send(P.NewTable("tiletum", people(*names)))
        await owners[0].until(lambda: sum(not g.waiting for g in owners[0].lobby.games) == 2)
        games = {g.id: tuple(s.name for s in g.seats) for g in owners[0].lobby.games}
        watcher = await Player(short_dir, "watcher").connect()
        for gid in games:
            await watcher.open(gid, watch=True)
        async with contextlib.AsyncExitStack() as stack:
            terms = await _everyone_at_their_seat(port, keys, games, watcher, stack)
            await asyncio.gather(*(_moves_by_keys(terms, watcher, gid, 3) for gid in games))
            logs = {gid: [e.notation for e in watcher.model(gid).log] for gid in games}
            clients = _children(host.pid)
            assert len(clients) >= 8  # a client process per SSH session
            host.send_signal(signal.SIGKILL)  # mid-game, mid-turn: no goodbye, no last save
            host.wait(10)
            await asyncio.gather(*(t.wait_closed(SLOW) for t in terms.values()))  # every session dropped
        for p in (*owners, watcher):
            p.close()
        for _ in range(100):  # and no client outlives the host (the kernel hung up their terminals)
            if not any(os.path.exists(f"/proc/{pid}") for pid in clients):
                break
            await asyncio.sleep(0.1)
        assert not any(os.path.exists(f"/proc/{pid}") for pid in clients)

        host = _host(short_dir, port, keys_file)
        await socket_ready(short_dir, SLOW)
        await _door_open(port)
        watcher = await Player(short_dir, "watcher").connect()
        assert {g.id for g in watcher.lobby.games} == set(games)
        for gid in games:
            model = await watcher.open(gid, watch=True)
            assert [e.notation for e in model.log] == logs[gid]  # both games as they were
        async with contextlib.AsyncExitStack() as stack:
            terms = await _everyone_at_their_seat(port, keys, games, watcher, stack)
            await asyncio.gather(*(_moves_by_keys(terms, watcher, gid, 1) for gid in games))  # and they go on
        watcher.close()
    finally:
        host.kill()
        host.wait(10)
