"""Loads the Prospect for Silver expansion from ``data/silver/*.json``, strictly (like ``catalogue.load``).

Unknown fields, wrong types, a missing ``provenance`` or a duplicated id fail loudly here, at start-up,
naming the file. Whether the pieces fit together (adjacency, enough tiles, references) is asserted by
``tests/data/test_silver_data.py``, one check per test, so a broken value names the rule it breaks.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib import resources

import msgspec

from .silver_schema import (
    KingOverlay, ProspectorWheel, ResourceBonusTile, ScoringSide, Silver, SilverFairTile, SilverRules,
    SilverTile, SilverTileDesign, StoneTablet, Technology, UndergroundCathedralGroup, UndergroundCost,
    UndergroundMap,
)

FILES = ("rules.json", "maps.json", "cathedrals.json", "tablets.json", "technologies.json", "tiles.json", "overlays.json")


class _File(msgspec.Struct, forbid_unknown_fields=True):
    note: str


class _RulesFile(_File):
    rules: SilverRules


class _MapsFile(_File):
    maps: list[UndergroundMap]


class _CathedralFile(_File):
    construction_costs: list[UndergroundCost]
    cathedral_groups: list[UndergroundCathedralGroup]


class _TabletFile(_File):
    tablets: list[StoneTablet]


class _TechnologyFile(_File):
    technologies: list[Technology]
    resource_bonus_tiles: list[ResourceBonusTile]


class _TilesFile(_File):
    underground_tiles: list[SilverTileDesign]
    bonus_tiles: list[SilverTileDesign]
    characters: list[SilverTileDesign]
    fair_tiles: list[SilverFairTile]


class _OverlayFile(_File):
    prospector_wheel: ProspectorWheel
    king_overlay: KingOverlay
    scoring_overlay: list[ScoringSide]


def _decode(name: str, raw: bytes, type_):
    try:
        return msgspec.json.decode(raw, type=type_)
    except msgspec.ValidationError as exc:  # name the file: the message alone names only the path inside it
        raise ValueError(f"component data silver/{name}: {exc}") from exc


def _by_id(name: str, items, key: str = "id") -> dict:
    out: dict = {}
    for item in items:
        k = getattr(item, key)
        if k in out:
            raise ValueError(f"component data silver/{name}: duplicate id {k!r}")
        out[k] = item
    return out


def _expand(name: str, designs: list[SilverTileDesign], pile: str) -> list[SilverTile]:
    tiles = []
    for d in designs:
        if d.variants and len(d.variants) != len(d.copies):
            raise ValueError(f"component data silver/{name}: design {d.design} has {len(d.copies)} copies but {len(d.variants)} variants")
        for i, min_players in enumerate(d.copies):
            tiles.append(SilverTile(
                id=f"{d.design}{'abcdefgh'[i]}", design=d.design, kind=d.kind, pile=pile, name=d.name,
                min_players=min_players, effects=tuple(d.variants[i] if d.variants else d.effects), pay=d.pay,
                identical=d.identical, vp=d.vp, action=d.action, provenance=d.provenance, quote=d.quote,
            ))
    return tiles


def build_silver(raw: Mapping[str, bytes]) -> Silver:
    """The expansion from the bytes of each file in ``FILES`` (tests feed it altered copies)."""
    rules = _decode("rules.json", raw["rules.json"], _RulesFile).rules
    maps = _decode("maps.json", raw["maps.json"], _MapsFile).maps
    cath = _decode("cathedrals.json", raw["cathedrals.json"], _CathedralFile)
    tablets = _decode("tablets.json", raw["tablets.json"], _TabletFile).tablets
    tech = _decode("technologies.json", raw["technologies.json"], _TechnologyFile)
    tiles = _decode("tiles.json", raw["tiles.json"], _TilesFile)
    overlays = _decode("overlays.json", raw["overlays.json"], _OverlayFile)
    expanded = (
        _expand("tiles.json", tiles.underground_tiles, "underground")
        + _expand("tiles.json", tiles.bonus_tiles, "bonus")
        + _expand("tiles.json", tiles.characters, "character")
    )
    return Silver(
        rules=rules,
        maps=_by_id("maps.json", maps),
        spaces=_by_id("maps.json", [s for m in maps for side in m.sides for s in side.spaces]),
        construction_costs=_by_id("cathedrals.json", cath.construction_costs),
        cathedral_groups=_by_id("cathedrals.json", cath.cathedral_groups, key="group"),
        tablets=_by_id("tablets.json", tablets),
        technologies=_by_id("technologies.json", tech.technologies),
        resource_bonus_tiles=_by_id("technologies.json", tech.resource_bonus_tiles),
        tiles=_by_id("tiles.json", expanded),
        fair_tiles=_by_id("tiles.json", tiles.fair_tiles),
        prospector_wheel=overlays.prospector_wheel,
        king_overlay=overlays.king_overlay,
        scoring_overlay=overlays.scoring_overlay,
    )


def wheel_section(position: int, cleanups: int) -> int:
    """The Prospector Wheel section facing Action Wheel ``position`` after ``cleanups`` Cleanups.

    It starts with section s at position s and turns one step counterclockwise per Cleanup (while the
    Action Wheel turns clockwise), so position p then shows section (p + cleanups) % 6.
    """
    return (position + cleanups) % 6


def read_files() -> dict[str, bytes]:
    folder = resources.files(__package__).joinpath("silver")
    return {name: folder.joinpath(name).read_bytes() for name in FILES}


@functools.cache
def load_silver() -> Silver:
    """The one expansion catalogue (cached: it never changes while the program runs)."""
    return build_silver(read_files())
