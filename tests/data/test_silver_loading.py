"""Loading the expansion data: strict decoding that names the file, caching, packaging; and every
integrity check of ``test_silver_data.py`` failing on data broken once for it."""

from __future__ import annotations

import tomllib

import pytest

from tiletum_tui.games.tiletum.data.silver import FILES, load_silver, read_files

from .test_silver_data import (
    ROOT, _build, _raw, _text, adjacency_problems, bonus_supply_problems, cathedral_problems,
    connectivity_problems, cost_supply_problems, effect_problems, provenance_problems, space_problems,
    tablet_problems, tier_problems, wheel_problems,
)


def test_load_is_cached_and_reads_every_file():
    assert load_silver() is load_silver()
    assert set(read_files()) == set(FILES)


def test_pyproject_ships_the_expansion_data():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "silver/*.json" in data["tool"]["setuptools"]["package-data"]["tiletum_tui.games.tiletum.data"]


@pytest.mark.parametrize("name, path, value, message", [
    ("rules.json", ["rules", "per_player", "colour"], "red", "silver/rules.json"),  # an unknown field
    ("technologies.json", ["technologies", 0, "provenance"], None, "silver/technologies.json"),  # provenance missing
    ("tablets.json", ["tablets", 1, "id"], "t-arch", "duplicate id 't-arch'"),
    ("tiles.json", ["characters", 0, "variants"], [[]], "3 copies but 1 variants"),
])
def test_bad_data_fails_loudly_naming_the_file(name, path, value, message):
    raw = _raw()
    *parents, last = path
    node = raw[name]
    for key in parents:
        node = node[key]
    if value is None:
        del node[last]
    else:
        node[last] = value
    with pytest.raises(ValueError, match=message):
        _build(raw)


# ---------------------------------------------------------------- each check can fail
def _space(raw, sid):
    return next(x for m in raw["maps.json"]["maps"] for side in m["sides"] for x in side["spaces"] if x["id"] == sid)


def _drop_link(raw):
    _space(raw, "1A3")["adjacent"].remove("1A4")


def _cut_off(raw):
    _space(raw, "1A2")["adjacent"].remove("1A3")
    _space(raw, "1A3")["adjacent"].remove("1A2")


def _house_on_tunnel(raw):
    _space(raw, "1A2")["house_spaces"] = [{"min_players": 2, "bonus": "none", "vp": 0}]


def _group_too_small(raw):
    raw["cathedrals.json"]["cathedral_groups"][0]["vp"] = [1, 2]


def _two_silver_tiles(raw):
    costs = raw["cathedrals.json"]["construction_costs"]
    raw["cathedrals.json"]["construction_costs"] = [c for c in costs if c["kind"] == "gold"] + [c for c in costs if c["kind"] == "silver"][:2]


def _fewer_underground_tiles(raw):
    raw["tiles.json"]["underground_tiles"] = raw["tiles.json"]["underground_tiles"][2:]


def _unused_tablet(raw):
    _space(raw, "1B8")["tablet"] = "t-pros"


def _three_prospector_sections(raw):
    raw["overlays.json"]["prospector_wheel"]["sections"][1]["prospector_action"] = True


def _tier_cost(raw):
    raw["technologies.json"]["technologies"][3]["tiers"][1]["cost"] = 3


def _silver_as_resource(raw):
    raw["tablets.json"]["tablets"][6]["effects"] = [{"type": "gain", "resources": {"Silver": 2}}]


def _bad_quote(raw):
    raw["overlays.json"]["scoring_overlay"][0]["quote"] = ["Multiply the number of Houses AND Mines."]


@pytest.mark.parametrize("mutate, check", [
    (_drop_link, adjacency_problems),
    (_cut_off, connectivity_problems),
    (_house_on_tunnel, space_problems),
    (_group_too_small, cathedral_problems),
    (_two_silver_tiles, cost_supply_problems),
    (_fewer_underground_tiles, bonus_supply_problems),
    (_unused_tablet, tablet_problems),
    (_three_prospector_sections, wheel_problems),
    (_tier_cost, tier_problems),
    (_silver_as_resource, effect_problems),
    (_bad_quote, lambda s: provenance_problems(s, _text() or "")),
], ids=lambda f: getattr(f, "__name__", "check"))
def test_checks_catch_broken_data(mutate, check):
    raw = _raw()
    mutate(raw)
    assert check(_build(raw)) != []
