"""The components as data (issue 19): 72 land tiles with the starting tile among them, 12 River
tiles, each design's edges and segments, followers per player, player counts, and their sources."""

from __future__ import annotations

import msgspec
import pytest

from tiletum_tui.games.carcassonne.data import catalogue, load
from tiletum_tui.games.carcassonne.engine import RULES_VERSIONS
from tiletum_tui.games.carcassonne.engine.tiles import turned
from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles


def test_72_land_tiles_with_the_starting_tile_and_12_river_tiles():
    cat = load()
    for rules in RULES_VERSIONS:  # every rules version's box: the River replaced one design (docs/carcassonne.md)
        river = river_tiles()  # (the River's tiles are its module's: modules/river/tiles.json)
        assert sum(d.count for d in cat.land) == 72 and sum(d.count for d in river.river_in(rules)) == 12
        assert {river.spring, river.lake} <= {d.id for d in river.river_in(rules)}
    assert cat.starting_tile in {d.id for d in cat.land}
    assert cat.followers_per_player == 7 and cat.players == (2, 5)


def test_pennants_and_cloisters_as_published():
    cat = load()
    pennants = sum(d.count for d in cat.land if any(s.pennant for s in d.segments))
    cloisters = sum(d.count for d in cat.land if any(s.kind == "cloister" for s in d.segments))
    assert (pennants, cloisters) == (10, 6)


def test_every_value_the_text_does_not_print_names_its_source_or_is_authored():
    cat = load()
    ids = {s.id for s in cat.sources}
    for what, where in cat.provenance.items():
        assert where == "authored" or where.removeprefix("public:") in ids, what


def test_a_design_that_misses_a_sub_position_is_refused_at_load(monkeypatch):
    raw = msgspec.json.decode(__import__("importlib").resources.files(catalogue.__package__)
                              .joinpath("tiles.json").read_bytes())
    raw["land"][0]["segments"][1]["at"] = []  # A's road gone: sub-position 7 belongs to nothing
    cat = msgspec.convert(raw, catalogue.Catalogue)
    with pytest.raises(ValueError, match="do not cover the 12 sub-positions"):
        catalogue._check(cat)


def test_edges_turn_with_the_tile():
    # D: city north, road east and west, field south; a quarter turn clockwise puts the city east.
    assert turned("D", 0).edges == ("city", "road", "field", "road")
    assert turned("D", 1).edges == ("road", "city", "road", "field")
    assert turned("D", 1).names[:2] == ("city E", "road N-S")


def test_a_tiles_name_turns_with_it():
    """A tile's words say what its drawing shows however it is turned: every "road/river curving from
    X to Y" names two edges that carry that road or river in the tile as it lies (R4, "river curving
    from south to west", turned a quarter clockwise runs from west to north)."""
    import re

    from tiletum_tui.games.carcassonne.data import load
    from tiletum_tui.games.carcassonne.engine.tiles import EDGES, turned, turned_name

    assert turned_name("R4", 1) == "river curving from west to north"
    checked = 0
    for design in [*load().designs, *river_tiles().by_id]:
        for rotation in range(4):
            edges = turned(design, rotation).edges
            for kind, a, b in re.findall(r"(road|river) curving from (\w+) to (\w+)", turned_name(design, rotation)):
                assert edges[EDGES.index(a[0].upper())] == kind == edges[EDGES.index(b[0].upper())], \
                    (design, rotation, turned_name(design, rotation), edges)
                checked += 1
    assert checked >= 8 * 4
