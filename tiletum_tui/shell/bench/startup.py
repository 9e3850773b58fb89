"""Start-up, end to end: from exec to the title screen's first paint on an 80x24 pseudo-terminal.

``measure_startup()`` starts ``tiletum`` (with an empty save folder) and, in the same run, a bare
Textual app that paints one Static, each on a pty of its own, and reads the terminal until the first
screen's text appears: imports, the app's set-up and the first paint are all in the figure, as a
player waits for them. Median of 11 each, the two alternating so a busy machine slows both alike.
Aim: the title within 1.3 times the bare app. The CPU time each spent (its own, user and system, to
the moment it is stopped) is given beside the wall-clock figure: on a loaded machine the wall clock
measures the neighbours as much as the program.

Both start as a player's second start does: with their bytecode cached. A warm-up run of each comes
first, and ``PYTHONDONTWRITEBYTECODE`` (set on some machines, this one included) is left out of their
environment; with it, every start would compile the game's sources again (about 0.2 s) and the figure
would measure the compiler.

``time_to_text`` is the one measurement (the SIGINT test starts the screens with it too).
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

BARE_APP = ("from textual.app import App\nfrom textual.widgets import Static\n"
            "class Bare(App):\n    def compose(self):\n        yield Static('bare app painted')\n"
            "Bare().run()\n")
BARE_TEXT = "bare app painted"
TITLE_TEXT = "New game"  # the title screen's first menu line
_ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def start_on_pty(argv: list[str], *, size=(80, 24), env: dict | None = None):
    """``argv`` on a new pty of ``size`` (columns, rows): (the process, the pty's reading end)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))  # this tiletum_tui's
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    environment = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(size[0]), "LINES": str(size[1]),
                   "PYTHONPATH": path, **(env or {})}
    for name in ("NO_COLOR", "TEXTUAL_THEME", "FORCE_COLOR", "PYTHONDONTWRITEBYTECODE"):
        environment.pop(name, None)
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=environment,
                               start_new_session=True, close_fds=True)
    os.close(slave)
    return process, master


def wait_for_text(master: int, text: str, timeout: float = 30.0) -> bool:
    """Read the pty until ``text`` shows (escape sequences left out), or ``timeout`` seconds pass."""
    seen, wanted, deadline = b"", text.encode(), time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed: the program ended
            return False
        if not chunk:
            return False
        seen += chunk
        if wanted in _ESCAPES.sub(b"", seen):
            return True
    return False


def stop(process, master: int, sig=signal.SIGKILL) -> int:
    """End the process (SIGKILL by default: its exit is not part of the figure); its exit status."""
    try:
        process.send_signal(sig)
    except ProcessLookupError:
        pass
    while True:  # keep reading so a process writing its last screen never blocks on a full pty
        try:
            if not select.select([master], [], [], 0.05)[0] or not os.read(master, 65536):
                if process.poll() is not None:
                    break
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.01)
    os.close(master)
    return process.wait()


def time_to_text(argv: list[str], text: str, *, size=(80, 24), timeout: float = 30.0) -> float:
    """Seconds from exec of ``argv`` until ``text`` is painted on the pty (raises if it never is)."""
    started = time.perf_counter()
    process, master = start_on_pty(argv, size=size)
    shown = wait_for_text(master, text, timeout)
    elapsed = time.perf_counter() - started
    stop(process, master)
    if not shown:
        raise RuntimeError(f"{text!r} never appeared on the screen of {argv!r}")
    return elapsed


def times_to_text(argv: list[str], text: str, *, size=(80, 24), timeout: float = 30.0) -> tuple[float, float]:
    """(wall seconds from exec of ``argv`` until ``text`` is painted, CPU seconds it spent by then)."""
    started = time.perf_counter()
    process, master = start_on_pty(argv, size=size)
    shown = wait_for_text(master, text, timeout)
    elapsed = time.perf_counter() - started
    process.kill()  # (SIGKILL: nothing after the paint is counted, and a full pty cannot hold it up)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    os.close(master)
    if not shown:
        raise RuntimeError(f"{text!r} never appeared on the screen of {argv!r}")
    return elapsed, usage.ru_utime + usage.ru_stime


def measure_startup(repeats: int = 11) -> dict:
    """Median seconds from exec to the first paint, wall clock and CPU: the title screen and the bare
    app, and their ratios."""
    title, bare = [], []
    with tempfile.TemporaryDirectory(prefix="tiletum-bench-") as folder:
        tiletum = [sys.executable, "-m", "tiletum_tui", "--save-dir", folder]
        plain = [sys.executable, "-c", BARE_APP]
        times_to_text(tiletum, TITLE_TEXT), times_to_text(plain, BARE_TEXT)  # warm-up: bytecode cached
        for _ in range(repeats):
            title.append(times_to_text(tiletum, TITLE_TEXT))
            bare.append(times_to_text(plain, BARE_TEXT))
    t, b = statistics.median(w for w, _ in title), statistics.median(w for w, _ in bare)
    tc, bc = statistics.median(c for _, c in title), statistics.median(c for _, c in bare)
    return {"title_first_paint": t, "bare_first_paint": b, "title_ratio": t / b,
            "title_first_paint_cpu": tc, "bare_first_paint_cpu": bc, "title_cpu_ratio": tc / bc}


def _tree_rss(pid: int) -> dict[str, float]:
    """Resident memory (MB) of ``pid`` and each of its descendants, by name (Linux: /proc)."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry))
        names[int(entry)] = ("resource tracker" if "resource_tracker" in cmd else
                             "opponents' worker" if "tiletum_tui.shell.opponents.worker" in cmd or "spawn_main" in cmd else
                             "the app" if int(entry) == pid else cmd[:40])
    found, todo = {}, [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/status") as f:
                rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            rss = 0
        found[names.get(p, str(p))] = found.get(names.get(p, str(p)), 0) + rss / 1024
        todo.extend(children.get(p, []))
    return found


def measure_memory(settle: float = 3.0) -> dict:
    """Resident memory (MB) of a game against an opponent, the opponent thinking: the app, each
    process it started (the opponents' worker; multiprocessing's resource tracker, if any), the total."""
    with tempfile.TemporaryDirectory(prefix="tiletum-bench-") as folder:
        argv = [sys.executable, "-m", "tiletum_tui", "--save-dir", folder, "new", "--players", "2",
                "--opponents", "journeyman,journeyman", "--seed", "1"]
        process, master = start_on_pty(argv)
        try:
            if not wait_for_text(master, "Journeyman"):
                raise RuntimeError("the game screen never appeared")
            deadline = time.monotonic() + settle
            while time.monotonic() < deadline:  # keep the pty drained while the opponents play
                if select.select([master], [], [], 0.05)[0]:
                    os.read(master, 65536)
            found = _tree_rss(process.pid)
        finally:
            stop(process, master)
    return {**{f"{name} (MB)": mb for name, mb in found.items()}, "total (MB)": sum(found.values())}
