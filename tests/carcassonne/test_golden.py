"""Golden random games (issue 19): recorded once (``golden/make_golden.py``), replayed exactly from
their notation: the same legal actions counted at every step, the same end (digest) and scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiletum_tui.carcassonne.engine import apply, apply_in_place, digest, legal_actions, new_game, parse

from .helpers import settings

GOLDEN = json.loads((Path(__file__).parent / "golden" / "games.json").read_text())


@pytest.mark.parametrize("game", GOLDEN, ids=lambda g: (f"{g['players']}p-seed{g['seed']}"
                                                         f"{'-river' if g['river'] else ''}-v{g['rules']}"))
def test_a_golden_game_replays_exactly(game):
    state = new_game(settings(game["players"], game["seed"], game["river"], game["rules"])).clone()
    for text, count in zip(game["actions"], game["legal_counts"], strict=True):
        assert len(legal_actions(state)) == count, text
        apply_in_place(state, parse(text))
    assert state.phase == "over"
    assert state.scores == game["scores"] and state.ledger == game["ledger"]
    assert digest(state) == game["digest"]


@pytest.mark.parametrize("game", GOLDEN[:2], ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_a_golden_game_replays_exactly_as_values(game):
    """States are values (issue 19, at Tiletum's standard): played through ``apply``, whose states
    are frozen, the game ends in the very digest and scores recorded before states were values."""
    state = new_game(settings(game["players"], game["seed"], game["river"], game["rules"]))
    for text in game["actions"]:
        state = apply(state, parse(text))
    assert list(state.scores) == game["scores"] and [dict(d) for d in state.ledger] == game["ledger"]
    assert digest(state) == game["digest"]
