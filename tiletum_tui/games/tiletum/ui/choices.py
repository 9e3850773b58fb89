"""Turn the engine's options for the decision in hand into a small menu a person can read.

The engine lists every option (``engine.options``): each action, legal or with the reason it is
refused now, and the facts a player needs beside it (the AP it spends or gives, its Gold, what a
die yields). Shown flat that is a wall of near-duplicates, so each option gets a *path* of short
steps ("Die 3B" > "To 4 for 2 Gold" > "Take the Bonus tile": ``choice_steps``) and the paths are
merged into a tree here. Escape walks back up the tree. Refused options are shown greyed, with the
engine's reason. Lines are sorted by their steps' ``order``, never by legality, so a choice keeps
its line and number from one visit to the next. Pure Python (no textual).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..data.schema import RESOURCES
from ..engine import explain_frame, IllegalActionError, check
from ..engine.characters import Hire
from ..engine.contracts import Exchange
from ..engine.queries import ap_left
from ..engine.state import ActionFrame, JokerFrame, State
from ..engine.tasks import TASKS, Fulfil, PlaceCrest
from ..engine.turn import FINISHING, ChooseAction, Done, EndTurn, Skip, TakeDie
from . import text as T
from .text import space_summary
from .choice_steps import ALONE, DROP, FINISH, TASK, Step
from .menu_paths import shown_refused, steps as _steps, town_only
from ..engine.legal import Option


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
    marked: bool = False  # a lesson asks for this line (or a line inside this group): drawn with ▶
    inner: str = ""  # the key of the one line a group was collapsed into (the Settler's Rooms are not the Engineer's)

    @property
    def disabled(self) -> bool:
        return self.reason is not None

    @property
    def is_group(self) -> bool:
        return self.action is None

def build_menu(state: State, options: list, came_from: dict | None = None) -> list[Choice]:
    """The top level of the menu for the decision on top of the stack, from the engine's options.

    ``came_from`` maps (seat, piece) to the space that piece last left: the move back is marked."""
    came_from = came_from or {}
    root = Choice("root")
    kept = {(o.action.value, o.action.colour): o for o in options
            if isinstance(o.action, TakeDie) and o.action.target == o.action.value and not o.action.bonus
            and not o.action.action}
    shared = {(o.action.value, o.action.colour, o.action.target): o.action.action for o in options
              if isinstance(o.action, TakeDie) and o.action.action}
    kept.update({("tile", o.action.value): o.tile for o in options  # the Bonus tile a kept die may take along
                 if isinstance(o.action, TakeDie) and o.action.target == o.action.value and o.action.bonus and o.tile})
    legal = [o for o in options if o.legal]
    legal_set = {o.action for o in legal}
    end_turn = any(isinstance(o.action, EndTurn) for o in legal)
    for o in legal:
        if isinstance(o.action, Done) and end_turn and len(state.stack) == 2:
            continue  # Done on the die's own Action adds nothing to ending the turn (Tasks are open either way)
        _insert(root, _steps(state, o, kept, came_from, shared), o.action, None)
    for o in options + _resource_twins(state, legal):
        if o.legal or not shown_refused(o, legal_set):
            continue
        steps = _steps(state, o, kept, came_from, shared)
        if town_only(o.action):
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
    seen = {o.action for o in legal}
    wanted = []
    for o in legal:
        a = o.action
        if isinstance(a, Fulfil) and a.identical:
            wanted += [Fulfil(a.seat, a.tile, x) for x in RESOURCES]
        elif isinstance(a, Exchange):
            # every Resource under every Resource given (the one given greyed): the lines never reorder
            wanted += [Exchange(a.seat, g, x) for g in RESOURCES for x in RESOURCES]
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
            only.inner = only.key  # (what the line is inside the group: the menus' memory tells them apart)
            only.key = c.key  # the group's key says what the choice is about (the screen picks a view by it)
            only.space = only.space or c.space
            only.order = c.order
            only.detail = only.detail or c.detail
            only.name = only.name or c.name
            only.crumb = f"{c.crumb}: {only.crumb}" if c.crumb and only.crumb else c.crumb or only.crumb
            c = only
        if c.is_group and c.children and all(x.disabled for x in c.children):
            # The reason most of the lines inside share (at 0 AP "Exchange a Resource" is refused for the
            # AP, not for the one line giving and getting the same Resource: issue 41 item 4)
            reasons = [x.reason for x in c.children]
            first = next(x for x in c.children if x.reason == max(reasons, key=reasons.count))
            c.reason = f"none possible now ({first.reason})" if c.key == TASK and len(c.children) > 1 else first.reason
            notes = {x.note for x in c.children}  # (one short note where every line inside has it: a die
            # changed for Gold it does not have, be it for one Action or two)
            c.note = "none possible now" if c.key == TASK else notes.pop() if len(notes) == 1 else ""
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


def joker_aps(options: list) -> str:
    """The AP a Joker's choice gives, from the engine's options: "2" or "2–4" (an Action's Bonus AP and
    the modules' add to it, so the frame's own number is not what the player gets)."""
    aps = sorted({o.ap for o in options if o.legal and isinstance(o.action, ChooseAction)})
    if not aps:
        return ""
    return str(aps[0]) if len(aps) == 1 else f"{aps[0]}–{aps[-1]}"


def decision_title(state: State, options) -> str:
    """What the player deciding now has to do (the engine's words). A Joker's AP depend on the
    Action it is given to (its Bonus AP, a Technology): the number comes from the options
    (``options``: a list, or what gives it, asked only then: a screen watching another seat's
    decision works out no option of it at a move for the title alone, issue 39)."""
    top = state.stack[-1] if state.stack else None
    if isinstance(top, JokerFrame) and (aps := joker_aps(options() if callable(options) else options)):
        if top.source != "die":  # a Helper's (a tile's) "any Action": no Joker in it (issue 41 item 9)
            return f"{state.players[top.player].name}: choose any Action for {aps} AP"
        return f"{state.players[top.player].name}: choose the Action for the Joker's {aps} AP"
    return explain_frame(state)


def finish_action(legal: list):
    """The action behind the one 'finish' key: End turn when the turn may end (it also ends the
    die's Action: its Tasks are open either way), else Done, else Skip."""
    found = {}
    for a in legal:
        if isinstance(a, FINISHING):
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


def key_of(choices: list[Choice], i: int) -> str:
    """The key that picks line ``i`` (from 0): its letter (Tasks t, End your turn e: never a number,
    so they keep their key however many lines come and go above them: issue 41 item 3), else its
    number. Every line has one, "12" being typed 1 then 2 (issue 41 item 2); the lesson chapters'
    list reads two digits the same way."""
    return choices[i].letter or str(sum(1 for c in choices[: i + 1] if not c.letter))


def numbered(choices: list[Choice]) -> int:
    """How many lines have a number (those with a letter of their own stand below them)."""
    return sum(1 for c in choices if not c.letter)


def line_of(choices: list[Choice], n: int) -> int | None:
    """The index of the line numbered ``n`` (None if no line has that number)."""
    found = [i for i, c in enumerate(choices) if not c.letter]
    return found[n - 1] if 1 <= n <= len(found) else None


def presses(choices: list[Choice], i: int) -> list[str]:
    """The keys a person types for line ``i``: its letter, its number's digits, and Enter after a digit
    that could begin a longer number (1 in a list of 12 waits for a second digit)."""
    key = key_of(choices, i)
    if key.isdigit() and len(key) == 1 and int(key) * 10 <= numbered(choices):
        return [key, "enter"]
    return list(key)


def keys_for(menu: list[Choice], action) -> list[str] | None:
    """The keys that pick ``action`` from this menu, level by level (``presses``); None if it is not there."""
    path = find_path(menu, action)
    if path is None:
        return None
    keys, level = [], menu
    for i in path:
        keys += presses(level, i)
        level = level[i].children
    return keys


__all__ = ["FINISH", "TASK", "TASKS", "Choice", "build_menu", "decision_title", "find_path", "finish_action",
           "key_of", "keys_for", "line_of", "numbered", "presses", "space_summary"]
