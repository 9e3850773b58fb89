"""`tiletum bench`: speed of the engine (random games per second, one step), the opponents, the screens and the saves.

A benchmark, not a test: the numbers go in notes, never into assertions.
"""

from __future__ import annotations

import sys


def run_bench(args) -> int:
    from tiletum_tui.games.tiletum.bench.engine import engine_numbers
    from tiletum_tui.games.tiletum.bench.opponents import opponent_numbers

    if not 1 <= args.games <= 100_000:  # (0 divided by 0 games per second: issue 42's search)
        print(f"tiletum: --games is a number of games from 1 to 100000, not {args.games}", file=sys.stderr)
        return 2
    if not getattr(args, "opponents", False):
        print(f"Engine: {args.games} random games per player count, one core")
        for key, value in engine_numbers(args.games).items():
            print(f"  {key:<34} {value:10.2f}")
        from tiletum_tui.games.carcassonne.bench import carcassonne_numbers

        print(f"Carcassonne: {args.games} random 2-player games, one core")
        for key, value in carcassonne_numbers(args.games).items():
            print(f"  {key:<34} {value:10.2f}")
    print("Opponents (one core; the master: 60 simulations at each turn start of round 1)")
    for modules in ((), ("silver",)):
        for n in (2, 3, 4):
            for key, value in opponent_numbers(n, modules=modules).items():
                if isinstance(value, tuple):
                    print(f"  {key:<56} " + " / ".join(f"{v:.2f}" for v in value))
                else:
                    print(f"  {key:<56} {value:10.1f}")
    from tiletum_tui.games.carcassonne.bench import carcassonne_opponent_numbers

    print("Carcassonne's opponents (one core; the master: 400 simulations at every 12th turn of a journeyman game)")
    for n in (2, 4):
        for key, value in carcassonne_opponent_numbers(n).items():
            print(f"  {key:<56} {value:10.1f}")
    if getattr(args, "opponents", False):
        return 0
    from .saves import measure_saves

    print("Save files (a finished 4-player game)")
    for key, value in measure_saves().items():
        print(f"  {key:<34} {value:10.2f}")
    from .records import measure_records

    print("Game records (issue 21): export and import of that finished 4-player game, through the files")
    for key, value in measure_records().items():
        print(f"  {key:<34} {value:10.2f}")
    if not args.no_ui:
        from .startup import measure_memory, measure_startup

        print("Start-up: exec to the first paint on an 80x24 pty (median of 11), beside a bare Textual app "
              "painting one Static, in the same run (wall clock, and CPU time); aim: 1.3x")
        for key, value in measure_startup().items():
            print(f"  {key:<34} {value:9.2f}x" if key.endswith("ratio") else f"  {key:<34} {value * 1000:8.1f} ms")
        print("Memory: a game between two journeymen, resident, each process and the total")
        for key, value in measure_memory().items():
            print(f"  {key:<34} {value:10.1f}")
        from tiletum_tui.games.tiletum.ui.bench import measure_ui

        print("Screens (headless, 80x24), beside a bare Textual app of as many widgets, in the same run")
        for key, value in measure_ui().items():
            if key.endswith("ratio"):
                print(f"  {key:<34} {value:9.2f}x")
            elif key.endswith("widgets") or key.endswith("_keys"):
                print(f"  {key:<34} {value:10.0f}")
            else:  # seconds, shown in milliseconds
                print(f"  {key:<34} {value * 1000:8.1f} ms")
        from .replay import measure_replay

        print("Replay (a finished 4-player game, headless 80x24; aims: jump ≤ 100 ms, step ≤ 20 ms)")
        for key, value in measure_replay().items():
            print(f"  {key:<34} {value:10.0f}" if key.startswith("moves") else f"  {key:<34} {value * 1000:8.1f} ms")
        from .replay import measure_carcassonne_replay

        print("Replay of Carcassonne (a finished 2-player game, headless 80x24)")
        for key, value in measure_carcassonne_replay().items():
            print(f"  {key:<34} {value:10.0f}" if key.startswith("moves") else f"  {key:<34} {value * 1000:8.1f} ms")
    return 0
