"""Random games with the expansion to the end (issue 13, Tests): every invariant after every action, replays
exact, ``apply`` never touching the state it was given, trusted candidates legal, refused options refused with
their reason, views hiding the Underground pile's order."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.games.tiletum.engine import (
    IllegalActionError, apply_in_place, check, digest, legal_actions, options, sample, view,
)
from tiletum_tui.games.tiletum.engine.invariants import problems
from tiletum_tui.games.tiletum.engine.legal import candidates
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import sv
from tiletum_tui.games.tiletum.engine.views import decode_view, encode_view

from ..engine.conftest import is_legal
from ..engine.test_properties import WRONG, _eager, play_and_check
from .conftest import game, set_res
from tiletum_tui.games.tiletum.engine.state import put

SILVER_WRONG = WRONG + ["die 3B prospector", "die 5Y prospector +bonus", "prospect 1A2", "prospect 2B2", "step 1A2",
                        "utake ub01a", "mine 1A3 1", "mine 1A6 2", "uhouse 1A3 1", "upillar 1A3", "prospector m2",
                        "prospector m9", "ucathedral 1A3", "tech joker", "tech resource", "marker king", "rtile F",
                        "joker prospector"]


@pytest.mark.parametrize("options_", [(), ("silver.a-sides", "silver.first-technologies")], ids=["random", "first"])
@pytest.mark.parametrize("policy", ["uniform", "eager"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_the_expansion_keep_every_invariant_and_replay_exactly(players, policy, options_):
    for seed in range(3 if policy == "uniform" else 2):
        play_and_check(lambda: game(players, seed=seed, options=options_), random.Random(seed * 31 + players), policy,
                       SILVER_WRONG)


def _games(players: int, seeds):
    for seed in seeds:
        s = game(players, seed=seed, options=())
        set_res(s.players[0], G=9, F=8)
        put(sv(s).players[0], "silver", 12)  # rich in Silver: Technologies, Prospectors, Cathedrals
        rng = random.Random(seed * 7 + players)
        while s.phase != "over":
            yield s
            apply_in_place(s, _eager(rng, legal_actions(s)))


@pytest.mark.parametrize("players", [2, 4])
def test_trusted_candidates_are_legal_and_refused_options_refused_with_their_reason(players):
    seen = refused = 0
    for s in _games(players, range(2)):
        r = rules_for(s.settings)
        sure: list = []
        unsure = candidates(r, s, sure)
        for a in sure:
            check(s, a)
            seen += 1
        legal = legal_actions(s)
        assert set(legal) == set(sure) | {a for a in unsure if is_legal(s, a)} and len(set(legal)) == len(legal)
        before = digest(s)
        for o in options(s):
            if o.legal:
                continue
            with pytest.raises(IllegalActionError) as info:
                apply_in_place(s, o.action)
            assert str(info.value) == o.reason
            refused += 1
        assert digest(s) == before
    assert seen > 1000 and refused > 300


def test_a_view_hides_the_underground_piles_order_and_a_sample_plays_on():
    """What a seat may not see stays out of a view: the Underground Bonus pile is face down, so a view keeps its
    tiles but not their order; a state sampled from the view plays on."""
    s = game(3, seed=4, options=())
    seen = view(s)
    pile = sv(s).underground_pile
    assert sorted(pile) == list(sv(seen).underground_pile) and list(pile) != sorted(pile)
    assert legal_actions(seen) == legal_actions(s)
    assert decode_view(encode_view(seen)) == seen  # a view travels whole (to an opponent's process)
    dealt = sample(seen, seed=3)
    assert not problems(dealt) and sorted(sv(dealt).underground_pile) == sorted(pile)
    apply_in_place(dealt, legal_actions(dealt)[0])
    assert sv(s).underground_pile == pile  # the game itself untouched
