"""Issue 25, Tests: "a bounded soak (scripted clients, a few hundred games' worth of actions, stops by
itself)". ``tiletum host`` runs as a process of its own; scripted players (the client's own API,
``RemoteModel``) play whole games against it at two tables at once, half of them against a
computer opponent, each game with fresh connections, a watcher and a line of table talk; then the
host's open descriptors and processes are where they were after the first games, and its memory
grows by no more than the games it keeps.

The long run (300 games) is marked ``soak`` and left out of the default run (``pytest -m soak
tests/host/test_soak.py``); the default suite plays a short one."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys

import pytest

from tiletum_tui.shell.host import protocol as P

from .hosting import ROOT, Player, people, short_dir, socket_ready  # noqa: F401 (fixture)

TABLES = 2  # games under way at once
KEPT_MB = 0.6  # resident memory a finished game may keep on the host (its session and log)


def _host(folder) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tiletum_tui", "host", "--host-dir", str(folder), "--quiet",
                             "--pace", "0"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def _measure(pid: int) -> tuple[float, int, int]:
    """The host's resident MB, its open descriptors, its living child processes."""
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    out = subprocess.run(["ps", "-o", "stat=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return rss, fds, sum(not s.startswith("Z") for s in out.split())


async def _one_game(folder, table: int, number: int, rng: random.Random) -> int:
    """A whole game at a table: new connections, a new table, random legal moves to the end. Its moves."""
    names = (f"a{table}", f"b{table}") if number % 2 else (f"a{table}",)
    players = [await Player(folder, n).connect() for n in names]
    seen = {g.id for g in players[0].lobby.games}
    players[0].link.send(P.NewTable("tiletum", people(*names, opponents=() if number % 2 else ("beginner",))))

    def begun():
        return [g.id for g in players[0].lobby.games
                if g.id not in seen and not g.waiting and names[0] in [s.name for s in g.seats]]

    await players[0].until(begun)
    (gid,) = begun()
    models = [await p.open(gid) for p in players]
    watcher = await Player(folder, f"w{table}").connect()
    await watcher.open(gid, watch=True)
    models[0].say(f"good luck, game {number}")
    moves, expected = 0, 0  # (the log's length the next mover's model must have caught up with)
    while (who := models[0].game.current_player(models[0].view)) is not None:
        if who >= len(players):  # the opponent plays in the host
            await players[0].until(lambda: len(models[0].log) > expected or models[0].view.phase == "over")
            expected = len(models[0].log)
            continue
        model = models[who]
        await players[who].until(lambda: len(model.log) >= expected)
        await players[who].play(gid, rng.choice(model.legal()))
        expected, moves = len(model.log), moves + 1
        await players[0].until(lambda: len(models[0].log) >= expected)
    for p in (*players, watcher):
        p.close()
    return moves


async def _soak(folder, games: int) -> None:
    host = _host(folder)
    try:
        await socket_ready(folder)
        rng = random.Random(games)
        played: list[int] = []
        samples: list[tuple[float, int, int]] = []

        async def table(t: int) -> None:
            while len(played) < games:
                played.append(await _one_game(folder, t, len(played), rng))
                await asyncio.sleep(0.3)  # (the host's goodbyes to the players who left)
                samples.append(_measure(host.pid))

        await asyncio.gather(*(table(t) for t in range(TABLES)))
        assert len(played) >= games and min(played) > 20  # whole games, stopped by themselves
        (rss0, fds0, kids0), (rss, fds, kids) = samples[TABLES - 1], samples[-1]
        assert fds <= fds0 + 2, f"the host's descriptors grew from {fds0} to {fds} over {games} games"
        assert kids <= TABLES, f"{kids} processes left by {games} games (opponents' of games over?)"
        kept = len(samples) - TABLES
        assert rss - rss0 <= 8 + KEPT_MB * kept, f"the host grew from {rss0:.0f} to {rss:.0f} MB in {kept} games"
        assert host.poll() is None  # and it is still there
    finally:
        host.kill()
        host.wait(10)


async def test_a_short_soak_leaves_the_host_as_it_found_it(short_dir):
    await _soak(short_dir, 6)


@pytest.mark.soak
async def test_a_soak_of_300_games_leaves_the_host_as_it_found_it(short_dir):
    await _soak(short_dir, 300)
