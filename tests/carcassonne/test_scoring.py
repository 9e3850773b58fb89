"""Scoring completed cloisters, roads and cities (rules text): at once, a road a point a tile, a
city two a tile and two a pennant, a cloister 9; the most followers score all, ties each score in
full; followers return only after a score, and may be deployed, scored and returned in one turn."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.engine.scoring import majority

from .helpers import arranged, events_of, play


def test_complete_deploy_score_return_in_one_turn():
    # E turned closes the starting tile's city: 2 tiles, 4 points, and the knight comes back at once.
    state = play(arranged(["E", "B"]), "1: place E at 0,-1 r2", "1: knight city S")
    assert state.scores == (4, 0) and state.supply == (7, 7) and not state.followers
    kinds = [type(e).__name__ for e in state.events]
    assert kinds.index("FollowerDeployed") < kinds.index("Scored") < kinds.index("FollowerReturned")


def test_a_completed_city_with_a_pennant():
    state = play(arranged(["M", "E", "B"]), "1: place M at 0,-1 r2", "1: knight city E-S",
                 "2: place E at 1,-1 r3")
    assert state.scores == (0, 0) and state.supply == (6, 7)  # not yet: followers return only after a score
    state = play(state, "2: no follower")
    (scored,) = events_of(state, "Scored")
    assert (scored.seat, scored.points, scored.why) == (0, 8, "a completed city of 3 tiles and 1 pennant")
    assert state.supply == (7, 7)


def test_a_completed_road_scores_a_point_a_tile_and_ties_score_in_full():
    # Ann's thief east of the start, Bob's on a road from the south; a curve joins them, crossings end them.
    state = play(arranged(["U", "B", "B", "V", "V", "W", "W", "B"]),
                 "1: place U at 1,0 r1", "1: thief road E-W",
                 "2: place B at 1,1", "2: no follower",
                 "1: place B at 0,1", "1: no follower",
                 "2: place V at 2,1 r2", "2: thief road N-E",
                 "1: place V at 2,0", "1: no follower",
                 "2: place W at -1,0", "2: no follower")
    assert state.scores == (0, 0)
    state = play(state, "1: place W at 3,1", "1: no follower")
    assert sorted((e.seat, e.points, e.category) for e in events_of(state, "Scored")) == [
        (0, 6, "road"), (1, 6, "road")]
    assert state.supply == (7, 7)


def test_the_most_followers_score_all():
    """"the player with the most thieves (one a road) or the most knights (in a city) earns all the points"."""
    assert majority([0, 1, 0]) == (0,)
    assert majority([2, 1, 2, 1]) == (1, 2)  # "they each earn the total points"
    assert majority([]) == ()


def test_a_cloister_surrounded_scores_9():
    around = [(-1, 1), (1, 1), (-1, 2), (1, 2), (-1, 3), (0, 3), (1, 3)]
    state = play(arranged(["B"] * 10), "1: place B at 0,1", "1: no follower", "2: place B at 0,2", "2: monk cloister")
    for i, (x, y) in enumerate(around):
        seat = 1 + i % 2
        state = play(state, f"{seat}: place B at {x},{y}")
        if i < len(around) - 1:
            state = play(state, f"{seat}: no follower")
            assert state.scores == (0, 0)
    state = play(state, f"{seat}: no follower")  # Ann places the eighth tile around it: Bob's monk scores
    assert [(e.seat, e.points, e.why) for e in events_of(state, "Scored")] == [(1, 9, "a completed cloister")]
    assert state.supply == (7, 7)


def test_separate_segments_on_a_tile_count_just_once():
    # A loop from the crossing's east road round three curves back into its south road: 5 segments, 4 tiles.
    state = play(arranged(["X", "V", "V", "V", "B"]), "1: place X at 1,0", "1: thief road E",
                 "2: place V at 2,0", "2: no follower", "1: place V at 2,1 r1", "1: no follower",
                 "2: place V at 1,1 r2", "2: no follower")
    assert [(e.seat, e.points, e.why) for e in events_of(state, "Scored")] == [(0, 4, "a completed road of 4 tiles")]
