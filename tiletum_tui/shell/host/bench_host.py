"""The host the benches measure: ``tiletum host`` in a process of its own, on a folder of its own, and
stopped with that folder removed (``bench``, ``bench_screens``, ``bench_web``), and the protocol clients
that play on it."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from . import protocol as P
from .client import ClientGames, HostLink
from .hosted import HostFolder

ROOT = Path(__file__).resolve().parents[3]  # the folder holding ``tiletum_tui`` (an uninstalled checkout too)


def start_host(folder: Path, *options: str, env: dict | None = None) -> subprocess.Popen:
    """``tiletum host --host-dir FOLDER --quiet OPTIONS``, quiet, with this checkout on its path."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    return subprocess.Popen([sys.executable, "-m", "tiletum_tui", "host", "--host-dir", str(folder), "--quiet",
                             *options], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL)


def stop_host(host: subprocess.Popen, folder: Path) -> None:
    """Ended (killed if it will not go within 10 s), and its folder gone."""
    host.terminate()
    try:
        host.wait(10)
    except subprocess.TimeoutExpired:
        host.kill()
    shutil.rmtree(folder, ignore_errors=True)


class BenchClient:
    """A player's connection as the benches drive it: the protocol alone (no screen), each update's time kept."""

    def __init__(self, folder: Path, name: str) -> None:
        self.link = HostLink(path=str(HostFolder(folder).socket), name=name)
        self.games = ClientGames(self.link)
        self.lobby = None
        self.updated_at: list[float] = []
        self.changed = asyncio.Event()

    async def start(self) -> None:
        await self.link.connect()
        asyncio.ensure_future(self._read())
        while self.lobby is None:
            await self._wait()

    async def _read(self) -> None:
        while (msg := await self.link.receive()) is not None:
            self.games.heard(msg)
            if isinstance(msg, P.Lobby):
                self.lobby = msg
            if isinstance(msg, P.Update):
                self.updated_at.append(time.perf_counter())  # (after the model took it: heard() ran)
            self.changed.set()

    async def _wait(self) -> None:
        self.changed.clear()
        await asyncio.wait_for(self.changed.wait(), 30)


async def host_ready(folder: Path) -> None:
    """Once the host started on ``folder`` answers on its socket."""
    for _ in range(300):
        try:
            _, w = await asyncio.open_unix_connection(str(HostFolder(folder).socket))
            w.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError("the host did not start")


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux: /proc; 0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
    except (OSError, StopIteration):
        return 0.0
