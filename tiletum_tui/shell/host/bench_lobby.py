"""A host holding thousands of games over: its start, its memory, connect-to-lobby and the lobby's frames
(issue 42: "a test with 5,000 finished games: connect to lobby ≤ 1.5 s, memory bounded"). A benchmark,
not a test (the paging and the frames' bound are tested: ``tests/host/test_lobby_pages.py``).

    python tiletum_tui/shell/host/bench_lobby.py [--finished 5000] [--laps 5]

Plays one game of Tiletum for four and one of Carcassonne for two to their end by random moves, copies
their files to ``--finished`` games over (each its own game id: the host reads each file for its lobby
line), starts ``tiletum host`` on the folder in a process of its own, and measures: the start (until
its socket answers), its resident memory, a protocol client's connect-to-lobby (hello to its first
page), every page's frame, ``tiletum join`` exec'd on an 80×24 pty until its lobby is painted, and the
host's memory with 20 connections, each on a page of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import json
import os
import pty
import select
import shutil
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

THIS = Path(__file__).resolve()
if sys.path and Path(sys.path[0]).resolve() == THIS.parent:
    sys.path.pop(0)  # (run by its path: ``tiletum_tui`` comes from the checkout)
    sys.path.insert(0, str(THIS.parents[3]))

from . import protocol as P  # noqa: E402
from .bench_host import ROOT, host_ready, rss_mb, start_host, stop_host  # noqa: E402
from .bench_restart import make_folder  # noqa: E402
from .hosted import HostFolder  # noqa: E402
from ..saves import store  # noqa: E402


def fill(root: Path, finished: int) -> None:
    """``finished`` games over in the host's folder: two played, then copied under new game ids."""
    HostFolder(root).prepare()
    make = Path(tempfile.mkdtemp(prefix="bench-lobby-seed-", dir="/tmp")) / "seed"
    make_folder(make, 2)
    over = [json.loads(p.read_bytes()) for p in sorted((make / "games").glob("*.json"))]
    over = [save for save in over if save["meta"]["finished"]]
    games = HostFolder(root).games
    for i in range(finished):
        save = json.loads(json.dumps(over[i % len(over)]))
        gid = f"{save['meta']['game_id'][:15]}-{i:05d}"
        save["meta"]["game_id"] = gid
        store.write_atomic(store.autosave_path(games, gid), json.dumps(save).encode())
    shutil.rmtree(make.parent, ignore_errors=True)


async def _hello(folder: Path, name: str):
    reader, writer = await asyncio.open_unix_connection(str(HostFolder(folder).socket), limit=P.MAX_FRAME + 8)
    writer.write(P.frame(P.Hello(P.VERSION, name)))
    while True:
        data = await P.read_frame(reader)
        msg = P.decode_from_host(data)
        if isinstance(msg, P.Lobby):
            return reader, writer, msg, len(data) + 4


async def _protocol(folder: Path, laps: int) -> dict:
    times = []
    for lap in range(laps):
        t = time.perf_counter()
        _, writer, first, size = await _hello(folder, "ann")
        times.append(time.perf_counter() - t)
        writer.close()
    reader, writer, first, size = await _hello(folder, "ann")
    sizes, pages = [size], []
    for page in range(1, first.pages):  # every page, under the host's flood limit (20 frames a second)
        await asyncio.sleep(0.06)
        t = time.perf_counter()
        writer.write(P.frame(P.LobbyAsk(page)))
        while True:
            data = await P.read_frame(reader)
            if isinstance(P.decode_from_host(data), P.Lobby):
                break
        pages.append(time.perf_counter() - t)
        sizes.append(len(data) + 4)
    writer.close()
    return {"connect": times, "first": first, "sizes": sizes, "page": pages}


def _join(folder: Path) -> float:
    """``tiletum join`` exec'd on an 80×24 pty until its lobby's first heading is painted; seconds."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update(PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS="80", LINES="24")
        os.execv(sys.executable, [sys.executable, "-m", "tiletum_tui", "join", "--as", "ann", "--host-dir", str(folder)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    t, seen = time.perf_counter(), b""
    try:
        while b"Games over" not in seen and time.perf_counter() - t < 30:
            if select.select([fd], [], [], 0.5)[0]:
                seen += os.read(fd, 65536)
        return time.perf_counter() - t
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


async def _crowd(folder: Path, count: int) -> list:
    held = []
    for k in range(count):
        reader, writer, first, _ = await _hello(folder, f"p{k}")
        writer.write(P.frame(P.LobbyAsk(k * 5)))  # each on a page of its own
        held.append(writer)
    await asyncio.sleep(1.0)
    return held


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--finished", type=int, default=5000)
    parser.add_argument("--laps", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-lobby-", dir="/tmp"))
    folder = work / "h"
    t = time.perf_counter()
    fill(folder, args.finished)
    size = sum(p.stat().st_size for p in HostFolder(folder).games.glob("*.json"))
    print(f"{args.finished:,} games over ({size / 2**20:.0f} MiB of saves), made in {time.perf_counter() - t:.0f} s")
    t = time.perf_counter()
    host = start_host(folder, "--pace", "0")
    try:
        asyncio.run(host_ready(folder))
        print(f"host started (its socket answers) in {time.perf_counter() - t:.2f} s; resident {rss_mb(host.pid):.0f} MB")
        r = asyncio.run(_protocol(folder, args.laps))
        first = r["first"]
        print(f"connect to lobby (protocol client, hello to its first page): median "
              f"{statistics.median(r['connect']) * 1000:.0f} ms, slowest {max(r['connect']) * 1000:.0f} ms "
              f"({args.laps} laps); {first.total:,} lines in {first.pages} pages of {len(first.games)}")
        print(f"frames: first page {r['sizes'][0]:,} bytes; every page: largest {max(r['sizes']):,}, median "
              f"{statistics.median(r['sizes']):,.0f} (the limit: {P.MAX_FRAME:,}); another page asked: median "
              f"{statistics.median(r['page'] or [0]) * 1000:.1f} ms")
        joins = [_join(folder) for _ in range(3)]
        print(f"tiletum join exec'd on an 80x24 pty until its lobby is painted: "
              + ", ".join(f"{j:.2f} s" for j in joins))
        cpu = _cpu(host.pid)
        held = asyncio.run(_crowd(folder, 20))
        print(f"host resident with 20 connections on pages of their own: {rss_mb(host.pid):.0f} MB "
              f"(CPU for their 20 connects and pages: {(_cpu(host.pid) - cpu) * 1000:.0f} ms)")
        del held
    finally:
        stop_host(host, work)
    return 0


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    sys.exit(main())
