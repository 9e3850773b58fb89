"""The Character Action (rulebook, Character Action): hiring from the offer, refreshing it, and
moving a Character from the Storehouse into a Room of a Building."""

from __future__ import annotations

from .actions import Action, Rule, register, refuse
from .common import action_is, can_take, pop_spent, replaced, spend, store, unstore, use_ap
from .effects import draw, fill_room, shuffled
from .events import PileShuffled
from .queries import building_design
from .state import ActionFrame, emit, put


class Hire(Action, tag="hire"):
    """Take a Character from the offer into the Storehouse."""

    tile: str

    RULE = Rule("For 1 AP of the Character Action take a Character from the offer into your Storehouse; the offer "
                "refills at once.", "actions", "character")

    def ap_cost(self, r, state, frame) -> int:
        return 1

    def check(self, r, state, frame) -> None:
        action_is(frame, "character", what="Taking a Character")
        spend(frame, 1, "Taking a Character")
        if self.tile not in state.board.character_offer:
            raise refuse("that Character is not in the offer")
        can_take(r, state.players[frame.player], self.tile)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Every Character of the offer while the Storehouse has room (a Character takes no other rule)."""
        if len(state.players[frame.player].storehouse) < r.player_board.storehouse:
            sure += [cls(frame.player, t) for t in state.board.character_offer if t]

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, ActionFrame) and frame.action == "character":
            return [cls(frame.player, t) for t in state.board.character_offer[:1] if t]
        return []

    def apply(self, r, state, frame) -> None:
        b = state.board
        i = b.character_offer.index(self.tile)
        store(state.players[frame.player], self.tile)
        put(b, "character_offer", replaced(b.character_offer, i, draw(state, "character_pile", "character offer")))  # refilled at once
        use_ap(frame)
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        return f"takes the {r.tile_name(self.tile)} from the Character offer"


class Refresh(Action, tag="refresh"):
    """Discard the whole Character offer and refill it."""

    RULE = Rule("For 1 AP of the Character Action throw away the whole Character offer and deal a new one.",
                "actions", "character")

    def ap_cost(self, r, state, frame) -> int:
        return 1

    def check(self, r, state, frame) -> None:
        action_is(frame, "character", what="Refreshing the Character offer")
        spend(frame, 1, "Refreshing the offer")
        if not any(state.board.character_offer):
            raise refuse("the Character offer is empty")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        if any(state.board.character_offer):
            sure.append(_REFRESH[frame.player])

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        return [_REFRESH[frame.player]] if isinstance(frame, ActionFrame) and frame.action == "character" else []

    def apply(self, r, state, frame) -> None:
        b = state.board
        discarded = tuple(t for t in b.character_offer if t)
        put(b, "character_offer", tuple(draw(state, "character_pile", "character offer") for _ in b.character_offer))
        # "Discarded Character tiles are mixed, face down, back into the pile" (after refilling).
        put(state.hidden, "character_pile", shuffled(state, state.hidden.character_pile + discarded))
        emit(state, PileShuffled(pile="character", tiles=discarded))
        use_ap(frame)
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        return "discards and refills the Character offer"


class Room(Action, tag="room"):
    """Move a Character from the Storehouse into Building ``building`` (1-6), floor ``floor`` (1-3)."""

    tile: str
    building: int
    floor: int

    RULE = Rule("A Character moves from your Storehouse into an empty Room for as many AP as its floor. One kind of "
                "Character per Building, all its copies together; its bonus comes at once.", "actions", "character")

    def ap_cost(self, r, state, frame) -> int:
        return self.floor

    def check(self, r, state, frame) -> None:
        action_is(frame, "character", what="Placing a Character")
        p = state.players[frame.player]
        if self.tile not in p.storehouse or r.tiles[self.tile].kind != "character":
            raise refuse("that Character is not in your Storehouse")
        buildings = r.player_board.buildings
        if not 1 <= self.building <= len(buildings):
            raise refuse(f"Buildings are numbered 1 to {len(buildings)}")
        b = self.building - 1
        spec = buildings[b]
        if spec.preoccupied:
            raise refuse(f"Building {self.building} is already occupied")
        if not 1 <= self.floor <= spec.rooms:
            raise refuse(f"Building {self.building} has Rooms on floors 1 to {spec.rooms}")
        if p.rooms[b][self.floor - 1]:
            raise refuse(f"the Room on floor {self.floor} of Building {self.building} is taken")
        design = r.tiles[self.tile].design
        living = building_design(r, p, b)
        if living and living != design:
            resident = next(t for t in p.rooms[b] if t)
            raise refuse(f"Building {self.building} houses the {r.tile_name(resident)}: one Character per Building")
        for other in range(len(p.rooms)):
            if other != b and building_design(r, p, other) == design:
                raise refuse(f"your {r.tile_name(self.tile)} already lives in Building {other + 1}: all copies go there")
        spend(frame, self.floor, f"A Room on floor {self.floor}")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """For each design in the Storehouse (its first copy), the Rooms it may move into now (sure): the
        Building where its design lives, else any Building without a Character (never the pre-occupied
        one), on a free floor it has the AP for."""
        seat = frame.player
        p = state.players[seat]
        tiles = r.tiles
        seen = set()
        designs = None
        for t in p.storehouse:
            tile = tiles[t]
            if tile.kind != "character" or tile.design in seen:
                continue
            seen.add(tile.design)
            if designs is None:
                designs = [building_design(r, p, b) for b in range(len(p.rooms))]
            home = designs.index(tile.design) if tile.design in designs else None
            for b, spec in enumerate(r.player_board.buildings):
                if spec.preoccupied or (b != home if home is not None else designs[b]):
                    continue
                for f in range(min(spec.rooms, frame.ap)):  # a Room costs its floor in AP
                    if not p.rooms[b][f]:
                        sure.append(cls(seat, t, b + 1, f + 1))

    def apply(self, r, state, frame) -> None:
        unstore(state.players[frame.player], self.tile)
        use_ap(frame, self.floor)
        pop_spent(state, frame)
        fill_room(r, state, frame.player, self.building - 1, self.floor, self.tile)

    def describe(self, r, state) -> str:
        return f"moves the {r.tile_name(self.tile)} into Building {self.building}, floor {self.floor}"


register(Hire, Refresh, Room)
_REFRESH = [Refresh(seat) for seat in range(4)]
