"""The web door's connect-to-lobby, with the client started ahead and started cold (docs/hosting.md,
"Measured"). A benchmark, not a test; needs no browser (``bench_web`` times a real page in Chromium).

    python -m tiletum_tui.shell.host.bench_web_start [--opens 6]

Two hosts (``tiletum host --web``, each in its own process and folder), one with its clients started
cold (``TILETUM_COLD_CLIENTS=1``), one with them started ahead; a page's websocket (aiohttp, speaking
textual-serve's protocol as the page's script does) opens at one then the other, in turn. Timed from
the websocket's request to the lobby's first bytes ("Your games"), and the client process's CPU on
the way (for the client started ahead: from the handover, its imports done before).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import tempfile
import time
from pathlib import Path

import aiohttp

from .bench_host import start_host, stop_host
from .hosted import HostFolder
from .invites import Invites

TICK = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children(pid: int) -> dict[int, str]:
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    out[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except (OSError, ValueError, IndexError):
                pass
    return out


def _cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


async def _open(port: int, token: str, host_pid: int) -> tuple[float, float]:
    before = {pid: _cpu(pid) for pid in _children(host_pid)}
    async with aiohttp.ClientSession(cookies={"tiletum_link": token}) as http:
        start = time.perf_counter()
        ws = await http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
        seen = b""
        async for message in ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                seen += message.data
                if b"Your games" in seen:
                    break
        wall = time.perf_counter() - start
        # The page's client: a new ``join`` (cold), or the spare it was handed (not the next spare).
        clients = [pid for pid, cmd in _children(host_pid).items() if "join" in cmd or (pid in before and "warm" in cmd)]
        cpu = max((_cpu(pid) - before.get(pid, 0.0) for pid in clients), default=0.0)
        await ws.close()
    return wall, cpu


async def _run(opens: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-web-start-"))
    hosts = {}
    try:
        for kind in ("cold", "ahead"):
            folder = HostFolder(work / kind)
            folder.prepare()
            token = Invites(folder.web_invites).invite("ann")
            port = _free_port()
            env = dict(os.environ, **({"TILETUM_COLD_CLIENTS": "1"} if kind == "cold" else {}))
            proc = start_host(folder.root, "--web", f"127.0.0.1:{port}", env=env)
            hosts[kind] = (proc, folder, port, token)
        await asyncio.sleep(8)  # both up, the spare started ahead and its modules imported
        figures = {kind: [] for kind in hosts}
        for _ in range(opens):
            for kind, (proc, _, port, token) in hosts.items():
                figures[kind].append(await _open(port, token, proc.pid))
                await asyncio.sleep(5)  # the client gone, the next spare started and ready
        for kind, runs in figures.items():
            walls, cpus = [w for w, _ in runs], [c for _, c in runs]
            print(f"{kind}: connect to lobby {statistics.median(walls) * 1000:.0f} ms median "
                  f"({min(walls) * 1000:.0f} to {max(walls) * 1000:.0f}), client CPU on the way "
                  f"{statistics.median(cpus) * 1000:.0f} ms median ({min(cpus) * 1000:.0f} to {max(cpus) * 1000:.0f})")
    finally:
        for proc, folder, _, _ in hosts.values():
            stop_host(proc, folder.root)
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--opens", type=int, default=6)
    asyncio.run(_run(parser.parse_args().opens))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
