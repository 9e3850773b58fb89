"""The options of the five Actions: Architect, Merchant, Character, Contract and King (the Joker picks one)."""

from __future__ import annotations

from ..data import schema as fx
from ..data.schema import RESOURCE_NAMES
from . import actions as A
from .common import action_is, can_take, piece_at, player_of, pop_spent, refuse, spend, use_ap
from .effects import draw, fill_room, king_steps, run_effects, score, shuffle, turn_frame
from .queries import (
    BOARD, SPACES, TRACKS, PIECE_NAMES, building_design, cathedral_available, empty_house_spaces, neighbours, next_towns,
    space_name, tile,
)
from .state import (
    EMPTY, ActionFrame, ChooseResourceFrame, MoveAndPlaceFrame, MoveAnywhereFrame, MoveFrame, PlaceFrame,
)


# ---------------------------------------------------------------- moving and placing

def check_move(state, frame, a: A.MovePiece) -> None:
    p = player_of(state, frame)
    here = piece_at(p, a.piece)
    if a.to not in SPACES:
        raise refuse(f"there is no map space '{a.to}'")
    if isinstance(frame, MoveAnywhereFrame):
        if a.piece != frame.piece:
            raise refuse(f"this bonus moves your {PIECE_NAMES[frame.piece]}")
        if a.to == here:
            raise refuse(f"your {PIECE_NAMES[a.piece]} is already in {space_name(a.to)}")
        if frame.reach == "next_town" and a.to not in next_towns(here):
            raise refuse(f"this reward moves your {PIECE_NAMES[a.piece]} to a Town next to {space_name(here)}")
        return
    if isinstance(frame, ActionFrame):
        action_is(frame, a.piece, what=f"Moving the {PIECE_NAMES[a.piece]}")
        spend(frame, 1, "A move")
    elif isinstance(frame, MoveFrame):
        if frame.piece == "both":
            if not (frame.merchant_left if a.piece == "merchant" else frame.architect_left):
                raise refuse(f"your {PIECE_NAMES[a.piece]} has already moved for this bonus")
        elif a.piece != frame.piece:
            raise refuse(f"this bonus moves your {PIECE_NAMES[frame.piece]}")
    elif isinstance(frame, MoveAndPlaceFrame):
        if a.piece != frame.piece or frame.moved:
            raise refuse(f"this bonus moves your {PIECE_NAMES[frame.piece]} once")
    else:
        raise refuse("you cannot move a piece now")
    if a.to not in neighbours(here):
        raise refuse(f"{space_name(a.to)} is not next to your {PIECE_NAMES[a.piece]} in {space_name(here)}")


def do_move(state, frame, a: A.MovePiece) -> None:
    p = player_of(state, frame)
    if a.piece == "merchant":
        p.merchant = a.to
    else:
        p.architect = a.to
    if isinstance(frame, ActionFrame):
        use_ap(frame)
    elif isinstance(frame, MoveFrame):
        frame.steps -= 1
        if frame.piece == "both":
            if a.piece == "merchant":
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


def place_context(state, frame, piece: str, town: str, what: str) -> None:
    """Where a House/Pillar may go for the decision in hand; raises with the reason."""
    p = player_of(state, frame)
    if town not in SPACES:
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
        raise refuse(f"a {what} goes where your {PIECE_NAMES[piece]} is ({space_name(here)}), not {space_name(town)}")


def check_house(state, frame, a: A.PlaceHouse) -> None:
    place_context(state, frame, "merchant", a.town, "House")
    p = player_of(state, frame)
    name = space_name(a.town)
    if SPACES[a.town].kind != "town":
        raise refuse(f"{name} is a Road space: Houses go in Towns")
    if p.houses < 1:
        raise refuse("you have no House in your supply")
    row = state.board.houses[a.town]
    if frame.player in row:
        raise refuse(f"you already have a House in {name}")
    if not empty_house_spaces(state, a.town):
        raise refuse(f"no empty House space in {name}")
    if not 1 <= a.space <= len(row) or row[a.space - 1] != EMPTY:
        free = ", ".join(str(i + 1) for i in empty_house_spaces(state, a.town))
        raise refuse(f"House space {a.space} in {name} is not free (free: {free})")


def do_house(state, frame, a: A.PlaceHouse) -> None:
    p = player_of(state, frame)
    p.houses -= 1
    state.board.houses[a.town][a.space - 1] = frame.player
    after_place(state, frame)
    spec = SPACES[a.town].house_spaces[a.space - 1]
    if spec.bonus == "vp":
        score(state, frame.player, spec.vp, "houses", f"House space in {space_name(a.town)}")
    elif spec.bonus == "building":
        run_effects(state, frame.player, [fx.BuildingBonus()], source="effect", why=f"Building Bonus in {space_name(a.town)}")


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


def check_pillar(state, frame, a: A.PlacePillar) -> None:
    place_context(state, frame, "architect", a.town, "Pillar")
    p = player_of(state, frame)
    name = space_name(a.town)
    if not SPACES[a.town].has_cathedral:
        raise refuse(f"{name} has no Cathedral")
    if not cathedral_available(state, a.town):
        raise refuse(f"the Cathedral of {name} is Unavailable this game")
    if p.pillars < 1:
        raise refuse("you have no Pillar in your supply")
    row = state.board.pillars[a.town]
    if frame.player in row:
        raise refuse(f"you already have a Pillar at the Cathedral of {name}")
    if EMPTY not in row:
        raise refuse(f"no empty Pillar space at the Cathedral of {name}")


def do_pillar(state, frame, a: A.PlacePillar) -> None:
    p = player_of(state, frame)
    p.pillars -= 1
    row = state.board.pillars[a.town]
    row[row.index(EMPTY)] = frame.player
    after_place(state, frame)


def check_take_bonus(state, frame, a: A.TakeBonus) -> None:
    action_is(frame, "architect", "merchant", what="Taking a Bonus tile from a Town")
    spend(frame, 1, "Taking a Bonus tile")
    here = piece_at(player_of(state, frame), frame.action)
    if a.tile not in state.board.map_bonus.get(here, ()):
        raise refuse(f"that Bonus tile is not in {space_name(here)}, where your {PIECE_NAMES[frame.action]} is")
    can_take(player_of(state, frame), a.tile)


def do_take_bonus(state, frame, a: A.TakeBonus) -> None:
    p = player_of(state, frame)
    state.board.map_bonus[piece_at(p, frame.action)].remove(a.tile)
    p.storehouse.append(a.tile)
    use_ap(frame)


# ---------------------------------------------------------------- Character Action
def check_hire(state, frame, a: A.Hire) -> None:
    action_is(frame, "character", what="Taking a Character")
    spend(frame, 1, "Taking a Character")
    if a.tile not in state.board.character_offer:
        raise refuse("that Character is not in the offer")
    can_take(player_of(state, frame), a.tile)


def do_hire(state, frame, a: A.Hire) -> None:
    offer = state.board.character_offer
    i = offer.index(a.tile)
    player_of(state, frame).storehouse.append(a.tile)
    offer[i] = draw(state, state.board.character_pile)  # refilled at once
    use_ap(frame)


def check_refresh(state, frame, a) -> None:
    action_is(frame, "character", what="Refreshing the Character offer")
    spend(frame, 1, "Refreshing the offer")
    if not any(state.board.character_offer):
        raise refuse("the Character offer is empty")


def do_refresh(state, frame, a) -> None:
    b = state.board
    discarded = [t for t in b.character_offer if t]
    b.character_offer = [draw(state, b.character_pile) for _ in b.character_offer]
    b.character_pile.extend(discarded)  # mixed back into the pile after refilling
    shuffle(state, b.character_pile)
    state.reveals += 1
    use_ap(frame)


def check_room(state, frame, a: A.Room) -> None:
    action_is(frame, "character", what="Placing a Character")
    p = player_of(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "character":
        raise refuse("that Character is not in your Storehouse")
    if not 1 <= a.building <= len(BOARD.buildings):
        raise refuse(f"Buildings are numbered 1 to {len(BOARD.buildings)}")
    b = a.building - 1
    spec = BOARD.buildings[b]
    if spec.preoccupied:
        raise refuse(f"Building {a.building} is already occupied")
    if not 1 <= a.floor <= spec.rooms:
        raise refuse(f"Building {a.building} has Rooms on floors 1 to {spec.rooms}")
    if p.rooms[b][a.floor - 1]:
        raise refuse(f"the Room on floor {a.floor} of Building {a.building} is taken")
    design = tile(a.tile).design
    living = building_design(p, b)
    if living and living != design:
        raise refuse(f"Building {a.building} houses the {tile(p.rooms[b][0] or next(t for t in p.rooms[b] if t)).name}: one Character per Building")
    for other in range(len(p.rooms)):
        if other != b and building_design(p, other) == design:
            raise refuse(f"your {tile(a.tile).name} already lives in Building {other + 1}: all copies go there")
    spend(frame, a.floor, f"A Room on floor {a.floor}")


def do_room(state, frame, a: A.Room) -> None:
    p = player_of(state, frame)
    p.storehouse.remove(a.tile)
    use_ap(frame, a.floor)
    pop_spent(state, frame)
    fill_room(state, frame.player, a.building - 1, a.floor, a.tile)


# ---------------------------------------------------------------- Contract Action
def check_take_contract(state, frame, a: A.TakeContract) -> None:
    action_is(frame, "contract", what="Taking a Contract")
    offer = state.board.contract_offer
    if a.tile not in offer:
        raise refuse("that tile is not in the Contract offer")
    spend(frame, TRACKS.contract_offer_ap[offer.index(a.tile)], "That Contract")
    can_take(player_of(state, frame), a.tile)


def do_take_contract(state, frame, a: A.TakeContract) -> None:
    offer = state.board.contract_offer
    i = offer.index(a.tile)
    offer[i] = ""  # not refilled until the end of the turn
    player_of(state, frame).storehouse.append(a.tile)
    cost = TRACKS.contract_offer_ap[i]
    use_ap(frame, cost)


def check_exchange(state, frame, a: A.Exchange) -> None:
    action_is(frame, "contract", what="Exchanging a Resource")
    spend(frame, 1, "An exchange")
    if a.give == a.get:
        raise refuse("an exchange gives a different Resource")
    if player_of(state, frame).resources[a.give] < 1:
        raise refuse(f"you have no {RESOURCE_NAMES[a.give]} to exchange")


def do_exchange(state, frame, a: A.Exchange) -> None:
    p = player_of(state, frame)
    p.resources[a.give] -= 1
    p.resources[a.get] += 1
    use_ap(frame)
    base = turn_frame(state)
    if not base.exchanged:  # the first exchange of the turn brings a bonus Resource of your choice
        base.exchanged = True
        pop_spent(state, frame)
        state.stack.append(ChooseResourceFrame(player=frame.player, count=1, reason="first exchange of the turn"))


def check_king(state, frame, a) -> None:
    action_is(frame, "king", what="Advancing on the King track")
    spend(frame, 1, "A King track step")
    track = state.board.king_track
    if frame.player in track[-1]:
        raise refuse(f"your marker is on the top space ({TRACKS.king_track[-1]:+d} VP) already")


def do_king(state, frame, a) -> None:
    king_steps(state, frame.player, 1)
    use_ap(frame)


def check_gain(state, frame, a: A.Gain) -> None:
    if not isinstance(frame, ChooseResourceFrame):
        raise refuse("there is no Resource to choose now")


def do_gain(state, frame, a: A.Gain) -> None:
    player_of(state, frame).resources[a.resource] += 1
    frame.count -= 1
    if frame.count <= 0:
        state.stack.pop()
