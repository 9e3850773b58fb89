"""Choices inside bonuses: a Resource of one's choice, and the Building Bonus (rulebook, appendix,
Game board: "select one of your Buildings ... and receive each Character bonus once")."""

from __future__ import annotations

from ..data.schema import RESOURCE_NAMES, RESOURCES
from .actions import Action, Rule, register, refuse
from .categories import CHARACTERS
from .common import gain_one, without
from .effects import run_effects
from .queries import building_design
from .state import BuildingBonusFrame, ChooseResourceFrame, PickBuildingFrame, pop_frame, put, replace_top


class Gain(Action, tag="gain"):
    """Choose one Resource to gain."""

    resource: str

    RULE = Rule("A bonus lets you choose which Resource you gain.", "actions", "tasks")

    def check(self, r, state, frame) -> None:
        if not isinstance(frame, ChooseResourceFrame):
            raise refuse("there is no Resource to choose now")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        sure += _GAINS[frame.player]

    def apply(self, r, state, frame) -> None:
        gain_one(state.players[frame.player], self.resource, 1)
        put(frame, "count", frame.count - 1)
        if frame.count <= 0:
            pop_frame(state)

    def describe(self, r, state) -> str:
        return f"gains 1 {RESOURCE_NAMES[self.resource]}"


class PickBuilding(Action, tag="building"):
    building: int

    RULE = Rule("A Building Bonus: choose one of your Buildings with a Character in it.", "actions", "map")

    def check(self, r, state, frame) -> None:
        if not isinstance(frame, PickBuildingFrame):
            raise refuse("there is no Building to choose now")
        p = state.players[frame.player]
        if not 1 <= self.building <= len(p.rooms) or not building_design(r, p, self.building - 1):
            raise refuse(f"Building {self.building} has no Character")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        unsure += [cls(frame.player, b + 1) for b in range(len(state.players[frame.player].rooms))]

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        tiles = tuple(t for t in p.rooms[self.building - 1] if t and t != "*")
        replace_top(state, BuildingBonusFrame(player=frame.player, building=self.building, remaining=tiles))

    def describe(self, r, state) -> str:
        return f"takes the Building Bonus of Building {self.building}"


class CharacterBonus(Action, tag="bonus"):
    tile: str

    RULE = Rule("A Building Bonus gives each Character in the chosen Building its bonus once, in any order; any may "
                "be skipped.", "actions", "map")

    def check(self, r, state, frame) -> None:
        if not isinstance(frame, BuildingBonusFrame):
            raise refuse("there is no Character bonus to take now")
        if self.tile not in frame.remaining:
            raise refuse("that Character's bonus is not waiting (each one is taken once)")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        unsure += [cls(frame.player, t) for t in dict.fromkeys(frame.remaining)]

    def apply(self, r, state, frame) -> None:
        put(frame, "remaining", without(frame.remaining, self.tile))
        if not frame.remaining:
            pop_frame(state)
        t = r.tiles[self.tile]
        run_effects(r, state, frame.player, t.effects, source="effect", why=t.name, category=CHARACTERS)

    def describe(self, r, state) -> str:
        name = r.tile_name(self.tile)
        return f"takes the bonus of the {name}"


register(Gain, PickBuilding, CharacterBonus)
_GAINS = [tuple(Gain(seat, x) for x in RESOURCES) for seat in range(4)]
