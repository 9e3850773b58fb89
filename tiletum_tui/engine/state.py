"""The state of a game of Tiletum: plain mutable msgspec Structs holding ids, never copies of printed values.

The state is changed only by ``engine.rules.apply`` (and the flow it drives). Everything the
screens draw, the save files store and the tests assert is read from here.
"""

from __future__ import annotations

from typing import Union

import msgspec

# House / Pillar space markers on the map (values of ``Board.houses[town][i]``; >= 0 is a player index).
EMPTY = -1
UNUSED = -2  # space marked for more players than this game has


class PlayerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    colour: str


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a game is set up from: the players in seat order (first = first player), the seed, variants."""

    players: tuple[PlayerSetup, ...]
    seed: int
    action_tiles: bool = False


class Player(msgspec.Struct):
    name: str
    colour: str
    vp: int
    resources: dict[str, int]  # G F W S I
    merchant: str  # map space id
    architect: str
    houses: int  # in personal supply
    roof: list[bool]  # True while the roof House of Building i is still there
    pillars: int  # in personal supply
    storehouse: list[str]  # tile ids, at most four
    rooms: list[list[str]]  # per Building, per floor: tile id or "" (the pre-occupied Building holds "*")
    crests: list[str]  # per Building: Crest tile id or ""
    contracts: list[str]  # Contract spaces left to right: fulfilled Contract tile id or ""
    cathedral_tiles: list[str]
    cathedrals: list[str]  # Towns whose Cathedral this player has contributed to
    dice: list[str]  # colours of the dice on the die spaces, left to right
    bonus_ap: dict[str, int]  # Action -> Bonus AP from Completed Buildings
    completed: list[bool]  # per Building
    ledger: dict[str, int]  # VP by scoring category, for the breakdown table


# ---------------------------------------------------------------- pending decisions (the flow stack)
class TurnFrame(msgspec.Struct, tag="turn"):
    """The bottom of a player's turn: take a die, then Tasks and ending the turn."""

    player: int
    die_taken: bool = False
    exchanged: bool = False  # the first Resource exchange of this turn gave its bonus Resource
    resource_override: str = ""  # a Helper chose the Resource this turn's die gives


class ActionFrame(msgspec.Struct, tag="action"):
    """An Action being performed with AP to spend."""

    player: int
    action: str
    ap: int
    source: str  # "die", "helper" or "effect"
    spent: int = 0


class JokerFrame(msgspec.Struct, tag="joker"):
    """Choose which Action the AP go to (the Joker Action, or a Helper's 'any Action')."""

    player: int
    ap: int
    source: str


class ChooseResourceFrame(msgspec.Struct, tag="choose_resource"):
    player: int
    count: int
    reason: str


class MoveFrame(msgspec.Struct, tag="move"):
    """Optional steps of one piece to adjacent spaces (``piece`` = "both" for one step of each)."""

    player: int
    piece: str
    steps: int
    merchant_left: bool = False
    architect_left: bool = False


class MoveAndPlaceFrame(msgspec.Struct, tag="move_and_place"):
    player: int
    piece: str
    moved: bool = False
    placed: bool = False


class PlaceFrame(msgspec.Struct, tag="place"):
    """Place a House (piece "merchant") or Pillar (piece "architect"): where the piece is, or anywhere."""

    player: int
    piece: str
    anywhere: bool


class MoveAnywhereFrame(msgspec.Struct, tag="move_anywhere"):
    """Move a piece to any space (a Crest bonus), or only to an adjacent Town (``reach`` = "next_town")."""

    player: int
    piece: str
    reach: str = "any"


class PickBuildingFrame(msgspec.Struct, tag="pick_building"):
    player: int


class BuildingBonusFrame(msgspec.Struct, tag="building_bonus"):
    player: int
    building: int
    remaining: list[str]


class KingTileFrame(msgspec.Struct, tag="king_tile"):
    """King phase: the highest player takes or discards the Bonus tile beside the King track."""

    player: int


Frame = Union[
    TurnFrame, ActionFrame, JokerFrame, ChooseResourceFrame, MoveFrame, MoveAndPlaceFrame, PlaceFrame,
    MoveAnywhereFrame, PickBuildingFrame, BuildingBonusFrame, KingTileFrame,
]


class Fair(msgspec.Struct):
    town: str
    tile: str
    done: bool = False


class Board(msgspec.Struct):
    wheel_actions: list[str]  # the Action at each of the six wheel positions
    wheel_rotation: int  # die value v lies at position (v - 1 + rotation) % 6
    wheel_dice: list[list[str]]  # per die value 1..6: colours of the dice there
    wheel_bonus: list[str]  # per wheel position: Bonus tile id or ""
    king_bonus: str
    king_track: list[list[int]]  # per space, lowest first: player indices, bottom of the stack first
    bonus_pile: list[str]
    contract_pile: list[str]
    character_pile: list[str]
    contract_offer: list[str]  # five spaces, "" when empty
    character_offer: list[str]
    map_bonus: dict[str, list[str]]  # Town -> face-up Bonus tiles lying there
    houses: dict[str, list[int]]  # Town -> per House space: player, EMPTY or UNUSED
    pillars: dict[str, list[int]]  # Cathedral Town -> per Pillar space
    construction_cost: dict[str, str]  # Cathedral Town -> Construction Cost tile id
    cathedral_stack: dict[str, list[str]]  # Cathedral Town -> Cathedral tiles, bottom first
    fairs: list[Fair]  # one per round: Tiletum first
    corruption_pool: list[int]  # tokens not on the Turn track
    corruption_row: list[int]  # face-down tokens of this round, revealed from the end (rightmost first)
    corruption_revealed: list[int]
    bag: list[str]  # dice colours in the bag
    box: list[str]  # tiles out of the game (player-count, used Helpers, discards, unused)


class Scoring(msgspec.Struct):
    """One scoring event, for the announcement and the log: who got what and why."""

    player: int
    vp: int
    category: str
    why: str


class State(msgspec.Struct):
    settings: Settings
    players: list[Player]
    board: Board
    turn_order: list[int]  # player indices, first player first
    round: int = 1
    phase: str = "action"  # "action", "king", "over" (preparation, Fair and Cleanup are resolved at once)
    lap: int = 1
    turn: int = 0  # index into turn_order of the player taking a turn
    stack: list[Frame] = []
    rng: int = 0  # splitmix64 state: every roll, shuffle and draw comes from here
    reveals: int = 0  # counts moments that revealed information (undo never crosses one)
    actions: int = 0  # actions applied so far
    events: list[Scoring] = []  # scoring since the start, in order
    winner: int = -1
