"""The variant with the 12 River tiles (rules text): the starting tile removed, the spring laid
first, the other river tiles drawn before the normal tiles, the lake after the last of them; no
U-turn of the river; no followers on rivers."""

from __future__ import annotations

import pytest

from tiletum_tui.games.carcassonne.data import load
from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles
from tiletum_tui.games.carcassonne.engine import IllegalAction, apply, new_game, parse
from tiletum_tui.games.carcassonne.engine.followers import spots
from tiletum_tui.games.carcassonne.engine.land import legal_places, why_not

from .helpers import arranged, play, settings


def test_the_spring_starts_the_river_tiles_come_first_and_the_lake_after_them():
    state = new_game(settings(river=True, seed=4))
    cat = river_tiles()  # (the River's own data: modules/river/tiles.json)
    assert [p.design for p in state.placed] == [cat.spring]
    river_ids = {d.id for d in cat.river_in(state.settings.rules)} - {cat.spring, cat.lake}
    order = [state.drawn, *state.pile[::-1]]  # in the order they will be drawn
    assert set(order[:10]) <= river_ids and order[10] == cat.lake
    assert not set(order[11:]) & set(cat.by_id)
    assert len(order) == 11 + 71 and load().starting_tile in order[11:]  # 71: the starting tile is removed


def test_a_river_tile_continues_the_river():
    state = arranged(["R3", "R3"], river=True)  # the spring's river runs south
    assert set(legal_places(state, "R3")) == {(0, 1, 0)}  # (turned 180° it looks the same: one place)
    assert why_not(state, "R3", 0, 1, 2) is None  # and the notation may still name that turn
    with pytest.raises(IllegalAction, match="a river tile continues the river: the river's open end is at 0,1"):
        apply(state, parse("1: place R3 at 1,0"))


def test_no_u_turn():
    state = play(arranged(["R4", "R4", "R3"], river=True), "1: place R4 at 0,1 r1", "1: no follower")  # turns west
    assert legal_places(state, "R4") == [(-1, 1, 3)]  # turning back north would be a U
    with pytest.raises(IllegalAction, match='a river tile may not be placed so that the river makes a "U" turn'):
        apply(state, parse("2: place R4 at -1,1 r2"))


# Issue 41, item 10: the river flowed east, then south, then west under itself (R8 at 6,3 turned 90°
# in a River game), and the next river tile fitted nowhere. The rules text: "a river tile may not be
# placed so that the river makes a "U" turn": two successive bends the same way, wherever the river
# has been. Here the spring's river turns left (east), then right (south): a second right bend would
# take it west again, under itself.
U_EAST_SOUTH = ("1: place R4 at 0,1 r2", "1: no follower", "2: place R6 at 1,1", "2: no follower")
# Its mirror: right (west), then left (south); a second left bend would take it east again.
U_WEST_SOUTH = ("1: place R4 at 0,1 r1", "1: no follower", "2: place R6 at -1,1 r3", "2: no follower")


@pytest.mark.parametrize("moves,u_turn,way,other", [(U_EAST_SOUTH, "place R8 at 1,2 r1", "right", (1, 2, 2)),
                                                    (U_WEST_SOUTH, "place R8 at -1,2 r2", "left", (-1, 2, 1))],
                         ids=["east-south-west", "the mirror: west-south-east"])
def test_no_u_turn_after_a_bend_the_other_way(moves, u_turn, way, other):
    state = play(arranged(["R4", "R6", "R8", "R3"], river=True), *moves)
    assert legal_places(state, "R8") == [other]  # only the bend the other way
    with pytest.raises(IllegalAction, match=f'makes a "U" turn \\(its last bend turned {way}: a second bend to '
                                            f'the {way} turns it back the way it came\\)'):
        apply(state, parse(f"1: {u_turn}"))
    play(state, "1: place R8 at {},{} r{}".format(*other), "1: no follower")  # the river goes on


def test_a_straight_stretch_between_two_bends_the_same_way_is_still_a_u():
    """Left, right, straight on, right again: the river flows back west, one tile below itself."""
    state = play(arranged(["R4", "R6", "R3", "R8", "R3"], river=True), *U_EAST_SOUTH,
                 "1: place R3 at 1,2", "1: no follower")
    assert legal_places(state, "R8") == [(1, 3, 2)]


def test_games_of_rules_versions_1_and_2_keep_their_count_of_turns_so_they_replay():
    """Version 2 counted the turns since the spring and let the reported U through: its saves replay."""
    for rules in (1, 2):
        state = play(arranged(["R4", "R6", "R8", "R3"], river=True, rules=rules), *U_EAST_SOUTH)
        assert sorted(legal_places(state, "R8")) == [(1, 2, 1), (1, 2, 2)]
        play(state, "1: place R8 at 1,2 r1")


def test_no_followers_on_rivers():
    state = play(arranged(["R3", "R3"], river=True), "1: place R3 at 0,1")
    river = next(s for s in spots(state) if s.name == "river N-S")
    assert river.refused == "followers may not be placed on rivers"
    with pytest.raises(IllegalAction, match="followers may not be placed on rivers"):
        apply(state, parse("1: farmer river N-S"))
    play(state, "1: farmer field E")


def test_the_lake_closes_the_river():
    state = play(arranged(["R2", "B"], river=True), "1: place R2 at 0,1 r2", "1: no follower")
    assert state.modules["river"].end is None and state.drawn == "B"
