"""`tiletum bench`: speed of the engine (random games per second), the screens and the save files.

A benchmark, not a test: the numbers go in notes, never into assertions.
"""

from __future__ import annotations

import random
import statistics
import time

from .engine import PlayerSetup, Settings, apply_in_place, legal_actions, new_game

COLOURS = ("red", "blue", "green", "yellow")


def random_game(players: int, seed: int, timings: tuple[list, list] | None = None):
    """Play one game with uniformly random legal actions; return the final state and the action count."""
    settings = Settings(players=tuple(PlayerSetup(f"P{i + 1}", COLOURS[i]) for i in range(players)), seed=seed)
    state = new_game(settings)
    rng = random.Random(seed)
    count = 0
    while state.phase != "over":
        if timings is None:
            apply_in_place(state, rng.choice(legal_actions(state)))
        else:
            t0 = time.perf_counter()
            legal = legal_actions(state)
            t1 = time.perf_counter()
            apply_in_place(state, rng.choice(legal))
            t2 = time.perf_counter()
            timings[0].append(t1 - t0)
            timings[1].append(t2 - t1)
        count += 1
    return state, count


def engine_numbers(games: int) -> dict:
    out = {}
    for players in (2, 3, 4):
        t0 = time.perf_counter()
        actions = 0
        for seed in range(games):
            actions += random_game(players, seed)[1]
        elapsed = time.perf_counter() - t0
        out[f"{players}p games/s"] = games / elapsed
        out[f"{players}p actions/game"] = actions / games
    legal_t: list[float] = []
    apply_t: list[float] = []
    for seed in range(max(3, games // 5)):
        random_game(4, 1000 + seed, (legal_t, apply_t))
    out["median legal_actions us"] = statistics.median(legal_t) * 1e6
    out["median apply us"] = statistics.median(apply_t) * 1e6
    return out


def run_bench(args) -> int:
    print(f"Engine: {args.games} random games per player count, one core")
    for key, value in engine_numbers(args.games).items():
        print(f"  {key:<28} {value:10.1f}")
    try:
        from .saves.bench import measure_saves
    except ImportError:
        measure_saves = None
    if measure_saves:
        print("Save files (a finished 4-player game)")
        for key, value in measure_saves().items():
            print(f"  {key:<28} {value:10.2f}")
    if not args.no_ui:
        try:
            from .ui.bench import measure_ui
        except ImportError:
            measure_ui = None
        if measure_ui:
            print("Screens (headless), beside a bare Textual app with a similar number of widgets")
            for key, value in measure_ui().items():
                if key.endswith("ratio"):
                    print(f"  {key:<28} {value:9.2f}x")
                elif key.endswith("widgets"):
                    print(f"  {key:<28} {value:10.0f}")
                else:  # seconds, shown in milliseconds
                    print(f"  {key:<28} {value * 1000:8.0f} ms")
    return 0
