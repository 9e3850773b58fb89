"""Final scoring and the farms (rules text, "The farms", "Final scoring"): unfinished roads and
cities a point a segment and a pennant, unfinished cloisters a point for the cloister and each tile
around it; farmers never return and score 4 for each completed city their farm supplies, the most
farmers among the farms supplying a city taking it, ties each scoring 4."""

from __future__ import annotations

from .helpers import arranged, events_of, play


def test_an_unfinished_city_a_point_a_segment_and_a_pennant():
    state = play(arranged(["M"]), "1: place M at 0,-1 r2", "1: knight city E-S")
    assert state.phase == "over"
    assert [(e.seat, e.points, e.why) for e in events_of(state, "Scored")] == [
        (0, 3, "an unfinished city at 0,0 of 2 segments and 1 pennant: Ann 1 knight")]  # (issue 40: named)
    assert state.supply == (7, 7)


def test_an_unfinished_road_and_cloister():
    state = play(arranged(["A", "U"]), "1: place A at 1,0 r1", "1: monk cloister", "2: place U at -1,0 r1",
                 "2: thief road E-W")
    assert sorted((e.seat, e.points, e.category) for e in events_of(state, "Scored")) == [
        (0, 2, "unfinished cloister"),  # the cloister and the starting tile beside it
        (1, 3, "unfinished road")]  # three road segments: U, the starting tile, A


def test_farmers_never_return_and_supply_completed_cities():
    # Ann's farmer north of the city E closes; Bob's in the field between that city and the road.
    state = play(arranged(["E", "U"]), "1: place E at 0,-1 r2", "1: farmer field N", "2: place U at 1,0 r1")
    assert state.supply == (6, 7) and [f.role for f in state.followers] == ["farmer"]
    state = play(state, "2: farmer field N")
    farms = [(e.seat, e.points) for e in events_of(state, "Scored") if e.category == "farm"]
    assert farms == [(0, 4), (1, 4)]  # two farms supply the one city, one farmer each: a tie, both score
    assert state.supply == (6, 6)  # farmers are never returned


def test_only_completed_cities_are_supplied():
    state = play(arranged(["U"]), "1: place U at 1,0 r1", "1: farmer field N")  # the city is still open
    assert not [e for e in events_of(state, "Scored") if e.category == "farm"]


def test_each_final_score_names_its_feature_where_it_lies_and_the_followers_there():
    """Issue 40, item 8: not 20 identical lines "Ann scores 4 (farmers supplying a completed city)": each
    completed city with the farmers supplying it and where it lies, each unfinished feature with its
    followers; the score carries the feature's nodes (the city's and its farms') to show it on the land."""
    state = play(arranged(["E", "U"]), "1: place E at 0,-1 r2", "1: farmer field N", "2: place U at 1,0 r1",
                 "2: farmer field N")
    farms = [e for e in events_of(state, "Scored") if e.category == "farm"]
    assert {e.why for e in farms} == {"farmers supplying the city at 0,0 of 2 tiles: Ann 1 farmer, Bob 1"}
    city = state.find(state.placed[1].base)  # (E's city: the city of the starting tile it closed)
    farm_nodes = {state.find(f.node) for f in state.followers}
    nodes = set(farms[0].nodes)
    assert {n for n in nodes if state.kind[n] == "city"} == {n for n in range(len(state.parent))
                                                            if state.find(n) == city}
    assert {state.find(n) for n in nodes if state.kind[n] == "field"} == farm_nodes
    road = play(arranged(["U"]), "1: place U at 1,0 r1", "1: thief road E-W")
    (scored,) = events_of(road, "Scored")
    assert scored.why == "an unfinished road at 0,0 of 2 segments: Ann 1 thief" and len(scored.nodes) == 2


def test_what_a_feature_is_worth_now_is_what_the_final_scoring_would_give_it():
    """Issue 40, item 7: the feature under the cursor says what it would score now; that is the engine's own
    count (``scoring.worth``), checked here against the final scoring run on the same position."""
    import random

    from tiletum_tui.games.carcassonne.engine import apply_in_place, legal_actions, new_game
    from tiletum_tui.games.carcassonne.engine.scoring import final_scoring, worth

    from .helpers import settings

    checked = 0
    for seed in range(4):
        state = new_game(settings(3, seed)).clone()
        pick = random.Random(seed)
        for _ in range(90):
            apply_in_place(state, pick.choice(legal_actions(state)))
        before = state.clone()
        events: list = []
        final_scoring(state, events)
        for f in before.followers:
            w = worth(before, f.node)
            if f.role == "farmer":
                for (x, y), _tiles, winners in w.supplies:
                    got = {e.seat for e in events
                           if getattr(e, "category", "") == "farm" and f"the city at {x},{y} " in e.why}
                    assert got == set(winners)
            else:
                got = {(e.seat, e.points) for e in events if getattr(e, "nodes", None) == w.nodes}
                assert got == {(s, w.points) for s in w.winners}
            checked += 1
    assert checked > 20
