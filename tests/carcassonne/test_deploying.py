"""Deploying followers (rules text): one a turn, from the supply, only on the tile just placed,
by segment (knight, thief, farmer, monk), never on a segment that connects to one with a follower
on it, no matter how far away."""

from __future__ import annotations

import pytest

from tiletum_tui.games.carcassonne.engine import IllegalAction, apply, legal_actions, parse
from tiletum_tui.games.carcassonne.engine.followers import spots

from .helpers import arranged, play


def test_roles_by_segment():
    state = play(arranged(["A", "B"]), "1: place A at 1,0 r1")  # cloister, road west to the starting tile
    assert {s.name: s.role for s in spots(state)} == {"cloister": "monk", "road W": "thief", "field": "farmer"}
    with pytest.raises(IllegalAction, match="a follower is a thief, not a knight"):
        apply(state, parse("1: knight road W"))
    after = play(state, "1: monk cloister")
    assert after.supply == (6, 7) and [f.role for f in after.followers] == ["monk"]


def test_only_on_the_tile_just_placed():
    state = play(arranged(["B", "B"]), "1: place B at 0,1")
    with pytest.raises(IllegalAction, match="only deploy it to the tile he just placed.*no 'city N'"):
        apply(state, parse("1: knight city N"))  # the starting tile's city: not the tile just placed


def test_first_the_tile_then_the_follower_and_only_one_a_turn():
    state = arranged(["B", "B"])
    with pytest.raises(IllegalAction, match="first the player must draw and place"):
        apply(state, parse("1: monk cloister"))
    state = play(state, "1: place B at 0,1", "1: monk cloister")
    with pytest.raises(IllegalAction, match="only play 1 follower on a turn"):
        apply(state, parse("1: farmer field"))


def test_never_on_a_feature_already_occupied_however_far():
    # Ann's thief on the road east of the start; Bob's tile two tiles further on the same road.
    state = play(arranged(["U", "U", "B"]), "1: place U at 1,0 r1", "1: thief road E-W", "2: place U at 2,0 r1")
    road = next(s for s in spots(state) if s.name == "road E-W")
    assert road.refused and "already has a follower (Ann)" in road.refused and "no matter how far away" in road.refused
    with pytest.raises(IllegalAction, match="no matter how far away"):
        apply(state, parse("2: thief road E-W"))
    assert parse("2: thief road E-W") not in legal_actions(state)
    play(state, "2: farmer field N")  # the field beside it is free


def test_from_the_supply():
    state = play(arranged(["B", "B"]), "1: place B at 0,1").clone()  # (writable, to arrange)
    state.supply[0] = 0  # as if Ann's seven followers were all on the land
    assert all("supply" in s.refused for s in spots(state))
    assert [a for a in legal_actions(state)] == [parse("1: no follower")]
