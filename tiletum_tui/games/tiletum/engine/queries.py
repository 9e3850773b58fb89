"""Read-only questions about a state: where things are, what a die gives, who decides.

These are the one home of the rule facts the screens, hints, the tutorial and opponents show:
what a die gives (``die_outcome``), the AP of an option, what a Storehouse refuses, who is
highest on the King track, who takes part in a Fair. Nothing outside the engine works them out.
"""

from __future__ import annotations

import functools

from ..data.schema import DIE_RESOURCE
from .actions import ACTION_NAMES, name_action  # noqa: F401 (their home: actions, the notation's)
from .ruleset import rules_for
from .state import EMPTY, UNUSED, ActionFrame, JokerFrame, Player, State

PIECE_NAMES = {"merchant": "Merchant", "architect": "Architect"}

# Steps of +-1 between two die values, the short way round: 6 and 1 are neighbours.
_STEPS = [[min(abs(v - t), 6 - abs(v - t)) for t in range(7)] for v in range(7)]


def die_steps(value: int, target: int) -> int:
    """Steps of +-1 from value to target; 6 and 1 are neighbours."""
    return _STEPS[value][target]


def change_gold(r, value: int, target: int, per_step: int | None = None) -> int:
    """Gold it costs to change a die from ``value`` to ``target`` (2 a step, the short way round;
    ``per_step`` is what a step costs the player, ``change_die_gold``)."""
    return (r.tracks.change_die_gold if per_step is None else per_step) * _STEPS[value][target]


def change_die_gold(r, state: State, player: int) -> int:
    """Gold one step of changing a die costs this player (2; a module may lower it)."""
    gold = r.tracks.change_die_gold
    for m in r.modules:
        gold = m.change_die_gold(r, state, player, gold)
    return gold


def buy_gold(r, state: State, player: int) -> int:
    """Gold buying one Resource costs this player (2; a module may lower it)."""
    gold = r.tracks.buy_resource_gold
    for m in r.modules:
        gold = m.buy_gold(r, state, player, gold)
    return gold


def wheel_position_for_value(state: State, value: int) -> int:
    return (value - 1 + state.board.wheel_rotation) % 6


def action_for_value(state: State, value: int) -> str:
    return state.board.wheel_actions[(value - 1 + state.board.wheel_rotation) % 6]


def wheel_bonus_for_value(state: State, value: int) -> str:
    """The Bonus tile waiting on the Action a die of this value feeds ("" if none)."""
    return state.board.wheel_bonus[(value - 1 + state.board.wheel_rotation) % 6]


def die_actions(r, state: State, value: int) -> tuple[str, ...]:
    """The Actions a die of this value may feed: the Action Wheel's, then any a module's wheel section
    shares with it (``TakeDie.action`` names one of those)."""
    return (action_for_value(state, value),) + section_shares(r, state)[value]


def section_shares(r, state: State) -> tuple[tuple[str, ...], ...]:
    """By die value 1..6 (index 0 unused): the modules' Actions sharing its wheel section. They depend
    on the wheel's rotation alone (``Module.section_actions``), so they are asked once per rotation
    and ruleset."""
    rotation = state.board.wheel_rotation
    key = ("sections", rotation)
    found = r.moves.get(key)
    if found is None:
        shares = [()] * 7
        for value in range(1, 7):
            for m in r.modules:
                shares[value] += m.section_actions(r, state, value)
        found = r.moves[key] = tuple(shares)
    return found


def die_bonus_tile(r, state: State, value: int, action: str = "") -> str:
    """The Bonus tile a die of this value may take along: the wheel Action's, or (``action``) that of
    another Action of its section ("" if none)."""
    if not action:
        return wheel_bonus_for_value(state, value)
    for m in r.modules:
        tile = m.section_bonus(r, state, action)
        if tile is not None:
            return tile
    return ""


def die_bonus_ap(r, state: State, player: int, action: str, joker: bool = False) -> int:
    """AP beyond 7 - value for ``action`` taken with a die (``joker``: chosen with a die's Joker): the
    player's Bonus AP markers on it, and what the modules add."""
    ap = state.players[player].bonus_ap.get(action, 0)
    for m in r.modules:
        ap += m.die_bonus_ap(r, state, player, action, joker)
    return ap


def ap_for_die(state: State, player: int, value: int, action: str = "") -> int:
    """AP a die of this value gives now: 7 - value, plus the Bonus AP of the Action it feeds (the
    wheel's, or ``action`` of its section; a Joker's Bonus AP come when its Action is chosen: ``joker_ap``)."""
    return 7 - value + die_bonus_ap(rules_for(state.settings), state, player, action or action_for_value(state, value))


def joker_ap(state: State, player: int, ap: int, source: str, action: str) -> int:
    """AP a Joker's choice gives to ``action``: Bonus AP apply to the die's Joker, never to Helpers or effects."""
    if source != "die":
        return ap
    return ap + die_bonus_ap(rules_for(state.settings), state, player, action, joker=True)


def die_resource(state: State, colour: str) -> str:
    """The Resource a die of this colour gives the player in turn (a Helper may have changed it)."""
    base = state.stack[0] if state.stack else None
    override = getattr(base, "resource_override", "")
    return override or DIE_RESOURCE[colour]


def king_space(state: State, player: int) -> int:
    for i, stack in enumerate(state.board.king_track):
        if player in stack:
            return i
    raise AssertionError(f"player {player} has no King track marker")


def king_vp(r, state: State, player: int) -> int:
    return r.tracks.king_track[king_space(state, player)]


def king_order(state: State) -> list[int]:
    """Players from highest on the King track down; on one space the bottom marker (first there) ranks higher."""
    order = []
    for stack in reversed(state.board.king_track):
        order.extend(stack)
    return order


def die_action_frame(state: State) -> ActionFrame | JokerFrame | None:
    """The frame of the Action taken with this turn's die, if it is still open."""
    for frame in state.stack:
        if isinstance(frame, (ActionFrame, JokerFrame)) and frame.source == "die":
            return frame
    return None


def ap_left(state: State) -> tuple[str, int] | None:
    """The Action in hand and its unspent AP (the nearest Action on the stack), or None."""
    for frame in reversed(state.stack):
        if isinstance(frame, ActionFrame):
            return frame.action, frame.ap
    return None


def ap_lost_by(state: State, action) -> tuple[str, int] | None:
    """(Action, AP) that ``action`` would give up unspent: Done on an Action with AP left, or ending the
    turn with the die's Action still holding AP, or with the die's Joker not yet given to an Action
    ("joker", its AP). None when nothing is lost."""
    verb = type(action).__struct_config__.tag
    top = state.stack[-1] if state.stack else None
    if verb == "done" and isinstance(top, ActionFrame) and top.ap > 0:
        return top.action, top.ap
    if verb == "end" and isinstance(top, ActionFrame) and top.source == "die" and top.ap > 0:
        return top.action, top.ap
    if verb == "end" and isinstance(top, JokerFrame) and top.source == "die" and top.ap > 0:
        return "joker", top.ap
    return None


def houses_on_map(state: State, player: int) -> int:
    return sum(row.count(player) for row in state.board.houses.values())


def pillars_on_map(state: State, player: int) -> int:
    return sum(row.count(player) for row in state.board.pillars.values())


def empty_house_spaces(state: State, town: str) -> list[int]:
    return [i for i, owner in enumerate(state.board.houses.get(town, ())) if owner == EMPTY]


def house_space_usable(state: State, town: str) -> bool:
    row = state.board.houses.get(town)
    return bool(row) and any(o != UNUSED for o in row)


def cathedral_available(r, state: State, town: str) -> bool:
    cost = state.board.construction_cost.get(town)
    return cost is not None and not r.cat.construction_costs[cost].unavailable


def cathedral_cost(r, state: State, town: str):
    """The Construction Cost tile under a Town's Cathedral (its Stone and VP), or None."""
    cost = state.board.construction_cost.get(town)
    return r.cat.construction_costs[cost] if cost else None


def cathedral_discount(r, state: State, player: int) -> int:
    """How much less contributing to a Cathedral costs this player (0 in the base game)."""
    return sum(m.cathedral_discount(r, state, player) for m in r.modules)


def cathedral_stone(r, state: State, player: int, town: str) -> int:
    """Stone this player pays to contribute to a Town's Cathedral."""
    return max(0, cathedral_cost(r, state, town).stone - cathedral_discount(r, state, player))


def cathedral_tile_vp(r, tile_id: str) -> int:
    """The VP of a Cathedral tile (its group's, by its number)."""
    group, index = tile_id.rsplit(".", 1)
    return next(g for g in r.cat.cathedral_groups if g.group == group).vp[int(index) - 1]


def cathedral_reward(r, state: State, town: str, player: int | None = None) -> tuple[int, int, int] | None:
    """(Stone it costs, VP it gives now, Cathedral tiles left) of building a Town's Cathedral: the
    Construction Cost tile's Stone (less a player's discount, when ``player`` is given) and VP plus
    the top Cathedral tile's VP. None where there is no Cathedral to build (no Cathedral, none this
    game, or no tiles left)."""
    cost = cathedral_cost(r, state, town)
    stack = state.board.cathedral_stack.get(town, ())
    if cost is None or cost.unavailable or not stack:
        return None
    stone = cost.stone if player is None else cathedral_stone(r, state, player, town)
    return stone, cost.vp + cathedral_tile_vp(r, stack[-1]), len(stack)


def crest_families(r, player: Player) -> set[str]:
    """Crest families anywhere on the player board: placed, or waiting in the Storehouse."""
    tiles = r.tiles
    ids = [t for t in player.crests if t] + [t for t in player.storehouse if tiles[t].kind == "crest"]
    return {tiles[t].family for t in ids}


def contracts_full(player: Player) -> bool:
    return all(player.contracts)


def storehouse_room(r, player: Player) -> tuple[int, int]:
    """(tiles in the Storehouse, its size)."""
    return len(player.storehouse), r.player_board.storehouse


def why_cannot_take(r, player: Player, tile_id: str, families: set[str] | None = None) -> str | None:
    """The rule that stops this player taking a tile into the Storehouse, or None (``families``:
    the player's ``crest_families``, when the caller asks about many tiles)."""
    if len(player.storehouse) >= r.player_board.storehouse:
        return f"your Storehouse is full ({len(player.storehouse)}/{r.player_board.storehouse})"
    t = r.tiles[tile_id]
    if t.kind == "crest" and t.family in (crest_families(r, player) if families is None else families):
        return f"you already have a Crest of the {t.family} family"
    if t.kind == "contract" and all(player.contracts):
        return "all six of your Contract spaces are filled: no more Contracts"
    return None


def takeable_tiles(r, player: Player, tile_ids) -> tuple[bool, ...]:
    """For each of these tile ids ("" for none: False), whether this player may take it into the
    Storehouse now: ``why_cannot_take``'s three rules, worked out once for many tiles (the die
    choices ask for every Bonus tile of the wheel at every turn; tests/engine/test_queries.py holds
    the two equal)."""
    if len(player.storehouse) >= r.player_board.storehouse:
        return (False,) * len(tile_ids)
    tiles = r.tiles
    families = None
    contracts_full = None
    out = []
    for tile_id in tile_ids:
        ok = bool(tile_id)
        if ok:
            t = tiles[tile_id]
            kind = t.kind
            if kind == "crest":
                if families is None:
                    families = crest_families(r, player)
                ok = t.family not in families
            elif kind == "contract":
                if contracts_full is None:
                    contracts_full = all(player.contracts)
                ok = not contracts_full
        out.append(ok)
    return tuple(out)


def building_design(r, player: Player, building: int) -> str:
    """The Character design living in a Building ("" if empty or pre-occupied)."""
    for t in player.rooms[building]:
        if t and t != "*":
            return r.tiles[t].design
    return ""


def why_never_placed(r, player: Player, tile_id: str) -> str | None:
    """Why a Character, once in this Storehouse, could never move into a Room (rulebook, Character
    Action: one design per Building, all its copies together; a Room, once filled, stays filled), or
    None when a Room may still take it. Copies of it already waiting in the Storehouse come first."""
    t = r.tiles[tile_id]
    if t.kind != "character":
        return None
    name = r.tile_name(tile_id)
    waiting = sum(1 for s in player.storehouse if r.tiles[s].kind == "character" and r.tiles[s].design == t.design)
    buildings = r.player_board.buildings
    for b in range(len(player.rooms)):
        if building_design(r, player, b) == t.design:  # its home: the only Building it may go in
            free = sum(1 for f in range(buildings[b].rooms) if not player.rooms[b][f])
            if free > waiting:
                return None
            more = f" and {waiting} more wait in your Storehouse" if waiting else ""
            return (f"your {name} lives in Building {b + 1}, which has {free} free Room{'s' if free != 1 else ''}{more}:"
                    " this one could never be placed")
    empty = [spec.rooms for b, spec in enumerate(buildings)
             if not spec.preoccupied and not building_design(r, player, b)]
    if empty and max(empty) > waiting:
        return None
    if not empty:
        return "every Building of yours houses another Character: this one could never be placed"
    return f"{waiting} of your {name}s already wait for the only Rooms left: this one could never be placed"


def buildings_with_characters(r, player: Player) -> list[int]:
    return [b for b in range(len(player.rooms)) if building_design(r, player, b)]


def building_full(player: Player, building: int) -> bool:
    return all(player.rooms[building])


def resource_total(player: Player) -> int:
    return sum(player.resources.values())


def contract_offer_ap(r, state: State, tile_id: str) -> int:
    """AP printed under the Contract offer space where this tile lies."""
    return r.tracks.contract_offer_ap[state.board.contract_offer.index(tile_id)]


def fair_now(state: State):
    """This round's Fair (the last one once the game is over)."""
    return state.board.fairs[min(state.round, len(state.board.fairs)) - 1]


def fair_per(r, state: State, fair_index: int) -> tuple[int, int]:
    """(VP printed on the board left of this Fair's tile, VP printed on the tile)."""
    fair = state.board.fairs[fair_index]
    return r.tracks.fair_board_vp[fair_index], r.cat.fair_tiles[fair.tile].vp


def fair_participants(state: State, town: str) -> list[int]:
    """Who takes part in a Fair: a House in the Fair Town, or the Merchant there."""
    row = state.board.houses[town]
    return [i for i, p in enumerate(state.players) if i in row or p.merchant == town]


def fair_count(r, state: State, player: int, condition: str) -> int:
    """How many times a player meets a Fair tile's condition (appendix, Fair tiles)."""
    p = state.players[player]
    # (a Contract space and a Crest space hold a tile's id or "": the filled ones are counted only where asked,
    # as the opponents' evaluation asks this of every position a search weighs)
    if condition == "house_pillar":
        return min(houses_on_map(state, player), pillars_on_map(state, player))
    if condition == "contract_cathedral":
        return min(len(p.contracts) - p.contracts.count(""), len(p.cathedral_tiles))
    if condition == "contract":
        return len(p.contracts) - p.contracts.count("")
    if condition == "contract_crest":
        return min(len(p.contracts) - p.contracts.count(""), len(p.crests) - p.crests.count(""))
    if condition == "house":
        return houses_on_map(state, player)
    if condition == "upper_character":
        return _upper_characters(p.rooms)
    if condition == "crest":
        return len(p.crests) - p.crests.count("")
    if condition == "pillar":
        return pillars_on_map(state, player)
    if condition == "full_building":
        return sum(map(all, p.rooms))  # (True counts 1)
    if condition == "cathedral":
        return len(p.cathedral_tiles)
    for m in r.modules:
        count = m.fair_count(r, state, player, condition)
        if count is not None:
            return count
    raise AssertionError(condition)


@functools.lru_cache(maxsize=4096)
def _upper_characters(rooms: tuple[tuple[str, ...], ...]) -> int:
    """Characters in Rooms above the ground floor (a Room holds a tile's id, "" or "*": pre-occupied); kept per
    player board, a value: the opponents' evaluation asks it of every position its search weighs."""
    return sum(1 for building in rooms for t in building[1:] if t and t != "*")


def standings(state: State) -> list[int]:
    """Players from most VP to least; ties go to the player first in turn order."""
    return sorted(range(len(state.players)), key=lambda i: (-state.players[i].vp, state.turn_order.index(i)))
