"""Checking and applying actions: every rule of a turn, every Action option, every Task.

Each action type has a ``_check_*`` that raises IllegalActionError with the reason, and an
``_do_*`` that changes the state; ``apply_in_place`` always checks completely before changing
anything, so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from ..data import schema as fx
from ..data.schema import DIE_COLOURS, DIE_RESOURCE, RESOURCE_NAMES, RESOURCES
from . import actions as A
from .effects import (
    check_completed, draw, fill_room, king_steps, run_effects, score, shuffle, turn_frame,
)
from .errors import IllegalActionError
from .flow import end_turn, finish_king_phase
from .queries import (
    BOARD, CAT, SPACES, TRACKS, ACTION_NAMES, PIECE_NAMES, action_for_value, building_design, die_action_frame,
    empty_house_spaces, neighbours, space_name, tile, why_cannot_take, wheel_position_for_value,
    cathedral_available,
)
from .state import (
    EMPTY, ActionFrame, BuildingBonusFrame, ChooseResourceFrame, JokerFrame, KingTileFrame, MoveAndPlaceFrame,
    MoveAnywhereFrame, MoveFrame, PickBuildingFrame, PlaceFrame, State, TurnFrame,
)


def _no(reason: str) -> IllegalActionError:
    return IllegalActionError(reason)


def die_steps(value: int, target: int) -> int:
    """Steps of +-1 from value to target; 6 and 1 are neighbours."""
    d = abs(value - target)
    return min(d, 6 - d)


def _top(state: State):
    if not state.stack:
        raise _no("the game is over" if state.phase == "over" else "nobody is to decide now")
    return state.stack[-1]


def _player(state: State, frame):
    return state.players[frame.player]


def _helper_active(state: State) -> bool:
    return any(getattr(f, "source", "") == "helper" for f in state.stack)


def _tasks_open(state: State, frame) -> None:
    if state.phase != "action" or not isinstance(frame, (TurnFrame, ActionFrame, JokerFrame)):
        raise _no("Tasks can be done only between choices of your own turn, not in the middle of this one")


def _spend(frame, ap: int, what: str) -> None:
    if not isinstance(frame, ActionFrame):
        raise _no(f"{what} needs an Action with AP")
    if frame.ap < ap:
        raise _no(f"{what} costs {ap} AP and you have {frame.ap} AP left")


def _action_is(frame, *names: str, what: str) -> None:
    if not isinstance(frame, ActionFrame) or frame.action not in names:
        wanted = " or ".join(ACTION_NAMES[n] for n in names)
        raise _no(f"{what} is an option of the {wanted} Action")


def _pay_check(have: dict[str, int], cost: dict[str, int], what: str) -> None:
    for r, n in cost.items():
        if have.get(r, 0) < n:
            raise _no(f"{what} needs {n} {RESOURCE_NAMES[r]} and you have {have.get(r, 0)}")


# ---------------------------------------------------------------- the die
def _check_take_die(state, frame, a: A.TakeDie) -> None:
    if not isinstance(frame, TurnFrame) or frame.die_taken:
        raise _no("you have already taken your die this turn" if isinstance(frame, TurnFrame) else "finish the current choice first")
    if a.colour not in state.board.wheel_dice[a.value - 1]:
        raise _no(f"there is no {fx.DIE_COLOUR_NAMES[a.colour]} {a.value} on the Action Wheel")
    p = _player(state, frame)
    gold = TRACKS.change_die_gold * die_steps(a.value, a.target)
    if p.resources["G"] < gold:
        raise _no(f"changing a {a.value} to a {a.target} costs {gold} Gold and you have {p.resources['G']}")
    if a.bonus:
        t = state.board.wheel_bonus[wheel_position_for_value(state, a.target)]
        if not t:
            raise _no(f"the {ACTION_NAMES[action_for_value(state, a.target)]} Action has no Bonus tile")
        reason = why_cannot_take(p, t)
        if reason:
            raise _no(f"you cannot take its Bonus tile: {reason}")


def _do_take_die(state, frame: TurnFrame, a: A.TakeDie) -> None:
    p = _player(state, frame)
    p.resources["G"] -= TRACKS.change_die_gold * die_steps(a.value, a.target)
    state.board.wheel_dice[a.value - 1].remove(a.colour)
    p.dice.append(a.colour)
    if a.bonus:
        pos = wheel_position_for_value(state, a.target)
        p.storehouse.append(state.board.wheel_bonus[pos])
        state.board.wheel_bonus[pos] = ""
    resource = frame.resource_override or DIE_RESOURCE[a.colour]
    p.resources[resource] += a.target
    frame.die_taken = True
    action = action_for_value(state, a.target)
    ap = 7 - a.target
    if action == "joker":
        state.stack.append(JokerFrame(player=frame.player, ap=ap, source="die"))
    else:
        state.stack.append(ActionFrame(player=frame.player, action=action, ap=ap + p.bonus_ap.get(action, 0), source="die"))


def _check_choose(state, frame, a: A.ChooseAction) -> None:
    if not isinstance(frame, JokerFrame):
        raise _no("there is no Joker Action to give AP to")
    if a.action == "joker":
        raise _no("the Joker gives its AP to one of the five other Actions")


def _do_choose(state, frame: JokerFrame, a: A.ChooseAction) -> None:
    ap = frame.ap
    if frame.source == "die":  # Bonus AP apply through the Joker, never to Helpers or effects
        ap += state.players[frame.player].bonus_ap.get(a.action, 0)
    state.stack[-1] = ActionFrame(player=frame.player, action=a.action, ap=ap, source=frame.source)


def _check_end(state, frame, a) -> None:
    if state.phase != "action" or not state.stack:
        raise _no("there is no turn to end")
    base = turn_frame(state)
    if not base.die_taken:
        raise _no("take a die first: every turn uses one die")
    rest = state.stack[1:]
    if len(rest) > 1 or (rest and getattr(rest[0], "source", "") != "die"):
        raise _no("finish the current choice first")


def _check_done(state, frame, a) -> None:
    if isinstance(frame, ActionFrame):
        if frame.source == "helper" and frame.spent == 0 and _any_option(state, frame):
            raise _no("a Helper must be used for something: spend at least 1 AP")
        return
    if isinstance(frame, (MoveAndPlaceFrame, BuildingBonusFrame)):
        return
    raise _no("there is nothing to finish here")


def _do_done(state, frame, a) -> None:
    state.stack.pop()


def _check_skip(state, frame, a) -> None:
    if not isinstance(frame, (MoveFrame, PlaceFrame, MoveAnywhereFrame, PickBuildingFrame)):
        raise _no("this choice cannot be skipped")


# ---------------------------------------------------------------- moving and placing
def _piece_at(p, piece: str) -> str:
    return p.merchant if piece == "merchant" else p.architect


def _check_move(state, frame, a: A.MovePiece) -> None:
    p = _player(state, frame)
    here = _piece_at(p, a.piece)
    if a.to not in SPACES:
        raise _no(f"there is no map space '{a.to}'")
    if isinstance(frame, MoveAnywhereFrame):
        if a.piece != frame.piece:
            raise _no(f"this bonus moves your {PIECE_NAMES[frame.piece]}")
        if a.to == here:
            raise _no(f"your {PIECE_NAMES[a.piece]} is already in {space_name(a.to)}")
        return
    if isinstance(frame, ActionFrame):
        _action_is(frame, a.piece, what=f"Moving the {PIECE_NAMES[a.piece]}")
        _spend(frame, 1, "A move")
    elif isinstance(frame, MoveFrame):
        if frame.piece == "both":
            if not (frame.merchant_left if a.piece == "merchant" else frame.architect_left):
                raise _no(f"your {PIECE_NAMES[a.piece]} has already moved for this bonus")
        elif a.piece != frame.piece:
            raise _no(f"this bonus moves your {PIECE_NAMES[frame.piece]}")
    elif isinstance(frame, MoveAndPlaceFrame):
        if a.piece != frame.piece or frame.moved:
            raise _no(f"this bonus moves your {PIECE_NAMES[frame.piece]} once")
    else:
        raise _no("you cannot move a piece now")
    if a.to not in neighbours(here):
        raise _no(f"{space_name(a.to)} is not next to your {PIECE_NAMES[a.piece]} in {space_name(here)}")


def _do_move(state, frame, a: A.MovePiece) -> None:
    p = _player(state, frame)
    if a.piece == "merchant":
        p.merchant = a.to
    else:
        p.architect = a.to
    if isinstance(frame, ActionFrame):
        frame.ap -= 1
        frame.spent += 1
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


def _place_context(state, frame, piece: str, town: str, what: str) -> None:
    """Where a House/Pillar may go for the decision in hand; raises with the reason."""
    p = _player(state, frame)
    if town not in SPACES:
        raise _no(f"there is no map space '{town}'")
    if isinstance(frame, ActionFrame):
        _action_is(frame, piece, what=f"Placing a {what}")
        _spend(frame, 1, f"Placing a {what}")
    elif isinstance(frame, MoveAndPlaceFrame):
        if frame.piece != piece or frame.placed:
            raise _no(f"this bonus does not place a {what}")
    elif isinstance(frame, PlaceFrame):
        if frame.piece != piece:
            raise _no(f"this bonus does not place a {what}")
        if frame.anywhere:
            return
    else:
        raise _no(f"you cannot place a {what} now")
    here = _piece_at(p, piece)
    if here != town:
        raise _no(f"a {what} goes where your {PIECE_NAMES[piece]} is ({space_name(here)}), not {space_name(town)}")


def _check_house(state, frame, a: A.PlaceHouse) -> None:
    _place_context(state, frame, "merchant", a.town, "House")
    p = _player(state, frame)
    name = space_name(a.town)
    if SPACES[a.town].kind != "town":
        raise _no(f"{name} is a Road space: Houses go in Towns")
    if p.houses < 1:
        raise _no("you have no House in your supply")
    row = state.board.houses[a.town]
    if frame.player in row:
        raise _no(f"you already have a House in {name}")
    if not empty_house_spaces(state, a.town):
        raise _no(f"no empty House space in {name}")
    if not 1 <= a.space <= len(row) or row[a.space - 1] != EMPTY:
        free = ", ".join(str(i + 1) for i in empty_house_spaces(state, a.town))
        raise _no(f"House space {a.space} in {name} is not free (free: {free})")


def _do_house(state, frame, a: A.PlaceHouse) -> None:
    p = _player(state, frame)
    p.houses -= 1
    state.board.houses[a.town][a.space - 1] = frame.player
    _after_place(state, frame)
    spec = SPACES[a.town].house_spaces[a.space - 1]
    if spec.bonus == "vp":
        score(state, frame.player, spec.vp, "houses", f"House space in {space_name(a.town)}")
    elif spec.bonus == "building":
        run_effects(state, frame.player, [fx.BuildingBonus()], source="effect", why=f"Building Bonus in {space_name(a.town)}")


def _after_place(state, frame) -> None:
    if isinstance(frame, ActionFrame):
        frame.ap -= 1
        frame.spent += 1
        _pop_spent(state, frame)
    elif isinstance(frame, MoveAndPlaceFrame):
        frame.placed = True
        if frame.moved:
            state.stack.pop()
    else:
        state.stack.pop()


def _check_pillar(state, frame, a: A.PlacePillar) -> None:
    _place_context(state, frame, "architect", a.town, "Pillar")
    p = _player(state, frame)
    name = space_name(a.town)
    if not SPACES[a.town].has_cathedral:
        raise _no(f"{name} has no Cathedral")
    if not cathedral_available(state, a.town):
        raise _no(f"the Cathedral of {name} is Unavailable this game")
    if p.pillars < 1:
        raise _no("you have no Pillar in your supply")
    row = state.board.pillars[a.town]
    if frame.player in row:
        raise _no(f"you already have a Pillar at the Cathedral of {name}")
    if EMPTY not in row:
        raise _no(f"no empty Pillar space at the Cathedral of {name}")


def _do_pillar(state, frame, a: A.PlacePillar) -> None:
    p = _player(state, frame)
    p.pillars -= 1
    row = state.board.pillars[a.town]
    row[row.index(EMPTY)] = frame.player
    _after_place(state, frame)


def _check_take_bonus(state, frame, a: A.TakeBonus) -> None:
    _action_is(frame, "architect", "merchant", what="Taking a Bonus tile from a Town")
    _spend(frame, 1, "Taking a Bonus tile")
    here = _piece_at(_player(state, frame), frame.action)
    if a.tile not in state.board.map_bonus.get(here, ()):
        raise _no(f"that Bonus tile is not in {space_name(here)}, where your {PIECE_NAMES[frame.action]} is")
    reason = why_cannot_take(_player(state, frame), a.tile)
    if reason:
        raise _no(reason)


def _do_take_bonus(state, frame, a: A.TakeBonus) -> None:
    p = _player(state, frame)
    state.board.map_bonus[_piece_at(p, frame.action)].remove(a.tile)
    p.storehouse.append(a.tile)
    frame.ap -= 1
    frame.spent += 1


# ---------------------------------------------------------------- Character Action
def _check_hire(state, frame, a: A.Hire) -> None:
    _action_is(frame, "character", what="Taking a Character")
    _spend(frame, 1, "Taking a Character")
    if a.tile not in state.board.character_offer:
        raise _no("that Character is not in the offer")
    reason = why_cannot_take(_player(state, frame), a.tile)
    if reason:
        raise _no(reason)


def _do_hire(state, frame, a: A.Hire) -> None:
    offer = state.board.character_offer
    i = offer.index(a.tile)
    _player(state, frame).storehouse.append(a.tile)
    offer[i] = draw(state, state.board.character_pile)  # refilled at once
    frame.ap -= 1
    frame.spent += 1


def _check_refresh(state, frame, a) -> None:
    _action_is(frame, "character", what="Refreshing the Character offer")
    _spend(frame, 1, "Refreshing the offer")
    if not any(state.board.character_offer):
        raise _no("the Character offer is empty")


def _do_refresh(state, frame, a) -> None:
    b = state.board
    discarded = [t for t in b.character_offer if t]
    b.character_offer = [draw(state, b.character_pile) for _ in b.character_offer]
    b.character_pile.extend(discarded)  # mixed back into the pile after refilling
    shuffle(state, b.character_pile)
    state.reveals += 1
    frame.ap -= 1
    frame.spent += 1


def _check_room(state, frame, a: A.Room) -> None:
    _action_is(frame, "character", what="Placing a Character")
    p = _player(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "character":
        raise _no("that Character is not in your Storehouse")
    if not 1 <= a.building <= len(BOARD.buildings):
        raise _no(f"Buildings are numbered 1 to {len(BOARD.buildings)}")
    b = a.building - 1
    spec = BOARD.buildings[b]
    if spec.preoccupied:
        raise _no(f"Building {a.building} is already occupied")
    if not 1 <= a.floor <= spec.rooms:
        raise _no(f"Building {a.building} has Rooms on floors 1 to {spec.rooms}")
    if p.rooms[b][a.floor - 1]:
        raise _no(f"the Room on floor {a.floor} of Building {a.building} is taken")
    design = tile(a.tile).design
    living = building_design(p, b)
    if living and living != design:
        raise _no(f"Building {a.building} houses the {tile(p.rooms[b][0] or next(t for t in p.rooms[b] if t)).name}: one Character per Building")
    for other in range(len(p.rooms)):
        if other != b and building_design(p, other) == design:
            raise _no(f"your {tile(a.tile).name} already lives in Building {other + 1}: all copies go there")
    _spend(frame, a.floor, f"A Room on floor {a.floor}")


def _do_room(state, frame, a: A.Room) -> None:
    p = _player(state, frame)
    p.storehouse.remove(a.tile)
    frame.ap -= a.floor
    frame.spent += a.floor
    _pop_spent(state, frame)
    fill_room(state, frame.player, a.building - 1, a.floor, a.tile)


# ---------------------------------------------------------------- Contract Action
def _check_take_contract(state, frame, a: A.TakeContract) -> None:
    _action_is(frame, "contract", what="Taking a Contract")
    offer = state.board.contract_offer
    if a.tile not in offer:
        raise _no("that tile is not in the Contract offer")
    _spend(frame, TRACKS.contract_offer_ap[offer.index(a.tile)], "That Contract")
    reason = why_cannot_take(_player(state, frame), a.tile)
    if reason:
        raise _no(reason)


def _do_take_contract(state, frame, a: A.TakeContract) -> None:
    offer = state.board.contract_offer
    i = offer.index(a.tile)
    offer[i] = ""  # not refilled until the end of the turn
    _player(state, frame).storehouse.append(a.tile)
    cost = TRACKS.contract_offer_ap[i]
    frame.ap -= cost
    frame.spent += cost


def _check_exchange(state, frame, a: A.Exchange) -> None:
    _action_is(frame, "contract", what="Exchanging a Resource")
    _spend(frame, 1, "An exchange")
    if a.give == a.get:
        raise _no("an exchange gives a different Resource")
    if _player(state, frame).resources[a.give] < 1:
        raise _no(f"you have no {RESOURCE_NAMES[a.give]} to exchange")


def _do_exchange(state, frame, a: A.Exchange) -> None:
    p = _player(state, frame)
    p.resources[a.give] -= 1
    p.resources[a.get] += 1
    frame.ap -= 1
    frame.spent += 1
    base = turn_frame(state)
    if not base.exchanged:  # the first exchange of the turn brings a bonus Resource of your choice
        base.exchanged = True
        _pop_spent(state, frame)
        state.stack.append(ChooseResourceFrame(player=frame.player, count=1, reason="first exchange of the turn"))


def _check_king(state, frame, a) -> None:
    _action_is(frame, "king", what="Advancing on the King track")
    _spend(frame, 1, "A King track step")
    track = state.board.king_track
    if frame.player in track[-1]:
        raise _no(f"your marker is on the top space ({TRACKS.king_track[-1]:+d} VP) already")


def _do_king(state, frame, a) -> None:
    king_steps(state, frame.player, 1)
    frame.ap -= 1
    frame.spent += 1


def _check_gain(state, frame, a: A.Gain) -> None:
    if not isinstance(frame, ChooseResourceFrame):
        raise _no("there is no Resource to choose now")


def _do_gain(state, frame, a: A.Gain) -> None:
    _player(state, frame).resources[a.resource] += 1
    frame.count -= 1
    if frame.count <= 0:
        state.stack.pop()


# ---------------------------------------------------------------- Tasks
def _check_buy(state, frame, a: A.Buy) -> None:
    _tasks_open(state, frame)
    if a.resource == "G":
        raise _no("Gold buys Stone, Wool, Iron or Food, not Gold")
    gold = _player(state, frame).resources["G"]
    if gold < TRACKS.buy_resource_gold:
        raise _no(f"buying a Resource costs {TRACKS.buy_resource_gold} Gold and you have {gold}")


def _do_buy(state, frame, a: A.Buy) -> None:
    p = _player(state, frame)
    p.resources["G"] -= TRACKS.buy_resource_gold
    p.resources[a.resource] += 1


def contract_cost(t, identical: str) -> dict[str, int]:
    cost = dict(t.pay)
    if t.identical:
        cost[identical] = cost.get(identical, 0) + t.identical
    return cost


def _check_fulfil(state, frame, a: A.Fulfil) -> None:
    _tasks_open(state, frame)
    p = _player(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "contract":
        raise _no("that Contract is not in your Storehouse")
    if all(p.contracts):
        raise _no("all six of your Contract spaces are filled")
    t = tile(a.tile)
    if t.identical and not a.identical:
        raise _no(f"say which Resource pays the {t.identical} identical Resources (e.g. 'fulfil {a.tile} W')")
    if not t.identical and a.identical:
        raise _no("this Contract asks for no identical Resources")
    _pay_check(p.resources, contract_cost(t, a.identical), "This Contract")


def _do_fulfil(state, frame, a: A.Fulfil) -> None:
    p = _player(state, frame)
    t = tile(a.tile)
    for r, n in contract_cost(t, a.identical).items():
        p.resources[r] -= n
    p.storehouse.remove(a.tile)
    i = p.contracts.index("")
    p.contracts[i] = a.tile
    if i < BOARD.contract_pillars:
        p.pillars += 1  # the Pillar printed on that space joins the supply
    score(state, frame.player, t.vp + BOARD.contract_vp[i], "contracts", f"{t.name} on Contract space {i + 1}")
    run_effects(state, frame.player, t.effects, source="effect", why=t.name)


def _check_crest(state, frame, a: A.PlaceCrest) -> None:
    _tasks_open(state, frame)
    p = _player(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "crest":
        raise _no("that Crest is not in your Storehouse")
    if not 1 <= a.building <= len(BOARD.buildings):
        raise _no(f"Buildings are numbered 1 to {len(BOARD.buildings)}")
    if p.crests[a.building - 1]:
        raise _no(f"Building {a.building} already has its Crest")
    food = BOARD.crest_spaces[a.building - 1].food
    if p.resources["F"] < food:
        raise _no(f"the Crest space of Building {a.building} costs {food} Food and you have {p.resources['F']}")


def _do_crest(state, frame, a: A.PlaceCrest) -> None:
    p = _player(state, frame)
    b = a.building - 1
    space = BOARD.crest_spaces[b]
    p.resources["F"] -= space.food
    p.storehouse.remove(a.tile)
    p.crests[b] = a.tile
    check_completed(state, frame.player, b)
    run_effects(state, frame.player, [space.bonus], source="effect", why=f"Crest space of Building {a.building}")


def _check_cathedral(state, frame, a: A.BuildCathedral) -> None:
    _tasks_open(state, frame)
    p = _player(state, frame)
    if a.town not in state.board.pillars:
        raise _no(f"there is no Cathedral in '{a.town}'")
    name = space_name(a.town)
    if frame.player not in state.board.pillars[a.town]:
        raise _no(f"you need a Pillar at the Cathedral of {name} to build it")
    if a.town in p.cathedrals:
        raise _no(f"you have already contributed to the Cathedral of {name}")
    if not state.board.cathedral_stack[a.town]:
        raise _no(f"the Cathedral of {name} has no tiles left")
    stone = CAT.construction_costs[state.board.construction_cost[a.town]].stone
    if p.resources["S"] < stone:
        raise _no(f"the Cathedral of {name} costs {stone} Stone and you have {p.resources['S']}")


def cathedral_tile_vp(tile_id: str) -> int:
    group, index = tile_id.rsplit(".", 1)
    return next(g for g in CAT.cathedral_groups if g.group == group).vp[int(index) - 1]


def _do_cathedral(state, frame, a: A.BuildCathedral) -> None:
    p = _player(state, frame)
    cost = CAT.construction_costs[state.board.construction_cost[a.town]]
    p.resources["S"] -= cost.stone
    top = state.board.cathedral_stack[a.town].pop()
    p.cathedral_tiles.append(top)
    p.cathedrals.append(a.town)
    score(state, frame.player, cost.vp + cathedral_tile_vp(top), "cathedrals", f"Cathedral of {space_name(a.town)}")


def _check_use(state, frame, a: A.UseHelper) -> None:
    _tasks_open(state, frame)
    p = _player(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "helper":
        raise _no("that Helper is not in your Storehouse")
    if _helper_active(state):
        raise _no("finish the Helper in use before starting another")
    effects = tile(a.tile).effects
    changes_die = any(isinstance(e, fx.DieResource) for e in effects)
    if changes_die:
        if not isinstance(frame, TurnFrame) or frame.die_taken:
            raise _no("this Helper is used when choosing a die, before taking it")
        if not a.resource:
            raise _no(f"say which Resource the die gives (e.g. 'use {a.tile} I')")
    elif a.resource:
        raise _no("this Helper takes no Resource choice")
    if any(isinstance(e, fx.AddAP) for e in effects):
        if die_action_frame(state) is None:
            raise _no("extra AP go to the Action of your chosen die, and it is not open")


def _do_use(state, frame, a: A.UseHelper) -> None:
    p = _player(state, frame)
    p.storehouse.remove(a.tile)  # it leaves the Storehouse at once
    state.board.box.append(a.tile)
    if a.resource:
        frame.resource_override = a.resource
    t = tile(a.tile)
    run_effects(state, frame.player, t.effects, source="helper", why=t.name)


# ---------------------------------------------------------------- Building Bonus, the King phase
def _check_pick_building(state, frame, a: A.PickBuilding) -> None:
    if not isinstance(frame, PickBuildingFrame):
        raise _no("there is no Building to choose now")
    p = _player(state, frame)
    if not 1 <= a.building <= len(p.rooms) or not building_design(p, a.building - 1):
        raise _no(f"Building {a.building} has no Character")


def _do_pick_building(state, frame, a: A.PickBuilding) -> None:
    p = _player(state, frame)
    tiles = [t for t in p.rooms[a.building - 1] if t and t != "*"]
    state.stack[-1] = BuildingBonusFrame(player=frame.player, building=a.building, remaining=tiles)


def _check_bonus(state, frame, a: A.CharacterBonus) -> None:
    if not isinstance(frame, BuildingBonusFrame):
        raise _no("there is no Character bonus to take now")
    if a.tile not in frame.remaining:
        raise _no("that Character's bonus is not waiting (each one is taken once)")


def _do_bonus(state, frame, a: A.CharacterBonus) -> None:
    frame.remaining.remove(a.tile)
    if not frame.remaining:
        state.stack.pop()
    t = tile(a.tile)
    run_effects(state, frame.player, t.effects, source="effect", why=t.name)


def _check_claim(state, frame, a) -> None:
    if not isinstance(frame, KingTileFrame):
        raise _no("the King track Bonus tile is handed out in the King phase")
    reason = why_cannot_take(_player(state, frame), state.board.king_bonus)
    if reason:
        raise _no(reason)


def _do_claim(state, frame, a) -> None:
    _player(state, frame).storehouse.append(state.board.king_bonus)
    state.board.king_bonus = ""
    finish_king_phase(state)


def _check_discard(state, frame, a) -> None:
    if not isinstance(frame, KingTileFrame):
        raise _no("the King track Bonus tile is handed out in the King phase")


def _do_discard(state, frame, a) -> None:
    state.board.box.append(state.board.king_bonus)
    state.board.king_bonus = ""
    finish_king_phase(state)


def _pop_spent(state, frame) -> None:
    """An Action from a Helper or effect with no AP left is over (the die's Action waits for 'end')."""
    if isinstance(frame, ActionFrame) and frame.ap <= 0 and frame.source != "die" and state.stack and state.stack[-1] is frame:
        state.stack.pop()


RULES = {
    A.TakeDie: (_check_take_die, _do_take_die),
    A.ChooseAction: (_check_choose, _do_choose),
    A.EndTurn: (_check_end, lambda state, frame, a: end_turn(state)),
    A.Done: (_check_done, _do_done),
    A.Skip: (_check_skip, _do_done),
    A.MovePiece: (_check_move, _do_move),
    A.PlaceHouse: (_check_house, _do_house),
    A.PlacePillar: (_check_pillar, _do_pillar),
    A.TakeBonus: (_check_take_bonus, _do_take_bonus),
    A.Hire: (_check_hire, _do_hire),
    A.Refresh: (_check_refresh, _do_refresh),
    A.Room: (_check_room, _do_room),
    A.TakeContract: (_check_take_contract, _do_take_contract),
    A.Exchange: (_check_exchange, _do_exchange),
    A.KingStep: (_check_king, _do_king),
    A.Gain: (_check_gain, _do_gain),
    A.Buy: (_check_buy, _do_buy),
    A.Fulfil: (_check_fulfil, _do_fulfil),
    A.PlaceCrest: (_check_crest, _do_crest),
    A.BuildCathedral: (_check_cathedral, _do_cathedral),
    A.UseHelper: (_check_use, _do_use),
    A.PickBuilding: (_check_pick_building, _do_pick_building),
    A.CharacterBonus: (_check_bonus, _do_bonus),
    A.ClaimKingTile: (_check_claim, _do_claim),
    A.DiscardKingTile: (_check_discard, _do_discard),
}


def check(state: State, action) -> None:
    """Raise IllegalActionError saying why, if ``action`` is not legal now; else return None."""
    frame = _top(state)
    rule = RULES.get(type(action))
    if rule is None:
        raise _no(f"unknown action {action!r}")
    rule[0](state, frame, action)


def apply_in_place(state: State, action) -> None:
    """Apply a legal action to ``state`` itself; an illegal one raises and changes nothing."""
    check(state, action)
    frame = state.stack[-1]
    RULES[type(action)][1](state, frame, action)
    if isinstance(action, A.MovePiece | A.TakeBonus | A.Hire | A.Refresh | A.TakeContract | A.KingStep | A.PlaceHouse | A.PlacePillar):
        _pop_spent(state, frame)
    state.actions += 1


def _any_option(state: State, frame: ActionFrame) -> bool:
    """Whether an Action frame has any option to spend AP on (for the Helper 'use it for something' rule)."""
    from .legal import action_options  # local: legal imports this module

    for a in action_options(state, frame):
        if isinstance(a, A.Done):
            continue
        try:
            RULES[type(a)][0](state, frame, a)
            return True
        except IllegalActionError:
            pass
    return False
