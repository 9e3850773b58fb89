"""The options on the map (rulebook, Architect Action and Merchant Action): moving a piece,
placing a House or a Pillar, taking a Bonus tile from a Town. Bonuses of Characters, Contracts
and Crest spaces use the same actions through their own decisions (MoveFrame, PlaceFrame, ...).

One rule places a House or a Pillar on any map (``house_rule``/``build_house``, ``pillar_rule``/
``raise_pillar``): an expansion's map passes its own spaces and names and keeps only its own "where"
(which decision, which piece stands there)."""

from __future__ import annotations

from ..data import schema as fx
from .actions import Action, Rule, register, refuse
from .categories import HOUSES
from .common import action_is, can_take, piece_at, pop_spent, replaced, spend, store, use_ap, without
from .effects import run_effects, score
from .frozen import updated
from .queries import PIECE_NAMES, cathedral_available, takeable_tiles
from .state import EMPTY, ActionFrame, MoveAndPlaceFrame, MoveAnywhereFrame, MoveFrame, PlaceFrame, pop_frame, put


def _steps(r, seat: int, here: str, piece: str) -> tuple:
    """The moves of a piece to each neighbouring space (made once per ruleset, seat, piece and space)."""
    key = (seat, piece, here)
    moves = r.moves.get(key)
    if moves is None:
        moves = r.moves[key] = tuple(MovePiece(seat, piece, s) for s in r.adjacent[here])
    return moves


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

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Sure as an option of the piece's own Action (its AP are checked before); for a bonus, ``check``
        judges (which piece, which steps are left)."""
        seat = frame.player
        p = state.players[seat]
        if isinstance(frame, ActionFrame):
            sure += _steps(r, seat, piece_at(p, frame.action), frame.action)
        elif isinstance(frame, MoveAnywhereFrame):
            reach = r.spaces if frame.reach == "any" else r.next_towns[piece_at(p, frame.piece)]
            unsure += [cls(seat, frame.piece, s) for s in reach]
        else:  # MoveFrame, MoveAndPlaceFrame
            for piece in (("merchant", "architect") if frame.piece == "both" else (frame.piece,)):
                unsure += _steps(r, seat, piece_at(p, piece), piece)

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        if self.piece == "merchant":
            put(p, "merchant", self.to)
        else:
            put(p, "architect", self.to)
        if isinstance(frame, ActionFrame):
            use_ap(frame)
            pop_spent(state, frame)
        elif isinstance(frame, MoveFrame):
            put(frame, "steps", frame.steps - 1)
            if frame.piece == "both":
                if self.piece == "merchant":
                    put(frame, "merchant_left", False)
                else:
                    put(frame, "architect_left", False)
            if frame.steps <= 0:
                pop_frame(state)
        elif isinstance(frame, MoveAndPlaceFrame):
            put(frame, "moved", True)
            if frame.placed:
                pop_frame(state)
        else:
            pop_frame(state)

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
    put(state.players[frame.player], "houses", state.players[frame.player].houses - 1)
    b = state.board
    put(b, "houses", updated(b.houses, town, replaced(b.houses[town], space - 1, frame.player)))
    after_place(state, frame)
    for m in r.modules:
        m.placed(r, state, frame.player, "house", town)
    if spec.bonus == "vp":
        score(r, state, frame.player, spec.vp, HOUSES, f"House space in {name}")
    elif spec.bonus == "building":
        run_effects(r, state, frame.player, [fx.BuildingBonus()], source="effect", why=f"Building Bonus in {name}")


def after_place(state, frame) -> None:
    if isinstance(frame, ActionFrame):
        use_ap(frame)
        pop_spent(state, frame)
    elif isinstance(frame, MoveAndPlaceFrame):
        put(frame, "placed", True)
        if frame.moved:
            pop_frame(state)
    else:
        pop_frame(state)


class PlaceHouse(Action, tag="house"):
    town: str
    space: int  # House space number in the Town, from 1

    RULE = Rule("A House from your supply goes on a free House space of the Town where your Merchant stands, "
                "never two of yours in one Town; 1 AP of the Merchant Action.", "actions", "merchant")

    def ap_cost(self, r, state, frame) -> int:
        return 1 if isinstance(frame, ActionFrame) else 0

    def check(self, r, state, frame) -> None:
        place_context(r, state, frame, "merchant", self.town, "House")
        name = r.space_name(self.town)
        if r.spaces[self.town].kind != "town":
            raise refuse(f"{name} is a Road space: Houses go in Towns")
        house_rule(state, frame.player, self.town, self.space, name)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Sure in the Merchant Action (made only with a House in supply, none of yours in the Town);
        for a bonus, ``check`` judges."""
        seat = frame.player
        p = state.players[seat]
        houses = state.board.houses
        if isinstance(frame, ActionFrame):
            row = houses.get(p.merchant)
            if row is not None and p.houses and seat not in row:
                sure += [cls(seat, p.merchant, i + 1) for i, o in enumerate(row) if o == EMPTY]
            return
        if frame.piece != "merchant":
            return
        if isinstance(frame, MoveAndPlaceFrame):
            towns = [p.merchant] if p.merchant in houses else []
        else:  # PlaceFrame: where the Merchant is, or any Town of the map (a module's maps: its own kinds)
            towns = [t for t in (r.towns if frame.anywhere else [p.merchant]) if t in r.spaces and r.spaces[t].kind == "town"]
        unsure += [cls(seat, t, i + 1) for t in towns for i, o in enumerate(houses[t]) if o == EMPTY]

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, ActionFrame) and frame.action == "merchant":
            here = state.players[frame.player].merchant
            if r.spaces[here].house_spaces:
                return [cls(frame.player, here, 1)]
        return []

    def apply(self, r, state, frame) -> None:
        build_house(r, state, frame, self.town, self.space, r.spaces[self.town].house_spaces[self.space - 1],
                    r.space_name(self.town))

    def describe(self, r, state) -> str:
        return f"builds a House in {r.space_name(self.town)} (space {self.space})"


def house_rule(state, player: int, town: str, space: int, name: str) -> None:
    """A House on a House space of a Town, on any map: one from the supply, none of yours in that Town
    yet, on a free space (``name``: the Town as its map names it). Raises with the reason."""
    if state.players[player].houses < 1:
        raise refuse("you have no House in your supply")
    row = state.board.houses.get(town, ())
    if player in row:
        raise refuse(f"you already have a House in {name}")
    free = [i + 1 for i, o in enumerate(row) if o == EMPTY]
    if not free:
        raise refuse(f"no empty House space in {name}")
    if space not in free:
        raise refuse(f"House space {space} in {name} is not free (free: {', '.join(map(str, free))})")


class PlacePillar(Action, tag="pillar"):
    town: str

    RULE = Rule("A Pillar from your supply goes to the Cathedral of the Town where your Architect stands: a free "
                "space, none of yours there, not the Unavailable Cathedral; 1 AP of the Architect Action.",
                "actions", "architect")

    def ap_cost(self, r, state, frame) -> int:
        return 1 if isinstance(frame, ActionFrame) else 0

    def check(self, r, state, frame) -> None:
        place_context(r, state, frame, "architect", self.town, "Pillar")
        name = r.space_name(self.town)
        if not r.spaces[self.town].has_cathedral:
            raise refuse(f"{name} has no Cathedral")
        if not cathedral_available(r, state, self.town):
            raise refuse(f"the Cathedral of {name} is Unavailable this game")
        pillar_rule(state, frame.player, self.town, name)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Sure in the Architect Action (made only where ``pillar_rule`` and the Cathedral allow it); for a
        bonus, ``check`` judges."""
        seat = frame.player
        p = state.players[seat]
        pillars = state.board.pillars
        if isinstance(frame, ActionFrame):
            row = pillars.get(p.architect)
            if row is not None and p.pillars and seat not in row and EMPTY in row and cathedral_available(r, state, p.architect):
                sure.append(cls(seat, p.architect))
            return
        if frame.piece != "architect":
            return
        if isinstance(frame, MoveAndPlaceFrame):
            unsure.append(cls(seat, p.architect))
        else:  # PlaceFrame: where the Architect is, or any Cathedral of the map
            towns = list(pillars) if frame.anywhere else [p.architect]
            unsure += [cls(seat, t) for t in towns if t in r.spaces and r.spaces[t].kind == "town" and t in pillars]

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, ActionFrame) and frame.action == "architect":
            here = state.players[frame.player].architect
            if r.spaces[here].has_cathedral:
                return [cls(frame.player, here)]
        return []

    def apply(self, r, state, frame) -> None:
        raise_pillar(r, state, frame, self.town)

    def describe(self, r, state) -> str:
        return f"raises a Pillar at the Cathedral of {r.space_name(self.town)}"


def pillar_rule(state, player: int, town: str, name: str) -> None:
    """A Pillar at a Cathedral, on any map: one from the supply, none of yours there yet, a free space."""
    if state.players[player].pillars < 1:
        raise refuse("you have no Pillar in your supply")
    row = state.board.pillars[town]
    if player in row:
        raise refuse(f"you already have a Pillar at the Cathedral of {name}")
    if EMPTY not in row:
        raise refuse(f"no empty Pillar space at the Cathedral of {name}")


def raise_pillar(r, state, frame, town: str) -> None:
    """A Pillar from the supply onto the first free space of a Cathedral (any map), the decision moved on,
    then what the modules do when a Pillar is placed."""
    put(state.players[frame.player], "pillars", state.players[frame.player].pillars - 1)
    b = state.board
    row = b.pillars[town]
    put(b, "pillars", updated(b.pillars, town, replaced(row, row.index(EMPTY), frame.player)))
    after_place(state, frame)
    for m in r.modules:
        m.placed(r, state, frame.player, "pillar", town)


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

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """The tiles lying where the Action's piece stands that the Storehouse can take (sure)."""
        p = state.players[frame.player]
        tiles = state.board.map_bonus.get(piece_at(p, frame.action), ())
        if tiles:
            tiles = tuple(dict.fromkeys(tiles))
            takeable = takeable_tiles(r, p, tiles)  # (``why_cannot_take`` for them all at once)
            sure += [cls(frame.player, t) for i, t in enumerate(tiles) if takeable[i]]

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        b = state.board
        here = piece_at(p, frame.action)
        put(b, "map_bonus", updated(b.map_bonus, here, without(b.map_bonus[here], self.tile)))
        store(p, self.tile)
        use_ap(frame)
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        return f"takes the Bonus tile {r.tile_name(self.tile)}"


register(MovePiece, PlaceHouse, PlacePillar, TakeBonus)
