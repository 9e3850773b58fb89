"""Turn the engine's options for the decision in hand into a small menu a person can read.

The engine lists every option (``engine.options``): each action, legal or with the reason it is
refused now, and the facts a player needs beside it (the AP it spends or gives, its Gold, what a
die yields). Shown flat that is a wall of near-duplicates, so each option gets a *path* of short
steps ("Die 3B" > "To 4 for 2 Gold" > "Take the Bonus tile") and the paths are merged into a tree.
Escape walks back up the tree. Refused options are shown greyed, with the engine's reason.

Every step carries an ``order``: lines are sorted by it, never by legality, so a choice keeps its
line and number from one visit to the next (keeping a die's value is always the first line; a
greyed line stays where its legal self would be). Moves are named by where they lead, with an
arrow for the direction on the map, and the way back is marked. Nothing here works out a rule:
every number on a line comes from the option. Pure Python (no textual).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..data.schema import ACTIONS, DIE_COLOURS, RESOURCES
from ..engine import actions as A
from ..engine.bonuses import CharacterBonus, Gain, PickBuilding
from ..engine.characters import Hire, Refresh, Room
from ..engine.contracts import Exchange, TakeContract
from ..engine.king import ClaimKingTile, DiscardKingTile, KingStep
from ..engine.map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from ..engine.queries import ap_left
from ..engine import explain_frame
from ..engine.state import ActionFrame, JokerFrame, MoveAnywhereFrame, MoveFrame, PlaceFrame, State
from ..engine.tasks import TASKS, BuildCathedral, Buy, Fulfil, PlaceCrest, UseHelper
from ..engine.turn import ChooseAction, Done, EndTurn, Skip, TakeDie
from . import text as T
from .text import arrow, bearing, leads_to, space_summary

TASK = "task"
FINISH = "~"  # keys of the lines that finish something (Done, Skip, End turn) start with it
# How a step's label reads when its group is collapsed into it (the group had no other choice):
DROP, ALONE = "drop", "alone"  # keep only the group's label / keep only this step's label
LAST = (9,)  # the order of the finishing lines: always at the bottom


@dataclass
class Choice:
    label: str
    action: object | None = None  # a leaf carries the action it applies
    children: list[Choice] = field(default_factory=list)
    reason: str | None = None  # set when the choice is not legal now (shown greyed)
    detail: str = ""  # a longer line shown for the highlighted choice
    space: str | None = None  # a map space this choice points at
    key: str = ""
    collapse: str = ""  # DROP, ALONE or "" (join the labels): see _settle
    order: tuple = ()  # where the line sits among its siblings (stable from one visit to the next)
    note: str = ""  # a short reason shown on a greyed line (the full one is ``reason``)
    letter: str = ""  # the letter key that also picks this line ("t" Tasks, "e" finish)
    name: str = ""  # what typing a name finds this line by (a Town's name); "" = not by name
    crumb: str = ""  # the group's short name in the panel's path line ("Die 3B › to 4")

    @property
    def disabled(self) -> bool:
        return self.reason is not None

    @property
    def is_group(self) -> bool:
        return self.action is None


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


def _steps(state: State, o, kept: dict, came_from: dict) -> list[Step]:  # noqa: C901 - one branch per kind, on purpose
    """The menu path of one option. ``kept`` maps a die (value, colour) to its option kept at its
    value, whose outcome the die's first line shows; ``came_from`` maps (seat, piece) to the space
    the piece last left (that move is marked as the way back)."""
    a = o.action
    w = T.words(state)
    p = state.players[a.seat]
    if isinstance(a, TakeDie):
        keep = kept.get((a.value, a.colour))
        outcome = f": {_die_outcome(keep)}" if keep is not None else ""
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
        return [first, second, third]
    if isinstance(a, ChooseAction):
        return [Step(a.action, f"{T.ACTION_TITLE[a.action]} Action: {o.ap} AP", (0, ACTIONS.index(a.action)))]
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


def _shown_refused(o, legal_set) -> bool:
    a = o.action
    if not isinstance(a, _SHOWN_REFUSED):
        return False
    if isinstance(a, TakeDie):
        # A change the player cannot pay for keeps its line (greyed); a Bonus tile that cannot be
        # taken adds no line when the die can be taken without it (its Storehouse reason is the detail).
        return not a.bonus and a.target != a.value
    return True


def build_menu(state: State, options: list, came_from: dict | None = None) -> list[Choice]:
    """The top level of the menu for the decision on top of the stack, from the engine's options.

    ``came_from`` maps (seat, piece) to the space that piece last left: the move back is marked."""
    came_from = came_from or {}
    root = Choice("root")
    kept = {(o.action.value, o.action.colour): o for o in options
            if isinstance(o.action, TakeDie) and o.action.target == o.action.value and not o.action.bonus}
    kept.update({("tile", o.action.value): o.tile for o in options  # the Bonus tile a kept die may take along
                 if isinstance(o.action, TakeDie) and o.action.target == o.action.value and o.action.bonus and o.tile})
    legal = [o for o in options if o.legal]
    legal_set = {o.action for o in legal}
    end_turn = any(isinstance(o.action, EndTurn) for o in legal)
    for o in legal:
        if isinstance(o.action, Done) and end_turn and len(state.stack) == 2:
            continue  # Done on the die's own Action adds nothing to ending the turn (Tasks are open either way)
        _insert(root, _steps(state, o, kept, came_from), o.action, None)
    for o in options + _resource_twins(state, legal):
        if o.legal or not _shown_refused(o, legal_set):
            continue
        steps = _steps(state, o, kept, came_from)
        if isinstance(o.action, PlaceHouse):
            steps = steps[:1]  # which House space was only the engine's example: name the Town alone
        note = _note(state, o)
        _insert(root, steps, o.action, o.reason, note)
    _offer_lines(state, root, options)
    for node in _walk(root):
        _settle(node)
        node.children.sort(key=lambda c: c.order)
    _letters(root.children, state, legal)
    return root.children


def _resource_twins(state: State, legal: list) -> list:
    """A choice among a fixed set keeps every line: the Resources the engine did not offer (paying a
    Contract's identical part in Wool without the Wool, giving Gold one does not have) and the Crest
    spaces a Crest cannot go under come back greyed, each with the engine's own reason (``engine.check``)."""
    from ..engine import IllegalActionError, check
    from ..engine.legal import Option

    seen = {o.action for o in legal}
    wanted = []
    for o in legal:
        a = o.action
        if isinstance(a, Fulfil) and a.identical:
            wanted += [Fulfil(a.seat, a.tile, x) for x in RESOURCES]
        elif isinstance(a, Exchange):
            wanted += [Exchange(a.seat, g, x) for g in RESOURCES for x in RESOURCES if x != g]
        elif isinstance(a, PlaceCrest):  # the six Crest spaces, each line in its place
            wanted += [PlaceCrest(a.seat, a.tile, b + 1) for b in range(len(state.players[a.seat].crests))]
    out = []
    for a in dict.fromkeys(wanted):
        if a in seen:
            continue
        try:
            check(state, a)
        except IllegalActionError as exc:
            out.append(Option(a, str(exc)))
    return out


def _offer_lines(state: State, root: Choice, options: list) -> None:
    """Every space of the offer the Action takes from keeps a line, so the lines after it keep their
    numbers: a Contract taken this turn leaves its space empty until the turn ends; a Character that
    cannot be hired now is greyed with the engine's reason (it gives one, for the first of them)."""
    top = state.stack[-1] if state.stack else None
    if not isinstance(top, ActionFrame):
        return
    keys = {c.key for c in root.children}
    if top.action == "contract":
        for i, tile in enumerate(state.board.contract_offer):
            if not tile:
                root.children.append(Choice(f"Contract space {i + 1}", key=f"contract-space{i}", order=(1, i),
                                            reason="this space of the offer stays empty until the end of the turn",
                                            note="empty until the end of the turn"))
    elif top.action == "character":
        why = next((o for o in options if isinstance(o.action, Hire) and not o.legal), None)
        w = T.words(state)
        for i, tile in enumerate(state.board.character_offer):
            if tile and f"hire-{tile}" not in keys and why is not None:
                root.children.append(Choice(f"Hire {w.tile_name(tile)}", key=f"hire-{tile}", order=(1, i),
                                            detail=w.tile_text(tile),
                                            reason=why.reason, note=_note(state, why)))


def _note(state: State, o) -> str:
    """A short form of a refusal for the line itself (the full reason shows on highlight)."""
    import re

    reason = o.reason or ""
    cost = re.search(r"(?:costs|needs) (\d+) (\w+) and you have (\d+)", reason)
    if cost and cost.group(2) != "AP":  # the line says the price: the note says what is missing
        return f"you have {cost.group(3)} {cost.group(2)}"
    left = ap_left(state)
    if o.ap and left and "AP left" in reason:
        return f"needs {o.ap} AP, {left[1]} left"
    return ""


def _insert(root: Choice, steps: list[Step], action, reason: str | None, note: str = "") -> None:
    node = root
    for i, step in enumerate(steps):
        last = i == len(steps) - 1
        child = next((c for c in node.children if c.key == step.key and c.is_group != last), None)
        if child is None:
            child = Choice(step.label, key=step.key, detail=step.detail, space=step.space, collapse=step.collapse,
                           order=step.order, name=step.name, crumb=step.crumb)
            node.children.append(child)
        if last:
            if child.action is not None and child.reason is None:
                return  # a legal line is already there: the refused twin adds nothing
            child.action, child.reason, child.note = action, reason, note or ""
        node = child


def _walk(node: Choice):
    for c in node.children:
        yield from _walk(c)
    yield node


def _settle(node: Choice) -> None:
    """Collapse one-child groups; grey a group when nothing inside it is legal."""
    fixed = []
    for c in node.children:
        if c.is_group and len(c.children) == 1 and c.key != TASK:
            only = c.children[0]
            if only.collapse == DROP:
                only.label = c.label
            elif only.collapse != ALONE:
                only.label = f"{c.label}: {only.label}"
            only.collapse = c.collapse
            only.key = c.key  # the group's key says what the choice is about (the screen picks a view by it)
            only.space = only.space or c.space
            only.order = c.order
            only.detail = only.detail or c.detail
            only.name = only.name or c.name
            only.crumb = f"{c.crumb}: {only.crumb}" if c.crumb and only.crumb else c.crumb or only.crumb
            c = only
        if c.is_group and c.children and all(x.disabled for x in c.children):
            first = next(x for x in c.children if x.disabled)
            c.reason = f"none possible now ({first.reason})" if c.key == TASK and len(c.children) > 1 else first.reason
            c.note = "none possible now" if c.key == TASK else first.note if len(c.children) == 1 else ""
        fixed.append(c)
    node.children = fixed


def _letters(top: list[Choice], state: State, legal: list) -> None:
    """The letter keys shown beside the top-level lines they also pick: t for Tasks, e for finishing."""
    finish = finish_action([o.action for o in legal])
    for c in top:
        if c.key == TASK:
            c.letter = "t"
        elif finish is not None and c.action == finish:
            c.letter = "e"


def decision_title(state: State, options: list) -> str:
    """What the player deciding now has to do (the engine's words). A Joker's AP depend on the
    Action it is given to (its Bonus AP): the lines say how many, so the title quotes no number."""
    top = state.stack[-1] if state.stack else None
    if isinstance(top, JokerFrame):
        aps = sorted({o.ap for o in options if o.legal and isinstance(o.action, ChooseAction)})
        if len(aps) > 1:
            return f"{state.players[top.player].name}: choose the Action for the Joker's AP ({aps[0]}–{aps[-1]} AP, " \
                   "with that Action's Bonus AP)"
    return explain_frame(state)


def finish_action(legal: list):
    """The action behind the one 'finish' key: End turn when the turn may end (it also ends the
    die's Action: its Tasks are open either way), else Done, else Skip."""
    found = {}
    for a in legal:
        if isinstance(a, (EndTurn, Done, Skip)):
            found.setdefault(type(a), a)
    return found.get(EndTurn) or found.get(Done) or found.get(Skip)


def find_path(menu: list[Choice], action) -> list[int] | None:
    """Indices (from the top level down) of the lines that lead to ``action``, or None."""
    for i, c in enumerate(menu):
        if c.action == action:
            return [i]
        if c.children:
            rest = find_path(c.children, action)
            if rest is not None:
                return [i] + rest
    return None


def keys_for(menu: list[Choice], action) -> list[str] | None:
    """The keys that pick ``action`` from this menu: a line's number, or its letter at the top level
    (t for Tasks, e for finishing). None when a line on the way has no key (past the ninth line)."""
    path = find_path(menu, action)
    if path is None:
        return None
    keys, level = [], menu
    for depth, i in enumerate(path):
        c = level[i]
        if depth == 0 and c.letter:
            keys.append(c.letter)
        elif i < 9:
            keys.append(str(i + 1))
        else:
            return None
        level = c.children
    return keys


__all__ = ["FINISH", "TASK", "TASKS", "Choice", "build_menu", "decision_title", "find_path", "finish_action",
           "keys_for", "space_summary"]
