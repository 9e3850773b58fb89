"""The tile designs, followers and player counts of Carcassonne and the River, from ``tiles.json``.

Decoded strictly (an unknown field, a wrong type, a count that does not add up to the 72 land
tiles and 12 River tiles, a design whose segments do not cover its 12 sub-positions once each, a
provenance naming no listed source) fails at start-up, never mid-game.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import Literal

import msgspec

KINDS = ("city", "road", "field", "cloister", "river")


class Segment(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["city", "road", "field", "cloister", "river"]
    at: tuple[int, ...]  # sub-positions 0-11 (see the file's note); () for a cloister
    pennant: bool = False
    cities: tuple[int, ...] = ()  # a field's: the city segments of its own tile it touches


class Design(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    count: int
    name: str
    segments: tuple[Segment, ...]
    rules: tuple[int, ...] = ()  # the rules versions whose box holds it; () for every version


class Source(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    title: str
    url: str


class Catalogue(msgspec.Struct, frozen=True, forbid_unknown_fields=True, dict=True):
    note: str
    provenance: dict[str, str]
    sources: tuple[Source, ...]
    starting_tile: str
    spring: str
    lake: str
    followers_per_player: int
    players: tuple[int, int]
    land: tuple[Design, ...]
    river: tuple[Design, ...]

    @functools.cached_property
    def designs(self) -> dict[str, Design]:
        return {d.id: d for d in self.land + self.river}

    def river_in(self, rules: int) -> tuple[Design, ...]:
        """The River's designs in the box of that rules version (version 2 replaced one design: R9 by
        R11, when its edges were checked against a published table)."""
        return tuple(d for d in self.river if not d.rules or rules in d.rules)

    def versions(self) -> tuple[int, ...]:
        """The rules versions the data names (1 always)."""
        return tuple(sorted({1, *(v for d in self.land + self.river for v in d.rules)}))


def _check(cat: Catalogue) -> None:
    ids = [s.id for s in cat.sources]
    for what, where in cat.provenance.items():
        if where != "authored" and not (where.startswith("public:") and where[7:] in ids):
            raise ValueError(f"tiles.json: the provenance of {what} ({where!r}) names no listed source")
    if sum(d.count for d in cat.land) != 72 or any(sum(d.count for d in cat.river_in(v)) != 12
                                                   for v in cat.versions()):
        raise ValueError("tiles.json: there are 72 land tiles and 12 River tiles (in every rules version)")
    if any(d.rules for d in cat.land):
        raise ValueError("tiles.json: every rules version has the same land tiles")
    for d in cat.land + cat.river:
        covered = sorted(p for s in d.segments for p in s.at)
        if covered != list(range(12)):
            raise ValueError(f"tiles.json: design {d.id}'s segments do not cover the 12 sub-positions once each")
        for s in d.segments:
            if any(d.segments[c].kind != "city" for c in s.cities):
                raise ValueError(f"tiles.json: a field of design {d.id} touches a segment that is not a city")
    for special in (cat.starting_tile, cat.spring, cat.lake):
        if special not in {d.id for d in cat.land + cat.river}:
            raise ValueError(f"tiles.json: no design {special}")


@functools.cache
def load() -> Catalogue:
    raw = resources.files(__package__).joinpath("tiles.json").read_bytes()
    cat = msgspec.json.decode(raw, type=Catalogue)
    _check(cat)
    return cat
