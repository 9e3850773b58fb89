"""Turn the engine's options for the decision in hand into a small menu a person can read.

The engine lists every option (``engine.options``): each action, legal or with the reason it is
refused now, and the facts a player needs beside it (the AP it spends or gives, its Gold, what a
die yields). Shown flat that is a wall of near-duplicates, so each option gets a *path* of short
steps ("Die 3 B" > "change to 4" > "take the Bonus tile") and the paths are merged into a tree.
Escape walks back up the tree. Refused options are shown greyed, with the engine's reason. Nothing
here works out a rule: every number on a line comes from the option. Pure Python (no textual).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import actions as A
from ..engine.bonuses import CharacterBonus, Gain, PickBuilding
from ..engine.characters import Hire, Refresh, Room
from ..engine.contracts import Exchange, TakeContract
from ..engine.king import ClaimKingTile, DiscardKingTile, KingStep
from ..engine.map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from ..engine.queries import ap_left
from ..engine.state import EMPTY, ActionFrame, State
from ..engine.tasks import TASKS, BuildCathedral, Buy, Fulfil, PlaceCrest, UseHelper
from ..engine.turn import ChooseAction, Done, EndTurn, Skip, TakeDie
from . import text as T

TASK = "task"
# How a step's label reads when its group is collapsed into it (the group had no other choice):
DROP, ALONE = "drop", "alone"  # keep only the group's label / keep only this step's label


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

    @property
    def disabled(self) -> bool:
        return self.reason is not None

    @property
    def is_group(self) -> bool:
        return self.action is None


Step = tuple  # (key, label, detail, space[, collapse])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _gain_text(gain) -> str:
    return ", ".join(f"{n} {T.RES[r]}" for r, n in gain)


def _die_outcome(o) -> str:
    """What taking the die gives, as the engine said: its Action, AP and Resources."""
    return f"{T.ACTION_TITLE[o.leads_to]}, {o.ap} AP, {_gain_text(o.gain)}"


def _steps(state: State, o, kept: dict | None = None, shared: dict | None = None) -> list[Step]:  # noqa: C901
    """The menu path of one option: a list of (key, label, detail, map space). ``kept`` maps a die
    (value, colour) to its option kept at its value, whose outcome the die's first line shows; ``shared``
    maps the (value, colour, target) of dice whose section offers another Action to it. One branch per kind."""
    a = o.action
    w = T.words(state)
    p = state.players[a.seat]
    if isinstance(a, TakeDie):
        colour = f"{a.colour} {T.DIE_LETTER_NAME[a.colour]}"
        keep = (kept or {}).get((a.value, a.colour))
        outcome = f": {_die_outcome(keep)}" if keep is not None else ""
        other = (shared or {}).get((a.value, a.colour, a.value))
        if keep is not None and other:  # its section offers another Action too (a module's)
            outcome = outcome.replace(T.ACTION_TITLE[keep.leads_to], f"{T.ACTION_TITLE[keep.leads_to]} or {T.ACTION_TITLE[other]}", 1)
        first = (f"die{a.value}{a.colour}", f"Die {a.value}{a.colour} ({T.DIE_LETTER_NAME[a.colour]}){outcome}", "", None)
        if a.target == a.value:
            second = ("keep", f"Keep it at {a.value}: {_die_outcome(o)}", "", None, DROP)
        else:
            second = (f"t{a.target}", f"Change to {a.target} for {o.gold} Gold: {_die_outcome(o)}", colour, None)
        if a.bonus:
            third = ("bonus", f"Take the Bonus tile: {w.tile_text(o.tile)}", w.tile_text(o.tile), None)
        else:
            third = ("nobonus", "Leave the Bonus tile", "", None, DROP)
        if (a.value, a.colour, a.target) in (shared or ()):  # a section with two Actions: choose one (a module's)
            return [first, second, (f"for-{o.leads_to}", f"For the {T.ACTION_TITLE[o.leads_to]} Action ({o.ap} AP)",
                                    "", None), third]
        return [first, second, third]
    if isinstance(a, ChooseAction):
        return [(a.action, f"Use the AP for the {T.ACTION_TITLE[a.action]} Action ({o.ap} AP)", "", None)]
    if isinstance(a, MovePiece):
        return [(f"move-{a.piece}", f"Move your {T.PIECE[a.piece]} (now at {w.space_name(getattr(p, a.piece))})", "", None),
                (a.to, f"to {w.space_name(a.to)}", space_summary(state, a.to), a.to)]
    if isinstance(a, PlaceHouse):
        hs = w.spaces[a.town].house_spaces[a.space - 1] if a.space - 1 < len(w.spaces[a.town].house_spaces) else None
        mark = {"building": " (Building Bonus)", "vp": f" (+{hs.vp} VP)"}.get(hs.bonus, "") if hs else ""
        return [(f"house-{a.town}", f"Place a House in {w.space_name(a.town)}", "", a.town),
                (str(a.space), f"House space {a.space}{mark}", "", a.town)]
    if isinstance(a, PlacePillar):
        return [(f"pillar-{a.town}", f"Place a Pillar at the Cathedral of {w.space_name(a.town)}", "", a.town)]
    if isinstance(a, TakeBonus):
        return [("takebonus", f"Take a Bonus tile from this Town ({o.ap} AP)", "", None), (a.tile, w.tile_text(a.tile), "", None)]
    if isinstance(a, Hire):
        return [("hire", f"Hire a Character from the offer ({o.ap} AP)", "", None), (a.tile, w.tile_text(a.tile), "", None)]
    if isinstance(a, Refresh):
        return [("refresh", f"Discard and refill the Character offer ({o.ap} AP)", "", None)]
    if isinstance(a, Room):
        return [("room", "Put a Character in a Room", "", None), (a.tile, w.tile_text(a.tile), "", None),
                (f"{a.building}.{a.floor}", f"Building {a.building}, floor {a.floor} ({o.ap} AP)", "", None)]
    if isinstance(a, TakeContract):
        return [("takecontract", "Take a Contract from the offer", "", None),
                (a.tile, f"{w.tile_text(a.tile)} ({o.ap} AP)", "", None)]
    if isinstance(a, Exchange):
        return [("exchange", f"Exchange a Resource ({o.ap} AP)", "", None), (a.give, f"Give 1 {T.RES[a.give]}", "", None),
                (a.get, f"for 1 {T.RES[a.get]}", "", None)]
    if isinstance(a, KingStep):
        return [("king", f"Advance one space on the King track ({o.ap} AP)", "", None)]
    if isinstance(a, Gain):
        return [(f"gain{a.resource}", f"Gain 1 {T.RES[a.resource]}", "", None)]
    if isinstance(a, Buy):
        return [(TASK, "Tasks…", "", None), ("buy", f"Buy a Resource for {o.gold} Gold", "", None),
                (a.resource, f"Buy 1 {T.RES[a.resource]} for {o.gold} Gold", "", None, ALONE)]
    if isinstance(a, Fulfil):
        steps = [(TASK, "Tasks…", "", None), ("fulfil", "Fulfil a Contract", "", None), (a.tile, w.tile_text(a.tile), "", None)]
        if a.identical:
            steps.append((a.identical, f"pay the identical part in {T.RES[a.identical]}", "", None))
        return steps
    if isinstance(a, PlaceCrest):
        return [(TASK, "Tasks…", "", None), ("crest", "Place a Crest", "", None), (a.tile, w.tile_text(a.tile), "", None),
                (str(a.building), f"under Building {a.building}: {w.crest_bonus_text(a.building - 1)}", "", None)]
    if isinstance(a, BuildCathedral):
        return [(TASK, "Tasks…", "", None), (f"cathedral-{a.town}", f"Build the Cathedral of {w.space_name(a.town)}", "", a.town)]
    if isinstance(a, UseHelper):
        steps = [(TASK, "Tasks…", "", None), ("helper", "Use a Helper", "", None), (a.tile, w.tile_text(a.tile), "", None)]
        if a.resource:
            steps.append((a.resource, f"the die gives {T.RES[a.resource]}", "", None))
        return steps
    if isinstance(a, PickBuilding):
        names = [w.tile_name(t) for t in p.rooms[a.building - 1] if t and t != "*"]
        return [(f"b{a.building}", f"Building {a.building}: {', '.join(names) or 'empty'}", "", None)]
    if isinstance(a, CharacterBonus):
        return [(f"cb-{a.tile}", f"Take the bonus of {w.tile_text(a.tile)}", "", None)]
    if isinstance(a, ClaimKingTile):
        return [("claim", f"Take the King track Bonus tile: {w.tile_text(state.board.king_bonus)}", "", None)]
    if isinstance(a, DiscardKingTile):
        return [("discard", "Discard the King track Bonus tile", "", None)]
    if isinstance(a, Done):
        return [("~done", _done_label(state), "", None)]
    if isinstance(a, Skip):
        return [("~skip", "Skip this bonus", "", None)]
    if isinstance(a, EndTurn):
        return [("~end", "End your turn", "", None)]
    for steps_of in MODULE_STEPS:  # the lines of a module's options (Prospect for Silver's)
        found = steps_of(state, o, TASK)
        if found:
            return found
    return [(A.notation(a), A.notation(a), "", None)]


def space_summary(state: State, sid: str) -> str:
    """One line about a map space, for the detail line under a map choice."""
    w = T.words(state)
    space = w.spaces[sid]
    bits = []
    if space.kind == "town":
        houses = state.board.houses.get(sid, ())
        free = sum(1 for o in houses if o == EMPTY)
        owners = sorted({state.players[o].name for o in houses if o >= 0})
        bits.append(f"{_plural(free, 'free House space')}" + (f" (Houses: {', '.join(owners)})" if owners else ""))
        tiles = state.board.map_bonus.get(sid, ())
        if tiles:
            bits.append(_plural(len(tiles), "Bonus tile"))
        for i, fair in enumerate(state.board.fairs):
            if fair.town == sid and not fair.done:
                bits.append(f"Fair in round {i + 1}")
    else:
        bits.append("a road space (no Houses or Pillars)")
    here = [f"{pl.name}'s {T.PIECE[pc]}" for pl in state.players for pc in ("merchant", "architect") if getattr(pl, pc) == sid]
    if here:
        bits.append("here: " + ", ".join(here))
    return f"{w.space_name(sid)}: " + "; ".join(bits)


def _done_label(state: State) -> str:
    left = ap_left(state)
    if left and isinstance(state.stack[-1], ActionFrame):
        action, ap = left
        return f"Done with the {T.ACTION_TITLE[action]} Action" + (f" ({ap} AP unused)" if ap else "")
    return "Done"


# Refused options worth a greyed line: what a player looks for and wants to know why not. (Refused
# die changes and the like stay out: the lines a player can choose are what the menu is for.)
_SHOWN_REFUSED = (Buy, Fulfil, UseHelper, TakeContract, PlaceHouse, PlacePillar, KingStep, Hire, Refresh,
                  BuildCathedral, ClaimKingTile, TakeBonus)


def build_menu(state: State, options: list) -> list[Choice]:
    """The top level of the menu for the decision on top of the stack, from the engine's options."""
    root = Choice("root")
    kept = {(o.action.value, o.action.colour): o for o in options
            if isinstance(o.action, TakeDie) and o.action.target == o.action.value and not o.action.bonus
            and not o.action.action}
    shared = {(o.action.value, o.action.colour, o.action.target): o.action.action for o in options
              if isinstance(o.action, TakeDie) and o.action.action}
    for o in options:
        if o.legal:
            _insert(root, _steps(state, o, kept, shared), o.action, None)
    for o in options:
        if o.legal or not isinstance(o.action, _SHOWN_REFUSED):
            continue
        steps = _steps(state, o, kept, shared)
        if isinstance(o.action, (PlaceHouse, *_TOWN_ONLY)):
            steps = steps[:1]  # which House space was only the engine's example: name the Town alone
        _insert(root, steps, o.action, o.reason)
    for node in _walk(root):
        _settle(node)
    return _order(root.children)


def _insert(root: Choice, steps: list[Step], action, reason: str | None) -> None:
    node = root
    for i, step in enumerate(steps):
        key, label, detail, space = step[:4]
        last = i == len(steps) - 1
        child = next((c for c in node.children if c.key == key and c.is_group != last), None)
        if child is None:
            child = Choice(label, key=key, detail=detail, space=space, collapse=step[4] if len(step) > 4 else "")
            node.children.append(child)
        if last:
            if child.action is not None and child.reason is None:
                return  # a legal line is already there: the refused twin adds nothing
            child.action, child.reason = action, reason
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
                only.label = f"{c.label} · {only.label}"
            only.collapse = c.collapse
            only.key = c.key  # the group's key says what the choice is about (the screen picks a view by it)
            only.space = only.space or c.space
            c = only
        if c.is_group and c.children and all(x.disabled for x in c.children):
            first = c.children[0].reason
            c.reason = f"none possible now ({first})" if c.key == TASK and len(c.children) > 1 else first
        fixed.append(c)
    node.children = fixed


def _order(top: list[Choice]) -> list[Choice]:
    """Legal choices first, then the Tasks, then finishing (Done / Skip / End turn)."""
    def rank(c: Choice) -> int:
        if c.key.startswith("~"):
            return 3
        if c.key == TASK:
            return 2
        return 1 if c.disabled else 0
    return sorted(top, key=rank)


def finish_action(legal: list):
    """The action behind the one 'finish' key: Done, else Skip, else End turn."""
    for cls in (Done, Skip, EndTurn):
        for a in legal:
            if isinstance(a, cls):
                return a
    return None


# Modules' menu lines: ``steps_of(state, option, TASK)`` -> a path, or None for another module's option.
from .silver_choices import SHOWN_REFUSED as _SILVER_REFUSED, TOWN_ONLY as _TOWN_ONLY, silver_steps  # noqa: E402

MODULE_STEPS = [silver_steps]
_SHOWN_REFUSED = _SHOWN_REFUSED + _SILVER_REFUSED

__all__ = ["TASK", "TASKS", "Choice", "build_menu", "finish_action", "space_summary"]
