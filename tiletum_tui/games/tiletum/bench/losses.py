"""Where a level wins and loses its games against the others (issue 43, docs/opponents-measured.md): the games
``tiletum arena --out`` saved, replayed, and per game the level's VP less the others' average, by scoring
category and by round (the margin as each round ends, and that round's Fair), averaged over its wins and over
its losses. A category that swings most between the two is where the games are decided.

    python -m tiletum_tui.games.tiletum.bench.losses DIR [DIR ...] [--level master]

A benchmark of games already played, not a test.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import NamedTuple

from ..engine import apply_in_place
from ..engine.categories import FAIRS
from .saved import saved_games



class Game(NamedTuple):
    """One saved game, for the level's seat: ``outcome`` "win" or "loss"; ``by_category`` the level's VP
    less the others' average per scoring category at the end; ``margin`` the same in all as each round ends
    (1-4); ``fairs`` that round's Fair VP, the same way."""

    seed: int
    outcome: str
    by_category: dict[str, float]
    margin: dict[int, float]
    fairs: dict[int, float]


def _less_the_others(values: list[float], me: int) -> float:
    others = [v for i, v in enumerate(values) if i != me]
    return values[me] - sum(others) / len(others)


def read_games(folders, level: str = "master") -> list[Game]:
    """Every saved game in ``folders`` with one seat of ``level``, replayed (``Game``)."""
    out = []
    for _, loaded, actions in saved_games(folders, skip_unreadable=True):
        levels = [s.level for s in loaded.save.seats]
        if levels.count(level) != 1:
            continue
        me = levels.index(level)
        state = loaded.game.new_game(loaded.settings)
        margin, fairs, before = {}, {}, [0] * len(levels)
        for action in actions:
            round_ = state.round
            apply_in_place(state, action)
            if state.round != round_ or state.phase == "over":  # round_ has ended (its Fair scored)
                margin[round_] = _less_the_others([p.vp for p in state.players], me)
                now = [p.ledger.get(FAIRS.key, 0) for p in state.players]
                fairs[round_] = _less_the_others([n - b for n, b in zip(now, before)], me)
                before = now
        if state.phase != "over":
            continue
        categories = sorted({c for p in state.players for c in p.ledger})
        by_category = {c: _less_the_others([p.ledger.get(c, 0) for p in state.players], me) for c in categories}
        outcome = "win" if state.winner == me else "loss"  # (the rules' tie-breakers leave one winner)
        out.append(Game(loaded.settings.seed, outcome, by_category, margin, fairs))
    return out


def averages(games: list[Game]) -> dict[str, dict[str, float]]:
    """Per outcome ("win", "loss"): the games' count and each figure's average (``Game``'s, its category's name,
    "margin after round k" and "Fair of round k")."""
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for g in games:
        row = sums[g.outcome]
        row["games"] += 1
        for c, v in g.by_category.items():
            row[c] += v
        for k, v in g.margin.items():
            row[f"margin after round {k}"] += v
        for k, v in g.fairs.items():
            row[f"Fair of round {k}"] += v
    return {o: {k: (v if k == "games" else v / row["games"]) for k, v in row.items()} for o, row in sums.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tiletum_tui.games.tiletum.bench.losses",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of saved games (tiletum arena --out)")
    parser.add_argument("--level", default="master", help="the level whose wins and losses are read")
    args = parser.parse_args(argv)
    table = averages(read_games(args.folders, args.level))
    if not table:
        parser.error(f"no finished game with one {args.level} seat in {', '.join(args.folders)}")
    outcomes = [o for o in ("win", "loss") if o in table]
    print(f"{args.level} less the others' average, VP a game")
    print(f"{'':26}" + "".join(f"{dict(win='wins', loss='losses')[o]:>10}" for o in outcomes))
    keys = sorted({k for o in outcomes for k in table[o]}, key=lambda k: (k != "games", k))
    for k in keys:
        print(f"{k:26}" + "".join(f"{table[o].get(k, 0.0):>10.1f}" for o in outcomes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
