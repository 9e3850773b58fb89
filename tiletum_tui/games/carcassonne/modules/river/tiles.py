"""The River's 12 tiles (the spring, the lake and 10 river tiles), from this package's ``tiles.json``,
decoded strictly and checked as the base game's are (``data.catalogue``): 12 tiles in the box of every
rules version, the spring and the lake among them."""

from __future__ import annotations

import functools
from importlib import resources

import msgspec

from ...data.catalogue import KINDS, Design, Source, check_designs, check_sources

KIND = "river"  # the segment kind the River brings


class RiverTiles(msgspec.Struct, frozen=True, forbid_unknown_fields=True, dict=True):
    note: str
    provenance: dict[str, str]
    sources: tuple[Source, ...]
    spring: str  # the River's first tile (it takes the starting tile's place)
    lake: str  # its last
    designs: tuple[Design, ...]

    @functools.cached_property
    def by_id(self) -> dict[str, Design]:
        return {d.id: d for d in self.designs}

    def river_in(self, rules: int) -> tuple[Design, ...]:
        """The River's designs in the box of that rules version (version 2 replaced one design: R9 by
        R11, when its edges were checked against a published table)."""
        return tuple(d for d in self.designs if not d.rules or rules in d.rules)

    def versions(self) -> tuple[int, ...]:
        return tuple(sorted({1, *(v for d in self.designs for v in d.rules)}))


@functools.cache
def load() -> RiverTiles:
    raw = resources.files(__package__).joinpath("tiles.json").read_bytes()
    tiles = msgspec.json.decode(raw, type=RiverTiles)
    where = "the River's tiles.json"
    check_sources(tiles.provenance, tiles.sources, where)
    check_designs(tiles.designs, (*KINDS, KIND), where)
    if any(sum(d.count for d in tiles.river_in(v)) != 12 for v in tiles.versions()):
        raise ValueError(f"{where}: there are 12 River tiles (in every rules version)")
    for special in (tiles.spring, tiles.lake):
        if special not in tiles.by_id:
            raise ValueError(f"{where}: no design {special}")
    return tiles
