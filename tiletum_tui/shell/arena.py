"""`tiletum arena`: opponents play each other headless, and the figures say how strong each level is.

Games are played under the ruleset a game takes (``--silver``, ``--a-sides``, ``--first-technologies``,
``--action-tiles``, ``--rules``), in worker processes (``--jobs``, default: the machine's cores); seats
rotate from game to game so every level sits in every seat equally often, and a progress bar runs on
standard error. Each game prints a line as it ends (its seed, the seats, their VP, the winner, the
game's figures by seat: Tiletum's Pillars left, Completed Buildings and Fair VP, Carcassonne's turns
begun without a follower, the longest run of them and the points of unfinished features; any decision
the time cap cut short) and, with ``--out DIR``, is written there as a save (``tiletum load`` replays
it; its seed and final scores are in it). The result: each level's win rate with a 95% (Wilson)
interval, its average VP, its share of the seats (what it would win by chance), its thinking time per
decision (each fresh plan: a turn's start, the King tile, a re-plan after a surprise in mid-turn) and
per turn (all of a turn's), its simulations a turn and the decisions the cap cut short; and, per level,
the figures on average, then how often it used the parts of the ruleset's modules (the actions they
add, by name; with Prospect for Silver also the Silver spent and the Technology tiers reached).
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from tiletum_tui.core.safe_text import clean

from .opponents.base import SEARCHING, Budget, GameResult
from .opponents.plug import for_game
from .records.stats import wilson  # (one home: the 95% Wilson interval of a win rate)
from .saves.errors import SaveWriteError
from .saves.format import Seat
from .saves.store import prepare_folder
from .session import Session

MAX_GAMES = 100_000


def seats_of(levels: list[str], game: int) -> tuple[str, ...]:
    """The seat order of game ``game``: the list rotated one seat per game (alternating in a 2-player match)."""
    k = game % len(levels)
    return tuple(levels[k:] + levels[:k])


def seat_of(seat: str, budget: Budget) -> tuple[str, Budget]:
    """A seat of ``--seats``: its level and its budget: ``master`` (the arena's ``budget``) or
    ``master@340`` (340 simulations, within the arena's time cap if it gives none: a level against
    itself at another strength, e.g. today's master's simulations against the new ones). ValueError
    says why a budget after ``@`` cannot be read."""
    level, at, own = seat.partition("@")
    if not at:
        return level, budget
    mine = Budget.parse(own)
    return level, Budget(seconds=mine.seconds if mine.seconds is not None else budget.seconds,
                         simulations=mine.simulations if mine.simulations is not None else budget.simulations)


def _play(args) -> tuple[GameResult, str]:
    labels, seed, budget, ruleset, folder, game = args
    plug = for_game(game)
    levels, budgets = zip(*(seat_of(seat, budget) for seat in labels))
    settings = plug.settings_for(levels, seed, **ruleset)
    result = plug.play_game(levels, seed, budgets, settings=settings, keep_actions=folder is not None,
                            observe=plug.observe)
    saved = _save(settings, result, budgets, folder, plug.game) if folder is not None else ""
    result.levels = tuple(labels)  # (the report counts each seat as given: master and master@340 apart)
    result.actions = []  # (written, if asked: no need to carry them back)
    return result, saved


def _save(settings, result: GameResult, budgets: tuple[Budget, ...], folder, game) -> str:
    """Write the game into ``folder`` as a save: its seats' levels and budgets, so a loaded game names them."""
    seats = tuple(Seat(player="opponent", level=lvl, budget=b.text() if lvl in SEARCHING else "")
                  for lvl, b in zip(result.levels, budgets))
    session = Session.from_actions(settings, result.actions, seats=seats, game=game)
    name = f"arena seed {result.seed} " + " ".join(result.levels)
    return str(session.save(name, folder=folder))


def run(levels: list[str], games: int, budget: Budget, seed: int = 1, jobs: int | None = None,
        out=None, progress=sys.stderr, ruleset: dict | None = None, folder=None, game: str = "tiletum") -> list[GameResult]:
    """Play ``games`` games of ``game`` (seeds ``seed``, ``seed + 1``, ...) under ``ruleset`` (its opponents'
    ``settings_for``'s: Tiletum's modules, options and rules); print a line per game and the report;
    return the results."""
    jobs = jobs or os.cpu_count() or 1
    out = out or sys.stdout  # (looked up now: a test's or a pipe's, not the one at import)
    ruleset = dict(ruleset or {})
    tasks = [(seats_of(levels, g), seed + g, budget, ruleset, folder, game) for g in range(games)]
    results: list[GameResult] = []
    started = time.perf_counter()
    bar = _Bar(games, progress)

    figures = tuple(getattr(for_game(game), "figures", ()))

    def done(result: GameResult, saved: str) -> None:
        results.append(result)
        bar.clear()
        print(game_line(result, saved, figures), file=out, flush=True)
        bar.update(len(results), time.perf_counter() - started)

    if jobs == 1:
        for t in tasks:
            done(*_play(t))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for f in as_completed([pool.submit(_play, t) for t in tasks]):
                done(*f.result())
    bar.done()
    results.sort(key=lambda r: r.seed)
    report(levels, results, budget, time.perf_counter() - started, jobs, out, figures)
    return results


def game_line(r: GameResult, saved: str = "", figures: tuple[str, ...] = ()) -> str:
    """One game: its seed, each seat's level and VP, the winner, the game's ``figures`` by seat (its
    opponents' ``observe`` counted them from the engine's states), the decisions a time cap cut short,
    and where it was saved."""
    seats = ", ".join(f"{i + 1} {lvl} {vp}" for i, (lvl, vp) in enumerate(zip(r.levels, r.vp)))
    if len(r.winners) > 1:  # a game whose rules share the win on a tie (Carcassonne)
        won = "winners: " + " and ".join(f"seat {w + 1} ({r.levels[w]})" for w in r.winners) + ", tied"
    else:
        won = f"winner: seat {r.winner + 1} ({r.levels[r.winner]})"
    shown = [f"{k} " + " / ".join(f"{c.get(k, 0):g}" for c in r.used) for k in figures if r.used]
    cut = [f"seat {i + 1} {n}" for i, n in enumerate(r.cut) if n]
    if cut:
        shown.append("cut short by the time cap: " + ", ".join(cut) + " decisions")
    return (f"seed {r.seed}: {seats}; {won}" + "".join(f"; {s}" for s in shown)
            + (f"; saved {saved}" if saved else ""))


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

    def clear(self) -> None:
        if self.live:
            self.stream.write("\r\033[K")

    def done(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds), 60)
    return f"{m}:{s:02d}"


def report(levels: list[str], results: list[GameResult], budget: Budget, elapsed: float, jobs: int, out,
           figures: tuple[str, ...] = ()) -> None:
    games = len(results)
    n = len(levels)
    thinking_budget = f"search budget {budget} per decision, " if any(lvl in SEARCHING for lvl in levels) else ""
    print(f"{games} games, {n} players ({', '.join(levels)}), {thinking_budget}"
          f"{jobs} process{'es' if jobs != 1 else ''}, {_clock(elapsed)}", file=out)
    wins, vp, seats = defaultdict(int), defaultdict(list), defaultdict(int)
    thinking, decisions, turns = defaultdict(float), defaultdict(int), defaultdict(int)
    sims, cut = defaultdict(int), defaultdict(int)
    for r in results:
        tied = r.winners if len(r.winners) > 1 else (r.winner,)
        for w in tied:  # a shared win counts a share to each (whole wins stay whole numbers)
            wins[r.levels[w]] += 1 if len(tied) == 1 else 1 / len(tied)
        for seat, lvl in enumerate(r.levels):
            vp[lvl].append(r.vp[seat])
            thinking[lvl] += r.thinking[seat]
            decisions[lvl] += r.decisions[seat]
            turns[lvl] += r.turns[seat]
            sims[lvl] += r.simulations[seat] if r.simulations else 0
            cut[lvl] += r.cut[seat] if r.cut else 0
    for lvl in levels:
        seats[lvl] = levels.count(lvl)
    print(f"{'level':<11} {'seats':>5} {'wins':>5} {'win rate':>9} {'95% interval':>15} {'fair share':>10} "
          f"{'avg VP':>7} {'s/decision':>10} {'s/turn':>7} {'sims/turn':>9} {'cut':>5}", file=out)
    for lvl in dict.fromkeys(levels):
        lo, hi = wilson(wins[lvl], games)
        per = thinking[lvl] / decisions[lvl] if decisions[lvl] else 0.0
        per_turn = thinking[lvl] / turns[lvl] if turns[lvl] else 0.0
        avg = sum(vp[lvl]) / len(vp[lvl]) if vp[lvl] else 0.0
        print(f"{lvl:<11} {seats[lvl]:>5} {wins[lvl]:>5g} {wins[lvl] / games:>8.0%} "
              f"{f'{lo:.0%} - {hi:.0%}':>15} {seats[lvl] / n:>10.0%} {avg:>7.1f} {per:>10.3f} {per_turn:>7.3f} "
              f"{sims[lvl] / turns[lvl] if turns[lvl] else 0:>9.0f} {cut[lvl]:>5}", file=out)
    if any(cut.values()):
        print("cut: decisions the time cap stopped short of the level's simulations (a slower or busier "
              "machine: those decisions were weaker than the level)", file=out)
    usage(levels, results, out, figures)


def usage(levels: list[str], results: list[GameResult], out, figures: tuple[str, ...] = ()) -> None:
    """Per level, what a seat of it did in a game, on average (and in how many of its games at all): the
    game's ``figures`` first (Tiletum's Pillars left, Buildings completed, Fair VP; Carcassonne's turns
    without a follower ...), then the actions the modules add, the Silver spent, the tiers reached."""
    per: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    keys: dict[str, None] = {}
    for r in results:
        for lvl, counts in zip(r.levels, r.used or ()):
            keys.update(dict.fromkeys(counts))
    if not keys:
        return
    for r in results:
        for lvl, counts in zip(r.levels, r.used):
            for k in [k for k in figures if k in keys] + sorted(k for k in keys if k not in figures):
                per[lvl][k].append(counts.get(k, 0))
    print("per seat and game, average (share of games with any):", file=out)
    for lvl in dict.fromkeys(levels):
        parts = [f"{k} {sum(v) / len(v):.1f} ({sum(1 for x in v if x) / len(v):.0%})" for k, v in per[lvl].items()]
        print(f"  {lvl}: " + ", ".join(parts), file=out)


def _make_folder(folder: str) -> bool | str:
    """The arena's ``--out`` folder made when missing (with its missing parents): True if made, False if it
    was there, or why it cannot be made. Only this output folder, named on the command line, is ever made:
    saves and exports never make folders (docs/saves.md)."""
    path = Path(folder).expanduser()
    if path.is_dir():
        return False
    try:
        path.mkdir(parents=True)
    except FileExistsError:
        return f"{clean(folder)} is not a folder"
    except OSError as exc:
        return f"{clean(folder)}: the folder cannot be made ({clean(exc.strerror or exc)})"
    return True


def main(args) -> int:
    """The command (``cli`` parses it): every bad number or name is a message and exit status 2."""

    def refuse(text: str) -> int:
        print(f"tiletum arena: {text}", file=sys.stderr)
        return 2

    game = getattr(args, "game", None) or "tiletum"
    try:
        plug = for_game(game)
    except ValueError as exc:
        return refuse(str(exc))
    low, high = plug.players
    levels = [x.strip().lower() for x in args.seats.split(",") if x.strip()]
    unknown = [x for x in levels if x.partition("@")[0] not in plug.levels]
    if unknown or not low <= len(levels) <= high:
        return refuse(f"--seats takes {low} to {high} levels of {', '.join(plug.levels)} (e.g. master,journeyman; "
                      "master@340: a searching level at 340 simulations)")
    for seat in levels:
        level, at, own = seat.partition("@")
        if at and level not in SEARCHING:
            return refuse(f"--seats: {seat}: only a searching level ({', '.join(SEARCHING)}) takes a budget")
        try:
            seat_of(seat, Budget())
        except ValueError as exc:
            return refuse(f"--seats: {seat}: {exc}")
    if not 1 <= args.games <= MAX_GAMES:
        return refuse(f"--games is a number of games from 1 to {MAX_GAMES}, not {args.games}")
    if args.jobs is not None and not 1 <= args.jobs <= 64:
        return refuse(f"--jobs is a number of processes from 1 to 64, not {args.jobs}")
    if args.seed < 0:
        return refuse(f"--seed is a game's seed, 0 or more, not {args.seed}")
    try:
        budget = Budget.parse(args.budget)
    except ValueError as exc:
        return refuse(f"--budget: {exc}")
    try:
        ruleset = plug.ruleset(args)
    except ValueError as exc:
        return refuse(str(exc))
    folder = getattr(args, "out", None)
    if folder is not None:
        made = _make_folder(folder)  # (the README shows `--out games/`, a folder made for the games: issue 41)
        if isinstance(made, str):
            return refuse(f"--out: {made}")
        try:
            folder = str(prepare_folder(folder))
        except SaveWriteError as exc:
            return refuse(f"--out: {exc}")
        if made:
            print(f"tiletum arena: made the folder {clean(folder)} for the games", file=sys.stderr)
    run(levels, args.games, budget, seed=args.seed, jobs=args.jobs, progress=None if args.quiet else sys.stderr,
        ruleset=ruleset, folder=folder, game=game)
    return 0
