"""The menu paths of the base game's kinds of action (``choice_steps.MenuPath``, one per kind): the
words of each line and where it sits among its siblings. Nothing here works out a rule: every number
on a line comes from the engine's option."""

from __future__ import annotations

from ..data.schema import ACTIONS, DIE_COLOURS, RESOURCES
from ..engine.bonuses import CharacterBonus, Gain, PickBuilding
from ..engine.characters import Hire, Refresh, Room
from ..engine.contracts import Exchange, TakeContract
from ..engine.king import ClaimKingTile, DiscardKingTile, KingStep
from ..engine.map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from ..engine.queries import ap_left
from ..engine.state import ActionFrame, MoveAnywhereFrame, MoveFrame, PlaceFrame, State
from ..engine.tasks import BuildCathedral, Buy, Fulfil, PlaceCrest, UseHelper
from ..engine.turn import ChooseAction, Done, EndTurn, Skip, TakeDie
from . import text as T
from .choice_steps import DROP, FINISH, LAST, MenuPath, Step, tasks_step
from .text import arrow, bearing, leads_to, space_summary


def _gain_text(gain) -> str:
    return ", ".join(f"{n} {T.RES[r]}" for r, n in gain)


def _die_outcome(o) -> str:
    """What taking the die gives, as the engine said: its Action, AP and Resources."""
    return f"{T.ACTION_TITLE[o.leads_to]} {o.ap} AP, {_gain_text(o.gain)}"


def _action_order(action: str) -> int:
    """The Action Wheel's order; a module's Actions come after the base game's."""
    return ACTIONS.index(action) if action in ACTIONS else len(ACTIONS)


def _in(items, item) -> int:
    return items.index(item) if item in items else 0


# ---------------------------------------------------------------- the turn
def take_die(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    keep = c.kept.get((a.value, a.colour))
    outcome = f": {_die_outcome(keep)}" if keep is not None else ""
    other = c.shared.get((a.value, a.colour, a.value))
    if keep is not None and other:  # its section offers another Action too (a module's)
        mine = T.ACTION_TITLE[keep.leads_to]
        outcome = outcome.replace(mine, f"{mine} or {T.ACTION_TITLE[other]}", 1)
    waiting = c.kept.get(("tile", a.value))
    about = f"the {T.DIE_LETTER_NAME[a.colour]} {a.value}" + (
        f"; its Action's Bonus tile: {w.tile_text(waiting)}" if waiting else "; no Bonus tile on its Action")
    first = Step(f"die{a.value}{a.colour}", f"Die {a.value}{a.colour}{outcome}",
                 (0, a.value, DIE_COLOURS.index(a.colour)), about, crumb=f"Die {a.value}{a.colour}")
    # A value whose section offers two Actions (a module's beside the base game's) names both, as the die's
    # line does, until the step that chooses one; the path above leaves them to that step (it fits a line).
    mine = T.ACTION_TITLE[o.leads_to]
    both = c.shared.get((a.value, a.colour, a.target))
    gives = _die_outcome(o)
    if both and both != o.leads_to:
        gives = gives.replace(mine, f"{mine} or {T.ACTION_TITLE[both]}", 1)
    tail = "" if both else f": {mine}"
    if a.target == a.value:
        second = Step("keep", f"Keep it at {a.value}: {gives}", (0,), collapse=DROP,
                      crumb=f"kept at {a.value}{tail}")
    else:
        # Nearest changes first: -1, +1, -2, +2, then the far side (6 and 1 are neighbours).
        up = (a.target - a.value) % 6
        steps, side = (up, 1) if up <= 3 else (6 - up, 0)
        label = f"To {a.target} for {o.gold} Gold: {gives}" if o.legal else f"To {a.target} for {o.gold} Gold"
        second = Step(f"t{a.target}", label, (steps, side), T.DIE_LETTER_NAME[a.colour],
                      crumb=f"to {a.target}{tail}")
    if a.bonus:
        third = Step("bonus", f"Take the Bonus tile: {w.tile_text(o.tile)}", (0,), w.tile_text(o.tile))
    else:
        third = Step("nobonus", "Leave the Bonus tile", (1,), collapse=DROP)
    if (a.value, a.colour, a.target) in c.shared:  # a section with two Actions: choose one
        which = Step(f"for-{o.leads_to}", f"For the {T.ACTION_TITLE[o.leads_to]} Action ({o.ap} AP)",
                     (0 if not a.action else 1,), crumb=f"for the {T.ACTION_TITLE[o.leads_to]} Action")
        return [first, second, which, third]
    return [first, second, third]


def _die_refused(o) -> bool:
    # A change the player cannot pay for keeps its line (greyed); a Bonus tile that cannot be taken
    # adds no line when the die can be taken without it (its Storehouse reason is the detail).
    return not o.action.bonus and o.action.target != o.action.value


def choose_action(state, o, c) -> list[Step]:
    a = o.action
    return [Step(a.action, f"{T.ACTION_TITLE[a.action]} Action: {o.ap} AP", (0, _action_order(a.action)))]


def _done_label(state: State) -> str:
    left = ap_left(state)
    if left and isinstance(state.stack[-1], ActionFrame):
        action, ap = left
        return f"Done with the {T.ACTION_TITLE[action]} Action" + (f" ({ap} AP unused)" if ap else "")
    return "Done"


# ---------------------------------------------------------------- the map
def move_piece(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    p = state.players[a.seat]
    here = getattr(p, a.piece)
    frame = state.stack[-1]
    piece = T.PIECE[a.piece]
    back = c.came_from.get((a.seat, a.piece)) == a.to
    where = f"{leads_to(w, here, a.to)} {arrow(w, here, a.to)}"
    order = (1, ("merchant", "architect").index(a.piece))
    detail = space_summary(state, a.to)
    if isinstance(frame, MoveAnywhereFrame) and frame.reach == "any":
        # Any space of the map: a group of its own (type a Town's name or use the map cursor).
        sp = w.spaces[a.to]
        return [Step(f"move-{a.piece}", f"Move your {piece} to any space", order),
                Step(a.to, f"to {w.space_name(a.to)}", (sp.kind != "town", sp.y, sp.x), detail, a.to,
                     name=w.space_name(a.to))]
    both = isinstance(frame, MoveFrame) and frame.piece == "both"
    own = isinstance(frame, ActionFrame) and frame.action == a.piece
    label = ("Move back to " if back else "Move to ") + where if own else \
        f"{piece} {'back ' if back else ''}to {where}" if both else f"Move your {piece} {'back ' if back else ''}to {where}"
    return [Step(a.to, label, order + (bearing(w, here, a.to),), detail, a.to,
                 name=leads_to(w, here, a.to).removeprefix("the road to "))]


def _house_mark(w, town: str, space: int) -> str:
    spaces = w.spaces[town].house_spaces
    hs = spaces[space - 1] if space - 1 < len(spaces) else None
    return {"building": " (Building Bonus)", "vp": f" (+{hs.vp} VP)"}.get(hs.bonus, "") if hs else ""


def place_house(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    frame = state.stack[-1]
    mark = _house_mark(w, a.town, a.space)
    here = a.town == state.players[a.seat].merchant and not (isinstance(frame, PlaceFrame) and frame.anywhere)
    space = Step(str(a.space), f"space {a.space}{mark}", (a.space,), space=a.town)
    if here:
        return [Step(f"house-{a.town}", "Place a House", (2,), space=a.town), space]
    sp = w.spaces[a.town]
    return [Step(f"house-{a.town}", f"Place a House in {w.space_name(a.town)}", (2, sp.y, sp.x),
                 space_summary(state, a.town), a.town, name=w.space_name(a.town)), space]


def place_pillar(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    here = a.town == state.players[a.seat].architect
    label = "Place a Pillar here" if here else f"Place a Pillar at the Cathedral of {w.space_name(a.town)}"
    sp = w.spaces[a.town]
    return [Step(f"pillar-{a.town}", label, (2, sp.y, sp.x), space_summary(state, a.town), a.town,
                 name=w.space_name(a.town))]


def take_bonus(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    p = state.players[a.seat]
    tiles = state.board.map_bonus.get(p.merchant, ()) + state.board.map_bonus.get(p.architect, ())
    return [Step(f"take-{a.tile}", f"Take the Bonus tile: {w.tile_text(a.tile)}", (3, _in(tiles, a.tile)), w.tile_text(a.tile))]


# ---------------------------------------------------------------- Characters, Contracts, the King
def hire(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    what = w.tile_text(a.tile) if o.legal else w.tile_name(a.tile)  # a greyed line: the name and why not
    order = (1, _in(state.board.character_offer, a.tile))
    if o.caution:  # legal, but it could never leave the Storehouse: said before it is hired (issue 24 item 1)
        return [Step(f"hire-{a.tile}", f"Hire {w.tile_name(a.tile)} — could never be placed", order,
                     f"{o.caution[0].upper()}{o.caution[1:]}. {w.tile_text(a.tile)}")]
    return [Step(f"hire-{a.tile}", f"Hire {what}", order, w.tile_text(a.tile))]


def refresh(state, o, c) -> list[Step]:
    return [Step("refresh", f"Discard and refill the Character offer ({o.ap} AP)", (2,))]


def room(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    i = _in(state.players[a.seat].storehouse, a.tile)
    return [Step("room", "Put a Character in a Room", (3,), crumb="Room"),
            Step(a.tile, w.tile_text(a.tile), (i,), crumb=w.tile_name(a.tile)),
            Step(f"{a.building}.{a.floor}", f"Building {a.building}, floor {a.floor} ({o.ap} AP)", (a.building, a.floor))]


def take_contract(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    what = w.tile_text(a.tile) if o.legal else w.tile_name(a.tile)
    # The AP first: a long Contract is cut at the end of its line, never its price in AP.
    return [Step(f"contract-{a.tile}", f"Take for {o.ap} AP: {what}", (1, _in(state.board.contract_offer, a.tile)),
                 w.tile_text(a.tile))]


def exchange(state, o, c) -> list[Step]:
    a = o.action
    return [Step("exchange", f"Exchange a Resource ({o.ap} AP)", (2,), crumb="Exchange"),
            Step(a.give, f"Give 1 {T.RES[a.give]}", (RESOURCES.index(a.give),), crumb=f"give 1 {T.RES[a.give]}"),
            Step(a.get, f"for 1 {T.RES[a.get]}", (RESOURCES.index(a.get),))]


def king_step(state, o, c) -> list[Step]:
    return [Step("king", f"Advance one space on the King track ({o.ap} AP)", (1,))]


def claim_king_tile(state, o, c) -> list[Step]:
    return [Step("claim", f"Take the King track Bonus tile: {T.words(state).tile_text(state.board.king_bonus)}", (0,))]


def discard_king_tile(state, o, c) -> list[Step]:
    return [Step("discard", "Discard the King track Bonus tile", (1,))]


# ---------------------------------------------------------------- Tasks
def buy(state, o, c) -> list[Step]:
    a = o.action
    return [tasks_step(), Step(f"buy{a.resource}", f"Buy 1 {T.RES[a.resource]} for {o.gold} Gold",
                               (0, RESOURCES.index(a.resource)))]


def _tile_task(state, a, key: str, verb: str, group: int, resource: str, resource_words: str) -> list[Step]:
    """A Task played with a tile of the Storehouse (a Contract, a Helper), then its Resource if it names one."""
    if not a.tile:  # no tile of its kind in the Storehouse: the kind's greyed line (issue 24, item 3)
        return [tasks_step(), _no_tile_step(key, verb, group)]
    w = T.words(state)
    i = _in(state.players[a.seat].storehouse, a.tile)
    steps = [tasks_step(), Step(f"{key}-{a.tile}", f"{verb} {w.tile_text(a.tile)}", (group, i), crumb=w.tile_name(a.tile))]
    if resource:
        steps.append(Step(resource, resource_words.format(T.RES[resource]), (RESOURCES.index(resource),)))
    return steps


# What a Task's tile is called, for its line while none is in the Storehouse.
_NO_TILE = {"fulfil": "a Contract", "crest": "a Crest", "helper": "a Helper"}


def _no_tile_step(key: str, verb: str, group: int) -> Step:
    return Step(f"{key}-none", f"{verb} {_NO_TILE[key]}", (group, 99))


def fulfil(state, o, c) -> list[Step]:
    a = o.action
    return _tile_task(state, a, "fulfil", "Fulfil", 1, a.identical, "pay the identical part in {}")


def place_crest(state, o, c) -> list[Step]:
    a = o.action
    if not a.tile:
        return [tasks_step(), _no_tile_step("crest", "Place", 2)]
    w = T.words(state)
    i = _in(state.players[a.seat].storehouse, a.tile)
    return [tasks_step(), Step(f"crest-{a.tile}", f"Place the {w.tile_name(a.tile)}", (2, i)),
            Step(str(a.building), f"under Building {a.building}: {w.crest_bonus_text(a.building - 1)}", (a.building,))]


def build_cathedral(state, o, c) -> list[Step]:
    a = o.action
    if not a.town:  # no Cathedral to contribute to: the kind's greyed line
        return [tasks_step(), Step("cathedral-none", "Build a Cathedral", (4, 99))]
    w = T.words(state)
    return [tasks_step(), Step(f"cathedral-{a.town}", f"Build the Cathedral of {w.space_name(a.town)}", (4, a.town),
                               space=a.town, name=w.space_name(a.town))]


def use_helper(state, o, c) -> list[Step]:
    a = o.action
    return _tile_task(state, a, "helper", "Use", 3, a.resource, "the die gives {}")


# ---------------------------------------------------------------- bonuses
def gain(state, o, c) -> list[Step]:
    a = o.action
    return [Step(f"gain{a.resource}", f"Gain 1 {T.RES[a.resource]}", (0, RESOURCES.index(a.resource)))]


def pick_building(state, o, c) -> list[Step]:
    a = o.action
    w = T.words(state)
    names = [w.tile_name(t) for t in state.players[a.seat].rooms[a.building - 1] if t and t != "*"]
    return [Step(f"b{a.building}", f"Building {a.building}: {', '.join(names) or 'empty'}", (0, a.building))]


def character_bonus(state, o, c) -> list[Step]:
    a = o.action
    return [Step(f"cb-{a.tile}", f"Take the bonus of {T.words(state).tile_text(a.tile)}", (0, a.tile))]


# ---------------------------------------------------------------- finishing
def done(state, o, c) -> list[Step]:
    return [Step(FINISH + "done", _done_label(state), LAST + (0,))]


def skip(state, o, c) -> list[Step]:
    return [Step(FINISH + "skip", "Skip this bonus", LAST + (1,))]


def end_turn(state, o, c) -> list[Step]:
    return [Step(FINISH + "end", "End your turn", LAST + (2,))]


# Each kind's path; ``refused``: a refused option keeps a greyed line (what a player looks for and
# wants to know why not), ``town_only``: that line names the Town alone.
PATHS: dict[type, MenuPath] = {
    TakeDie: MenuPath(take_die, refused=_die_refused),
    ChooseAction: MenuPath(choose_action),
    MovePiece: MenuPath(move_piece, repeats=True),
    PlaceHouse: MenuPath(place_house, refused=True, town_only=True),
    PlacePillar: MenuPath(place_pillar, refused=True),
    TakeBonus: MenuPath(take_bonus, refused=True),
    Hire: MenuPath(hire, refused=True),
    Refresh: MenuPath(refresh, refused=True),
    Room: MenuPath(room),
    TakeContract: MenuPath(take_contract, refused=True),
    Exchange: MenuPath(exchange, refused=True),
    KingStep: MenuPath(king_step, refused=True),
    ClaimKingTile: MenuPath(claim_king_tile, refused=True),
    DiscardKingTile: MenuPath(discard_king_tile),
    Buy: MenuPath(buy, refused=True),
    Fulfil: MenuPath(fulfil, refused=True),
    PlaceCrest: MenuPath(place_crest, refused=True),
    BuildCathedral: MenuPath(build_cathedral, refused=True),
    UseHelper: MenuPath(use_helper, refused=True),
    Gain: MenuPath(gain),
    PickBuilding: MenuPath(pick_building),
    CharacterBonus: MenuPath(character_bonus),
    Done: MenuPath(done),
    Skip: MenuPath(skip),
    EndTurn: MenuPath(end_turn),
}
