"""Golden random games (issue 19): recorded once (``golden/make_golden.py``), replayed exactly from
their notation: the same legal actions counted at every step, the same end (digest) and scores.

They were recorded when a tile's turns that look alike (a straight road turned 90° and 270°) were
offered as two moves; they are one now (issue 41, item 12). The records are kept as they were: the
count of legal moves is compared with every turn alike counted, and a record naming the turn no
longer offered still replays, as the same placement, to the very digest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiletum_tui.games.carcassonne.engine import Place, apply, apply_in_place, digest, legal_actions, new_game, parse
from tiletum_tui.games.carcassonne.engine.rules import same_move
from tiletum_tui.games.carcassonne.engine.tiles import alike

from .helpers import settings

GOLDEN = json.loads((Path(__file__).parent / "golden" / "games.json").read_text())


def _turns_alike(action) -> int:
    """How many moves the records counted for one legal move: a placement, once per turn alike."""
    if not isinstance(action, Place):
        return 1
    return sum(alike(action.design, r) == action.rotation for r in range(4))


@pytest.mark.parametrize("game", GOLDEN, ids=lambda g: (f"{g['players']}p-seed{g['seed']}"
                                                         f"{'-river' if g['river'] else ''}-v{g['rules']}"))
def test_a_golden_game_replays_exactly(game):
    state = new_game(settings(game["players"], game["seed"], game["river"], game["rules"])).clone()
    for text, count in zip(game["actions"], game["legal_counts"], strict=True):
        legal = legal_actions(state)
        assert sum(map(_turns_alike, legal)) == count, text
        action = parse(text)
        assert any(same_move(action, a) for a in legal), text  # offered, maybe in a turn alike
        apply_in_place(state, action)
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
