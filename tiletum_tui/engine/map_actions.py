"""The options on the map (rulebook, Architect Action and Merchant Action): moving a piece,
placing a House or a Pillar, taking a Bonus tile from a Town. Bonuses of Characters, Contracts
and Crest spaces use the same actions through their own decisions (MoveFrame, PlaceFrame, ...)."""

from __future__ import annotations

from ..data import schema as fx
from .actions import Action, Rule, register, refuse
from .common import action_is, can_take, piece_at, pop_spent, replaced, spend, store, use_ap, without
from .effects import run_effects, score
from .queries import PIECE_NAMES, cathedral_available, empty_house_spaces
from .state import EMPTY, ActionFrame, MoveAndPlaceFrame, MoveAnywhereFrame, MoveFrame, PlaceFrame


class MovePiece(Action, tag="move"):
    piece: str  # "merchant" or "architect"
    to: str  # map space id

    RULE = Rule("Your Merchant or Architect steps to a neighbouring space for 1 AP of its own Action (or as a "
                "bonus allows). Roads count as spaces.", "actions", "merchant")

    def ap_cost(self, r, state, frame) -> int:
        return 1 if isinstance(frame, ActionFrame) else 0

    def check(self, r, state, frame) -> None:
        p = state.players[frame.player]
        here = piece_at(p, self.piece)
        name = PIECE_NAMES[self.piece]
        if self.to not in r.spaces:
            raise refuse(f"there is no map space '{self.to}'")
        if isinstance(frame, MoveAnywhereFrame):
            if self.piece != frame.piece:
                raise refuse(f"this bonus moves your {PIECE_NAMES[frame.piece]}")
            if self.to == here:
                raise refuse(f"your {name} is already in {r.space_name(self.to)}")
            if frame.reach == "next_town" and self.to not in r.next_towns[here]:
                raise refuse(f"this reward moves your {name} to a Town next to {r.space_name(here)}")
            return
        if isinstance(frame, ActionFrame):
            action_is(frame, self.piece, what=f"Moving the {name}")
            spend(frame, 1, "A move")
        elif isinstance(frame, MoveFrame):
            if frame.piece == "both":
                if not (frame.merchant_left if self.piece == "merchant" else frame.architect_left):
                    raise refuse(f"your {name} has already moved for this bonus")
            elif self.piece != frame.piece:
                raise refuse(f"this bonus moves your {PIECE_NAMES[frame.piece]}")
        elif isinstance(frame, MoveAndPlaceFrame):
            if self.piece != frame.piece or frame.moved:
                raise refuse(f"this bonus moves your {PIECE_NAMES[frame.piece]} once")
        else:
            raise refuse("you cannot move a piece now")
        if self.to not in r.adjacent[here]:
            raise refuse(f"{r.space_name(self.to)} is not next to your {name} in {r.space_name(here)}")

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        if self.piece == "merchant":
            p.merchant = self.to
        else:
            p.architect = self.to
        if isinstance(frame, ActionFrame):
            use_ap(frame)
            pop_spent(state, frame)
        elif isinstance(frame, MoveFrame):
            frame.steps -= 1
            if frame.piece == "both":
                if self.piece == "merchant":
                    frame.merchant_left = False
                else:
                    frame.architect_left = False
            if frame.steps <= 0:
                state.stack.pop()
        elif isinstance(frame, MoveAndPlaceFrame):
            frame.moved = True
            if frame.placed:
                state.stack.pop()
        else:
            state.stack.pop()

    def describe(self, r, state) -> str:
        return f"moves the {PIECE_NAMES[self.piece]} to {r.space_name(self.to)}"


def place_context(r, state, frame, piece: str, town: str, what: str) -> None:
    """Where a House/Pillar may go for the decision in hand; raises with the reason."""
    p = state.players[frame.player]
    if town not in r.spaces:
        raise refuse(f"there is no map space '{town}'")
    if isinstance(frame, ActionFrame):
        action_is(frame, piece, what=f"Placing a {what}")
        spend(frame, 1, f"Placing a {what}")
    elif isinstance(frame, MoveAndPlaceFrame):
        if frame.piece != piece or frame.placed:
            raise refuse(f"this bonus does not place a {what}")
    elif isinstance(frame, PlaceFrame):
        if frame.piece != piece:
            raise refuse(f"this bonus does not place a {what}")
        if frame.anywhere:
            return
    else:
        raise refuse(f"you cannot place a {what} now")
    here = piece_at(p, piece)
    if here != town:
        raise refuse(f"a {what} goes where your {PIECE_NAMES[piece]} is ({r.space_name(here)}), not {r.space_name(town)}")


def build_house(r, state, frame, town: str, space: int, spec, name: str) -> None:
    """A House from the supply onto House space ``space`` of ``town`` (on the map or Underground: ``spec``
    is that space, ``name`` the Town's), the decision moved on, then what the space gives (VP, a Building
    Bonus) after what the modules do when a House is placed."""
    state.players[frame.player].houses -= 1
    b = state.board
    b.houses = {**b.houses, town: replaced(b.houses[town], space - 1, frame.player)}
    after_place(state, frame)
    for m in r.modules:
        m.placed(r, state, frame.player, "house", town)
    if spec.bonus == "vp":
        score(r, state, frame.player, spec.vp, "houses", f"House space in {name}")
    elif spec.bonus == "building":
        run_effects(r, state, frame.player, [fx.BuildingBonus()], source="effect", why=f"Building Bonus in {name}")


def after_place(state, frame) -> None:
    if isinstance(frame, ActionFrame):
        use_ap(frame)
        pop_spent(state, frame)
    elif isinstance(frame, MoveAndPlaceFrame):
        frame.placed = True
        if frame.moved:
            state.stack.pop()
    else:
        state.stack.pop()


class PlaceHouse(Action, tag="house"):
    town: str
    space: int  # House space number in the Town, from 1

    RULE = Rule("A House from your supply goes on a free House space of the Town where your Merchant stands, "
                "never two of yours in one Town; 1 AP of the Merchant Action.", "actions", "merchant")

    def ap_cost(self, r, state, frame) -> int:
        return 1 if isinstance(frame, ActionFrame) else 0

    def check(self, r, state, frame) -> None:
        place_context(r, state, frame, "merchant", self.town, "House")
        p = state.players[frame.player]
        name = r.space_name(self.town)
        if r.spaces[self.town].kind != "town":
            raise refuse(f"{name} is a Road space: Houses go in Towns")
        if p.houses < 1:
            raise refuse("you have no House in your supply")
        row = state.board.houses[self.town]
        if frame.player in row:
            raise refuse(f"you already have a House in {name}")
        if not empty_house_spaces(state, self.town):
            raise refuse(f"no empty House space in {name}")
        if not 1 <= self.space <= len(row) or row[self.space - 1] != EMPTY:
            free = ", ".join(str(i + 1) for i in empty_house_spaces(state, self.town))
            raise refuse(f"House space {self.space} in {name} is not free (free: {free})")

    def apply(self, r, state, frame) -> None:
        build_house(r, state, frame, self.town, self.space, r.spaces[self.town].house_spaces[self.space - 1],
                    r.space_name(self.town))
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        return f"builds a House in {r.space_name(self.town)} (space {self.space})"


class PlacePillar(Action, tag="pillar"):
    town: str

    RULE = Rule("A Pillar from your supply goes to the Cathedral of the Town where your Architect stands: a free "
                "space, none of yours there, not the Unavailable Cathedral; 1 AP of the Architect Action.",
                "actions", "architect")

    def ap_cost(self, r, state, frame) -> int:
        return 1 if isinstance(frame, ActionFrame) else 0

    def check(self, r, state, frame) -> None:
        place_context(r, state, frame, "architect", self.town, "Pillar")
        p = state.players[frame.player]
        name = r.space_name(self.town)
        if not r.spaces[self.town].has_cathedral:
            raise refuse(f"{name} has no Cathedral")
        if not cathedral_available(r, state, self.town):
            raise refuse(f"the Cathedral of {name} is Unavailable this game")
        if p.pillars < 1:
            raise refuse("you have no Pillar in your supply")
        row = state.board.pillars[self.town]
        if frame.player in row:
            raise refuse(f"you already have a Pillar at the Cathedral of {name}")
        if EMPTY not in row:
            raise refuse(f"no empty Pillar space at the Cathedral of {name}")

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        p.pillars -= 1
        b = state.board
        row = b.pillars[self.town]
        b.pillars = {**b.pillars, self.town: replaced(row, row.index(EMPTY), frame.player)}
        after_place(state, frame)
        pop_spent(state, frame)
        for m in r.modules:
            m.placed(r, state, frame.player, "pillar", self.town)

    def describe(self, r, state) -> str:
        return f"raises a Pillar at the Cathedral of {r.space_name(self.town)}"


class TakeBonus(Action, tag="take"):
    """Take a Bonus tile from the Town where the Action's piece stands."""

    tile: str

    RULE = Rule("For 1 AP of the Merchant or Architect Action you may take a Bonus tile lying in the Town where "
                "that piece stands, if your Storehouse has room.", "actions", "merchant")

    def ap_cost(self, r, state, frame) -> int:
        return 1

    def check(self, r, state, frame) -> None:
        action_is(frame, "architect", "merchant", what="Taking a Bonus tile from a Town")
        spend(frame, 1, "Taking a Bonus tile")
        p = state.players[frame.player]
        here = piece_at(p, frame.action)
        if self.tile not in state.board.map_bonus.get(here, ()):
            raise refuse(f"that Bonus tile is not in {r.space_name(here)}, where your {PIECE_NAMES[frame.action]} is")
        can_take(r, p, self.tile)

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        b = state.board
        here = piece_at(p, frame.action)
        b.map_bonus = {**b.map_bonus, here: without(b.map_bonus[here], self.tile)}
        store(p, self.tile)
        use_ap(frame)
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        return f"takes the Bonus tile {r.tile_name(self.tile)}"


register(MovePiece, PlaceHouse, PlacePillar, TakeBonus)
