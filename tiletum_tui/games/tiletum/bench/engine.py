"""Engine timings for ``tiletum bench``: random games per second, and the median cost of one step.

A benchmark, not a test: the numbers go in notes, never into assertions. ``apply`` (with its
copy of the state) and ``apply_in_place`` are timed on the same positions and actions, and so is the
trusted path random games take (``apply_listed``: a listed move, not checked again). Games per
second are given in CPU time (``time.process_time``: what the engine costs, whatever else the machine
is doing) beside wall time; the step medians are CPU time too. A warm-up game comes first (the
rulesets and their tables are built once per program).
"""

from __future__ import annotations

import random
import statistics
import time

from ..engine import (
    PlayerSetup, Settings, apply, apply_in_place, apply_listed, apply_listed_in_place, clone, legal_actions, new_game,
    options,
)

COLOURS = ("red", "blue", "green", "yellow")


def settings(players: int, seed: int, modules: tuple[str, ...] = ()) -> Settings:
    return Settings(players=tuple(PlayerSetup(f"P{i + 1}", COLOURS[i]) for i in range(players)), seed=seed,
                    modules=modules)


def random_game(players: int, seed: int, modules: tuple[str, ...] = ()):
    """Play one game with uniformly random legal actions; return the final state and the action count.
    The moves are listed ones, so they take the engine's trusted path (``apply_listed_in_place``)."""
    state = new_game(settings(players, seed, modules))
    pick = random.Random(seed).random
    count = 0
    while state.phase != "over":
        legal = legal_actions(state)
        apply_listed_in_place(state, legal[int(pick() * len(legal))])
        count += 1
    return state, count


def games_per_second(players: int, games: int, modules: tuple[str, ...] = ()) -> tuple[float, float, float]:
    """(games per CPU second, games per wall-clock second, actions per game), after a warm-up game."""
    random_game(players, 10_000, modules)
    c0, t0 = time.process_time(), time.perf_counter()
    actions = sum(random_game(players, seed, modules)[1] for seed in range(games))
    return games / (time.process_time() - c0), games / (time.perf_counter() - t0), actions / games


def time_split(players: int, games: int, modules: tuple[str, ...] = ()) -> dict:
    """Where a random game's CPU time goes: setting it up, listing the legal actions, applying the chosen
    ones (the same games replayed three times, each part timed alone; the least of the three kept)."""
    played = []
    for seed in range(games):
        state = new_game(settings(players, seed, modules))
        pick, chosen = random.Random(seed).random, []
        while state.phase != "over":
            legal = legal_actions(state)
            chosen.append(legal[int(pick() * len(legal))])
            apply_listed_in_place(state, chosen[-1])
        played.append((seed, chosen))
    clock = time.process_time
    best = {"setup": float("inf"), "listing": float("inf"), "applying": float("inf")}
    for _ in range(3):
        spent = dict.fromkeys(best, 0.0)
        for seed, chosen in played:
            t0 = clock()
            state = new_game(settings(players, seed, modules))
            spent["setup"] += clock() - t0
            for action in chosen:
                t0 = clock()
                legal_actions(state)
                t1 = clock()
                apply_listed_in_place(state, action)
                spent["listing"] += t1 - t0
                spent["applying"] += clock() - t1
        best = {k: min(v, spent[k]) for k, v in best.items()}
    return {k: v / games * 1e3 for k, v in best.items()}  # ms of CPU per game


def positions(games: int = 4, players: int = 4) -> list:
    """(state, action) at every step of a few random games: the positions the step timings use."""
    out = []
    for seed in range(games):
        state = new_game(settings(players, 200 + seed))
        pick = random.Random(seed)
        while state.phase != "over":
            action = pick.choice(legal_actions(state))
            out.append((clone(state), action))
            apply_in_place(state, action)
    return out


def _median(fn, items, repeat: int = 3) -> float:
    """Median CPU microseconds of ``fn`` over ``items`` (each timed ``repeat`` times, the least kept)."""
    clock = time.process_time
    times = []
    for item in items:
        best = None
        for _ in range(repeat):
            t0 = clock()
            fn(item)
            t = clock() - t0
            best = t if best is None or t < best else best
        times.append(best)
    return statistics.median(times) * 1e6


def step_numbers(games: int = 4) -> dict:
    """Median CPU cost of one step over the positions of a few 4-player games."""
    pairs = positions(games)
    states = [s for s, _ in pairs]
    out = {
        "legal_actions median us": _median(legal_actions, states),
        "options median us": _median(options, states),
        "apply (with its copy) median us": _median(lambda p: apply(*p), pairs),
    }
    copies = [[clone(s) for _ in range(3)] for s, _ in pairs]  # a fresh copy for each of the 3 timings

    def in_place(i) -> None:
        apply_in_place(copies[i].pop(), pairs[i][1])

    out["apply_in_place median us"] = _median(in_place, range(len(pairs)))
    out["apply / apply_in_place"] = out["apply (with its copy) median us"] / out["apply_in_place median us"]
    # The trusted path of random games and the opponents (a listed move, not checked again).
    out["apply_listed (with its copy) median us"] = _median(lambda p: apply_listed(*p), pairs)
    copies = [[clone(s) for _ in range(3)] for s, _ in pairs]

    def listed_in_place(i) -> None:
        apply_listed_in_place(copies[i].pop(), pairs[i][1])

    out["apply_listed_in_place median us"] = _median(listed_in_place, range(len(pairs)))
    return out


RULESETS = (("", ()), (" Action tiles", ("action-tiles",)), (" Silver", ("silver",)))


def engine_numbers(games: int) -> dict:
    out = {}
    for title, modules in RULESETS:
        for players in (2, 3, 4):
            cpu, wall, actions = games_per_second(players, games, modules)
            out[f"{players}p{title} games/CPU-s"] = cpu
            out[f"{players}p{title} games/s (wall)"] = wall
            out[f"{players}p{title} actions/game"] = actions
    for title, modules in (("", ()), (" Silver", ("silver",))):
        for part, ms in time_split(4, max(2, games // 10), modules).items():
            out[f"4p{title} {part} CPU ms/game"] = ms
    out.update(step_numbers(max(2, games // 10)))
    return out
