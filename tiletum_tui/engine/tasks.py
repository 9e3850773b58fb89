"""Tasks (buy a Resource, fulfil a Contract, place a Crest, build a Cathedral, use a Helper),
the Building Bonus, and the King phase's Bonus tile."""

from __future__ import annotations

from ..data import schema as fx
from . import actions as A
from .common import can_take, helper_active, pay_check, player_of, refuse, tasks_open
from .effects import check_completed, run_effects, score
from .flow import finish_king_phase
from .queries import BOARD, CAT, TRACKS, building_design, die_action_frame, space_name, tile
from .state import BuildingBonusFrame, KingTileFrame, PickBuildingFrame, TurnFrame


# ---------------------------------------------------------------- Tasks
def check_buy(state, frame, a: A.Buy) -> None:
    tasks_open(state, frame)
    if a.resource == "G":
        raise refuse("Gold buys Stone, Wool, Iron or Food, not Gold")
    gold = player_of(state, frame).resources["G"]
    if gold < TRACKS.buy_resource_gold:
        raise refuse(f"buying a Resource costs {TRACKS.buy_resource_gold} Gold and you have {gold}")


def do_buy(state, frame, a: A.Buy) -> None:
    p = player_of(state, frame)
    p.resources["G"] -= TRACKS.buy_resource_gold
    p.resources[a.resource] += 1


def contract_cost(t, identical: str) -> dict[str, int]:
    cost = dict(t.pay)
    if t.identical:
        cost[identical] = cost.get(identical, 0) + t.identical
    return cost


def check_fulfil(state, frame, a: A.Fulfil) -> None:
    tasks_open(state, frame)
    p = player_of(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "contract":
        raise refuse("that Contract is not in your Storehouse")
    if all(p.contracts):
        raise refuse("all six of your Contract spaces are filled")
    t = tile(a.tile)
    if t.identical and not a.identical:
        raise refuse(f"say which Resource pays the {t.identical} identical Resources (e.g. 'fulfil {a.tile} W')")
    if not t.identical and a.identical:
        raise refuse("this Contract asks for no identical Resources")
    pay_check(p.resources, contract_cost(t, a.identical), "This Contract")


def do_fulfil(state, frame, a: A.Fulfil) -> None:
    p = player_of(state, frame)
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


def check_crest(state, frame, a: A.PlaceCrest) -> None:
    tasks_open(state, frame)
    p = player_of(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "crest":
        raise refuse("that Crest is not in your Storehouse")
    if not 1 <= a.building <= len(BOARD.buildings):
        raise refuse(f"Buildings are numbered 1 to {len(BOARD.buildings)}")
    if p.crests[a.building - 1]:
        raise refuse(f"Building {a.building} already has its Crest")
    food = BOARD.crest_spaces[a.building - 1].food
    if p.resources["F"] < food:
        raise refuse(f"the Crest space of Building {a.building} costs {food} Food and you have {p.resources['F']}")


def do_crest(state, frame, a: A.PlaceCrest) -> None:
    p = player_of(state, frame)
    b = a.building - 1
    space = BOARD.crest_spaces[b]
    p.resources["F"] -= space.food
    p.storehouse.remove(a.tile)
    p.crests[b] = a.tile
    check_completed(state, frame.player, b)
    run_effects(state, frame.player, [space.bonus], source="effect", why=f"Crest space of Building {a.building}", category="crests")


def check_cathedral(state, frame, a: A.BuildCathedral) -> None:
    tasks_open(state, frame)
    p = player_of(state, frame)
    if a.town not in state.board.pillars:
        raise refuse(f"there is no Cathedral in '{a.town}'")
    name = space_name(a.town)
    if frame.player not in state.board.pillars[a.town]:
        raise refuse(f"you need a Pillar at the Cathedral of {name} to build it")
    if a.town in p.cathedrals:
        raise refuse(f"you have already contributed to the Cathedral of {name}")
    if not state.board.cathedral_stack[a.town]:
        raise refuse(f"the Cathedral of {name} has no tiles left")
    stone = CAT.construction_costs[state.board.construction_cost[a.town]].stone
    if p.resources["S"] < stone:
        raise refuse(f"the Cathedral of {name} costs {stone} Stone and you have {p.resources['S']}")


def cathedral_tile_vp(tile_id: str) -> int:
    group, index = tile_id.rsplit(".", 1)
    return next(g for g in CAT.cathedral_groups if g.group == group).vp[int(index) - 1]


def do_cathedral(state, frame, a: A.BuildCathedral) -> None:
    p = player_of(state, frame)
    cost = CAT.construction_costs[state.board.construction_cost[a.town]]
    p.resources["S"] -= cost.stone
    top = state.board.cathedral_stack[a.town].pop()
    p.cathedral_tiles.append(top)
    p.cathedrals.append(a.town)
    score(state, frame.player, cost.vp + cathedral_tile_vp(top), "cathedrals", f"Cathedral of {space_name(a.town)}")


def check_use(state, frame, a: A.UseHelper) -> None:
    tasks_open(state, frame)
    p = player_of(state, frame)
    if a.tile not in p.storehouse or tile(a.tile).kind != "helper":
        raise refuse("that Helper is not in your Storehouse")
    if helper_active(state):
        raise refuse("finish the Helper in use before starting another")
    effects = tile(a.tile).effects
    changes_die = any(isinstance(e, fx.DieResource) for e in effects)
    if changes_die:
        if not isinstance(frame, TurnFrame) or frame.die_taken:
            raise refuse("this Helper is used when choosing a die, before taking it")
        if not a.resource:
            raise refuse(f"say which Resource the die gives (e.g. 'use {a.tile} I')")
    elif a.resource:
        raise refuse("this Helper takes no Resource choice")
    if any(isinstance(e, fx.AddAP) for e in effects):
        if die_action_frame(state) is None:
            raise refuse("extra AP go to the Action of your chosen die, and it is not open")


def do_use(state, frame, a: A.UseHelper) -> None:
    p = player_of(state, frame)
    p.storehouse.remove(a.tile)  # it leaves the Storehouse at once
    state.board.box.append(a.tile)
    if a.resource:
        frame.resource_override = a.resource
    t = tile(a.tile)
    run_effects(state, frame.player, t.effects, source="helper", why=t.name)


# ---------------------------------------------------------------- Building Bonus, the King phase
def check_pick_building(state, frame, a: A.PickBuilding) -> None:
    if not isinstance(frame, PickBuildingFrame):
        raise refuse("there is no Building to choose now")
    p = player_of(state, frame)
    if not 1 <= a.building <= len(p.rooms) or not building_design(p, a.building - 1):
        raise refuse(f"Building {a.building} has no Character")


def do_pick_building(state, frame, a: A.PickBuilding) -> None:
    p = player_of(state, frame)
    tiles = [t for t in p.rooms[a.building - 1] if t and t != "*"]
    state.stack[-1] = BuildingBonusFrame(player=frame.player, building=a.building, remaining=tiles)


def check_bonus(state, frame, a: A.CharacterBonus) -> None:
    if not isinstance(frame, BuildingBonusFrame):
        raise refuse("there is no Character bonus to take now")
    if a.tile not in frame.remaining:
        raise refuse("that Character's bonus is not waiting (each one is taken once)")


def do_bonus(state, frame, a: A.CharacterBonus) -> None:
    frame.remaining.remove(a.tile)
    if not frame.remaining:
        state.stack.pop()
    t = tile(a.tile)
    run_effects(state, frame.player, t.effects, source="effect", why=t.name, category="characters")


def check_claim(state, frame, a) -> None:
    if not isinstance(frame, KingTileFrame):
        raise refuse("the King track Bonus tile is handed out in the King phase")
    can_take(player_of(state, frame), state.board.king_bonus)


def do_claim(state, frame, a) -> None:
    player_of(state, frame).storehouse.append(state.board.king_bonus)
    state.board.king_bonus = ""
    finish_king_phase(state)


def check_discard(state, frame, a) -> None:
    if not isinstance(frame, KingTileFrame):
        raise refuse("the King track Bonus tile is handed out in the King phase")


def do_discard(state, frame, a) -> None:
    state.board.box.append(state.board.king_bonus)
    state.board.king_bonus = ""
    finish_king_phase(state)
