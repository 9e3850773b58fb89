"""Writes ``master_decisions.json``: the master's decisions, and the evaluation's values, at fixed positions,
as the code they were recorded from made them (``test_same_decisions.py`` holds today's code to them).

Run once, by hand, on the tree whose decisions are to be kept (its ``tiletum_tui`` first on the path):

    git archive <commit> | tar -x -C /tmp/reference
    PYTHONPATH=/tmp/reference python tests/opponents/make_master_decisions.py <commit>

Made from main at d182aa9 (issue 43: a simulation made cheaper must not change a decision); made again from
branch s50cath at adf7efd (issue 43: the Stone in hand counted once, a change to the master's play); and from
branch s51full on 7 December (issue 43: a full Storehouse counted only as the master's turn ends); and from
branch s61 at b25fc25 (issue 43: at the game's end the reward is who won, at 2 players); and from branch s69 at
ff22759 (issue 43: at 2 players in the base game the root weighs two ways to spend each die, the 10 best plans:
those games' decisions are branch s67's at 965efa8, which the arena measured; with Prospect for Silver and at 3-4
players as before); and from branch s73 at 02ec891 (issue 43: at 2 players in the base game a simulation plays at least
4 turns, across a round's end: those games' decisions are branch s72's at 7a72b62, which the arena measured; with
Prospect for Silver and at 3-4 players as before); and from branch s78 at 07b9560 (issue 43: with Prospect for Silver
at 2 players too: that game's decisions are branch s77's at 609de7e, which the arena measured; the others as before);
and from branch s81 on 8 December (issue 43: Prospect for Silver back to 270 simulations that stop at the round's end:
that game's decisions equal those made at 02ec891; the others as before).
The positions
are the turn starts of journeyman games (2 players, with Prospect for Silver, 3 and 4 players); at each the
master thinks a fixed number of simulations (no time cap: the same on any machine) and its plan, the
runner-up's, both chances to win (``repr``: a last-bit change of any value the search weighs shows there)
and each seat's value by the master's and the journeyman's weights are recorded. The tests never run it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tiletum_tui.games.tiletum.engine import apply, current_player, new_game, notation, view
from tiletum_tui.games.tiletum.engine.state import TurnFrame
from tiletum_tui.games.tiletum.opponents.evaluate import evaluate
from tiletum_tui.games.tiletum.opponents.levels import Opponent
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.games.tiletum.opponents.weights import master_weights
from tiletum_tui.shell.opponents.base import Budget

HERE = Path(__file__).parent
SIMULATIONS = 40  # each decision's (enough for the tree to grow below the root, quick in a test)
# (players, modules, seed, the turn starts asked: (round, lap, seat)): early and late in a round, every round
GAMES = (
    (2, (), 11, ((1, 1, 0), (2, 2, 1), (3, 1, 1), (4, 3, 0))),
    (2, (), 12, ((1, 2, 1), (3, 3, 0), (4, 1, 0))),
    (2, ("silver",), 13, ((1, 1, 1), (2, 2, 0), (4, 2, 1))),
    (3, (), 14, ((2, 1, 2), (3, 2, 0))),
    (4, (), 15, ((1, 3, 3), (4, 1, 1))),
)


def positions(players: int, modules: tuple, seed: int, asked: tuple):
    """The views at the turn starts asked (``(round, lap, seat)``), in order, of a journeyman game, with the
    journeyman's moves up to each (notation)."""
    state = new_game(settings_for(("journeyman",) * players, seed=seed, modules=modules))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    moves: list[str] = []
    todo = list(asked)
    while todo and state.phase != "over":
        who = current_player(state)
        top = state.stack[-1]
        if isinstance(top, TurnFrame) and not top.die_taken and (state.round, state.lap, who) == todo[0]:
            yield todo.pop(0), view(state), list(moves)
        action = seats[who].choose(view(state)).action
        moves.append(notation(action))
        state = apply(state, action)
    assert not todo, f"seed {seed}: the game never reached {todo}"


def record(players: int, modules: tuple, seed: int, asked: tuple) -> list[dict]:
    out = []
    for (rnd, lap, who), seen, moves in positions(players, modules, seed, asked):
        choice = Opponent(who, "master", Budget(seconds=None, simulations=SIMULATIONS)).choose(seen)
        out.append({
            "round": rnd, "lap": lap, "seat": who, "moves": len(moves), "last move": moves[-1] if moves else "",
            "plan": [notation(a) for a in choice.plan], "win": repr(choice.win),
            "simulations": choice.simulations,
            "alternative": [notation(a) for a in choice.alternative or ()],
            "alternative win": repr(choice.alternative_win),
            "values, master's weights": [repr(v) for v in evaluate(seen, weights=master_weights(seen))],
            "values, journeyman's": [repr(v) for v in evaluate(seen)],
        })
    return out


def main() -> None:
    made_from = sys.argv[1] if len(sys.argv) > 1 else "?"
    games = [{"players": n, "modules": list(m), "seed": s, "asked": [list(a) for a in asked],
              "decisions": record(n, m, s, asked)} for n, m, s, asked in GAMES]
    out = {"made from": made_from, "simulations": SIMULATIONS, "games": games}
    (HERE / "master_decisions.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
