"""Where Tiletum's evaluation steers away from the rules' points: each legal move set against the position
it was made from, by the value the master (and the journeyman) give the two (issue 43, docs/opponents.md).

In every position of journeyman games where a player chooses what to do next (a turn's start or between its
Actions and Tasks), each legal move of that player is made, and the choices it leaves to make at once (a
Crest space's bonus, a Resource to gain, a Town for the Merchant) are made as well as the same weights can
(best by the value, as a turn's plan would), so a move is weighed with what it brings; each value is taken as
if the turn ended there (``evaluate.as_turn_ends``), as a plan's end is. A move that lowers
the value is one the level will not make unless the search finds it pays; a move the rules pay for (a
Cathedral built, a Contract fulfilled) that lowers it more often than not is a flaw in the estimate, not a
choice. Moves that pass the turn or take a die are left out (their value is the turns they leave).

    python -m tiletum_tui.games.tiletum.bench.moves --games 12                   # seeds 1-12, 2 players
    python -m tiletum_tui.games.tiletum.bench.moves --games 6 --silver --verbs crest,hire

A benchmark of the evaluation, not a test: ``tests/opponents/test_whole_board.py`` holds the corrections
to what it found. Each line: the verb, the moves weighed, how many lowered the master's value, the worst
drop and the median change (VP-equivalents), and how many lowered the journeyman's.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from ..engine import apply, current_player, decision, legal_actions, new_game, parse
from ..engine.state import ActionFrame, TurnFrame
from ..opponents.evaluate import value_as_turn_ends
from ..opponents.match import play_game, settings_for
from ..opponents.weights import ONE, master_weights

SKIPPED = ("done", "end", "die", "joker")  # pass the turn or take a die: their value is the turns they leave
FOLLOW = 3  # choices a move leaves to make at once, followed at most this deep (a bonus giving a bonus)


def _settled(state, player: int, weights, depth: int = 0) -> float:
    """The value once the choices a move left to ``player`` are made, the best of each (as its weights see it)."""
    if (state.phase != "action" or depth >= FOLLOW or current_player(state) != player
            or isinstance(decision(state), (ActionFrame, TurnFrame))):
        return value_as_turn_ends(state, player, weights)
    values = [_settled(apply(state, a), player, weights, depth + 1) for a in legal_actions(state)]
    return max(values) if values else value_as_turn_ends(state, player, weights)


def positions(games: int, players: int = 2, modules: tuple[str, ...] = (), first_seed: int = 1):
    """Every position of ``games`` journeyman games (from ``first_seed``) where a player chooses what to do next."""
    levels = ("journeyman",) * players
    for seed in range(first_seed, first_seed + games):
        settings = settings_for(levels, seed, modules=modules)
        played = play_game(levels, seed, keep_actions=True, settings=settings)
        state = new_game(settings)
        for text in played.actions:
            if state.phase == "action" and isinstance(decision(state), (ActionFrame, TurnFrame)):
                yield state
            state = apply(state, parse(text))


def weigh_moves(games: int, players: int = 2, modules: tuple[str, ...] = (), verbs=None,
                first_seed: int = 1) -> dict[str, dict]:
    """Per verb: ``moves`` weighed, ``master lowered`` and ``journeyman lowered`` (how many lowered each level's
    value), the master's ``worst`` drop and ``median`` change."""
    changes: dict[str, list[float]] = defaultdict(list)
    journeyman_lowered: dict[str, int] = defaultdict(int)
    for state in positions(games, players, modules, first_seed):
        who = current_player(state)
        master = master_weights(state)
        before = value_as_turn_ends(state, who, master), value_as_turn_ends(state, who, ONE)
        for action in legal_actions(state):
            verb = action.verb()
            if verb in SKIPPED or (verbs and verb not in verbs):
                continue
            after = apply(state, action)
            changes[verb].append(_settled(after, who, master) - before[0])
            if _settled(after, who, ONE) < before[1] - 1e-9:
                journeyman_lowered[verb] += 1
    out = {}
    for verb, deltas in changes.items():
        lowered = [-d for d in deltas if d < -1e-9]
        out[verb] = {"moves": len(deltas), "master lowered": len(lowered), "worst": max(lowered, default=0.0),
                     "median": statistics.median(deltas), "journeyman lowered": journeyman_lowered[verb]}
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tiletum_tui.games.tiletum.bench.moves", description=__doc__
                                     .split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12, help="journeyman games (seeds from --seed)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--silver", action="store_true", help="with the Prospect for Silver expansion")
    parser.add_argument("--verbs", default="", help="only these verbs, e.g. crest,hire (default: every one)")
    args = parser.parse_args(argv)
    verbs = set(filter(None, args.verbs.split(",")))
    table = weigh_moves(args.games, args.players, ("silver",) if args.silver else (), verbs, args.seed)
    print(f"{'verb':<12} {'moves':>6} {'master lowered':>15} {'worst':>6} {'median':>7} {'journeyman lowered':>19}")
    for verb, row in sorted(table.items(), key=lambda kv: -kv[1]["master lowered"] / kv[1]["moves"]):
        share = 100 * row["master lowered"] / row["moves"]
        print(f"{verb:<12} {row['moves']:>6} {row['master lowered']:>8} ({share:3.0f}%) {row['worst']:>6.2f} "
              f"{row['median']:>+7.2f} {row['journeyman lowered']:>19}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
