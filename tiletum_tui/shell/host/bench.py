"""``tiletum bench --host``: the host's figures (issue 25, "Measured"). A benchmark, not a test.

- From a move sent to every connected client's model updated (the moment its screen is told to
  redraw), median and 95th percentile, with 2 and with 8 clients at one game (two players, the
  others watching); the host is ``tiletum host`` in a process of its own, the clients here.
- The same to every screen redrawn, with real clients on ptys, and their CPU per update
  (``bench_screens``).
- Connect-to-lobby: ``tiletum join`` exec'd on an 80×24 pty until its lobby is painted; and an SSH
  login through the door until its lobby is painted, with the client started ahead and cold.
- The host's resident memory, idle and with 8 clients, and a ``tiletum join`` process's.
- An announcement left open against closed: 8 screens over ``ANNOUNCED_MOVES`` moves (the first
  announcement comes 30 to 70 moves in), once never closing one (as the other parts do) and once
  closing each as a player would, the same game both times.

Every table's seed is ``--table-seed`` (the host's own option): the same games in every run, for
comparing code A and B; without it, one chosen here and printed.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from . import protocol as P
from .bench_host import BenchClient, host_ready, rss_mb, start_host, stop_host
from .bench_screens import screens_latency, ssh_connect_to_lobby
from ..bench.startup import start_on_pty, stop, wait_for_text

MOVES = 60  # moves timed per client count
ANNOUNCED_MOVES = 72  # moves of the announcements' part (a game's first announcement: 30 to 70 moves in)


async def _latency(folder: Path, count: int, host_pid: int) -> dict:
    rng = random.Random(count)
    tag = f"{count}"
    ann, bob = BenchClient(folder, f"ann{tag}"), BenchClient(folder, f"bob{tag}")
    watchers = [BenchClient(folder, f"w{tag}-{k}") for k in range(count - 2)]
    clients = [ann, bob, *watchers]
    for c in clients:
        await c.start()
    ann.link.send(P.NewTable("tiletum", (P.SeatPlan("person", ann.link.name), P.SeatPlan("person", bob.link.name))))
    while not any(ann.link.name in [s.name for s in g.seats] and not g.waiting for g in ann.lobby.games):
        await ann._wait()
    gid = next(g.id for g in ann.lobby.games if ann.link.name in [s.name for s in g.seats])
    for c in clients:
        c.link.send(P.Open(gid, watch=c in watchers))
    for c in clients:
        while gid not in c.games.models:
            await c._wait()
    rss = rss_mb(host_pid)
    times = []
    for _ in range(MOVES):
        model = ann.games.models[gid]
        who = model.game.current_player(model.view)
        if who is None:
            break
        mover = (ann, bob)[who]
        m = mover.games.models[gid]
        seen = [len(c.updated_at) for c in clients]
        start = time.perf_counter()
        m.apply(rng.choice(m.legal()), by=m.seat)
        while any(len(c.updated_at) == n for c, n in zip(clients, seen)):
            await asyncio.sleep(0.0005)
        times.append(max(c.updated_at[-1] for c in clients) - start)
        while m.pending is not None:
            await mover._wait()
    for c in clients:
        c.link.close()
    times.sort()
    return {f"{count} clients: move to all updated, median ms": statistics.median(times) * 1000,
            f"{count} clients: move to all updated, p95 ms": times[int(len(times) * 0.95) - 1] * 1000,
            f"{count} clients: host resident MB": rss}


def _connect_to_lobby(folder: Path) -> tuple[float, float]:
    argv = [sys.executable, "-m", "tiletum_tui", "join", "--host-dir", str(folder), "--as", "lobbytimer"]
    start = time.perf_counter()
    process, master = start_on_pty(argv)
    try:
        if not wait_for_text(master, "Your games"):
            raise RuntimeError("the lobby never showed")
        took = time.perf_counter() - start
        return took, rss_mb(process.pid)
    finally:
        stop(process, master)


def host_numbers(table_seed: int, screens_only: bool = False) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="tb-"))
    host = start_host(folder, "--pace", "0", "--table-seed", str(table_seed))
    try:
        asyncio.run(host_ready(folder))
        if screens_only:  # (``--screens``: the rows of issue 25's aim, a short run to repeat, code A against B)
            out = {}
            for count in (2, 8):
                out.update(asyncio.run(screens_latency(folder, count)))
            out["load average (1 min) after the run"] = os.getloadavg()[0]
            out.update(asyncio.run(screens_latency(folder, 8, game="carcassonne")))  # (after: the rows before
            # it are the ones measured on older code)
            return out
        out = {"host resident MB, no client": rss_mb(host.pid)}
        for count in (2, 8):
            out.update(asyncio.run(_latency(folder, count, host.pid)))
        for count in (2, 8):
            out.update(asyncio.run(screens_latency(folder, count)))
        for dismiss in (False, True):
            out.update({k.replace("8 screens", f"8 screens, {ANNOUNCED_MOVES} moves"): v for k, v in asyncio.run(
                screens_latency(folder, 8, moves=ANNOUNCED_MOVES, dismiss=dismiss)).items()})
        laps = [_connect_to_lobby(folder) for _ in range(5)]
        out["connect to lobby (exec to painted), median s"] = statistics.median(t for t, _ in laps)
        out["a join process, resident MB"] = statistics.median(m for _, m in laps)
        out["host memory per connected client, MB"] = (out["8 clients: host resident MB"] -
                                                       out["2 clients: host resident MB"]) / 6
        out.update(asyncio.run(ssh_connect_to_lobby()))
        out.update(asyncio.run(ssh_connect_to_lobby(cold=True)))
        return out
    finally:
        stop_host(host, folder)


def run(args) -> int:
    seed = args.table_seed if args.table_seed is not None else random.SystemRandom().randrange(1, 10**9)
    print("Host: tiletum host in its own process; clients in this one (two players, the others watching)")
    print(f"  every table's seed: {seed} (tiletum bench --host --table-seed {seed}: the same games again)")
    numbers = host_numbers(seed, screens_only=getattr(args, "screens", False))
    width = max(map(len, numbers))
    for key, value in numbers.items():
        print(f"  {key:<{width}} {value:10.2f}")
    return 0
