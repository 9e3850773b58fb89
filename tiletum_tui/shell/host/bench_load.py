"""What one host sustains (issue 44: "CPU and memory per connected player, moves per second the host
sustains"). A benchmark, not a test: ``python -m tiletum_tui.shell.host.bench_load [SECONDS] [TABLES]``.

``tiletum host`` in a process of its own; ``TABLES`` games of Tiletum, two players each, every player
its own connection with its game open, each making a random legal move as soon as its decision comes
(each connection under the host's flood limit, as a client is). For ``SECONDS`` it counts the moves
every player was told of and reads the host's CPU time and resident memory from /proc; then the same
players stay connected and idle for a few seconds (what a connected player who is not playing costs).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from . import protocol as P
from .bench import _Client, _ready, _rss_mb
from .bench_host import start_host, stop_host


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


async def _load(folder: Path, pid: int, seconds: float, tables: int) -> dict:
    rng = random.Random(44)
    pairs = [(_Client(folder, f"a{k}"), _Client(folder, f"b{k}")) for k in range(tables)]
    base_rss = _rss_mb(pid)
    for a, b in pairs:
        await a.start()
        await b.start()
    rss_connected = _rss_mb(pid)
    gids = []
    for a, b in pairs:
        a.link.send(P.NewTable("tiletum", (P.SeatPlan("person", a.link.name), P.SeatPlan("person", b.link.name))))
        while not any(not g.waiting and a.link.name in [s.name for s in g.seats] for g in a.lobby.games):
            await a._wait()
        gid = next(g.id for g in a.lobby.games if not g.waiting and a.link.name in [s.name for s in g.seats])
        gids.append(gid)
        for c in (a, b):
            c.link.send(P.Open(gid))
            while gid not in c.games.models:
                await c._wait()
    moves = 0
    end = time.monotonic() + seconds

    async def play(a, b, gid) -> None:
        nonlocal moves
        while time.monotonic() < end:
            model = a.games.models[gid]
            who = model.game.current_player(model.view)
            if who is None:  # (over, or a moment between two updates)
                if model.game.finished(model.view):
                    return
                await a._wait()
                continue
            mover = (a, b)[who]
            m = mover.games.models[gid]
            m.apply(rng.choice(m.legal()), by=m.seat)
            while m.pending is not None:
                await mover._wait()
            moves += 1
            await asyncio.sleep(0.05)  # (under the host's flood limit: about 20 frames a second a connection)

    cpu0, t0 = _cpu_seconds(pid), time.monotonic()
    await asyncio.gather(*(play(a, b, g) for (a, b), g in zip(pairs, gids)))
    cpu1, t1 = _cpu_seconds(pid), time.monotonic()
    rss_playing = _rss_mb(pid)
    await asyncio.sleep(5)
    cpu2 = _cpu_seconds(pid)
    for a, b in pairs:
        a.link.close(), b.link.close()
    players = 2 * tables
    return {"players connected": players, "moves": moves, "seconds": t1 - t0,
            "moves a second (host, all tables)": moves / (t1 - t0),
            "host CPU per move, ms": (cpu1 - cpu0) / max(moves, 1) * 1000,
            "host CPU busy while playing, %": (cpu1 - cpu0) / (t1 - t0) * 100,
            "host CPU idle, players connected, % (5 s)": (cpu2 - cpu1) / 5 * 100,
            "host resident MB, nobody connected": base_rss,
            "host resident MB per connected player": (rss_connected - base_rss) / players,
            "host resident MB per player at a game under way": (rss_playing - base_rss) / players,
            "host resident MB at the end": rss_playing}


def main(argv: list[str]) -> int:
    seconds = float(argv[0]) if argv else 30.0
    tables = int(argv[1]) if len(argv) > 1 else 8
    folder = Path(tempfile.mkdtemp(prefix="tl-"))
    host = start_host(folder, "--pace", "0", "--table-seed", "777")
    try:
        asyncio.run(_ready(folder))
        numbers = asyncio.run(_load(folder, host.pid, seconds, tables))
    finally:
        stop_host(host, folder)
    width = max(map(len, numbers))
    for key, value in numbers.items():
        print(f"  {key:<{width}} {value:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
