"""Writes the second golden set (issue 18): seeded random games under rules version 2, with and without
Prospect for Silver, at 2, 3 and 4 players, played by the engine as it stood before issue 18's change.

At every step: the notation of the move played, the seat deciding, the count of legal actions and of
options the screens offer as possible with a fingerprint of each list; every 20 steps the digest of the whole state;
at the end the scores, the VP by category, the winner and the final digest. Run once, by hand:

    python tests/golden/make_golden_v2.py

It is kept so that anyone can see how the fixtures were made; the tests never run it.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))

from tiletum_tui.games.tiletum.engine import (  # noqa: E402
    PlayerSetup, Settings, apply_in_place, current_player, digest, legal_actions, new_game, notation, options,
)

COLOURS = ("red", "blue", "green", "yellow")
NAMES = ("Ann", "Bob", "Cid", "Dee")
QUIET = ("end", "done", "skip", "discard", "refresh", "exchange", "buy")


def fingerprint(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(sorted(texts)).encode()).hexdigest()[:10]


def option_texts(state) -> list[str]:
    """The options a screen offers as possible (the greyed ones and their words may grow; these may not)."""
    return [notation(o.action) for o in options(state) if o.legal]


def settings_for(players: int, seed: int, silver: bool) -> Settings:
    return Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                    modules=("silver",) if silver else (), rules=2)


def play(players: int, seed: int, policy: str, silver: bool) -> dict:
    state = new_game(settings_for(players, seed, silver))
    rng = random.Random(seed * 7919 + players)
    steps = []
    while state.phase != "over":
        legal = legal_actions(state)
        texts = [notation(a) for a in legal]
        opts = option_texts(state)
        if policy == "eager":
            busy = [a for a, t in zip(legal, texts) if t.split(": ", 1)[-1].split(" ")[0] not in QUIET]
            a = rng.choice(busy) if busy and rng.random() < 0.93 else rng.choice(legal)
        else:
            a = rng.choice(legal)
        row = [notation(a), current_player(state), len(texts), fingerprint(texts), len(opts), fingerprint(opts)]
        if len(steps) % 20 == 0:
            row.append(digest(state))
        steps.append(row)
        apply_in_place(state, a)
    return {
        "players": players, "seed": seed, "policy": policy, "silver": silver, "steps": steps,
        "final": {"vp": [p.vp for p in state.players], "ledger": [p.ledger for p in state.players],
                  "winner": state.winner, "turn_order": list(state.turn_order), "digest": digest(state)},
    }


def main() -> None:
    games = []
    for silver in (False, True):
        for players in (2, 3, 4):
            games.append(play(players, 31 + players, "uniform", silver))
            games.append(play(players, 41 + players, "eager", silver))
    (HERE / "games_v2.json").write_text(json.dumps(games, separators=(",", ":")) + "\n")
    print(f"{len(games)} games, {sum(len(g['steps']) for g in games)} steps")


if __name__ == "__main__":
    main()
