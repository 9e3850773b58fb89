"""Each engine option's path of menu steps: the words of its lines, top level first.

An option gets a *path* of short steps ("Die 3B" > "To 4 for 2 Gold" > "Take the Bonus tile");
``choices.build_menu`` merges the paths into the menu's tree. Every step carries an ``order``:
lines are sorted by it, never by legality, so a choice keeps its line and number from one visit to
the next (keeping a die's value is always the first line; a greyed line stays where its legal self
would be). Moves are named by where they lead, with an arrow for the direction on the map. Nothing
here works out a rule: every number on a line comes from the option. Pure Python (no textual).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..data.schema import ACTIONS, DIE_COLOURS, RESOURCES
from ..engine import actions as A
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
from .text import arrow, bearing, leads_to, space_summary

TASK = "task"
FINISH = "~"  # keys of the lines that finish something (Done, Skip, End turn) start with it
# How a step's label reads when its group is collapsed into it (the group had no other choice):
DROP, ALONE = "drop", "alone"  # keep only the group's label / keep only this step's label
LAST = (9,)  # the order of the finishing lines: always at the bottom


@dataclass
class Step:
    key: str
    label: str
    order: tuple = ()
    detail: str = ""
    space: str | None = None
    collapse: str = ""
    name: str = ""
    crumb: str = ""

def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _gain_text(gain) -> str:
    return ", ".join(f"{n} {T.RES[r]}" for r, n in gain)


def _die_outcome(o) -> str:
    """What taking the die gives, as the engine said: its Action, AP and Resources."""
    return f"{T.ACTION_TITLE[o.leads_to]} {o.ap} AP, {_gain_text(o.gain)}"


def _action_order(action: str) -> int:
    """The Action Wheel's order; a module's Actions (Prospect for Silver's) come after the base game's."""
    return ACTIONS.index(action) if action in ACTIONS else len(ACTIONS)


def _move_steps(state: State, o, came_from: dict) -> list[Step]:
    a = o.action
    w = T.words(state)
    p = state.players[a.seat]
    here = getattr(p, a.piece)
    frame = state.stack[-1]
    piece = T.PIECE[a.piece]
    back = came_from.get((a.seat, a.piece)) == a.to
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


def steps(state: State, o, kept: dict, came_from: dict, shared: dict | None = None) -> list[Step]:  # noqa: C901
    """The menu path of one option (one branch per kind, on purpose). ``kept`` maps a die (value,
    colour) to its option kept at its value, whose outcome the die's first line shows; ``came_from``
    maps (seat, piece) to the space the piece last left (that move is marked as the way back);
    ``shared`` maps the (value, colour, target) of dice whose wheel section offers another Action too
    (a module's: the Prospector Action) to that Action."""
    a = o.action
    w = T.words(state)
    p = state.players[a.seat]
    if isinstance(a, TakeDie):
        keep = kept.get((a.value, a.colour))
        outcome = f": {_die_outcome(keep)}" if keep is not None else ""
        other = (shared or {}).get((a.value, a.colour, a.value))
        if keep is not None and other:  # its section offers another Action too (a module's)
            mine = T.ACTION_TITLE[keep.leads_to]
            outcome = outcome.replace(mine, f"{mine} or {T.ACTION_TITLE[other]}", 1)
        waiting = kept.get(("tile", a.value))
        about = f"the {T.DIE_LETTER_NAME[a.colour]} {a.value}" + (
            f"; its Action's Bonus tile: {w.tile_text(waiting)}" if waiting else "; no Bonus tile on its Action")
        first = Step(f"die{a.value}{a.colour}", f"Die {a.value}{a.colour}{outcome}",
                     (0, a.value, DIE_COLOURS.index(a.colour)), about, crumb=f"Die {a.value}{a.colour}")
        if a.target == a.value:
            second = Step("keep", f"Keep it at {a.value}: {_die_outcome(o)}", (0,), collapse=DROP,
                          crumb=f"kept at {a.value}: {T.ACTION_TITLE[o.leads_to]}")
        else:
            # Nearest changes first: -1, +1, -2, +2, then the far side (6 and 1 are neighbours).
            up = (a.target - a.value) % 6
            steps, side = (up, 1) if up <= 3 else (6 - up, 0)
            label = f"To {a.target} for {o.gold} Gold: {_die_outcome(o)}" if o.legal else \
                f"To {a.target} for {o.gold} Gold"
            second = Step(f"t{a.target}", label, (steps, side), T.DIE_LETTER_NAME[a.colour],
                          crumb=f"to {a.target}: {T.ACTION_TITLE[o.leads_to]}")
        if a.bonus:
            third = Step("bonus", f"Take the Bonus tile: {w.tile_text(o.tile)}", (0,), w.tile_text(o.tile))
        else:
            third = Step("nobonus", "Leave the Bonus tile", (1,), collapse=DROP)
        if (a.value, a.colour, a.target) in (shared or {}):  # a section with two Actions: choose one
            which = Step(f"for-{o.leads_to}", f"For the {T.ACTION_TITLE[o.leads_to]} Action ({o.ap} AP)",
                         (0 if not a.action else 1,), crumb=f"for the {T.ACTION_TITLE[o.leads_to]} Action")
            return [first, second, which, third]
        return [first, second, third]
    if isinstance(a, ChooseAction):
        return [Step(a.action, f"{T.ACTION_TITLE[a.action]} Action: {o.ap} AP", (0, _action_order(a.action)))]
    if isinstance(a, MovePiece):
        return _move_steps(state, o, came_from)
    if isinstance(a, PlaceHouse):
        frame = state.stack[-1]
        mark = _house_mark(w, a.town, a.space)
        here = a.town == p.merchant and not (isinstance(frame, PlaceFrame) and frame.anywhere)
        if here:
            return [Step(f"house-{a.town}", "Place a House", (2,), space=a.town),
                    Step(str(a.space), f"space {a.space}{mark}", (a.space,), space=a.town)]
        return [Step(f"house-{a.town}", f"Place a House in {w.space_name(a.town)}", (2, w.spaces[a.town].y, w.spaces[a.town].x),
                     space_summary(state, a.town), a.town, name=w.space_name(a.town)),
                Step(str(a.space), f"space {a.space}{mark}", (a.space,), space=a.town)]
    if isinstance(a, PlacePillar):
        here = a.town == p.architect
        label = "Place a Pillar here" if here else f"Place a Pillar at the Cathedral of {w.space_name(a.town)}"
        return [Step(f"pillar-{a.town}", label, (2, w.spaces[a.town].y, w.spaces[a.town].x), space_summary(state, a.town), a.town,
                     name=w.space_name(a.town))]
    if isinstance(a, TakeBonus):
        tiles = state.board.map_bonus.get(p.merchant, ()) + state.board.map_bonus.get(p.architect, ())
        i = tiles.index(a.tile) if a.tile in tiles else 0
        return [Step(f"take-{a.tile}", f"Take the Bonus tile: {w.tile_text(a.tile)}", (3, i), w.tile_text(a.tile))]
    if isinstance(a, Hire):
        offer = state.board.character_offer
        i = offer.index(a.tile) if a.tile in offer else 0
        what = w.tile_text(a.tile) if o.legal else w.tile_name(a.tile)  # a greyed line: the name and why not
        return [Step(f"hire-{a.tile}", f"Hire {what}", (1, i), w.tile_text(a.tile))]
    if isinstance(a, Refresh):
        return [Step("refresh", f"Discard and refill the Character offer ({o.ap} AP)", (2,))]
    if isinstance(a, Room):
        i = p.storehouse.index(a.tile) if a.tile in p.storehouse else 0
        return [Step("room", "Put a Character in a Room", (3,), crumb="Room"),
                Step(a.tile, w.tile_text(a.tile), (i,), crumb=w.tile_name(a.tile)),
                Step(f"{a.building}.{a.floor}", f"Building {a.building}, floor {a.floor} ({o.ap} AP)", (a.building, a.floor))]
    if isinstance(a, TakeContract):
        offer = state.board.contract_offer
        i = offer.index(a.tile) if a.tile in offer else 0
        what = w.tile_text(a.tile) if o.legal else w.tile_name(a.tile)
        # The AP first: a long Contract is cut at the end of its line, never its price in AP.
        return [Step(f"contract-{a.tile}", f"Take for {o.ap} AP: {what}", (1, i), w.tile_text(a.tile))]
    if isinstance(a, Exchange):
        return [Step("exchange", f"Exchange a Resource ({o.ap} AP)", (2,), crumb="Exchange"),
                Step(a.give, f"Give 1 {T.RES[a.give]}", (RESOURCES.index(a.give),), crumb=f"give 1 {T.RES[a.give]}"),
                Step(a.get, f"for 1 {T.RES[a.get]}", (RESOURCES.index(a.get),))]
    if isinstance(a, KingStep):
        return [Step("king", f"Advance one space on the King track ({o.ap} AP)", (1,))]
    if isinstance(a, Gain):
        return [Step(f"gain{a.resource}", f"Gain 1 {T.RES[a.resource]}", (0, RESOURCES.index(a.resource)))]
    if isinstance(a, Buy):
        return [Step(TASK, "Tasks…", (8,), crumb="Tasks"),
                Step(f"buy{a.resource}", f"Buy 1 {T.RES[a.resource]} for {o.gold} Gold", (0, RESOURCES.index(a.resource)))]
    if isinstance(a, Fulfil):
        i = p.storehouse.index(a.tile) if a.tile in p.storehouse else 0
        steps = [Step(TASK, "Tasks…", (8,), crumb="Tasks"),
                 Step(f"fulfil-{a.tile}", f"Fulfil {w.tile_text(a.tile)}", (1, i), crumb=w.tile_name(a.tile))]
        if a.identical:
            steps.append(Step(a.identical, f"pay the identical part in {T.RES[a.identical]}", (RESOURCES.index(a.identical),)))
        return steps
    if isinstance(a, PlaceCrest):
        i = p.storehouse.index(a.tile) if a.tile in p.storehouse else 0
        return [Step(TASK, "Tasks…", (8,), crumb="Tasks"), Step(f"crest-{a.tile}", f"Place the {w.tile_name(a.tile)}", (2, i)),
                Step(str(a.building), f"under Building {a.building}: {w.crest_bonus_text(a.building - 1)}", (a.building,))]
    if isinstance(a, BuildCathedral):
        return [Step(TASK, "Tasks…", (8,), crumb="Tasks"),
                Step(f"cathedral-{a.town}", f"Build the Cathedral of {w.space_name(a.town)}", (4, a.town), space=a.town,
                     name=w.space_name(a.town))]
    if isinstance(a, UseHelper):
        i = p.storehouse.index(a.tile) if a.tile in p.storehouse else 0
        steps = [Step(TASK, "Tasks…", (8,), crumb="Tasks"),
                 Step(f"helper-{a.tile}", f"Use {w.tile_text(a.tile)}", (3, i), crumb=w.tile_name(a.tile))]
        if a.resource:
            steps.append(Step(a.resource, f"the die gives {T.RES[a.resource]}", (RESOURCES.index(a.resource),)))
        return steps
    if isinstance(a, PickBuilding):
        names = [w.tile_name(t) for t in p.rooms[a.building - 1] if t and t != "*"]
        return [Step(f"b{a.building}", f"Building {a.building}: {', '.join(names) or 'empty'}", (0, a.building))]
    if isinstance(a, CharacterBonus):
        return [Step(f"cb-{a.tile}", f"Take the bonus of {w.tile_text(a.tile)}", (0, a.tile))]
    if isinstance(a, ClaimKingTile):
        return [Step("claim", f"Take the King track Bonus tile: {w.tile_text(state.board.king_bonus)}", (0,))]
    if isinstance(a, DiscardKingTile):
        return [Step("discard", "Discard the King track Bonus tile", (1,))]
    if isinstance(a, Done):
        return [Step(FINISH + "done", _done_label(state), LAST + (0,))]
    if isinstance(a, Skip):
        return [Step(FINISH + "skip", "Skip this bonus", LAST + (1,))]
    if isinstance(a, EndTurn):
        return [Step(FINISH + "end", "End your turn", LAST + (2,))]
    for steps_of in MODULE_STEPS:  # the lines of a module's options (Prospect for Silver's)
        found = steps_of(state, o, TASK)
        if found:
            return found
    return [Step(A.notation(a), A.notation(a), (7,))]


def _done_label(state: State) -> str:
    left = ap_left(state)
    if left and isinstance(state.stack[-1], ActionFrame):
        action, ap = left
        return f"Done with the {T.ACTION_TITLE[action]} Action" + (f" ({ap} AP unused)" if ap else "")
    return "Done"


# Refused options worth a greyed line: what a player looks for and wants to know why not.
_SHOWN_REFUSED = (Buy, Fulfil, UseHelper, TakeContract, PlaceHouse, PlacePillar, KingStep, Hire, Refresh,
                  BuildCathedral, ClaimKingTile, TakeBonus, TakeDie, Exchange, PlaceCrest)


def shown_refused(o, legal_set) -> bool:
    a = o.action
    if not isinstance(a, _SHOWN_REFUSED):
        return False
    if isinstance(a, TakeDie):
        # A change the player cannot pay for keeps its line (greyed); a Bonus tile that cannot be
        # taken adds no line when the die can be taken without it (its Storehouse reason is the detail).
        return not a.bonus and a.target != a.value
    return True


# Modules' menu lines: ``steps_of(state, option, TASK)`` -> a path of Steps, or None for another's option.
from .silver_choices import SHOWN_REFUSED as _SILVER_REFUSED, TOWN_ONLY, silver_steps  # noqa: E402

MODULE_STEPS = [silver_steps]
_SHOWN_REFUSED = _SHOWN_REFUSED + _SILVER_REFUSED

__all__ = ["ALONE", "DROP", "FINISH", "LAST", "MODULE_STEPS", "TASK", "TOWN_ONLY", "Step", "shown_refused", "steps"]
