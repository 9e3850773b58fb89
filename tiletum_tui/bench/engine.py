"""Engine timings for ``tiletum bench``: random games per second, and the median cost of one step.

A benchmark, not a test: the numbers go in notes, never into assertions. ``apply`` (with its
copy of the state) and ``apply_in_place`` are timed on the same positions and actions.
"""

from __future__ import annotations

import random
import statistics
import time

from ..engine import PlayerSetup, Settings, apply, apply_in_place, clone, legal_actions, new_game, options

COLOURS = ("red", "blue", "green", "yellow")


def settings(players: int, seed: int, modules: tuple[str, ...] = ()) -> Settings:
    return Settings(players=tuple(PlayerSetup(f"P{i + 1}", COLOURS[i]) for i in range(players)), seed=seed,
                    modules=modules)


def random_game(players: int, seed: int, modules: tuple[str, ...] = ()):
    """Play one game with uniformly random legal actions; return the final state and the action count."""
    state = new_game(settings(players, seed, modules))
    pick = random.Random(seed).random
    count = 0
    while state.phase != "over":
        legal = legal_actions(state)
        apply_in_place(state, legal[int(pick() * len(legal))])
        count += 1
    return state, count


def games_per_second(players: int, games: int, modules: tuple[str, ...] = ()) -> tuple[float, float]:
    t0 = time.perf_counter()
    actions = sum(random_game(players, seed, modules)[1] for seed in range(games))
    return games / (time.perf_counter() - t0), actions / games


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


def _median(fn, items) -> float:
    times = []
    for item in items:
        t0 = time.perf_counter()
        fn(item)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def step_numbers(games: int = 4) -> dict:
    pairs = positions(games)
    states = [s for s, _ in pairs]
    out = {
        "legal_actions median us": _median(legal_actions, states),
        "options median us": _median(options, states),
        "apply (with its copy) median us": _median(lambda p: apply(*p), pairs),
    }
    copies = [(clone(s), a) for s, a in pairs]
    out["apply_in_place median us"] = _median(lambda p: apply_in_place(*p), copies)
    out["apply / apply_in_place"] = out["apply (with its copy) median us"] / out["apply_in_place median us"]
    return out


def engine_numbers(games: int) -> dict:
    out = {}
    for players in (2, 3, 4):
        rate, actions = games_per_second(players, games)
        out[f"{players}p games/s"] = rate
        out[f"{players}p actions/game"] = actions
    for players in (2, 3, 4):  # with the Prospect for Silver expansion
        rate, actions = games_per_second(players, games, ("silver",))
        out[f"{players}p Silver games/s"] = rate
        out[f"{players}p Silver actions/game"] = actions
    out.update(step_numbers(max(2, games // 10)))
    return out
