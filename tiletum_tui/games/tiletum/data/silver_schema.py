"""The Prospect for Silver expansion's shapes: frozen msgspec Structs decoded strictly from ``data/silver/*.json``.

Provenance. Every record that holds values carries ``provenance`` and ``quote``, both required (no
default, so a record cannot forget them):

* ``"expansion text"``: every value in the record (and in what it nests, unless a nested record has
  its own provenance) is printed in the expansion text; ``quote`` holds the sentences that print it,
  word for word.
* ``"authored"``: at least one value is ours (the text does not print it); ``quote`` holds the
  sentences that name the component, or nothing when the text says nothing of it. Printed numbers inside an
  authored record (a Technology tier's cost, say) are checked against the printed rules by the tests.

Effects. Tile, Tablet and Technology effects reuse the base ``Effect`` types of ``data/schema.py``
(``TakeAction`` also takes ``action="prospector"``) and add the expansion's own below. Technology
tiers and the Resource Bonus tiles also have ongoing ``Modifier``s: rules that stay in force.
"""

from __future__ import annotations

from typing import Literal, Union

import msgspec

from . import schema as fx

Provenance = Literal["expansion text", "authored"]
# The base Actions plus the expansion's Prospector Action (Bonus AP markers, Characters, Technologies).
SILVER_ACTIONS: tuple[str, ...] = fx.ACTIONS + ("prospector",)


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# ---------------------------------------------------------------- one-off effects the expansion adds
class GainSilver(_Strict, tag="gain_silver"):
    """Gain Silver tokens (Silver is not a Resource: never part of ``Gain.resources``)."""

    silver: int


class ProspectorStep(_Strict, tag="prospector_step"):
    """Move your Prospectors up to ``steps`` times, each step one Prospector to an adjacent space (each optional)."""

    steps: int


class PlaceMine(_Strict, tag="place_mine"):
    """Place a Mine from your supply in a Town where one of your Prospectors is (Prospector Action rules)."""


class BonusAPMarker(_Strict, tag="bonus_ap_marker"):
    """Put one of your two new Bonus Action Points markers (+``ap``) on an Action of your choice."""

    ap: int


class TakeResourceBonusTile(_Strict, tag="resource_bonus_tile"):
    """Take one Resource Bonus tile still lying on the Resource Technology's first tier."""


SilverEffect = Union[fx.Effect, GainSilver, ProspectorStep, PlaceMine, BonusAPMarker, TakeResourceBonusTile]


# ---------------------------------------------------------------- ongoing modifiers (always in effect)
class ActionAP(_Strict, tag="action_ap"):
    """+``ap`` AP whenever you take ``action`` with a die (through the Joker too, like Bonus AP)."""

    action: str
    ap: int


Event = Literal["place_house", "place_pillar", "place_mine", "fulfil_contract", "king_on_zero_or_higher"]


class Whenever(_Strict, tag="whenever"):
    """Whenever ``event`` happens to you (on either map, by any means), resolve ``effects``."""

    event: Event
    effects: list[SilverEffect]


class Discount(_Strict, tag="discount"):
    """A Task costs you ``amount`` less: Cathedral (its Stone, Silver or Gold), buying a Resource or changing a die (Gold per step)."""

    task: Literal["cathedral", "buy_resource", "change_die"]
    amount: int


class CorruptionLess(_Strict, tag="corruption_less"):
    """Each revealed Corruption token moves your King marker ``amount`` fewer spaces (never below 0)."""

    amount: int


class ResourcesPerVP(_Strict, tag="resources_per_vp"):
    """Final scoring: every ``resources`` Resources left are worth 1 VP (instead of 4)."""

    resources: int


class EffectActionAP(_Strict, tag="effect_action_ap"):
    """Every Action you get from anything but a die (Helper, Character, Contract, Tablet...) has +``ap`` AP."""

    ap: int


class MovementPointSteps(_Strict, tag="movement_point_steps"):
    """The Prospector movement point gives ``steps`` steps instead of 1."""

    steps: int


class DieExtra(_Strict, tag="die_extra"):
    """Whenever you take a die that produces ``resource``, gain ``amount`` more of it."""

    resource: str
    amount: int


Modifier = Union[
    ActionAP, Whenever, Discount, CorruptionLess, ResourcesPerVP, EffectActionAP, MovementPointSteps, DieExtra,
]


# ---------------------------------------------------------------- Technologies
class Tier(_Strict):
    """One tier: ``on_reach`` resolves once when your marker reaches it; ``ongoing`` holds from then on."""

    tier: Literal["I", "II", "III"]
    cost: int  # Silver to advance onto this tier
    text: str
    on_reach: list[SilverEffect]
    ongoing: list[Modifier]


class Technology(_Strict):
    id: str
    name: str
    tiers: list[Tier]
    provenance: Provenance
    quote: list[str]


class ResourceBonusTile(_Strict):
    """Lies on the Resource Technology's first tier until a player reaching that tier takes it."""

    id: str
    resource: str
    text: str
    on_take: list[SilverEffect]
    ongoing: list[Modifier]
    provenance: Provenance
    quote: list[str]


class StoneTablet(_Strict):
    """A Stone Tablet's printed effect, resolved once by the first Prospector to enter its space."""

    id: str
    name: str
    text: str
    effects: list[SilverEffect]
    provenance: Provenance
    quote: list[str]


# ---------------------------------------------------------------- the Underground maps
class HouseSpace(_Strict):
    """As on the main map: used from ``min_players`` up; a Building Bonus or VP mark."""

    min_players: int
    bonus: Literal["none", "building", "vp"]
    vp: int


class MineSpace(_Strict):
    min_players: int
    gold: int  # printed beside the space: Gold gained on placing a Mine here (0 = none printed)


class UndergroundSpace(_Strict):
    id: str  # unique over all maps and sides, so the engine can keep one dict of spaces
    name: str
    kind: Literal["shaft", "town", "tunnel", "tablet"]  # shaft = the starting Prospector space
    x: int  # drawing only
    y: int
    adjacent: list[str]
    house_spaces: list[HouseSpace] = []
    mine_spaces: list[MineSpace] = []
    cathedral: Literal["none", "silver", "gold"] = "none"  # the Construction Cost icon of the Cathedral spot
    cathedral_group: str = ""  # the Underground Cathedral tile group this side depicts for it
    pillar_spaces: list[int] = []  # min players of each Pillar space at this Cathedral
    bonus_spaces: list[int] = []  # min players of each Underground Bonus-tile space
    tablet: str = ""  # a tablet space's Stone Tablet id


class MapSide(_Strict):
    side: Literal["A", "B"]
    start_space: str
    prospector_cost: int  # Silver printed on the starting space (0: the starting map's yellow circle)
    setup_mine_spaces: int  # spots on the starting space for each player's setup Mine
    spaces: list[UndergroundSpace]
    provenance: Provenance
    quote: list[str]


class UndergroundMap(_Strict):
    id: str
    name: str
    starting: bool  # the yellow circle: everyone's first Prospector and Mine start here
    sides: list[MapSide]
    provenance: Provenance
    quote: list[str]


class UndergroundCost(_Strict):
    """A Silver or Gold Construction Cost tile: pay ``cost`` of its kind, score ``vp``."""

    id: str
    kind: Literal["silver", "gold"]
    cost: int
    vp: int
    provenance: Provenance
    quote: list[str]


class UndergroundCathedralGroup(_Strict):
    group: str
    vp: list[int]  # stacked lowest VP at the bottom at setup
    provenance: Provenance
    quote: list[str]


# ---------------------------------------------------------------- tiles
class SilverTileDesign(_Strict):
    """One printed design; ``copies`` lists each copy's player-count mark (2 = unmarked, 3 = "3+", 4 = "4")."""

    design: str
    kind: Literal["helper", "contract", "character"]
    name: str
    copies: list[int]
    provenance: Provenance
    quote: list[str]
    effects: list[SilverEffect] = []
    variants: list[list[SilverEffect]] = []  # per-copy effects where copies differ
    pay: dict[str, int] = {}
    identical: int = 0
    vp: int = 0
    action: str = ""  # Character: the Action its Completed Building strengthens


class SilverTile(_Strict):
    """One physical tile expanded from a design (id = design + copy letter)."""

    id: str
    design: str
    kind: Literal["helper", "contract", "character"]
    pile: Literal["underground", "bonus", "character"]
    name: str
    min_players: int
    effects: tuple[SilverEffect, ...]
    pay: dict[str, int]
    identical: int
    vp: int
    action: str
    provenance: Provenance
    quote: list[str]


class SilverFairTile(_Strict):
    id: str
    condition: Literal["mine", "technology"]
    text: str
    vp: int
    provenance: Provenance
    quote: list[str]


# ---------------------------------------------------------------- the overlays
class WheelSection(_Strict):
    section: int
    prospector_action: bool
    movement_icon: bool
    provenance: Provenance
    quote: list[str]


class ProspectorWheel(_Strict):
    """Six sections; at round start section s faces Action Wheel position (s - cleanups) % 6."""

    sections: list[WheelSection]
    turn: Literal["counterclockwise"]
    bonus_tile_spaces: int  # on the Prospector Action
    provenance: Provenance
    quote: list[str]


class KingOverlay(_Strict):
    ribbon_silver: list[int]  # per base King track space, lowest first: the blue ribbon's Silver
    provenance: Provenance
    quote: list[str]


class ScoringSide(_Strict):
    """Final scoring: (the larger of ``either``) x ``times``, each counted on all maps."""

    side: int
    either: list[Literal["houses", "mines", "pillars"]]
    times: Literal["houses", "mines", "pillars"]
    text: str
    provenance: Provenance
    quote: list[str]


# ---------------------------------------------------------------- the printed rules and our rulings
class PerPlayer(_Strict):
    pillars: int
    technology_markers: int
    prospectors: int
    mines: int
    bonus_ap_markers: int
    start_silver: list[int]  # by seat: the first player takes none
    prospectors_on_start_map: int
    mines_on_start_map: int
    mines_in_supply: int
    mines_by_king_track: int
    extra_pillar_contract_space: int  # 1-based: the last Contract space
    provenance: Literal["expansion text"]
    quote: list[str]


class SetupRules(_Strict):
    underground_maps: int
    sides: list[str]
    first_game_side: str
    technologies_drawn: int
    first_game_technologies: list[str]
    resource_bonus_tiles: int
    removed_fair_tiles: int
    scoring_overlay_sides: int
    provenance: Literal["expansion text"]
    quote: list[str]


class TechnologyRules(_Strict):
    tiers: int
    tier_costs: list[int]
    tier_vp: list[int]
    cumulative: bool
    provenance: Literal["expansion text"]
    quote: list[str]


class ProspectorRules(_Strict):
    options: list[str]
    ap_per_option: int
    prospector_action_die_values: int
    movement_point_steps: int
    provenance: Literal["expansion text"]
    quote: list[str]


class KingPhaseRules(_Strict):
    silver_per_mine: int
    mine_from_vp: int  # a marker on this King track value or higher gains a Mine
    provenance: Literal["expansion text"]
    quote: list[str]


class FinalScoringRules(_Strict):
    completed_building_vp: list[int]  # for 0..6 Completed Buildings
    resources_per_vp: int
    silver_per_vp: int
    provenance: Literal["expansion text"]
    quote: list[str]


class Rulings(_Strict):
    """Values our rulings decide (docs/silver.md numbers them); read them instead of hard-coding."""

    removed_fair_tile: str
    scoring_either: Literal["larger"]
    prospector_bonus_pile: Literal["underground"]
    bonus_ap_marker_actions: list[str]
    tablet_trigger: Literal["enter"]
    prospector_reach: Literal["own map"]
    provenance: Literal["authored"]
    quote: list[str]


class SilverRules(_Strict):
    per_player: PerPlayer
    setup: SetupRules
    technology: TechnologyRules
    prospector: ProspectorRules
    king_phase: KingPhaseRules
    final_scoring: FinalScoringRules
    rulings: Rulings
    tips: list[str]  # "Dicas para Vencer", printed


class Silver(_Strict):
    """Everything the expansion adds, in one value (see ``silver.load_silver``)."""

    rules: SilverRules
    maps: dict[str, UndergroundMap]
    spaces: dict[str, UndergroundSpace]  # every space of every side, by id
    construction_costs: dict[str, UndergroundCost]
    cathedral_groups: dict[str, UndergroundCathedralGroup]
    tablets: dict[str, StoneTablet]
    technologies: dict[str, Technology]
    resource_bonus_tiles: dict[str, ResourceBonusTile]
    tiles: dict[str, SilverTile]  # Underground Bonus tiles, new base-pool Bonus tiles, new Characters
    fair_tiles: dict[str, SilverFairTile]
    prospector_wheel: ProspectorWheel
    king_overlay: KingOverlay
    scoring_overlay: list[ScoringSide]
