"""`tiletum bench`: speed of each game's engine (random games per second, one step), its opponents and
screens, and of what the shell does for every game (saves, records, start-up, memory).

A benchmark, not a test: the numbers go in notes, never into assertions. Each game's own figures come
from its registry entry's ``bench`` (``Entry.bench``: ``engine(games)``, ``opponents()``, ``screens()``,
each a list of sections; ``finished_game(players, seed)`` for the shell's save and record timings).
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile


def _benches():
    from tiletum_tui.core import games  # only when tiletum bench runs that part

    return [games.load(e.bench) for e in games.entries() if e.bench]


def _print(sections) -> None:
    """Sections of (heading, figures, how): ``how`` "2f"/"1f" prints plain numbers (a tuple: each, with
    "/"); "ms" prints seconds as milliseconds, a ratio as ×, counts ("moves", "widgets", "_keys") whole."""
    for heading, figures, how in sections:
        print(heading)
        for key, value in figures.items():
            if isinstance(value, tuple):
                print(f"  {key:<56} " + " / ".join(f"{v:.2f}" for v in value))
            elif how != "ms":
                print(f"  {key:<{56 if how == '1f' else 34}} {value:10.{how}}")
            elif key.endswith("ratio"):
                print(f"  {key:<34} {value:9.2f}x")
            elif key.endswith("widgets") or key.endswith("_keys") or key.startswith("moves"):
                print(f"  {key:<34} {value:10.0f}")
            else:  # seconds, shown in milliseconds
                print(f"  {key:<34} {value * 1000:8.1f} ms")


def run_bench(args) -> int:
    if not 1 <= args.games <= 100_000:  # (0 divided by 0 games per second: issue 42's search)
        print(f"tiletum: --games is a number of games from 1 to 100000, not {args.games}", file=sys.stderr)
        return 2
    # A settings folder of its own for every screen it runs, here and in its clients: the person's
    # preferences (hints on: the master asked at every decision; keys remapped) would change the figures.
    os.environ["XDG_CONFIG_HOME"] = settings = tempfile.mkdtemp(prefix="tiletum-bench-settings-")
    atexit.register(shutil.rmtree, settings, ignore_errors=True)
    benches = _benches()
    if not getattr(args, "opponents", False):
        for bench in benches:
            _print(bench.engine(args.games))
    for bench in benches:
        _print(bench.opponents())
    if getattr(args, "opponents", False):
        return 0
    from .saves import measure_saves  # only when tiletum bench runs that part

    print("Save files (a finished 4-player game)")
    for key, value in measure_saves().items():
        print(f"  {key:<34} {value:10.2f}")
    from .records import measure_records  # only when tiletum bench runs that part

    print("Game records (issue 21): export and import of that finished 4-player game, through the files")
    for key, value in measure_records().items():
        print(f"  {key:<34} {value:10.2f}")
    if not args.no_ui:
        from .startup import measure_memory, measure_startup  # only when tiletum bench runs that part

        print("Start-up: exec to the first paint on an 80x24 pty (median of 11), beside a bare Textual app "
              "painting one Static, in the same run (wall clock, and CPU time); aim: 1.3x")
        for key, value in measure_startup().items():
            print(f"  {key:<34} {value:9.2f}x" if key.endswith("ratio") else f"  {key:<34} {value * 1000:8.1f} ms")
        print("Memory: a game between two journeymen, resident, each process and the total")
        for key, value in measure_memory().items():
            print(f"  {key:<34} {value:10.1f}")
        for bench in benches:
            _print(bench.screens())
    return 0
