"""Loads the component catalogue from the JSON files in this package, strictly.

Unknown fields, wrong types or wrong counts fail loudly here, at start-up, never mid-game.
"""

from __future__ import annotations

import functools
from importlib import resources

import msgspec

from .schema import (
    Catalogue, CathedralGroup, ConstructionCost, FairTile, MapData, PlayerBoardData, Tile,
    TileDesign, TownTile, TracksData,
)


class _DesignFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    designs: list[TileDesign]


class _FairFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    tiles: list[FairTile]


class _TownFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    tiles: list[TownTile]


class _CathedralFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    construction_costs: list[ConstructionCost]
    cathedral_groups: list[CathedralGroup]


def _read(name: str, type_):
    raw = resources.files(__package__).joinpath(name).read_bytes()
    try:
        return msgspec.json.decode(raw, type=type_)
    except msgspec.ValidationError as exc:  # name the file: the message alone names only the path inside it
        raise ValueError(f"component data {name}: {exc}") from exc


def _expand(designs: list[TileDesign], pile: str) -> list[Tile]:
    tiles = []
    for d in designs:
        if d.variants and len(d.variants) != len(d.copies):
            raise ValueError(f"component data: design {d.design} has {len(d.copies)} copies but {len(d.variants)} variants")
        for i, min_players in enumerate(d.copies):
            tiles.append(Tile(
                id=f"{d.design}{'abcdefgh'[i]}", design=d.design, kind=d.kind, pile=pile, name=d.name,
                min_players=min_players, effects=tuple(d.variants[i] if d.variants else d.effects), pay=d.pay, identical=d.identical,
                vp=d.vp, family=d.family, action=d.action,
            ))
    return tiles


@functools.cache
def load() -> Catalogue:
    """The one catalogue of the game (cached: it never changes while the program runs)."""
    tiles: list[Tile] = []
    for name, pile in (("bonus_tiles.json", "bonus"), ("contracts.json", "contract"), ("characters.json", "character")):
        tiles += _expand(_read(name, _DesignFile).designs, pile)
    cath = _read("cathedrals.json", _CathedralFile)
    return Catalogue(
        tiles={t.id: t for t in tiles},
        fair_tiles={t.id: t for t in _read("fair_tiles.json", _FairFile).tiles},
        construction_costs={c.id: c for c in cath.construction_costs},
        cathedral_groups=cath.cathedral_groups,
        town_tiles={t.id: t for t in _read("town_tiles.json", _TownFile).tiles},
        map=_read("map.json", MapData),
        board=_read("player_board.json", PlayerBoardData),
        tracks=_read("tracks.json", TracksData),
    )
