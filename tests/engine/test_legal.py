"""What may be done now: ``legal_actions`` and ``options`` against ``check`` over random games.

``legal_actions`` checks only the candidates it is unsure of; those it makes legal by construction
(``sure``: a move while AP are left, an exchange of a Resource one has, an affordable die) it trusts.
These tests hold every trusted candidate to ``check``, and every refused option to its reason.
"""

import random

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError, apply_in_place, check, legal_actions, options
from tiletum_tui.games.tiletum.engine.legal import candidates

from .conftest import game, is_legal, rules, set_res


def _games(players: int, seeds):
    """Positions of random games (one player rich in Gold and Food, to reach more options)."""
    for seed in seeds:
        s = game(players, seed=seed)
        set_res(s.players[0], G=9, F=8)
        rng = random.Random(seed * 7 + players)
        while s.phase != "over":
            yield s
            apply_in_place(s, rng.choice(legal_actions(s)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_candidates_listed_without_checking_are_all_legal(players):
    seen = 0
    for s in _games(players, range(3)):
        sure: list = []
        unsure = candidates(rules(s), s, sure)
        for a in sure:
            check(s, a)  # raises if a trusted candidate is illegal
            seen += 1
        legal = legal_actions(s)
        assert set(legal) == set(sure) | {a for a in unsure if is_legal(s, a)}
        assert len(set(legal)) == len(legal), "an action listed twice"
    assert seen > 1000


def test_options_are_the_legal_actions_then_refusals_with_the_rules_reason():
    refusals = 0
    for s in _games(3, range(2)):
        opts = options(s)
        legal = legal_actions(s)
        assert [o.action for o in opts if o.legal] == legal
        assert all(o.legal for o in opts[:len(legal)])  # the legal ones first
        for o in opts[len(legal):]:
            with pytest.raises(IllegalActionError) as info:
                check(s, o.action)
            assert str(info.value) == o.reason
            refusals += 1
    assert refusals > 100
