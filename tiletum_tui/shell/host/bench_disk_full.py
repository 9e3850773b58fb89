"""The host's disk fills during a game, then has room again, then the host is killed (issue 42: "a move
is told only once it is on disk"). A measured run, not a test (the tests: ``tests/host/test_host_disk_full.py``).

    python tiletum_tui/shell/host/bench_disk_full.py [--moves 5] [--tree CHECKOUT]

``tiletum host`` runs in a user and mount namespace of its own (``unshare --user --map-root-user
--mount``: no root needed) whose ``games/`` folder is a tmpfs of 1 MiB: a real ENOSPC. Two players
(protocol clients, ``bench_host.BenchClient``) make moves; the disk is filled (a file written until the disk
says it is full); they try ``--moves`` more; the filler is removed; they go on; the host is killed
with SIGKILL; its file is read. Printed: how each move went, when each player heard the game was
paused and went on again, what the host's log said, and whether every move either player was told
of is in the file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

THIS = Path(__file__).resolve()
if sys.path and Path(sys.path[0]).resolve() == THIS.parent:
    sys.path.pop(0)
    sys.path.insert(0, str(THIS.parents[3]))

from . import protocol as P  # noqa: E402
from .bench_host import BenchClient, host_ready  # noqa: E402
from .bench_host import ROOT  # noqa: E402
from .hosted import HostFolder  # noqa: E402

# Run in the namespace: a tmpfs on games/, the host in the background, the filler on cue; once the host
# is gone (SIGKILL), its game's file copied out of the tmpfs (which goes with the namespace).
_SHELL = """
set -e
mount -t tmpfs -o size=1m tmpfs "$1/games"
PYTHONPATH="$2" "$3" -m tiletum_tui host --host-dir "$1" --quiet --pace 0 > "$1/host.log" 2>&1 &
echo $! > "$1/host.pid"
until [ -e "$1/fill-now" ]; do sleep 0.02; done
dd if=/dev/zero of="$1/games/filler" bs=4k 2>/dev/null || true
touch "$1/filled"
until [ -e "$1/free-now" ]; do sleep 0.02; done
rm "$1/games/filler"; touch "$1/freed"
wait || true
mkdir "$1/kept"; cp "$1"/games/autosave-*.json "$1/kept/"
"""


class _Heard(BenchClient):
    """A bench client that keeps what the host said (its refusals)."""

    async def _read(self) -> None:
        self.heard = []
        while (msg := await self.link.receive()) is not None:
            self.heard.append(msg)
            self.games.heard(msg)
            if isinstance(msg, P.Lobby):
                self.lobby = msg
            self.changed.set()


async def _cue(folder: Path, ask: str, done: str) -> None:
    (folder / ask).touch()
    while not (folder / done).exists():
        await asyncio.sleep(0.02)


async def run(folder: Path, moves: int, tree: str, kill_while_full: bool) -> None:
    HostFolder(folder).prepare()
    ns = subprocess.Popen(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", _SHELL, "sh",
                           str(folder), tree, sys.executable], cwd=tree)
    try:
        await host_ready(folder)
        host_pid = int((folder / "host.pid").read_text())
        ann, bob = _Heard(folder, "ann"), _Heard(folder, "bob")
        for c in (ann, bob):
            await c.start()
        ann.link.send(P.NewTable("tiletum", (P.SeatPlan("person", "ann"), P.SeatPlan("person", "bob"))))
        while not ann.lobby.games:
            await ann._wait()
        gid = ann.lobby.games[0].id
        for c in (ann, bob):
            c.link.send(P.Open(gid))
            while gid not in c.games.models:
                await c._wait()
        rng = random.Random(42)
        clock = {"start": time.perf_counter()}

        def told() -> list[str]:
            return [e.notation for e in max((c.games.models[gid] for c in (ann, bob)), key=lambda m: len(m.log)).log]

        async def move(when: str) -> None:
            model = ann.games.models[gid]
            who = (ann, bob)[model.game.current_player(model.view)]
            mine, before = who.games.models[gid], len(who.heard)
            t = time.perf_counter()
            mine.apply(rng.choice(mine.legal()), by=mine.seat)
            while mine.pending is not None:
                await who._wait()
            refused = [m.why for m in who.heard[before:] if isinstance(m, P.Refused)]
            print(f"  {when}: {who.link.name}'s move {'REFUSED' if refused else 'accepted'} in "
                  f"{(time.perf_counter() - t) * 1000:.0f} ms; {len(told())} moves told"
                  + (f" ({refused[0]})" if refused and when == "disk full" and not clock.get("said") else ""))
            clock["said"] = clock.get("said") or bool(refused)

        async def both(condition) -> float:
            t = time.perf_counter()
            while not all(condition(c.games.models[gid]) for c in (ann, bob)) and time.perf_counter() - t < 15:
                await asyncio.sleep(0.01)
            return time.perf_counter() - t

        for _ in range(4):
            await move("room")
        await _cue(folder, "fill-now", "filled")
        print("the disk is full (its 1 MiB tmpfs filled by another file)")
        for _ in range(moves):
            await move("disk full")
        await both(lambda m: getattr(m, "paused", "?"))
        paused = [m for c in (ann, bob) for m in c.heard if type(m).__name__ == "Paused" and m.why]
        print(f"  each player told: Paused({paused[0].why!r}); {len(paused)} such messages in all" if paused else
              "  nobody was told the game is paused")
        told_full = len(told())
        if not kill_while_full:
            await _cue(folder, "free-now", "freed")
            print(f"room again (the other file removed); both told the game goes on "
                  f"{await both(lambda m: getattr(m, 'paused', '') == ''):.1f} s later (the host retries every 5 s)")
            for _ in range(2):
                await move("room again")
        kept = told()
        (folder / "kill").touch()
        os.kill(host_pid, signal.SIGKILL)
        (folder / "free-now").touch()
        ns.wait(30)
        (path,) = (folder / "kept").glob("autosave-*.json")
        in_file = json.loads(path.read_bytes())["actions"]
        print(f"SIGKILL{' (the disk still full)' if kill_while_full else ''}. Moves told: {told_full} once the disk was "
              f"full, {len(kept)} at the end; "
              f"in the file: {len(in_file)}; every move told is in it: {in_file == kept}")
        log = (folder / "host.log").read_text()
        print("the host's log said:\n    " + "\n    ".join(
            line for line in log.splitlines() if "PAUSED" in line or "goes on" in line))
    finally:
        (folder / "fill-now").touch(), (folder / "free-now").touch()
        try:
            ns.wait(10)
        except subprocess.TimeoutExpired:
            ns.kill()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--kill-while-full", action="store_true", help="SIGKILL before the disk has room again")
    parser.add_argument("--tree", default=str(ROOT), help="the checkout whose host runs (code A against B)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bdf-", dir="/tmp"))
    try:
        asyncio.run(run(folder, args.moves, args.tree, args.kill_while_full))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
