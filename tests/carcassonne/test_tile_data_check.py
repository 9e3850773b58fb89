"""The tile data checked against what is known outside the program (issue 19: "Components as data
with provenance"; what the rules text does not print "comes from a public source named in the data").

The rules text prints only the River's shape (12 tiles: the spring, the lake, 10 others) and that the
starting tile is special; the counts come from the public sources in ``tiles.json`` (the River's in its
module's own, ``modules/river/tiles.json``). Two published
tables check the designs' edges independently of how they were typed in (docs/carcassonne.md,
"Checking the data"):

- the base game's 72 tiles: Robert Gatliff's edge statistics on Russ Williams' "Carcassonne Tile
  Distribution" page (russcon.org/RussCon/carcassonne/tiles2.html): edges of each kind, tiles showing
  each kind, and each pair of edges clockwise round a tile;
- the River: the tile distribution of "Carcassonne - The River (Big Box style) V1.2", each tile as its
  four edges clockwise (c city, f field, r road, s river), rotations alike.
"""

from __future__ import annotations

from collections import Counter

from tiletum_tui.games.carcassonne.data import load
from tiletum_tui.games.carcassonne.engine import RULES_VERSION
from tiletum_tui.games.carcassonne.engine.tiles import turned
from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles

LETTER = {"city": "c", "field": "f", "road": "r", "river": "s"}


def _edges(d) -> tuple[str, ...]:
    return turned(d.id, 0).edges


def test_the_land_tiles_edges_match_the_published_statistics():
    edges, showing, pairs, pair_tiles = Counter(), Counter(), Counter(), Counter()
    for d in load().land:
        e = _edges(d)
        clockwise = [(e[i], e[(i + 1) % 4]) for i in range(4)]
        for kind in e:
            edges[kind] += d.count
        for kind in set(e):
            showing[kind] += d.count
        for pair in clockwise:
            pairs[pair] += d.count
        for pair in set(clockwise):
            pair_tiles[pair] += d.count
    assert edges == {"field": 115, "road": 94, "city": 79}  # of the 288 edges
    assert showing == {"field": 59, "road": 45, "city": 44}
    published = {("field", "road"): (38, 30), ("road", "field"): (38, 30), ("road", "road"): (38, 28),
                 ("field", "field"): (46, 27), ("field", "city"): (31, 25), ("city", "field"): (31, 25),
                 ("city", "city"): (30, 20), ("road", "city"): (18, 18), ("city", "road"): (18, 18)}
    assert {p: (pairs[p], pair_tiles[p]) for p in pairs} == published


def _shape(d) -> str:
    """A tile's edges clockwise, as the published table writes them: the least of its rotations."""
    letters = "".join(LETTER[k] for k in _edges(d))
    return min(letters[i:] + letters[:i] for i in range(4))


PUBLISHED_RIVER = Counter({"fffs": 2, "ffss": 2, "fsfs": 2, "cscs": 1, "ccss": 1, "csrs": 1, "fsrs": 1, "rrss": 1,
                           "rsrs": 1})


def _river(rules: int) -> Counter:
    ours = Counter()
    for d in river_tiles().river_in(rules):
        ours[_shape(d)] += d.count
    return ours


def test_the_river_tiles_edges_match_the_published_distribution():
    """Rules version 2 and later (version 3, the default, changed no tile) have the River as the
    published table gives it, every tile: R11, a straight river between a city and a road (``csrs``),
    in place of version 1's R9."""
    assert _river(2) == _river(RULES_VERSION) == PUBLISHED_RIVER and RULES_VERSION == 3
    assert _shape(river_tiles().by_id["R11"]) == "csrs"


def test_version_1_keeps_its_r9_so_its_games_replay_as_they_were_played():
    """R9 (a field where the table has a road: ``csfs`` against ``csrs``) stays in version 1's box, so a
    River game saved under version 1 plays on with the tiles it was dealt."""
    assert _river(1) - PUBLISHED_RIVER == Counter({"csfs": 1}) and PUBLISHED_RIVER - _river(1) == Counter({"csrs": 1})
    assert _shape(river_tiles().by_id["R9"]) == "csfs"
    assert {d.id for d in river_tiles().river_in(1)} ^ {d.id for d in river_tiles().river_in(2)} == {"R9", "R11"}
