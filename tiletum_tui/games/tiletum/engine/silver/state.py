"""What Prospect for Silver adds to a game's state: per player, on the table, and its decisions.

Frozen msgspec Structs (this module imports nothing of the engine's rules: ``engine/state.py`` types a
game's module state with it, through ``PART``, this module's ``state`` part in
``tiletum_tui/games/tiletum/registry.py``). As in the base game's state, only the engine writes them, through
``put`` (``engine/state.put``, which cannot be imported here: that module imports this one), on the
copy ``copied`` makes; the containers inside them (tuples, read-only dicts: ``engine/frozen.py``) are
replaced, never changed in place.

What no player may see: the order of the face-down Underground Bonus pile (``underground_pile``);
a view sorts it (``module.SilverModule.redact``).
"""

from __future__ import annotations

from typing import ClassVar

import msgspec
from msgspec.structs import force_setattr as put

from ..module_state import StatePart  # (defined before that module reads the parts)


class SilverPlayer(msgspec.Struct, frozen=True, gc=False):
    silver: int  # Silver tokens in the personal supply (Silver is no Resource: never in ``Player.resources``)
    prospectors: dict[str, str]  # Underground map id -> space of this player's Prospector there (one per map)
    prospector_supply: int  # Prospectors not yet placed
    mines: int  # Mines in the personal supply
    king_mines: int  # Mines still beside the King track (docs/silver.md, ruling 10)
    technology: dict[str, int]  # Technology id -> tier reached (0: the dark space)
    resource_tile: str = ""  # the Resource Bonus tile taken (Resource Technology I), "" none
    movement: int = 0  # Prospector steps left from this turn's movement point (ruling 20)
    movement_lap: int = 0  # the lap those steps belong to (``prospector.lap_key``): lost when it ends


class SilverState(msgspec.Struct, frozen=True, gc=False):
    players: tuple[SilverPlayer, ...]
    sides: dict[str, str]  # Underground map id -> the side up, "A" or "B"
    mines: dict[str, tuple[int, ...]]  # Underground Town -> per Mine space: player, EMPTY or UNUSED
    setup_mines: tuple[int, ...]  # players whose setup Mine stands on the starting map's Pithead
    covered: tuple[str, ...]  # Stone Tablet spaces covered with an "X" tile
    technologies: tuple[str, ...]  # the three on the Technology board
    resource_tiles: tuple[str, ...]  # Resource Bonus tiles still on the Resource Technology's tier I
    prospector_bonus: str  # the Bonus tile on the Prospector Action ("" none)
    scoring_side: int  # the Scoring overlay's side up: 1 or 2
    construction_cost: dict[str, str]  # Underground Cathedral Town -> its Silver or Gold Construction Cost tile
    cathedral_stack: dict[str, tuple[str, ...]]  # Underground Cathedral Town -> Cathedral tiles, bottom first
    underground_pile: tuple[str, ...]  # face-down Underground Bonus tiles, drawn from the end (hidden)

    def copied(self) -> SilverState:
        new = self.__copy__()
        put(new, "players", tuple([p.__copy__() for p in self.players]))
        return new


# ---------------------------------------------------------------- the expansion's decisions
class ProspectorStepFrame(msgspec.Struct, tag="prospector_step", frozen=True, gc=False):
    """Optional steps of your Prospectors (each step: one Prospector to an adjacent space)."""

    player: int
    steps: int
    skippable: ClassVar[bool] = True


class PlaceMineFrame(msgspec.Struct, tag="place_mine", frozen=True, gc=False):
    """An effect places a Mine where one of your Prospectors is (optional)."""

    player: int
    skippable: ClassVar[bool] = True


class MarkerFrame(msgspec.Struct, tag="bonus_ap_marker", frozen=True, gc=False):
    """Character Technology II/III: put a new Bonus Action Points marker (+``ap``) on an Action."""

    player: int
    ap: int


class ResourceTileFrame(msgspec.Struct, tag="resource_tile", frozen=True, gc=False):
    """Resource Technology I: take one of the Resource Bonus tiles left on its tier."""

    player: int


FRAMES: tuple[type, ...] = (ProspectorStepFrame, PlaceMineFrame, MarkerFrame, ResourceTileFrame)
PART = StatePart("silver", SilverState, FRAMES)  # State.module_state.silver
