"""What the master's weights of Tiletum's evaluation are fitted to (``opponents.weights.MASTER_WEIGHTS``).

Games are played to the end (journeyman games here; or the master's own against the journeyman, saved
by ``tiletum arena --out``); at every turn start each player's terms of the estimate (``evaluate.terms``)
are kept with what came of them (the VP the player scored from there to the end). Per round, the
weights that best foretell a player's lead from its terms: least squares on each player's difference
from the table's average (what the master's reward reads), every weight at least 0 and pulled towards 1
(``ridge``: the journeyman's weights, so a term that says little stays as written). In the master's own
games one more term marks the master's seat: the master scores more from any position than the
journeyman would (its search), and without that term the fit would read that edge into whichever terms
the master's positions happen to have more of. Docs: docs/opponents.md, "The evaluation"."""

from __future__ import annotations

from ..engine import apply_in_place, current_player, new_game, view
from ..engine.state import TurnFrame
from ..opponents.evaluate import terms
from ..opponents.levels import Opponent
from ..opponents.match import settings_for
from ..opponents.weights import FITTED
from .saved import saved_games

Sample = tuple[list[list[float]], list[float]]  # one turn start: each player's terms, each one's VP still to come


def _game(state, next_move, out: dict[int, list[Sample]], marks_of=(), round_starts: bool = False) -> None:
    """Play one game from ``state`` (``next_move(state)``: the action to apply, None once there is none),
    and add each turn start's terms (each player's followed by ``marks_of``' value for its seat, if any) to
    ``out`` by round, with the VP each player went on to score from there to the end. ``round_starts``: only
    each round's first turn start (where the master's simulations end)."""
    marks = []
    seen_rounds: set[int] = set()
    while (action := next_move(state)) is not None:
        top = state.stack[-1]
        if isinstance(top, TurnFrame) and not top.die_taken and not (round_starts and state.round in seen_rounds):
            seen_rounds.add(state.round)
            ts = [list(t[:len(FITTED)]) + ([float(marks_of[i])] if marks_of else [])  # (the corrections follow)
                  for i, t in enumerate(terms(state))]
            marks.append((state.round, ts, [p.vp for p in state.players]))
        apply_in_place(state, action)
    if state.phase != "over":
        raise ValueError("not a finished game")
    final = [p.vp for p in state.players]
    for rnd, ts, vp in marks:
        out[rnd].append((ts, [f - v for f, v in zip(final, vp)]))


def samples(games: int, seed: int, players: int = 2, modules: tuple[str, ...] = ()) -> dict[int, list[Sample]]:
    """Every turn start of ``games`` journeyman games (seeds from ``seed``), by round."""
    out: dict[int, list[Sample]] = {1: [], 2: [], 3: [], 4: []}
    for g in range(games):
        seats = [Opponent(i, "journeyman") for i in range(players)]
        _game(new_game(settings_for(("journeyman",) * players, seed=seed + g, modules=modules)),
              lambda s: None if s.phase == "over" else seats[current_player(s)].choose(view(s)).action, out)
    return out


def saved_samples(folders, round_starts: bool = False) -> dict[int, list[Sample]]:
    """Every turn start (``round_starts``: each round's first only) of the games saved in these folders
    (``tiletum arena --out``), by round, each player's terms followed by the master's mark (1 for a master's
    seat, else 0)."""
    out: dict[int, list[Sample]] = {1: [], 2: [], 3: [], 4: []}
    for path, loaded, actions in saved_games(folders):
        moves = iter(actions)
        try:
            _game(loaded.game.new_game(loaded.settings), lambda s: next(moves, None), out,
                  [s.level == "master" for s in loaded.save.seats], round_starts)
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None
    return out


def fit(rows: list[Sample], ridge: float = 1.0, sweeps: int = 500) -> tuple[float, ...]:
    """The weights (one a term) that foretell each player's lead over the table's average best, none
    below 0, each pulled towards 1 by ``ridge`` (times its term's own spread)."""
    k = len(rows[0][0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    count = 0
    for ts, came in rows:
        n = len(ts)
        mean = [sum(t[j] for t in ts) / n for j in range(k)]
        came_mean = sum(came) / n
        for t, c in zip(ts, came):
            x = [t[j] - mean[j] for j in range(k)]
            y = c - came_mean
            for j in range(k):
                if x[j]:
                    b[j] += x[j] * y
                    row = a[j]
                    for m in range(k):
                        row[m] += x[j] * x[m]
            count += 1
    w = [1.0] * k
    for _ in range(sweeps):  # coordinate descent on the quadratic, each weight kept at 0 or above
        for j in range(k):
            if a[j][j] <= 1e-6 * count:  # a term that never differs between players: as written
                continue
            rest = sum(a[j][m] * w[m] for m in range(k) if m != j)
            w[j] = max(0.0, (b[j] - rest + ridge * a[j][j]) / (a[j][j] * (1 + ridge)))
    return tuple(round(x, 2) for x in w)


# The journeyman games MASTER_WEIGHTS[3] and [4] were fitted to: (players, games, first seed). The 2-player
# weights were fitted to the master's own games instead (``fit_saved``): the 300 of docs/opponents.md's
# "The master's own weights" (main at 6bc3fc6, seeds 2301-2400 and 2701-2900 at 211 simulations). Before,
# they were fitted to the journeyman games ``(2, 400, 20000)``: on other master games those foretold less well.
TABLES = {3: ((2, 400, 20000), (4, 200, 21000)), 4: ((2, 400, 20000), (4, 200, 21000))}


def fit_weights(tables=TABLES[4], ridge: float = 1.0, modules: tuple[str, ...] = ()) -> tuple[tuple[float, ...], ...]:
    """A row of weights per round, fitted to the turn starts of journeyman games at these tables
    (players, games, first seed) together: ``opponents.weights.MASTER_WEIGHTS[n]`` from ``TABLES[n]``."""
    by_round: dict[int, list[Sample]] = {1: [], 2: [], 3: [], 4: []}
    for players, games, seed in tables:
        for rnd, rows in samples(games, seed, players, modules).items():
            by_round[rnd] += rows
    return tuple(fit(by_round[r], ridge) for r in (1, 2, 3, 4))


def fit_saved(folders, ridge: float = 1.0, round_starts: bool = False) -> tuple[tuple[float, ...], ...]:
    """A row of weights per round (``FITTED``'s terms: the corrections follow them), fitted to the games
    saved in these folders, the master's mark fitted with them and then left out:
    ``opponents.weights.MASTER_WEIGHTS[2]``; with ``round_starts``, to each round's first turn start only (where
    the master's simulations end at 2 players; docs/opponents.md, "Tried and not kept")."""
    by_round = saved_samples(folders, round_starts)
    return tuple(fit(by_round[r], ridge)[:-1] for r in (1, 2, 3, 4))
