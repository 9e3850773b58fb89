"""Where every value of the component catalogue comes from (issue 12): each value of each file, in both
rules versions, states its provenance ('rulebook', 'public:<source>' or 'authored'); a public one names its
source; nothing defaults to one; docs/rulings.md lists every authored value of version 2 in one table, so
an owner of the physical game can correct it in one place."""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

import msgspec
import pytest

from tiletum_tui.games.tiletum.data import catalogue, schema
from tiletum_tui.games.tiletum.data.catalogue import provenance_of

from .test_catalogue_v2 import BOTH, DOCS, V1, V2

PROVENANCE = re.compile(schema.PROVENANCE_PATTERN)


def _raw(cat, name: str) -> dict:
    return json.loads(resources.files("tiletum_tui.games.tiletum.data").joinpath(*cat.files[name].split("/")).read_text())


@BOTH
@pytest.mark.parametrize("name", catalogue.FILES)
def test_every_value_states_its_provenance(cat, name):
    """Read from the JSON itself: every value in the file (each field of each record, every other top-level
    value) resolves to an explicit provenance, 'rulebook', 'public:<source>' or 'authored'."""
    raw = _raw(cat, name)
    assert set(raw["provenance"]) <= {"fields", "items"}
    seen = 0
    for key, value in raw.items():
        if key in ("note", "provenance"):
            continue
        if isinstance(value, list) and value and isinstance(value[0], dict):
            for record in value:
                ident = next((record[f] for f in schema.ID_FIELDS if f in record), None)
                for field in record:
                    if field not in schema.ID_FIELDS:
                        assert PROVENANCE.fullmatch(provenance_of(cat, name, f"{key}.{field}", ident)), (key, field, ident)
                        seen += 1
        else:
            assert PROVENANCE.fullmatch(provenance_of(cat, name, key)), key
            seen += 1
    assert seen


@BOTH
def test_every_public_value_names_its_source(cat):
    """A 'public:' provenance names a source of sources.json, which says where it is and what was read from it."""
    cited = {p for prov in cat.provenance.values()
             for p in [*prov.fields.values(), *(v for item in prov.items.values() for v in item.values())]}
    for p in cited:
        assert PROVENANCE.fullmatch(p), p
        if p.startswith("public:"):
            source = cat.sources[p.removeprefix("public:")]
            assert source.url.startswith("https://") and source.title and source.what
    assert any(p.startswith("public:") for p in cited)


def test_nothing_defaults_to_a_provenance():
    """The schema has no 'authored' flag and no default provenance: a file without its block, or a block that
    misses a field holding a value, is refused at load."""
    for cls in vars(schema).values():
        if isinstance(cls, type) and issubclass(cls, msgspec.Struct):
            assert "authored" not in cls.__struct_fields__, cls.__name__
    (fields,) = [f for f in msgspec.structs.fields(schema.FileProvenance) if f.name == "fields"]
    assert fields.required
    raw = _raw(V2, "map.json")
    without = {k: v for k, v in raw.items() if k != "provenance"}
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(json.dumps(without), type=schema.MapData)
    missing = dict(raw, provenance={"fields": {k: v for k, v in raw["provenance"]["fields"].items() if k != "spaces.x"}})
    with pytest.raises(ValueError, match="spaces.x"):
        catalogue.check_provenance("map.json", msgspec.json.decode(json.dumps(missing), type=schema.MapData), V2.sources)
    unknown = dict(raw, provenance={"fields": {**raw["provenance"]["fields"], "spaces.x": "public:nowhere"}})
    with pytest.raises(ValueError, match="nowhere"):
        catalogue.check_provenance("map.json", msgspec.json.decode(json.dumps(unknown), type=schema.MapData), V2.sources)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"fields": {"x": "guessed"}}', type=schema.FileProvenance)


def test_v2_provenance_of_the_public_values():
    """What issue 12 took from the public source is marked so; what it placed itself is marked authored."""
    p = functools.partial(provenance_of, V2)
    public = "public:yucata-strings"
    assert p("map.json", "spaces.name", "PAR") == p("map.json", "spaces.kind", "r01") == public
    assert p("map.json", "spaces.has_cathedral", "LYO") == public
    assert p("map.json", "spaces.name", "TIL") == "rulebook"
    assert p("map.json", "spaces.x", "PAR") == p("map.json", "roads") == p("map.json", "spaces.house_spaces", "PAR") == "authored"
    assert all(p("fair_tiles.json", "tiles.vp", t) == public for t in V2.fair_tiles)
    assert p("cathedrals.json", "cathedral_groups.name", "cathedral-LYO") == public
    assert p("characters.json", "designs.copies", "c01") == "authored"
    assert p("bonus_tiles.json", "designs.effects", "b18") == public  # 2 Gold and 2 VP
    assert p("bonus_tiles.json", "designs.effects", "b16") == "authored"
    assert provenance_of(V1, "fair_tiles.json", "tiles.vp", "fair-house") == "authored"
    assert provenance_of(V1, "cathedrals.json", "construction_costs.unavailable", "cost-unavailable") == "rulebook"


def test_authored_values_doc_lists_every_authored_value_of_version_2():
    """docs/rulings.md, "Authored values": one table an owner of the physical game can correct from. Every field version 2
    marks authored has a row naming its file and field (and the record, where only one record's is)."""
    table = (DOCS / "rulings.md").read_text().split("## Authored values", 1)[1]
    rows = [line for line in table.splitlines() if line.startswith("|")]
    for name, path in V2.files.items():
        prov = V2.provenance[name]
        for key, value in prov.fields.items():
            if value == "authored":
                assert any(f"`{path}`" in r and f"`{key}`" in r for r in rows), (path, key)
        for item, fields in prov.items.items():
            for key, value in fields.items():
                if value == "authored" and prov.fields[key] != "authored":
                    assert any(f"`{path}`" in r and f"`{key}`" in r and item in r for r in rows), (path, key, item)
