"""The second golden set (issue 18): rules version 2, with and without Prospect for Silver, at 2, 3 and 4
players, recorded by ``make_golden_v2.py`` on the engine as it stood before issue 18's change (states as
values, acting as a seat, one home per kind of action, an open registry). "Nothing of a rule changes":
at every step the same seat decides among the same legal actions and the same possible options, every
20 steps the whole state has the same digest, and the final scores by category and the winner agree.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tiletum_tui.games.tiletum.engine import (
    PlayerSetup, Settings, apply_in_place, current_player, digest, legal_actions, new_game, notation, options, parse,
)

HERE = Path(__file__).parent
GAMES = json.loads((HERE / "games_v2.json").read_text())
NAMES = ("Ann", "Bob", "Cid", "Dee")
COLOURS = ("red", "blue", "green", "yellow")


def _fingerprint(texts) -> str:
    return hashlib.sha256("\n".join(sorted(texts)).encode()).hexdigest()[:10]


def _settings(game) -> Settings:
    players = tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(game["players"]))
    return Settings(players=players, seed=game["seed"], modules=("silver",) if game["silver"] else (), rules=2)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['players']}p-seed{g['seed']}-{g['policy']}"
                         + ("-silver" if g["silver"] else ""))
def test_golden_v2_game_replays_exactly(game):
    state = new_game(_settings(game))
    for k, step in enumerate(game["steps"]):
        text, who, count, legal_print, option_count, option_print = step[:6]
        assert current_player(state) == who, f"step {k}"
        legal = [notation(a) for a in legal_actions(state)]
        assert (len(legal), _fingerprint(legal)) == (count, legal_print), f"step {k}: legal actions differ"
        possible = [notation(o.action) for o in options(state) if o.legal]
        assert (len(possible), _fingerprint(possible)) == (option_count, option_print), f"step {k}: options differ"
        if len(step) > 6:
            assert digest(state) == step[6], f"step {k}: the state differs"
        apply_in_place(state, parse(text, who))
    final = game["final"]
    assert state.phase == "over"
    assert [p.vp for p in state.players] == final["vp"]
    assert [p.ledger for p in state.players] == final["ledger"]  # the final table's VP by category
    assert state.winner == final["winner"] and list(state.turn_order) == final["turn_order"]
    assert digest(state) == final["digest"]


def test_the_v2_golden_set_covers_both_rulesets_at_every_player_count():
    assert {(g["players"], g["silver"]) for g in GAMES} == {(n, s) for n in (2, 3, 4) for s in (False, True)}
    assert sum(len(g["steps"]) for g in GAMES) > 2500
