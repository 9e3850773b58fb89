"""The component catalogue's shapes: frozen msgspec Structs decoded strictly from the JSON files.

Every fact of the game lives in the JSON files beside this module (rules version 1) and in ``v2/``
(rules version 2: only the files that differ). Each file states where every one of its values comes
from in a ``provenance`` block (``FileProvenance``): printed in the rulebook, taken from a public
edition (naming the source, listed in ``sources.json``), or authored by us where nothing public prints
it, so anyone holding the physical game can find and correct the authored ones in one place
(docs/rulings.md, "Authored values"). Nothing defaults: a value field without an explicit provenance is refused.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec

# Resource letters, used everywhere (state, notation, data): Gold, Food, Wool, Stone, Iron.
RESOURCES: tuple[str, ...] = ("G", "F", "W", "S", "I")
RESOURCE_NAMES = {"G": "Gold", "F": "Food", "W": "Wool", "S": "Stone", "I": "Iron"}
# Die colours and the Resource each produces (rulebook, "Action phase").
DIE_COLOURS: tuple[str, ...] = ("Y", "P", "L", "D", "B")
DIE_COLOUR_NAMES = {"Y": "yellow", "P": "pink", "L": "light grey", "D": "dark grey", "B": "blue"}
DIE_RESOURCE = {"Y": "G", "P": "F", "L": "W", "D": "S", "B": "I"}
# The six Actions of the Action Wheel.
ACTIONS: tuple[str, ...] = ("architect", "merchant", "character", "contract", "king", "joker")
PIECES = ("merchant", "architect")


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# ---------------------------------------------------------------- provenance
# "rulebook": printed in the rulebook or its reference pages (or a direct consequence of them);
# "public:<source>": from a public edition of the game, <source> being an id in sources.json;
# "authored": chosen by us, since nothing public prints it.
PROVENANCE_PATTERN = r"^(rulebook|authored|public:[a-z0-9][a-z0-9-]*)$"
Provenance = Annotated[str, msgspec.Meta(pattern=PROVENANCE_PATTERN)]
# Record fields that only name a record (never a game value): they need no provenance.
ID_FIELDS = ("id", "design", "group")


class FileProvenance(_Strict):
    """Where each value of one data file comes from.

    ``fields`` gives the provenance of every value field of the file: ``"<list>.<field>"`` for a field of
    the records of a list (``"spaces.x"``), ``"<field>"`` for any other value (``"roads"``). Every field
    that holds a value in the file must be named, and only known fields may be (the loader checks).
    ``items`` overrides it for single records, by their id: ``{"b18": {"designs.effects": "public:…"}}``.
    """

    fields: dict[str, Provenance]
    items: dict[str, dict[str, Provenance]] = {}


class Source(_Strict):
    """A public source of values (``"public:<id>"``)."""

    id: str
    title: str
    url: str
    what: str  # which values come from it, and how they were read


# ---------------------------------------------------------------- effects (tile abilities)
class Gain(_Strict, tag="gain"):
    """Gain fixed Resources and/or Victory Points."""

    resources: dict[str, int] = {}
    vp: int = 0


class GainAny(_Strict, tag="gain_any"):
    """Gain ``count`` Resources of your choice (each may differ)."""

    count: int


class TakeAction(_Strict, tag="action"):
    """Take an Action with a fixed number of AP (``action`` may be "any")."""

    action: str
    ap: int


class AddAP(_Strict, tag="add_ap"):
    """Add AP to the Action of your chosen die (Helper)."""

    ap: int


class DieResource(_Strict, tag="die_resource"):
    """Use when choosing a die: take Resources of a chosen type instead of the die's colour."""


class Move(_Strict, tag="move"):
    """Move a piece to an adjacent space, up to ``steps`` times (each step optional)."""

    piece: str
    steps: int


class MoveBoth(_Strict, tag="move_both"):
    """You may move your Architect one space and your Merchant one space."""


class MoveAndPlace(_Strict, tag="move_and_place"):
    """Move the piece one space and/or place a House (Merchant) / Pillar (Architect) there, any order."""

    piece: str


class PlaceHere(_Strict, tag="place_here"):
    """Place a House where your Merchant is / a Pillar where your Architect is."""

    piece: str


class PlaceAnywhere(_Strict, tag="place_anywhere"):
    """Place a House in any Town / a Pillar at any Cathedral (Crest space bonus)."""

    piece: str


class MoveAnywhere(_Strict, tag="move_anywhere"):
    """Move the piece to any space on the map (Crest space bonus)."""

    piece: str


class MoveToNextTown(_Strict, tag="move_to_next_town"):
    """Move the piece from its Town to an adjacent Town (the Road space between is passed over)."""

    piece: str


class King(_Strict, tag="king"):
    """Advance your King track marker ``steps`` spaces."""

    steps: int


class BuildingBonus(_Strict, tag="building_bonus"):
    """Choose a Building with a Character and take each of its Characters' bonuses once."""


Effect = Union[
    Gain, GainAny, TakeAction, AddAP, DieResource, Move, MoveBoth, MoveAndPlace, PlaceHere,
    PlaceAnywhere, MoveAnywhere, MoveToNextTown, King, BuildingBonus,
]


# ---------------------------------------------------------------- tiles
class TileDesign(_Strict):
    """One printed design; ``copies`` lists the player-count marking of each copy (2 = unmarked, 3 = "3+", 4 = "4")."""

    design: str
    kind: Literal["helper", "contract", "crest", "character"]
    name: str
    copies: list[int]
    effects: list[Effect] = []
    # Per-copy effects where copies of one Character differ (the appendix's "1/2" bonuses).
    variants: list[list[Effect]] = []
    # Contract: fixed Resources, plus ``identical`` Resources all of one type of the payer's choice.
    pay: dict[str, int] = {}
    identical: int = 0
    vp: int = 0
    # Crest: its noble family.
    family: str = ""
    # Character: the Action its Completed Building strengthens (bottom-right icon).
    action: str = ""


class Tile(_Strict):
    """One physical tile, expanded from a design (id = design + copy letter)."""

    id: str
    design: str
    kind: Literal["helper", "contract", "crest", "character"]
    pile: Literal["bonus", "contract", "character"]
    name: str
    min_players: int
    effects: tuple[Effect, ...] = ()
    pay: dict[str, int] = {}
    identical: int = 0
    vp: int = 0
    family: str = ""
    action: str = ""


class FairTile(_Strict):
    id: str
    condition: Literal[
        "house_pillar", "contract_cathedral", "contract", "king_track", "contract_crest",
        "house", "upper_character", "crest", "pillar", "full_building", "cathedral",
    ]
    text: str
    vp: int


class ConstructionCost(_Strict):
    id: str
    stone: int = 0
    vp: int = 0
    unavailable: bool = False


class CathedralGroup(_Strict):
    """A type of Cathedral tile; the tiles are stacked lowest VP at the bottom."""

    group: str
    vp: list[int]
    # Rules version 2: the Cathedral Town this group belongs to (setup 8, "its dedicated space") and the
    # cathedral its tiles depict. Empty in version 1, whose groups are dealt by size only.
    town: str = ""
    name: str = ""


# ---------------------------------------------------------------- the map
class HouseSpace(_Strict):
    min_players: int = 2
    bonus: Literal["none", "building", "vp"] = "none"
    vp: int = 0


class Space(_Strict):
    id: str
    name: str
    kind: Literal["town", "road"]
    x: int
    y: int
    house_spaces: list[HouseSpace] = []
    pillar_spaces: list[int] = []  # min players of each Pillar space at this Town's Cathedral
    has_cathedral: bool = False
    bonus_spaces: list[int] = []  # min players of each Bonus-tile space in this Town
    town_tile: bool = False  # this Town has a Town tile (can host a Fair)


class MapData(_Strict):
    note: str
    provenance: FileProvenance
    spaces: list[Space]
    roads: list[tuple[str, str]]


# ---------------------------------------------------------------- boards and tracks
class Building(_Strict):
    rooms: int
    preoccupied: bool = False


class CrestSpace(_Strict):
    food: int
    bonus: Effect


class PlayerBoardData(_Strict):
    buildings: list[Building]
    crest_spaces: list[CrestSpace]
    contract_vp: list[int]
    contract_pillars: int
    storehouse: int
    die_spaces: int
    houses: int
    roof_houses: int
    pillars: int
    note: str
    provenance: FileProvenance


class TracksData(_Strict):
    king_track: list[int]  # VP of each space, lowest (leftmost) first
    king_start: int  # index of the 0 VP start space
    king_round4_vp: int
    fair_board_vp: list[int]  # printed VP left of each round's Fair tile
    contract_offer_ap: list[int]  # AP cost under each of the five offer spaces, left to right
    wheel: list[str]  # printed Action order around the wheel (segment i faces die value i+1 at rotation 0)
    action_tiles: list[str]  # the six optional Action tiles
    corruption_tokens: list[int]
    corruption_per_round: int
    start_vp: int
    start_gold: list[int]
    dice_to_roll: dict[str, int]
    completed_building_vp: list[int]
    resources_per_vp: int
    change_die_gold: int
    buy_resource_gold: int
    note: str
    provenance: FileProvenance


class TownTile(_Strict):
    id: str
    town: str


class Catalogue(_Strict):
    """Everything printed, in one value (see ``catalogue.load``)."""

    version: int  # the rules version: 1 (the first catalogue, 13 Towns) or 2 (v2/ over it)
    tiles: dict[str, Tile]
    fair_tiles: dict[str, FairTile]
    construction_costs: dict[str, ConstructionCost]
    cathedral_groups: list[CathedralGroup]
    town_tiles: dict[str, TownTile]
    map: MapData
    board: PlayerBoardData
    tracks: TracksData
    # Provenance of every file's values, by file name ("map.json"), and the file each was read from
    # ("v2/map.json" or "map.json"); the public sources the files cite, by id.
    provenance: dict[str, FileProvenance]
    files: dict[str, str]
    sources: dict[str, Source]
