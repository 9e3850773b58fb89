"""Writes ``master_decisions.json``: Carcassonne's master's decisions, its whole search tree and the evaluation's
values at fixed positions, as the code they were recorded from made them (``test_same_decisions.py`` holds
today's code to them).

Run once, by hand, on the tree whose decisions are to be kept (its ``tiletum_tui`` first on the path):

    git archive <commit> | tar -x -C /tmp/reference
    PYTHONPATH=/tmp/reference python tests/carcassonne/opponents/make_master_decisions.py <commit>

Made from main at d31b71b (issue 43: Carcassonne's simulations made cheaper must not change a decision, as
Tiletum's: tests/opponents/make_master_decisions.py). The positions are turn starts of journeyman games (2 and
4 players, with and without the River; early, mid and late; the player deciding with followers in supply and
with none). At each the master thinks a fixed number of simulations (no time cap: the same on any machine);
recorded are its whole turn and the runner-up's, both chances to win and gains (``repr``: a last-bit change
of any value the search weighs shows there), every root candidate's visits and total, a digest of the whole
tree (every node's turn, value, visits, total and deals, per tile drawn), the journeyman's ranking of the
tile's turns and each seat's value by the journeyman's and the master's odds. The tests never run it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from tiletum_tui.games.carcassonne.engine import apply_in_place, new_game, notation, view
from tiletum_tui.games.carcassonne.opponents.evaluate import MASTER_ODDS, values
from tiletum_tui.games.carcassonne.opponents.levels import Opponent, decision_seed
from tiletum_tui.games.carcassonne.opponents.master import search
from tiletum_tui.games.carcassonne.opponents.match import settings_for
from tiletum_tui.games.carcassonne.opponents.options import turn_options
from tiletum_tui.shell.opponents.base import Budget

HERE = Path(__file__).parent
SIMULATIONS = 150  # each decision's: the tree grows turns below the root (the level's 530-640 take a second or more)
# (players, modules, seed, the turns asked: a turn's number, its tile drawn and not yet placed; of those, the
# turns the master also decides at its level's own simulations, through ``Opponent.choose``)
GAMES = (
    (2, (), 21, (2, 30, 55, 68), ()),
    (2, ("river",), 22, (3, 14, 36, 73), (36,)),
    (4, (), 23, (5, 32, 38, 69), (32,)),
    (4, ("river",), 24, (2, 30, 46, 76), ()),
)
CAP = 600.0  # seconds: the time cap, far out of reach (a decision cut short would say so: its simulations)


def positions(players: int, modules: tuple, seed: int, asked: tuple):
    """The views at the turn starts asked, in order, of a journeyman game, with the journeyman's moves up
    to each (notation)."""
    state = new_game(settings_for(("journeyman",) * players, seed=seed, modules=modules)).clone()
    seats = [Opponent(i, "journeyman") for i in range(players)]
    moves: list[str] = []
    todo = list(asked)
    while todo and state.phase != "over":
        if state.phase == "place" and state.turn == todo[0]:
            yield todo.pop(0), view(state, state.seat), list(moves)
        action = seats[state.seat].choose(view(state, state.seat)).action
        moves.append(notation(action))
        apply_in_place(state, action)
    assert not todo, f"seed {seed}: the game never reached turn {todo}"


def tree_digest(node) -> str:
    """Every node's turn (its key and value), visits, total and deals, its children per tile drawn in order,
    hashed: a tree that grew one visit or one last bit otherwise differs."""
    h = hashlib.sha256()

    def walk(n, depth):
        o = n.option
        h.update(repr((depth, None if o is None else (o.place.x, o.place.y, o.place.rotation, o.deploy.role,
                                                       o.deploy.segment, o.value),
                       n.visits, n.total, n.dealt, sorted(n.ranked))).encode())
        for design in sorted(n.children):
            for key in sorted(n.children[design], key=repr):
                h.update(repr((design, key)).encode())
                walk(n.children[design][key], depth + 1)

    walk(node, 0)
    return h.hexdigest()


def decide(seen, who: int, simulations: int) -> dict:
    """What the master's decision and its search give at ``seen``."""
    budget = Budget(seconds=CAP, simulations=simulations)  # (``Opponent.choose``'s search, at these simulations)
    choice, root = search(seen, who, budget, decision_seed(seen, who, "master"))
    ranked = turn_options(seen, who, MASTER_ODDS)
    return {
        "plan": [notation(a) for a in choice.plan], "win": repr(choice.win), "gain": repr(choice.gain),
        "simulations": choice.simulations,
        "alternative": [notation(a) for a in choice.alternative or ()],
        "alternative win": repr(choice.alternative_win), "alternative gain": repr(choice.alternative_gain),
        "candidates": None if root is None else [
            [notation(c.option.place), notation(c.option.deploy), c.visits, repr(c.total)]
            for c in root.children[""].values()],
        "tree": None if root is None else tree_digest(root),
        "journeyman's ranking": [[notation(o.place), notation(o.deploy), repr(o.value)] for o in ranked[:8]],
        "turns": len(ranked),
        "values": [repr(v) for v in values(seen)],
        "values, master's odds": [repr(v) for v in values(seen, odds=MASTER_ODDS)],
    }


def at_level(seen, who: int) -> dict:
    """The master's decision at its level's own simulations, as a game asks it (``Opponent.choose``)."""
    choice = Opponent(who, "master", Budget(seconds=CAP)).choose(seen)
    return {"plan": [notation(a) for a in choice.plan], "win": repr(choice.win), "simulations": choice.simulations,
            "alternative": [notation(a) for a in choice.alternative or ()],
            "alternative win": repr(choice.alternative_win)}


def record(players: int, modules: tuple, seed: int, asked: tuple, level: tuple) -> list[dict]:
    out = []
    for turn, seen, moves in positions(players, modules, seed, asked):
        out.append({"turn": turn, "seat": seen.seat, "in supply": seen.supply[seen.seat], "drawn": seen.drawn,
                    "moves": len(moves), "last move": moves[-1] if moves else "",
                    **decide(seen, seen.seat, SIMULATIONS),
                    **({"at the level's simulations": at_level(seen, seen.seat)} if turn in level else {})})
    return out


def main() -> None:
    made_from = sys.argv[1] if len(sys.argv) > 1 else "?"
    games = [{"players": n, "modules": list(m), "seed": s, "asked": list(asked), "at the level's": list(level),
              "decisions": record(n, m, s, asked, level)} for n, m, s, asked, level in GAMES]
    out = {"made from": made_from, "simulations": SIMULATIONS, "games": games}
    (HERE / "master_decisions.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
