"""Turn the engine's flat list of legal actions into a small menu a person can read.

The engine answers "what may be done now" as a list of atomic actions (``TakeDie(3, "B", 4, True)``
and its siblings). Shown flat that is a wall of near-duplicates, so each action gets a *path* of
short steps ("Die 3 B" > "change to 4" > "take the Bonus tile") and the paths are merged into a tree.
Escape walks back up the tree. Actions that are *not* legal but that a player would look for
(buying Stone without Gold, a Contract you lack the AP for) are added greyed, with the engine's own
reason from ``check``. Pure Python: no textual here, so the tests can read the menu directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..data import schema as S
from ..engine import actions as A
from ..engine.common import die_steps
from ..engine.state import ActionFrame, State
from . import text as T

CAT = T.CAT
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


Step = tuple  # (key, label, detail, space)


def _die_outcome(state: State, value: int, colour: str) -> str:
    from ..engine.queries import action_for_value, ap_for_die

    action = T.ACTION_TITLE[action_for_value(state, value)]
    ap = ap_for_die(state, _player(state), value)  # with the Bonus AP of a Completed Building
    return f"{action}, {ap} AP, {value} {T.RES[S.DIE_RESOURCE[colour]]}"


def _steps(state: State, a) -> list[Step]:
    """The menu path of one action: a list of (key, label, detail, map space)."""
    p = state.players[_player(state)]
    if isinstance(a, A.TakeDie):
        colour = f"{a.colour} {T.DIE_LETTER_NAME[a.colour]}"
        first = (f"die{a.value}{a.colour}", f"Die {a.value}{a.colour} ({T.DIE_LETTER_NAME[a.colour]}): {_die_outcome(state, a.value, a.colour)}", "", None)
        steps = die_steps(a.value, a.target)
        if a.target == a.value:
            second = ("keep", f"Keep it at {a.value}: {_die_outcome(state, a.value, a.colour)}", "", None, DROP)
        else:
            gold = CAT.tracks.change_die_gold * steps
            second = (f"t{a.target}", f"Change to {a.target} for {gold} Gold: {_die_outcome(state, a.target, a.colour)}", colour, None)
        bonus = _wheel_bonus(state, a.target)
        if a.bonus:
            third = ("bonus", f"Take the Bonus tile: {T.tile_text(bonus)}", T.tile_text(bonus), None)
        else:
            third = ("nobonus", "Leave the Bonus tile", "", None) if bonus else ("nobonus", "(no Bonus tile)", "", None, DROP)
        return [first, second, third]
    if isinstance(a, A.ChooseAction):
        return [(a.action, f"Use the AP for the {T.ACTION_TITLE[a.action]} Action", "", None)]
    if isinstance(a, A.MovePiece):
        return [(f"move-{a.piece}", f"Move your {T.PIECE[a.piece]} (now at {T.space_name(getattr(p, a.piece))})", "", None),
                (a.to, f"to {T.space_name(a.to)}", space_summary(state, a.to), a.to)]
    if isinstance(a, A.PlaceHouse):
        hs = T.SPACES[a.town].house_spaces[a.space - 1]
        mark = {"building": " (Building Bonus)", "vp": f" (+{hs.vp} VP)"}.get(hs.bonus, "")
        return [(f"house-{a.town}", f"Place a House in {T.space_name(a.town)}", "", a.town),
                (str(a.space), f"House space {a.space}{mark}", "", a.town)]
    if isinstance(a, A.PlacePillar):
        return [(f"pillar-{a.town}", f"Place a Pillar at the Cathedral of {T.space_name(a.town)}", "", a.town)]
    if isinstance(a, A.TakeBonus):
        return [("takebonus", "Take a Bonus tile from this Town", "", None), (a.tile, T.tile_text(a.tile), "", None)]
    if isinstance(a, A.Hire):
        return [("hire", "Hire a Character from the offer (1 AP)", "", None), (a.tile, T.tile_text(a.tile), "", None)]
    if isinstance(a, A.Refresh):
        return [("refresh", "Discard and refill the Character offer (1 AP)", "", None)]
    if isinstance(a, A.Room):
        return [("room", "Put a Character in a Room (1-3 AP)", "", None), (a.tile, T.tile_text(a.tile), "", None),
                (f"{a.building}.{a.floor}", f"Building {a.building}, floor {a.floor} ({a.floor} AP)", "", None)]
    if isinstance(a, A.TakeContract):
        cost = _offer_cost(state, a.tile)
        return [("takecontract", "Take a Contract from the offer", "", None),
                (a.tile, f"{T.tile_text(a.tile)} ({cost} AP)", "", None)]
    if isinstance(a, A.Exchange):
        return [("exchange", "Exchange a Resource (1 AP)", "", None), (a.give, f"Give 1 {T.RES[a.give]}", "", None),
                (a.get, f"for 1 {T.RES[a.get]}", "", None)]
    if isinstance(a, A.KingStep):
        return [("king", "Advance one space on the King track (1 AP)", "", None)]
    if isinstance(a, A.Gain):
        return [(f"gain{a.resource}", f"Gain 1 {T.RES[a.resource]}", "", None)]
    if isinstance(a, A.Buy):
        return [(TASK, "Tasks…", "", None), ("buy", "Buy a Resource for 2 Gold", "", None),
                (a.resource, f"Buy 1 {T.RES[a.resource]} for 2 Gold", "", None, ALONE)]
    if isinstance(a, A.Fulfil):
        steps = [(TASK, "Tasks…", "", None), ("fulfil", "Fulfil a Contract", "", None), (a.tile, T.tile_text(a.tile), "", None)]
        if a.identical:
            steps.append((a.identical, f"pay the identical part in {T.RES[a.identical]}", "", None))
        return steps
    if isinstance(a, A.PlaceCrest):
        return [(TASK, "Tasks…", "", None), ("crest", "Place a Crest", "", None), (a.tile, T.tile_text(a.tile), "", None),
                (str(a.building), f"under Building {a.building}: {T.crest_bonus_text(a.building - 1)}", "", None)]
    if isinstance(a, A.BuildCathedral):
        return [(TASK, "Tasks…", "", None), (f"cathedral-{a.town}", f"Build the Cathedral of {T.space_name(a.town)}", "", a.town)]
    if isinstance(a, A.UseHelper):
        steps = [(TASK, "Tasks…", "", None), ("helper", "Use a Helper", "", None), (a.tile, T.tile_text(a.tile), "", None)]
        if a.resource:
            steps.append((a.resource, f"the die gives {T.RES[a.resource]}", "", None))
        return steps
    if isinstance(a, A.PickBuilding):
        names = [T.tile_name(t) for t in p.rooms[a.building - 1] if t and t != "*"]
        return [(f"b{a.building}", f"Building {a.building}: {', '.join(names) or 'empty'}", "", None)]
    if isinstance(a, A.CharacterBonus):
        return [(f"cb-{a.tile}", f"Take the bonus of {T.tile_text(a.tile)}", "", None)]
    if isinstance(a, A.ClaimKingTile):
        return [("claim", f"Take the King track Bonus tile: {T.tile_text(state.board.king_bonus)}", "", None)]
    if isinstance(a, A.DiscardKingTile):
        return [("discard", "Discard the King track Bonus tile", "", None)]
    if isinstance(a, A.Done):
        return [("~done", _done_label(state), "", None)]
    if isinstance(a, A.Skip):
        return [("~skip", "Skip this bonus", "", None)]
    if isinstance(a, A.EndTurn):
        return [("~end", "End your turn", "", None)]
    return [(A.notation(a), A.notation(a), "", None)]


def space_summary(state: State, sid: str) -> str:
    """One line about a map space, for the detail line under a map choice."""
    from ..engine.state import EMPTY

    space = T.SPACES[sid]
    bits = []
    if space.kind == "town":
        houses = state.board.houses.get(sid, [])
        free = sum(1 for o in houses if o == EMPTY)
        owners = sorted({state.players[o].name for o in houses if o >= 0})
        bits.append(f"{free} free House space{'s' if free != 1 else ''}" + (f" (Houses: {', '.join(owners)})" if owners else ""))
        tiles = state.board.map_bonus.get(sid, [])
        if tiles:
            bits.append(f"{len(tiles)} Bonus tile{'s' if len(tiles) > 1 else ''}")
        for i, fair in enumerate(state.board.fairs):
            if fair.town == sid and not fair.done:
                bits.append(f"Fair in round {i + 1}")
    else:
        bits.append("a road space (no Houses or Pillars)")
    here = [f"{pl.name}'s {T.PIECE[pc]}" for pl in state.players for pc in ("merchant", "architect") if getattr(pl, pc) == sid]
    if here:
        bits.append("here: " + ", ".join(here))
    return f"{T.space_name(sid)}: " + "; ".join(bits)


def _player(state: State) -> int:
    top = state.stack[-1] if state.stack else None
    return getattr(top, "player", 0) if top is not None else 0


def _wheel_bonus(state: State, value: int) -> str:
    from ..engine.queries import wheel_position_for_value

    return state.board.wheel_bonus[wheel_position_for_value(state, value)]


def _offer_cost(state: State, tile: str) -> int:
    offer = state.board.contract_offer
    return CAT.tracks.contract_offer_ap[offer.index(tile)] if tile in offer else 0


def ap_left(state: State) -> tuple[str, int] | None:
    """The Action in hand and its unspent AP (the nearest ActionFrame on the stack)."""
    for frame in reversed(state.stack):
        if isinstance(frame, ActionFrame):
            return frame.action, frame.ap
    return None


def _done_label(state: State) -> str:
    left = ap_left(state)
    if left and isinstance(state.stack[-1], ActionFrame):
        action, ap = left
        return f"Done with the {T.ACTION_TITLE[action]} Action" + (f" ({ap} AP unused)" if ap else "")
    return "Done"


def candidates(state: State) -> list:
    """Actions a player would look for now, legal or not; the illegal ones are shown greyed."""
    if not state.stack:
        return []
    who = _player(state)
    p = state.players[who]
    found: list = [A.Buy(r) for r in ("F", "W", "S", "I")]
    best = max(S.RESOURCES, key=lambda r: p.resources.get(r, 0))
    for t in p.storehouse:
        tile = CAT.tiles[t]
        if tile.kind == "contract":
            found.append(A.Fulfil(t, best if tile.identical else ""))
        elif tile.kind == "helper":
            found.append(A.UseHelper(t))
    top = state.stack[-1]
    if isinstance(top, ActionFrame):
        if top.action == "contract":
            found += [A.TakeContract(t) for t in state.board.contract_offer if t]
        elif top.action == "merchant":
            found.append(A.PlaceHouse(p.merchant, 1) if T.SPACES[p.merchant].house_spaces else None)
        elif top.action == "architect":
            found.append(A.PlacePillar(p.architect) if T.SPACES[p.architect].has_cathedral else None)
        elif top.action == "king":
            found.append(A.KingStep())
        elif top.action == "character":
            found += [A.Hire(t) for t in state.board.character_offer[:1] if t] + [A.Refresh()]
    return [c for c in found if c is not None]


def build_menu(state: State, legal: list, check: Callable[[State, object], None]) -> list[Choice]:
    """The top level of the menu for the decision on top of the stack."""
    root = Choice("root")
    for a in legal:
        _insert(root, _steps(state, a), a, None)
    legal_set = set(legal)
    for a in candidates(state):
        if a in legal_set:
            continue
        try:
            check(state, a)
        except ValueError as exc:  # IllegalActionError / MalformedActionError: the rule that says no
            steps = _steps(state, a)
            if isinstance(a, A.PlaceHouse):
                steps = steps[:1]  # which House space was only our guess: name the Town alone
            _insert(root, steps, a, str(exc))
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
    for cls in (A.Done, A.Skip, A.EndTurn):
        for a in legal:
            if isinstance(a, cls):
                return a
    return None
