"""The tile designs, followers and player counts of Carcassonne, from ``tiles.json`` (a module's own
tiles are in its package, read with the shapes and checks here: ``check_designs``).

Decoded strictly (an unknown field, a wrong type, a count that does not add up to the 72 land tiles,
a design whose segments do not cover its 12 sub-positions once each, a provenance naming no listed
source) fails at start-up, never mid-game.
"""

from __future__ import annotations

import functools
from importlib import resources

import msgspec

KINDS = ("city", "road", "field", "cloister")  # the base game's segment kinds (a module may bring more)


class Segment(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: str  # one of ``KINDS``, or a kind a module brings (``engine.expansion.Module.kinds``)
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
    followers_per_player: int
    players: tuple[int, int]
    land: tuple[Design, ...]

    @functools.cached_property
    def designs(self) -> dict[str, Design]:
        """The base game's designs by id (a module's: ``engine.tiles.design``)."""
        return {d.id: d for d in self.land}


def check_sources(provenance: dict[str, str], sources, where: str) -> None:
    ids = [s.id for s in sources]
    for what, said in provenance.items():
        if said != "authored" and not (said.startswith("public:") and said[7:] in ids):
            raise ValueError(f"{where}: the provenance of {what} ({said!r}) names no listed source")


def check_designs(designs, kinds, where: str) -> None:
    """Each design's segments cover its 12 sub-positions once each, are of ``kinds``, and its fields
    touch only cities."""
    for d in designs:
        covered = sorted(p for s in d.segments for p in s.at)
        if covered != list(range(12)):
            raise ValueError(f"{where}: design {d.id}'s segments do not cover the 12 sub-positions once each")
        for s in d.segments:
            if s.kind not in kinds:
                raise ValueError(f"{where}: design {d.id} has a segment of an unknown kind {s.kind!r}")
            if any(d.segments[c].kind != "city" for c in s.cities):
                raise ValueError(f"{where}: a field of design {d.id} touches a segment that is not a city")


def _check(cat: Catalogue) -> None:
    check_sources(cat.provenance, cat.sources, "tiles.json")
    if sum(d.count for d in cat.land) != 72:
        raise ValueError("tiles.json: there are 72 land tiles")
    if any(d.rules for d in cat.land):
        raise ValueError("tiles.json: every rules version has the same land tiles")
    check_designs(cat.land, KINDS, "tiles.json")
    if cat.starting_tile not in cat.designs:
        raise ValueError(f"tiles.json: no design {cat.starting_tile}")


@functools.cache
def load() -> Catalogue:
    raw = resources.files(__package__).joinpath("tiles.json").read_bytes()
    cat = msgspec.json.decode(raw, type=Catalogue)
    _check(cat)
    return cat
