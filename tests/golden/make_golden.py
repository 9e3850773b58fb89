"""Writes the golden games: seeded random games played by the engine as it stood before the
engine-shape change (issue 8), with the legal options counted at every step and the final scores.

Run once, by hand, on the engine whose behaviour is to be kept:

    python tests/golden/make_golden.py

It is kept so that anyone can see how the fixtures were made; the tests never run it.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, apply_in_place, digest, legal_actions, new_game, notation  # noqa: E402
from tiletum_tui.games.tiletum.engine import actions as A  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow")
NAMES = ("Ann", "Bob", "Cid", "Dee")
QUIET = (A.EndTurn, A.Done, A.Skip, A.DiscardKingTile, A.Refresh, A.Exchange, A.Buy)


def options_digest(texts: list[str]) -> str:
    return hashlib.sha256("\n".join(sorted(texts)).encode()).hexdigest()[:10]


def play(players: int, seed: int, policy: str, action_tiles: bool) -> dict:
    settings = Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                        action_tiles=action_tiles)
    state = new_game(settings)
    rng = random.Random(seed * 7919 + players)
    steps = []
    while state.phase != "over":
        legal = legal_actions(state)
        texts = [notation(a) for a in legal]
        if policy == "eager":
            busy = [a for a in legal if not isinstance(a, QUIET)]
            a = rng.choice(busy) if busy and rng.random() < 0.93 else rng.choice(legal)
        else:
            a = rng.choice(legal)
        # every 20th step also records the digest of the whole state (format-2 digest) before the action
        row = [notation(a), state.stack[-1].player, len(texts), options_digest(texts)]
        if len(steps) % 20 == 0:
            row.append(digest(state))
        steps.append(row)
        apply_in_place(state, a)
    return {
        "players": players, "seed": seed, "policy": policy, "action_tiles": action_tiles,
        "steps": steps,
        "final": {"vp": [p.vp for p in state.players], "ledger": [p.ledger for p in state.players],
                  "winner": state.winner, "turn_order": state.turn_order, "digest": digest(state)},
    }


def main() -> None:
    games = []
    for players in (2, 3, 4):
        for seed in (1, 2):
            games.append(play(players, seed, "uniform", False))
            games.append(play(players, seed + 10, "eager", False))
        games.append(play(players, 21, "eager", True))
    (HERE / "games.json").write_text(json.dumps(games, separators=(",", ":")) + "\n")
    # Save files written by this version (format 2), for the migration tests.
    from tiletum_tui.shell.session import Session

    out = HERE / "saves"
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, game, cut in (("v2-2p-unfinished", games[0], 40), ("v2-4p-finished", games[-2], None),
                                ("v2-3p-action-tiles", games[13], 150)):
            settings = Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(game["players"])),
                                seed=game["seed"], action_tiles=game["action_tiles"])
            moves = [s[0] for s in game["steps"]][:cut]
            session = Session.from_actions(settings, moves, save_dir=tmp)
            session.save_as(out / f"{name}.json")
    print(f"{len(games)} games, {sum(len(g['steps']) for g in games)} steps")


if __name__ == "__main__":
    main()
