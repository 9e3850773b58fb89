"""Preparation and Game end: the starting tile face up in the middle, the others shuffled face down;
the game ends after the turn that places the last tile (rules text, "Preparation", "Game end")."""

from __future__ import annotations

import pytest

from tiletum_tui.games.carcassonne.engine import CarcassonneError, digest, new_game, view

from .helpers import arranged, events_of, play, settings


def test_the_starting_tile_lies_in_the_middle_and_71_tiles_are_face_down():
    state = new_game(settings())
    assert [(p.design, p.x, p.y) for p in state.placed] == [("D", 0, 0)]
    assert len(state.pile) + 1 == 71 and state.drawn is not None
    assert state.supply == (7, 7) and state.scores == (0, 0)


def test_the_seed_fixes_the_order_of_the_tiles():
    assert digest(new_game(settings(seed=5))) == digest(new_game(settings(seed=5)))
    assert new_game(settings(seed=5)).pile != new_game(settings(seed=6)).pile


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players):
    with pytest.raises(CarcassonneError, match="2 to 5 players"):
        new_game(settings(players))


def test_the_order_of_the_face_down_tiles_is_hidden_but_their_counts_are_public():
    state = new_game(settings(seed=3))
    seen = view(state, 0)
    assert seen.rng == 0 and seen.pile == tuple(sorted(state.pile)) and seen.pile != state.pile
    assert seen.drawn == state.drawn  # the drawn tile is shown to everyone


def test_the_game_ends_after_the_turn_that_places_the_last_tile():
    state = play(arranged(["B", "U"]), "1: place B at 0,1", "1: no follower")
    assert state.phase == "place" and state.drawn == "U"
    state = play(state, "2: place U at 1,1", "2: no follower")
    assert state.phase == "over" and events_of(state, "GameEnded")
