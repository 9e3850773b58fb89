"""The state of a game of Tiletum: msgspec Structs holding ids, never copies of printed values.

Nothing in a state refers back to what holds it, so the Structs are not tracked by Python's
cycle collector (``gc=False``: cheaper to make and to copy).

States are values (issues 18 and 38). Every Struct is frozen (an attribute write raises), sequences
are tuples (the players, the flow stack, the last action's events too) and every dict is a read-only
``frozen.FrozenDict`` (the engine makes a new one when a mapping changes). Only the engine changes a
state, through ``put`` (and ``push``, ``pop_frame``, ``replace_top``, ``emit``), and only the copy its
apply made or a clone its caller handed to ``apply_in_place``: ``clone`` copies just the Structs
(State, Board, Hidden, each Player, each decision frame, a module's state) and shares the read-only
rest. That makes ``apply`` (copy, then change) nearly as cheap as ``apply_in_place``, which is what a
search pays for every step. So a state, a view, a clone or a history position can be held by a
screen, a hint, an opponent or a client: ``tests/engine/test_values.py`` and
``test_values_everywhere.py`` try every write into every part of them over whole games.

What no player may see (the generator, the order of the face-down piles, the face-down
Corruption tokens, the dice in the bag) lives in ``State.hidden``; ``views.view`` hides it.

Modules keep their own state in ``State.module_state`` (``module_state.py``), unset in a game
without them: msgspec leaves an unset field out of the encoding, so a base game's state, digest and
saves are exactly what they were before modules had state.
"""

from __future__ import annotations

from typing import Union

import msgspec
from msgspec import UNSET, UnsetType

from .events import Event
from .module_state import MODULE_FRAMES, ModuleStates
from .versions import RULES_VERSION  # the rules a new game is played under (the one home)

# House / Pillar space markers on the map (values of ``Board.houses[town][i]``; >= 0 is a player index).
EMPTY = -1
UNUSED = -2  # space marked for more players than this game has
UNKNOWN = -1  # a face-down Corruption token in a view


class PlayerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    colour: str




class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a game is set up from: the players in seat order (first = first player), the seed, the
    modules of the ruleset beyond the base game (``"action-tiles"``, ``"silver"``), the rules version (a
    save always records it, so a game goes on under the rules it began with) and the modules'
    options (``"silver.a-sides"``; unset when none, and then left out of saves and digests)."""

    players: tuple[PlayerSetup, ...]
    seed: int
    modules: tuple[str, ...] = ()
    rules: int = RULES_VERSION
    options: tuple[str, ...] | UnsetType = UNSET


def has_option(settings: Settings, option: str) -> bool:
    return settings.options is not UNSET and option in settings.options


class Player(msgspec.Struct, frozen=True, gc=False):
    name: str
    colour: str
    vp: int
    resources: dict[str, int]  # G F W S I (replaced, never changed in place)
    merchant: str  # map space id
    architect: str
    houses: int  # in personal supply
    roof: tuple[bool, ...]  # True while the roof House of Building i is still there
    pillars: int  # in personal supply
    storehouse: tuple[str, ...]  # tile ids, at most four
    rooms: tuple[tuple[str, ...], ...]  # per Building, per floor: tile id or "" ("*": pre-occupied)
    crests: tuple[str, ...]  # per Building: Crest tile id or ""
    contracts: tuple[str, ...]  # Contract spaces left to right: fulfilled Contract tile id or ""
    cathedral_tiles: tuple[str, ...]
    cathedrals: tuple[str, ...]  # Towns whose Cathedral this player has contributed to
    dice: tuple[str, ...]  # colours of the dice on the die spaces, left to right
    bonus_ap: dict[str, int]  # Action -> Bonus AP from Completed Buildings
    completed: tuple[bool, ...]  # per Building
    ledger: dict[str, int]  # VP by scoring category, for the breakdown table


# ---------------------------------------------------------------- pending decisions (the flow stack)
class TurnFrame(msgspec.Struct, tag="turn", frozen=True, gc=False):
    """The bottom of a player's turn: take a die, then Tasks and ending the turn."""

    player: int
    die_taken: bool = False
    exchanged: bool = False  # the first Resource exchange of this turn gave its bonus Resource
    resource_override: str = ""  # a Helper chose the Resource this turn's die gives


class ActionFrame(msgspec.Struct, tag="action", frozen=True, gc=False):
    """An Action being performed with AP to spend."""

    player: int
    action: str
    ap: int
    source: str  # "die", "helper" or "effect"
    spent: int = 0


class JokerFrame(msgspec.Struct, tag="joker", frozen=True, gc=False):
    """Choose which Action the AP go to (the Joker Action, or a Helper's 'any Action')."""

    player: int
    ap: int
    source: str


class ChooseResourceFrame(msgspec.Struct, tag="choose_resource", frozen=True, gc=False):
    player: int
    count: int
    reason: str


class MoveFrame(msgspec.Struct, tag="move", frozen=True, gc=False):
    """Optional steps of one piece to adjacent spaces (``piece`` = "both" for one step of each)."""

    player: int
    piece: str
    steps: int
    merchant_left: bool = False
    architect_left: bool = False


class MoveAndPlaceFrame(msgspec.Struct, tag="move_and_place", frozen=True, gc=False):
    player: int
    piece: str
    moved: bool = False
    placed: bool = False


class PlaceFrame(msgspec.Struct, tag="place", frozen=True, gc=False):
    """Place a House (piece "merchant") or Pillar (piece "architect"): where the piece is, or anywhere."""

    player: int
    piece: str
    anywhere: bool


class MoveAnywhereFrame(msgspec.Struct, tag="move_anywhere", frozen=True, gc=False):
    """Move a piece to any space (a Crest bonus), or only to an adjacent Town (``reach`` = "next_town")."""

    player: int
    piece: str
    reach: str = "any"


class PickBuildingFrame(msgspec.Struct, tag="pick_building", frozen=True, gc=False):
    player: int


class BuildingBonusFrame(msgspec.Struct, tag="building_bonus", frozen=True, gc=False):
    player: int
    building: int
    remaining: tuple[str, ...]


class KingTileFrame(msgspec.Struct, tag="king_tile", frozen=True, gc=False):
    """King phase: the highest player takes or discards the Bonus tile beside the King track."""

    player: int


# The decisions of the base game and those the modules add (``module_state.MODULE_FRAMES``).
Frame = Union[(
    TurnFrame, ActionFrame, JokerFrame, ChooseResourceFrame, MoveFrame, MoveAndPlaceFrame, PlaceFrame,
    MoveAnywhereFrame, PickBuildingFrame, BuildingBonusFrame, KingTileFrame, *MODULE_FRAMES,
)]


class Fair(msgspec.Struct, frozen=True, gc=False):
    town: str
    tile: str
    done: bool = False


class Board(msgspec.Struct, frozen=True, gc=False):
    """Everything on the table that every player sees."""

    wheel_actions: tuple[str, ...]  # the Action at each of the six wheel positions
    wheel_rotation: int  # die value v lies at position (v - 1 + rotation) % 6
    wheel_dice: tuple[tuple[str, ...], ...]  # per die value 1..6: colours of the dice there
    wheel_bonus: tuple[str, ...]  # per wheel position: Bonus tile id or ""
    king_bonus: str
    king_track: tuple[tuple[int, ...], ...]  # per space, lowest first: player indices, bottom of the stack first
    contract_offer: tuple[str, ...]  # five spaces, "" when empty
    character_offer: tuple[str, ...]
    map_bonus: dict[str, tuple[str, ...]]  # Town -> face-up Bonus tiles lying there
    houses: dict[str, tuple[int, ...]]  # Town -> per House space: player, EMPTY or UNUSED
    pillars: dict[str, tuple[int, ...]]  # Cathedral Town -> per Pillar space
    construction_cost: dict[str, str]  # Cathedral Town -> Construction Cost tile id
    cathedral_stack: dict[str, tuple[str, ...]]  # Cathedral Town -> Cathedral tiles, bottom first
    fairs: tuple[Fair, ...]  # one per round: Tiletum first
    corruption_revealed: tuple[int, ...]
    box: tuple[str, ...]  # tiles out of the game (player-count, used Helpers, discards, unused)


class Hidden(msgspec.Struct, frozen=True, gc=False):
    """What no player may see. In a view (``views.view``) the piles and the bag are sorted (their
    contents are public, their order is not), the face-down tokens are UNKNOWN and rng is 0."""

    rng: int  # splitmix64 state: every roll, shuffle and draw comes from here
    bonus_pile: tuple[str, ...]  # face down, drawn from the end
    contract_pile: tuple[str, ...]
    character_pile: tuple[str, ...]
    corruption_row: tuple[int, ...]  # face-down tokens of this round on the Turn track, revealed from the end
    corruption_pool: tuple[int, ...]  # the face-down stack beside the track
    bag: tuple[str, ...]  # dice colours in the bag
    redacted: bool = False  # True in a view: such a state can be read, never played on


class State(msgspec.Struct, frozen=True, gc=False):
    settings: Settings
    players: tuple[Player, ...]
    board: Board
    hidden: Hidden
    turn_order: tuple[int, ...]  # player indices, first player first
    round: int = 1
    phase: str = "action"  # "action", "king", "over" (preparation, Fair and Cleanup are resolved at once)
    lap: int = 1
    turn: int = 0  # index into turn_order of the player taking a turn
    stack: tuple[Frame, ...] = ()
    winner: int = -1
    events: tuple[Event, ...] = ()  # what the last action made happen (``rules.apply`` returns them too)
    module_state: ModuleStates | UnsetType = UNSET  # what the modules in play keep (unset without them)


# ---------------------------------------------------------------- the engine's writes
# Every Struct of a state is frozen: an attribute write raises (``view.players[0].vp = 99``), so whatever
# a screen, an opponent or a client holds cannot change a game. The engine's apply writes through
# ``put`` (msgspec's force_setattr: no dearer than an attribute write), and only into the copy it made
# (``copy_for_apply``) or a state nobody else holds yet (``apply_in_place`` on a caller's ``clone``).
put = msgspec.structs.force_setattr


def push(state: State, *frames) -> None:
    """Put ``frames`` on the flow stack, the last on top."""
    put(state, "stack", state.stack + frames)


def pop_frame(state: State) -> None:
    """Take the top decision off the flow stack (it is done)."""
    put(state, "stack", state.stack[:-1])


def replace_top(state: State, frame) -> None:
    """The top decision becomes ``frame``."""
    put(state, "stack", (*state.stack[:-1], frame))


def emit(state: State, event: Event) -> None:
    """Record what the action being applied made happen (``state.events``: the last action's events)."""
    put(state, "events", (*state.events, event))


def clone(state: State) -> State:
    """A copy of a state that the engine's ``apply_in_place`` may change without touching the original:
    the Structs are copied, the read-only containers shared. Like every state, it refuses writes."""
    return copy_for_apply(state)


def copy_for_apply(state: State) -> State:
    """The engine's private copy for apply: the Structs it may change are copied, the rest shared."""
    new = state.__copy__()
    put(new, "board", state.board.__copy__())
    put(new, "hidden", state.hidden.__copy__())
    put(new, "players", tuple([p.__copy__() for p in state.players]))
    put(new, "stack", tuple([f.__copy__() for f in state.stack]))
    if state.module_state is not UNSET:
        put(new, "module_state", state.module_state.copied())
    return new
