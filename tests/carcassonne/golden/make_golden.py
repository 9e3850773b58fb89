"""Writes Carcassonne's golden games: seeded random games (2 to 5 players, with and without the
River), every action's notation, the number of legal actions at each step, the digest at the end
and the final scores by category. Run by hand on the engine whose behaviour is to be kept:

    python tests/carcassonne/golden/make_golden.py

The tests replay the actions and compare; they never run this.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[2]))

from tiletum_tui.games.carcassonne.engine import (  # noqa: E402
    PlayerSetup, Settings, apply_in_place, digest, legal_actions, new_game, notation,
)

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
COLOURS = ("red", "blue", "green", "yellow", "black")
# (players, seed, River, rules version): the first five recorded under version 1, kept as they were;
# the sixth under version 2 (R11 in R9's place); the last under version 3 (no U-turn of the river).
GAMES = [(2, 1, False, 1), (2, 2, True, 1), (3, 3, False, 1), (4, 4, True, 1), (5, 5, False, 1), (3, 6, True, 2),
         (2, 7, True, 3)]


def play(players: int, seed: int, river: bool, rules: int) -> dict:
    settings = Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                        river=river, rules=rules)
    state = new_game(settings).clone()
    rng = random.Random(seed * 7919 + players)
    actions, counts = [], []
    while state.phase != "over":
        legal = legal_actions(state)
        counts.append(len(legal))
        action = rng.choice(legal)
        actions.append(notation(action))
        apply_in_place(state, action)
    return {"players": players, "seed": seed, "river": river, "rules": rules, "actions": actions,
            "legal_counts": counts, "digest": digest(state), "scores": state.scores, "ledger": state.ledger}


if __name__ == "__main__":
    (HERE / "games.json").write_text(json.dumps([play(*g) for g in GAMES], indent=0) + "\n")
