"""The hint's words (issue 20): "the master's suggestion for the tile and follower, with why (what it
completes or threatens, the points it expects)"; every number in them is the engine's."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.engine import Deploy, Place, apply, new_game, view
from tiletum_tui.games.carcassonne.engine.followers import spots
from tiletum_tui.games.carcassonne.engine.rules import forecast
from tiletum_tui.games.carcassonne.opponents.explain import explain

from ..helpers import settings


def test_the_words_say_what_the_tile_completes_who_scores_and_what_the_follower_goes_for():
    seed = next(s for s in range(1, 2000) if new_game(settings(2, s)).drawn == "E")
    seen = view(new_game(settings(2, seed)))
    place, knight = Place(0, "E", 0, -1, 2), Deploy(0, "knight", "city S")
    scored = [e for e in forecast(seen, "E", 0, -1, 2) if type(e).__name__ == "FeatureCompleted"]
    assert [(e.kind, e.tiles) for e in scored] == [("city", 2)]
    words = explain(seen, place, knight, 4.2, 0.61, [Place(0, "E", 0, 1, 0), Deploy(0, None, None)], 1.5)
    assert words.startswith("Master: place E at 0,-1, turned 180°, then a knight on the city S")
    assert "it completes a city of 2 tiles (nobody on it yet)" in words  # before the knight: nobody scores
    # (the size said once: issue 41, a hint took six lines at 80 columns)
    assert "(nobody on it yet); the knight scores the city at once and comes back." in words
    assert "It expects +4.2 points over the others (61% to win)" in words
    assert "Next best: E at 0,1, no follower (+1.5)" in words
    # Seen at 80x24: "It expects -1.6 points ... (65% to win). Next best: ... (+0.0)" read as a worse
    # suggestion; the next best's chance to win says why it is second
    words = explain(seen, place, knight, -1.6, 0.65, [Place(0, "E", 0, 1, 0), Deploy(0, None, None)], 0.0, 0.58)
    assert "(65% to win). Next best: E at 0,1, no follower (+0.0, 58% to win)" in words


def test_a_farmer_is_explained_by_the_cities_its_farm_supplies():
    seed = next(s for s in range(1, 2000) if new_game(settings(2, s)).drawn == "E")
    seen = view(new_game(settings(2, seed)))
    placed = apply(new_game(settings(2, seed)), Place(0, "E", 0, -1, 2))  # (a view is never played on)
    field = next(s.name for s in spots(placed) if s.role == "farmer")
    words = explain(seen, Place(0, "E", 0, -1, 2), Deploy(0, "farmer", field), 0.0, None)
    assert "a farm supplying 1 city, 1 completed (4 points each at the end to the most farmers" in words
    assert "farmers never come back" in words


def test_a_farm_supplying_two_cities_says_cities():
    """Seen at 80x24: "a farm supplying 2 citys". The start tile's city and the L's own (seed 4) both
    border the field N of an L placed east of it."""
    seen = view(new_game(settings(2, 4)))
    assert seen.drawn == "L"
    words = explain(seen, Place(0, "L", 1, 0, 0), Deploy(0, "farmer", "field N"), 0.0, None)
    assert "a farm supplying 2 cities, 0 completed" in words
