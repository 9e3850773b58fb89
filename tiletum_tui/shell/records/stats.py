"""Tables across many finished games (issue 21, ``tiletum stats FOLDER``): win rate by seat and by
level, and the average VP by scoring category, for each game and set-up apart (a 2-player base game
and a 4-player game with an expansion are not averaged together).

Pure: the command line reads the games (saves or records, the arena's ``--out``) and hands each
finished one here as a ``Finished``; the tables come back as plain rows, drawn by the command line.
Who played a seat is its level ("master", budget left out) or "person". A win shared (a tie the game
does not break) counts as a win for each seat that shares it. Intervals are 95% Wilson intervals.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from . import settings as heads

PERSON = "person"


@dataclass(frozen=True)
class Finished:
    """One finished game, as the tables need it."""

    game: str  # the game's title
    setup: str  # its set-up without the seed and the names ("2 players, Rules 2, Modules silver")
    levels: tuple[str, ...]  # per seat: "person" or an opponent's level
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    categories: tuple[dict[str, int], ...]  # per seat, VP by scoring category


@dataclass(frozen=True)
class Table:
    group: str  # the game and set-up it is about
    title: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]]


def finished(game, settings, seats, state) -> Finished:
    """``state`` (a finished game of ``game``) as a row; ``seats``: per seat "person" or "LEVEL [BUDGET]"."""
    table, per_seat = heads.to_headers(settings)
    setup = ", ".join([f"{len(per_seat)} players"] + [f"{k} {v}" for k, v in table if k != "Seed" and v])
    levels = tuple((list(seats) + [PERSON] * len(per_seat))[i].split(" ")[0] for i in range(len(per_seat)))
    return Finished(game=game.title, setup=setup, levels=levels, scores=tuple(game.summary(state)["scores"]),
                    winners=tuple(game.winners(state)), categories=tuple(game.scores_by_category(state)))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (the arena's too)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(wins: int, n: int) -> tuple[str, str]:
    lo, hi = wilson(wins, n)
    return f"{wins / n:.0%}" if n else "-", f"{lo:.0%} - {hi:.0%}"


def tables(games: list[Finished]) -> list[Table]:
    """Per game and set-up (most games first): by seat, by level, and VP by category."""
    groups: dict[tuple[str, str], list[Finished]] = defaultdict(list)
    for g in games:
        groups[(g.game, g.setup)].append(g)
    out = []
    for (title, setup), group in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        head = f"{title}, {setup}: {len(group)} finished game{'s' if len(group) != 1 else ''}"
        out += [_by_seat(head, group), _by_level(head, group), _by_category(head, group)]
    return out


def _by_seat(head: str, group: list[Finished]) -> Table:
    seats = len(group[0].scores)
    rows = []
    for i in range(seats):
        wins = sum(i in g.winners for g in group)
        vp = sum(g.scores[i] for g in group) / len(group)
        rows.append((str(i + 1), str(len(group)), str(wins), *_rate(wins, len(group)), f"{vp:.1f}"))
    return Table(head, "By seat (seat 1 plays first)", ("Seat", "Games", "Wins", "Win rate", "95% interval",
                                                           "Avg VP"), rows)


def _by_level(head: str, group: list[Finished]) -> Table:
    played, wins, vp = defaultdict(int), defaultdict(int), defaultdict(list)
    for g in group:
        for i, level in enumerate(g.levels):
            played[level] += 1
            wins[level] += i in g.winners
            vp[level].append(g.scores[i])
    seats = len(group[0].scores)
    rows = [(level, str(played[level]), str(wins[level]), *_rate(wins[level], played[level]),
             f"{1 / seats:.0%}", f"{sum(vp[level]) / len(vp[level]):.1f}") for level in sorted(played)]
    return Table(head, "By level (a seat a game)", ("Level", "Seats", "Wins", "Win rate", "95% interval",
                                                     "Fair share", "Avg VP"), rows)


def _by_category(head: str, group: list[Finished]) -> Table:
    keys: dict[str, None] = {}
    for g in group:
        for seat in g.categories:
            keys.update(dict.fromkeys(seat))
    levels = sorted({level for g in group for level in g.levels})
    rows = []
    for key in keys:
        cells = []
        for level in [None, *levels]:
            values = [seat.get(key, 0) for g in group for seat, lv in zip(g.categories, g.levels)
                      if level is None or lv == level]
            cells.append(f"{sum(values) / len(values):.1f}" if values else "-")
        rows.append((key, *cells))
    return Table(head, "Average VP by category (a seat a game)", ("Category", "All seats", *levels), rows)
