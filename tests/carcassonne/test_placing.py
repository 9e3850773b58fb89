"""Placing land tiles (rules text): at least one edge abutting a placed tile, never corner to
corner; every abutting edge continuing field to field, city to city, road to road; a drawn tile
with no legal placement goes into the box and another is drawn. Legal places come from the
frontier: they are exactly the places the refusals let through."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.games.carcassonne.engine import IllegalAction, apply, apply_in_place, legal_actions, new_game, parse
from tiletum_tui.games.carcassonne.engine.land import legal_places, why_not
from tiletum_tui.games.carcassonne.engine.tiles import alike

from .helpers import arranged, events_of, play, settings


def test_a_tile_must_abut_a_placed_tile_not_corner_to_corner():
    state = arranged(["B"])
    with pytest.raises(IllegalAction, match="at least one edge abutting.*corner to corner"):
        apply(state, parse("1: place B at 1,1"))


def test_every_abutting_edge_must_continue_the_segments():
    state = arranged(["E"])  # E: a city on its north edge
    with pytest.raises(IllegalAction, match=r"its north edge \(city\) meets field on the tile at 0,0: all field, "
                                            "city and road segments"):
        apply(state, parse("1: place E at 0,1"))  # the starting tile's south edge is a field
    play(state, "1: place E at 0,1 r2")  # turned: the city faces south, the field meets the field


def test_a_tile_already_there():
    with pytest.raises(IllegalAction, match="a tile already lies at 0,0"):
        apply(arranged(["B"]), parse("1: place B at 0,0"))


def test_only_the_drawn_tile():
    with pytest.raises(IllegalAction, match="the tile drawn is B, not C"):
        apply(arranged(["B"]), parse("1: place C at 0,-1"))


def test_a_drawn_tile_with_no_legal_placement_goes_into_the_box_and_another_is_drawn():
    # E turned closes the starting tile's city: no city edge is left open, so C (all city) fits nowhere.
    state = play(arranged(["E", "C", "B"]), "1: place E at 0,-1 r2", "1: no follower")
    assert [e.design for e in events_of(state, "TileDiscarded")] == ["C"]
    assert state.discarded == ("C",) and state.drawn == "B"


def test_the_legal_places_are_exactly_those_the_rules_let_through():
    state = new_game(settings(seed=11)).clone()
    rng = random.Random(11)
    for step in range(60):
        if state.phase == "place" and step % 6 == 0:
            xs = [p.x for p in state.placed]
            ys = [p.y for p in state.placed]
            # (turns that look alike on the land are one place: issue 41, item 12)
            brute = {(x, y, alike(state.drawn, r)) for x in range(min(xs) - 1, max(xs) + 2)
                     for y in range(min(ys) - 1, max(ys) + 2) for r in range(4)
                     if why_not(state, state.drawn, x, y, r) is None}
            places = legal_places(state, state.drawn)
            assert set(places) == brute and len(places) == len(brute)
        apply_in_place(state, rng.choice(legal_actions(state)))
