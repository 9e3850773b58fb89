"""Loads the component catalogue from the JSON files in this package, strictly.

Unknown fields, wrong types or wrong counts fail loudly here, at start-up, never mid-game; so does a
value whose provenance is not stated (``schema.FileProvenance``) or a "public:" one naming no source.

Rules versions: ``load()`` (version 1) reads the files beside this module, the catalogue old saves were
made with; ``load(version=2)`` reads the same files with those in ``v2/`` taking the place of theirs
(the 23-Town map, whole-design Character marks, the public Fair tile values, ...).
"""

from __future__ import annotations

import functools
from importlib import resources

import msgspec

from .schema import (
    ID_FIELDS, Catalogue, CathedralGroup, ConstructionCost, FairTile, FileProvenance, MapData,
    PlayerBoardData, Source, Tile, TileDesign, TownTile, TracksData,
)

VERSIONS = (1, 2)
# The folders a version reads, the first holding a file winning; the package root always comes last.
_OVERLAYS = {1: (), 2: ("v2",)}
FILES = (
    "bonus_tiles.json", "contracts.json", "characters.json", "fair_tiles.json", "town_tiles.json",
    "cathedrals.json", "map.json", "player_board.json", "tracks.json",
)


class _DesignFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    provenance: FileProvenance
    designs: list[TileDesign]


class _FairFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    provenance: FileProvenance
    tiles: list[FairTile]


class _TownFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    provenance: FileProvenance
    tiles: list[TownTile]


class _CathedralFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    provenance: FileProvenance
    construction_costs: list[ConstructionCost]
    cathedral_groups: list[CathedralGroup]


class _SourcesFile(msgspec.Struct, forbid_unknown_fields=True):
    note: str
    sources: list[Source]


TYPES = {
    "bonus_tiles.json": _DesignFile, "contracts.json": _DesignFile, "characters.json": _DesignFile,
    "fair_tiles.json": _FairFile, "town_tiles.json": _TownFile, "cathedrals.json": _CathedralFile,
    "map.json": MapData, "player_board.json": PlayerBoardData, "tracks.json": TracksData,
}


def path_of(name: str, version: int = 1) -> str:
    """The file (relative to this package) that ``version`` reads for ``name``."""
    if version not in _OVERLAYS:
        raise ValueError(f"unknown rules version {version!r} (known: {', '.join(map(str, VERSIONS))})")
    root = resources.files(__package__)
    for folder in _OVERLAYS[version]:
        if root.joinpath(folder, name).is_file():
            return f"{folder}/{name}"
    return name


def _read(path: str, type_):
    raw = resources.files(__package__).joinpath(*path.split("/")).read_bytes()
    try:
        return msgspec.json.decode(raw, type=type_)
    except msgspec.ValidationError as exc:  # name the file: the message alone names only the path inside it
        raise ValueError(f"component data {path}: {exc}") from exc


# ---------------------------------------------------------------- provenance, checked
def _is_default(info, value) -> bool:
    if info.default is not msgspec.NODEFAULT:
        return value == info.default
    if info.default_factory is not msgspec.NODEFAULT:
        return value == info.default_factory()
    return False  # a required field always holds a value


def value_fields(data) -> tuple[set[str], set[str], dict[str, set[str]]]:
    """The value fields of a decoded file: (all known, those holding a value, record ids by list).

    A list of records gives ``"<list>.<field>"`` keys (identifier fields excluded), any other field its
    own name; ``note`` and ``provenance`` are not values.
    """
    known: set[str] = set()
    used: set[str] = set()
    ids: dict[str, set[str]] = {}
    for f in msgspec.structs.fields(type(data)):
        if f.name in ("note", "provenance"):
            continue
        value = getattr(data, f.name)
        records = value if isinstance(value, list) and value and isinstance(value[0], msgspec.Struct) else None
        if records is None:
            known.add(f.name)
            if not _is_default(f, value):
                used.add(f.name)
            continue
        for g in msgspec.structs.fields(type(records[0])):
            if g.name in ID_FIELDS:
                continue
            key = f"{f.name}.{g.name}"
            known.add(key)
            if any(not _is_default(g, getattr(r, g.name)) for r in records):
                used.add(key)
        for id_field in ID_FIELDS:
            if hasattr(records[0], id_field):
                ids[f.name] = {getattr(r, id_field) for r in records}
    return known, used, ids


def check_provenance(path: str, data, sources: dict[str, Source]) -> FileProvenance:
    """The file's provenance block, refused unless it covers every value and names only known things."""
    prov: FileProvenance = data.provenance
    known, used, ids = value_fields(data)
    problems = []
    if missing := sorted(used - set(prov.fields)):
        problems.append(f"no provenance for {', '.join(missing)}")
    if unknown := sorted(set(prov.fields) - known):
        problems.append(f"provenance for unknown fields {', '.join(unknown)}")
    for item, fields in prov.items.items():
        if not any(item in group for group in ids.values()):
            problems.append(f"provenance for unknown record {item!r}")
        for key in fields:
            if key not in prov.fields:
                problems.append(f"record {item!r}: provenance for {key!r}, which the file does not list")
            elif not any(key.startswith(f"{lst}.") and item in group for lst, group in ids.items()):
                problems.append(f"record {item!r}: {key!r} is not one of its fields")
    cited = list(prov.fields.values()) + [v for fields in prov.items.values() for v in fields.values()]
    for p in cited:
        if p.startswith("public:") and p.removeprefix("public:") not in sources:
            problems.append(f"{p!r} names no source of sources.json")
    if problems:
        raise ValueError(f"component data {path}: " + "; ".join(problems))
    return prov


def provenance_of(cat: Catalogue, name: str, key: str, item: str | None = None) -> str:
    """The provenance of field ``key`` of file ``name`` (of record ``item`` if given)."""
    prov = cat.provenance[name]
    if item is not None and key in prov.items.get(item, {}):
        return prov.items[item][key]
    return prov.fields[key]


# ---------------------------------------------------------------- the tiles
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


def _check_links(files: dict[str, str], data: dict) -> None:
    """What one file says of another's records: Town tiles lie in Towns, Cathedral groups at Cathedrals."""
    spaces = {s.id: s for s in data["map.json"].spaces}
    for t in data["town_tiles.json"].tiles:
        if t.town not in spaces or spaces[t.town].kind != "town":
            raise ValueError(f"component data {files['town_tiles.json']}: {t.id} names {t.town!r}, no Town of {files['map.json']}")
    for g in data["cathedrals.json"].cathedral_groups:
        if g.town and not (g.town in spaces and spaces[g.town].has_cathedral):
            raise ValueError(f"component data {files['cathedrals.json']}: {g.group} names {g.town!r}, no Cathedral of {files['map.json']}")


def load(version: int = 1) -> Catalogue:
    """The catalogue of rules ``version`` (cached: it never changes while the program runs).

    ``load()`` is version 1, the catalogue every existing save was made with.
    """
    return _load(version)


@functools.cache
def _load(version: int) -> Catalogue:
    files = {name: path_of(name, version) for name in FILES}
    sources = {s.id: s for s in _read("sources.json", _SourcesFile).sources}
    data = {name: _read(path, TYPES[name]) for name, path in files.items()}
    provenance = {name: check_provenance(files[name], d, sources) for name, d in data.items()}
    tiles: list[Tile] = []
    for name, pile in (("bonus_tiles.json", "bonus"), ("contracts.json", "contract"), ("characters.json", "character")):
        tiles += _expand(data[name].designs, pile)
    cath = data["cathedrals.json"]
    _check_links(files, data)
    return Catalogue(
        version=version,
        tiles={t.id: t for t in tiles},
        fair_tiles={t.id: t for t in data["fair_tiles.json"].tiles},
        construction_costs={c.id: c for c in cath.construction_costs},
        cathedral_groups=cath.cathedral_groups,
        town_tiles={t.id: t for t in data["town_tiles.json"].tiles},
        map=data["map.json"],
        board=data["player_board.json"],
        tracks=data["tracks.json"],
        provenance=provenance,
        files=files,
        sources=sources,
    )
