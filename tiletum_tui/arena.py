"""`tiletum arena`: opponents play each other headless, and the figures say how strong each level is.

Games run in worker processes (``--jobs``, default: the machine's cores), seats rotate from game
to game so every level sits in every seat equally often, and a progress bar runs on standard
error. The result: each level's win rate with a 95% (Wilson) interval, its average VP, its share
of the seats (what it would win by chance) and its thinking time: per decision (each fresh plan: a
turn's start, the King tile, a re-plan after a surprise in mid-turn) and per turn (all of a turn's).
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed

from .opponents.levels import LEVELS, Budget
from .opponents.match import GameResult, play_game


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seats_of(levels: list[str], game: int) -> tuple[str, ...]:
    """The seat order of game ``game``: the list rotated one seat per game (alternating in a 2-player match)."""
    k = game % len(levels)
    return tuple(levels[k:] + levels[:k])


def _play(args) -> GameResult:
    levels, seed, budget = args
    return play_game(levels, seed, budget)


def run(levels: list[str], games: int, budget: Budget, seed: int = 1, jobs: int | None = None,
        out=sys.stdout, progress=sys.stderr) -> list[GameResult]:
    jobs = jobs or os.cpu_count() or 1
    tasks = [(seats_of(levels, g), seed + g, budget) for g in range(games)]
    results: list[GameResult] = []
    started = time.perf_counter()
    bar = _Bar(games, progress)
    if jobs == 1:
        for t in tasks:
            results.append(_play(t))
            bar.update(len(results), time.perf_counter() - started)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for f in as_completed([pool.submit(_play, t) for t in tasks]):
                results.append(f.result())
                bar.update(len(results), time.perf_counter() - started)
    bar.done()
    report(levels, results, budget, time.perf_counter() - started, jobs, out)
    return results


class _Bar:
    def __init__(self, total: int, stream) -> None:
        self.total, self.stream = total, stream
        self.live = stream is not None

    def update(self, done: int, elapsed: float) -> None:
        if not self.live:
            return
        width = 30
        filled = int(width * done / self.total)
        left = elapsed / done * (self.total - done) if done else 0
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games, "
                          f"{_clock(elapsed)} elapsed, about {_clock(left)} left ")
        self.stream.flush()

    def done(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"


def report(levels: list[str], results: list[GameResult], budget: Budget, elapsed: float, jobs: int, out) -> None:
    games = len(results)
    n = len(levels)
    print(f"{games} games, {n} players ({', '.join(levels)}), master budget {budget} per decision, "
          f"{jobs} processes, {_clock(elapsed)}", file=out)
    wins, vp, seats = defaultdict(int), defaultdict(list), defaultdict(int)
    thinking, decisions, turns = defaultdict(float), defaultdict(int), defaultdict(int)
    for r in results:
        won = r.levels[r.winner]
        wins[won] += 1
        for seat, lvl in enumerate(r.levels):
            vp[lvl].append(r.vp[seat])
            thinking[lvl] += r.thinking[seat]
            decisions[lvl] += r.decisions[seat]
            turns[lvl] += r.turns[seat]
    for lvl in levels:
        seats[lvl] = levels.count(lvl)
    print(f"{'level':<11} {'seats':>5} {'wins':>5} {'win rate':>9} {'95% interval':>15} {'fair share':>10} "
          f"{'avg VP':>7} {'s/decision':>10} {'s/turn':>7}", file=out)
    for lvl in dict.fromkeys(levels):
        lo, hi = wilson(wins[lvl], games)
        per = thinking[lvl] / decisions[lvl] if decisions[lvl] else 0.0
        per_turn = thinking[lvl] / turns[lvl] if turns[lvl] else 0.0
        avg = sum(vp[lvl]) / len(vp[lvl]) if vp[lvl] else 0.0
        print(f"{lvl:<11} {seats[lvl]:>5} {wins[lvl]:>5} {wins[lvl] / games:>8.0%} "
              f"{f'{lo:.0%} - {hi:.0%}':>15} {seats[lvl] / n:>10.0%} {avg:>7.1f} {per:>10.3f} {per_turn:>7.3f}", file=out)


def main(args) -> int:
    levels = [x.strip().lower() for x in args.seats.split(",") if x.strip()]
    unknown = [x for x in levels if x not in LEVELS]
    if unknown or not 2 <= len(levels) <= 4:
        print(f"tiletum: --seats takes 2 to 4 levels of {', '.join(LEVELS)} (e.g. master,journeyman)", file=sys.stderr)
        return 2
    try:
        budget = Budget.parse(args.budget)
    except ValueError as exc:
        print(f"tiletum: {exc}", file=sys.stderr)
        return 2
    run(levels, args.games, budget, seed=args.seed, jobs=args.jobs,
        progress=None if args.quiet else sys.stderr)
    return 0
