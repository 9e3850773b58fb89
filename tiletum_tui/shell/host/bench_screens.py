"""``tiletum bench --host``, with real clients: each a ``tiletum join`` process on an 80×24 pty of its
own, showing the game, as a player's terminal does (issue 25, "Measured": "From an action accepted
to every connected client's screen redrawn"), and players coming in through the SSH door.

- ``screens_latency``: two players make moves through the protocol (``bench_host.BenchClient``); ``count``
  screens show the game (two at the players' seats, the others watching). For each move: from the
  move sent to the last byte of every screen's redraw (a screen's redraw ends when its pty has been
  quiet for ``QUIET`` seconds; the quiet wait itself is not in the figure). And the CPU time each
  screen's process spends per update (its /proc times over the moves), the figure that does not
  depend on how loaded the machine is.
  With ``dismiss``, each screen closes an announcement (a Fair's, the King phase's) as a player
  would, by Enter, once the move that opened it is redrawn (neither the key's time nor its CPU is in
  the figures); without it, as by default, an announcement stays open over every later move.
- ``ssh_connect_to_lobby``: an SSH login (asyncssh's client) to the lobby painted on its PTY.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import protocol as P
from .bench_host import BenchClient, host_ready, start_host, stop_host
from .ssh_import import asyncssh
from ..bench.startup import _ESCAPES, start_on_pty, stop

QUIET = 0.25  # seconds without output after which a screen has finished redrawing
UNCHANGED = 5.0  # seconds after which a screen with no output had nothing to redraw
SCREEN_MOVES = 24  # moves timed per client count (each redraws every screen: a slower bench)
_RUNS = itertools.count(1)  # the runs of ``screens_latency`` in this process
ANNOUNCED = "Enter: continue"  # an announcement's keys line (``AnnounceDialog``): it is on screen


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (Linux: /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class _Screen:
    """A ``tiletum join`` on a pty; when its output last came, and how much."""

    def __init__(self, folder: Path, name: str) -> None:
        argv = [sys.executable, "-m", "tiletum_tui", "join", "--host-dir", str(folder), "--as", name, "--no-bell"]
        self.process, self.master = start_on_pty(argv)
        os.set_blocking(self.master, False)
        self.text = b""  # kept until the game shows (then only times are kept)
        self.keep_text = True
        self.last = 0.0
        asyncio.get_running_loop().add_reader(self.master, self._read)

    def _read(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.last = time.perf_counter()
        if self.keep_text:
            self.text += data

    def shows(self, text: str) -> bool:
        return text.encode() in _ESCAPES.sub(b"", self.text)

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def stop(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        os.set_blocking(self.master, True)
        stop(self.process, self.master)


async def _until(condition, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise RuntimeError("a screen did not show what it should have")
        await asyncio.sleep(0.05)


async def _quiet(screens: list[_Screen]) -> None:
    while True:
        now = time.perf_counter()
        if all(now - s.last >= QUIET for s in screens):
            return
        await asyncio.sleep(0.02)


async def _dismiss(screens: list[_Screen]) -> tuple[int, float]:
    """Enter on every screen showing an announcement since its text was last cleared, until none does:
    (how many were closed, the CPU seconds the screens spent on it)."""
    closed, cpu = 0, 0.0
    for _ in range(5):  # (two may be stacked: the King phase's, then a Fair's)
        showing = [s for s in screens if s.shows(ANNOUNCED)]
        if not showing:
            break
        before = [cpu_seconds(s.process.pid) for s in screens]
        start = time.perf_counter()
        for s in showing:
            s.text = b""
            s.send(b"\r")
        with contextlib.suppress(RuntimeError):
            await _until(lambda: all(s.last > start for s in showing), UNCHANGED)
        await _quiet(screens)
        closed += len(showing)
        cpu += sum(cpu_seconds(s.process.pid) - b for s, b in zip(screens, before))
    return closed, cpu


# What a game's screen shows once it is drawn at its first decision, the first player's (name): its
# rows are measured on it (Carcassonne, with the River as the host deals it by default: issue 39's
# "every game").
FIRST_DECISION = {"tiletum": lambda name: ("Round 1", f"{name}'s turn"),
                  "carcassonne": lambda name: ("Carcassonne · turn 1", f"{name}: place tile")}


async def screens_latency(folder: Path, count: int, moves: int = SCREEN_MOVES, dismiss: bool = False,
                          game: str = "tiletum") -> dict:

    rng = random.Random(count)
    tag = f"s{count}-{next(_RUNS)}"  # (names of their own: a player's first lobby line must be this game)
    ann, bob = BenchClient(folder, f"ann{tag}"), BenchClient(folder, f"bob{tag}")
    for c in (ann, bob):
        await c.start()
    ann.link.send(P.NewTable(game, (P.SeatPlan("person", ann.link.name), P.SeatPlan("person", bob.link.name))))
    while not any(ann.link.name in [s.name for s in g.seats] and not g.waiting for g in ann.lobby.games):
        await ann._wait()
    gid = next(g.id for g in ann.lobby.games if ann.link.name in [s.name for s in g.seats])
    for c in (ann, bob):
        c.link.send(P.Open(gid))
    for c in (ann, bob):
        while gid not in c.games.models:
            await c._wait()
    names = [ann.link.name, bob.link.name] + [f"w{tag}-{k}" for k in range(count - 2)]
    screens = [_Screen(folder, n) for n in names]
    try:
        await _until(lambda: all(s.shows("Your games") and s.shows(ann.link.name) for s in screens))
        await _quiet(screens)
        for k, s in enumerate(screens):
            s.text = b""
            # The players' game is the first line of their lobby; for a watcher it is the newest of
            # the other games, the last line (End): the host may hold the bench's earlier games.
            s.send(b"\r" if k < 2 else b"\x1b[F\r")
        shown = FIRST_DECISION[game](ann.link.name)
        await _until(lambda: all(all(s.shows(text) for text in shown) for s in screens))
        for s in screens:
            s.keep_text = dismiss  # (then each move's output is kept until the next: is one announced?)
            s.text = b""
        await _quiet(screens)
        times, cpu0, closed, dismissing = [], [cpu_seconds(s.process.pid) for s in screens], 0, 0.0
        for _ in range(moves):
            model = ann.games.models[gid]
            who = model.game.current_player(model.view)
            if who is None:
                break
            mover = (ann, bob)[who]
            m = mover.games.models[gid]
            start = time.perf_counter()
            m.apply(rng.choice(m.legal()), by=m.seat)
            while m.pending is not None:
                await mover._wait()
            with contextlib.suppress(RuntimeError):  # (a move may change nothing a watcher's screen shows)
                await _until(lambda: all(s.last > start for s in screens), UNCHANGED)
            await _quiet(screens)
            times.append(max(s.last for s in screens) - start)
            if dismiss:
                n, spent = await _dismiss(screens)
                closed, dismissing = closed + n, dismissing + spent
                for s in screens:
                    s.text = b""
        cpu = sum(cpu_seconds(s.process.pid) - c for s, c in zip(screens, cpu0)) - dismissing
    finally:
        for s in screens:
            s.stop()
        for c in (ann, bob):
            c.link.close()
    times.sort()
    how = ("" if game == "tiletum" else f"{game.title()}, ") + f"{count} screens" + (
        ", announcements closed" if dismiss else "")
    out = {f"{how}: move to every screen redrawn, median ms": statistics.median(times) * 1000,
           f"{how}: … 95th percentile ms": times[max(0, int(len(times) * 0.95) - 1)] * 1000,
           f"{how}: CPU per update per screen, ms": cpu / (len(times) * count) * 1000}
    if dismiss:
        out[f"{how}: … announcements closed (all screens)"] = closed
    return out


def _children_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of each living child of a process (the door's clients, the spare one too)."""
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return {int(p): cpu_seconds(int(p)) for p in out.split()}


async def ssh_connect_to_lobby(laps: int = 5, cold: bool = False) -> dict:
    """From an SSH connection opened (asyncssh's client, a key, a PTY of 80×24) to the lobby's text on
    its screen, through ``tiletum host``'s SSH door: wall time, and the CPU time it took the host (the
    door: key exchange, the PTY) and the client process (its start: imports, the socket, the hello,
    the first frame), separately, as a loaded machine stretches the one and not the other. The CPU
    is what was spent between the connection and the paint: a client started ahead (``warm``) spent
    its start before."""
    folder = Path(tempfile.mkdtemp(prefix="tb-"))
    key = asyncssh.generate_private_key("ssh-ed25519")
    public = key.export_public_key("openssh").decode().split()
    (folder / "players").write_text(f'name="timer" {public[0]} {public[1]}\n')
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # (bytecode cached)
    if cold:  # every client started when its session opens, none ahead (``launch.launcher``)
        env["TILETUM_COLD_CLIENTS"] = "1"
    host = start_host(folder, "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(folder / "players"), env=env)
    rows = []
    try:
        await host_ready(folder)
        for lap in range(laps + 1):  # (the first: a warm-up)
            await asyncio.sleep(8)  # the client of the lap before gone, the next one started ahead
            own0, kids0 = cpu_seconds(host.pid), _children_cpu(host.pid)
            start = time.perf_counter()
            for _ in range(100):  # (the door opens just after the host's socket)
                try:
                    conn = await asyncssh.connect("127.0.0.1", port, username="timer", known_hosts=None,
                                                  agent_path=None, config=[], client_keys=[key])
                    break
                except OSError:
                    await asyncio.sleep(0.1)
                    start = time.perf_counter()
            async with conn:
                process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
                seen = b""
                while b"Your games" not in _ESCAPES.sub(b"", seen):
                    chunk = await asyncio.wait_for(process.stdout.read(65536), 60)
                    if not chunk:
                        raise RuntimeError("the SSH session closed before the lobby showed")
                    seen += chunk
                took = time.perf_counter() - start
                own1, kids1 = cpu_seconds(host.pid), _children_cpu(host.pid)
            if lap:
                rows.append((took, own1 - own0, sum(c - kids0.get(p, 0.0) for p, c in kids1.items())))
    finally:
        stop_host(host, folder)
    how = "started cold" if cold else "started ahead"
    return {f"SSH connect to lobby painted ({how}), median s": statistics.median(r[0] for r in rows),
            f"… CPU of the host (the door), {how}, median s": statistics.median(r[1] for r in rows),
            f"… CPU of the client process, {how}, median s": statistics.median(r[2] for r in rows)}
