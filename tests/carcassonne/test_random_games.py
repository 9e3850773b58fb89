"""Random games (issue 19): at every player count, with and without the River, the invariants hold
after every action (every follower in exactly one place, the feature graph the tiles make, scores
never dropping), every legal action passes the check, the notation round-trips, ``apply`` leaves
the state it was given alone, and the same seed plays the same game."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.games.carcassonne.engine import apply, check, digest, legal_actions, new_game, notation, parse
from tiletum_tui.games.carcassonne.engine.invariants import check_invariants

from .helpers import settings


def random_game(players: int, seed: int, river: bool, *, checks: bool = True):
    state = new_game(settings(players, seed, river))
    rng = random.Random(seed)
    digests = [digest(state)]
    while state.phase != "over":
        options = legal_actions(state)
        assert options, "a game not over always has a legal action"
        action = rng.choice(options)
        if checks:
            check(state, action)
            assert parse(notation(action)) == action
        before = digest(state)
        after = apply(state, action)
        assert digest(state) == before  # apply returns a new state
        if checks:
            check_invariants(after, state)
        state = after
        digests.append(digest(state))
    return state, digests


@pytest.mark.parametrize("players,river", [(2, False), (3, True), (4, False), (5, True)])
def test_random_games_keep_the_invariants(players, river):
    state, _ = random_game(players, 100 + players, river)
    assert state.phase == "over" and not state.pile
    assert len(state.placed) + len(state.discarded) == (83 if river else 72)
    assert not [f for f in state.followers if f.role != "farmer"]  # the final scoring returned the others


def test_the_same_seed_plays_the_same_game():
    assert random_game(2, 9, True, checks=False)[1] == random_game(2, 9, True, checks=False)[1]
