"""A host's start with many games over: its CPU time and resident memory (docs/hosting.md, "Measured").
A benchmark, not a test.

    python tiletum_tui/shell/host/bench_restart.py [--finished 50] [--runs 3] [TREE ...]

Makes a host folder of ``--finished`` games played to their end by random moves (Tiletum for four,
Carcassonne for two, in turn) and two games under way, then starts ``server.Host`` on it in a fresh
process per run with each TREE (a checkout: its ``tiletum_tui`` is the one imported; default: this
one), the trees interleaved run by run (a, b, a, b: the machine's load varies). Each run prints the
CPU time of ``Host.start`` and the process's resident memory before and after it; and where a
game over is replayed only when opened (``replays``), the CPU time of that replay.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tiletum_tui.core import games
from .hosted import HostFolder
from ..session import EVERY_SEAT, Session
from .server import Host

THIS = Path(__file__).resolve()
ROOT = THIS.parents[3]
if sys.path and Path(sys.path[0]).resolve() == THIS.parent:
    sys.path.pop(0)  # (run by its path: the tree's ``tiletum_tui`` comes from PYTHONPATH, not this folder)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def make_folder(root: Path, finished: int) -> None:
    folder = HostFolder(root)
    folder.prepare()
    rng = random.Random(25)
    plans = [("tiletum", ("ann", "bob", "cid", "dan")), ("carcassonne", ("ann", "bob"))]
    for i in range(finished + 2):
        name, people = plans[i % 2]
        game = games.game(name)
        colours = ("red", "blue", "green", "yellow")
        session = Session.new(game.table_settings(list(zip(people, colours)), 1000 + i), folder.games, game=game)
        end = None if i < finished else 20  # the last two: 20 moves in, under way
        while not session.finished and (end is None or len(session.log) < end):
            legal = game.legal_actions(session.state)
            longer = [a for a in legal if game.notation(a).split(": ", 1)[-1] != "end"]  # whole turns
            session.apply(rng.choice(longer or legal), by=EVERY_SEAT)
        session.close()


def child(root: str) -> None:
    async def run() -> dict:
        host = Host(HostFolder(root), pace=0)
        before, cpu, wall = rss_mb(), time.process_time(), time.perf_counter()
        await host.start()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        after = rss_mb()
        listed = len(host.games)
        opens = []
        try:
            from .replays import replay  # (a tree that keeps games over replayed has none)
        except ImportError:
            replay = None
        for g in host.games.values():
            if replay is not None and not hasattr(g, "session"):
                t = time.process_time()
                replay(g)
                opens.append(time.process_time() - t)
        await host.close()
        return {"cpu": cpu, "wall": wall, "rss_before": before, "rss_after": after, "games": listed,
                "open": sorted(opens)[len(opens) // 2] if opens else None, "open_max": max(opens, default=None)}

    print(json.dumps(asyncio.run(run())))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--finished", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child")
    parser.add_argument("trees", nargs="*")
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    trees = args.trees or [str(ROOT)]
    work = Path(tempfile.mkdtemp(prefix="bench-restart-"))
    try:
        master = work / "master"
        make_folder(master, args.finished)
        size = sum(p.stat().st_size for p in (master / "games").glob("*.json"))
        print(f"{args.finished} games over and 2 under way, {size / 1024:.0f} KiB of saves")
        for run in range(args.runs):
            for tree in trees:
                copy = work / f"run-{run}-{abs(hash(tree))}"
                shutil.copytree(master, copy)
                env = dict(os.environ, PYTHONPATH=tree)
                out = subprocess.run([sys.executable, str(THIS), "--child", str(copy)], env=env, cwd=tree,
                                     capture_output=True, text=True, check=True).stdout
                r = json.loads(out.strip().splitlines()[-1])
                print(f"{tree}: start {r['cpu'] * 1000:.0f} ms CPU ({r['wall'] * 1000:.0f} ms wall), "
                      f"RSS {r['rss_before']:.1f} -> {r['rss_after']:.1f} MB (+{r['rss_after'] - r['rss_before']:.1f}),"
                      f" {r['games']} games listed"
                      + (f"; a game over opened (replayed): {r['open'] * 1000:.0f} ms CPU median, "
                         f"{r['open_max'] * 1000:.0f} ms slowest" if r["open"] is not None else ""))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
