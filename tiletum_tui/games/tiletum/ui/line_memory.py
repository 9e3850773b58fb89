"""The menus' memory within a turn (``LineMemory``): the lines each menu showed keep their places and
their numbers while the decision lasts (issue 24 item 2, issue 41 item 3), a line that went stays greyed
with the engine's reason for it now. Pure Python (no textual); the game screen keeps one."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.state import State
from .choice_steps import TASK
from .menu_paths import repeats
from .choices import Choice, _note, _walk
from ..engine.map_actions import PlaceHouse, PlacePillar, MovePiece
from ..engine import IllegalActionError, check
from ..engine.legal import Option


def _kind(key: str) -> str:
    """The Task kind of a line's key ("fulfil-k16a", "fulfil-none": "fulfil")."""
    return key.partition("-")[0]


def _placeholder(key: str) -> bool:
    """A Task kind's placeholder line ("fulfil-none": no Contract in the Storehouse, ``engine.tasks.PLACEHOLDERS``)."""
    return key.partition("-")[2] == "none"


@dataclass
class LineMemory:
    """The lines each menu showed this turn, so they keep their numbers until it ends (issue 24 item 2):
    a line that stops being possible (a Contract fulfilled, a Room filled, a Helper used) stays where
    it was, greyed with the engine's reason (``done`` when it was the line chosen), and the lines still
    there keep their places. The Tasks are one menu for the whole turn; any other level is one menu
    for as long as the same decision is in hand. Moves are not kept: they are named by where they
    lead, and that changes as the piece moves."""

    turn: tuple = ()
    seen: dict = field(default_factory=dict)  # (decision, path of group keys) -> {key: (order, Choice)}
    chosen: set = field(default_factory=set)  # the actions chosen this turn
    arrivals: int = 0  # Tasks that came during the turn so far
    numbers: dict = field(default_factory=dict)  # (decision, path) -> {key: (number, Choice)} last shown

    def keep(self, state: State, menu: list[Choice]) -> None:
        top = state.stack[-1] if state.stack else None
        turn = (top.player if top else None, state.round, state.lap, state.phase)
        if turn != self.turn:
            self.turn, self.seen, self.chosen, self.numbers = turn, {}, set(), {}
        # One decision: the same frames, each about the same thing (the Action; the Building whose bonuses
        # are taken: the next Building's lines are not the last one's, "done": issue 41 item 5)
        decision = tuple((type(f).__name__, getattr(f, "action", ""), getattr(f, "building", "")) for f in state.stack)
        self._level(state, menu, decision, ())

    def _level(self, state: State, level: list[Choice], decision: tuple, path: tuple) -> None:
        tasks = path[:1] == (TASK,)
        where = ("turn" if tasks else decision, path)
        before = self.seen.get(where)
        if before is not None and any(c.key in before for c in level):  # (none in common: another menu)
            keys = {c.key for c in level}
            gone = [(order, old) for key, (order, old) in before.items() if key not in keys]
            ghosts = {old.key: g for _, old in gone if (g := self._ghost(state, old)) is not None}
            taken: set[str] = set()
            for c in sorted(level, key=lambda c: c.order):  # a line seen before keeps its place
                if c.key in before:
                    c.order = before[c.key][0]
                elif tasks:
                    self._place_task(c, level, gone, ghosts, taken)
            orders = {c.order for c in level}
            for order, old in gone:
                # (a line whose place another took is gone for good: a space of the offer refilled)
                if order not in orders and old.key in ghosts:
                    level.append(ghosts[old.key])
            level.sort(key=lambda c: c.order)
        self.seen[where] = {c.key: (c.order, _snap(c)) for c in level if not _moves(c)}
        self._number(state, level, where)
        for c in level:
            if c.is_group:
                self._level(state, c.children, decision, path + (f"{c.key}/{c.inner}" if c.inner else c.key,))

    def _number(self, state: State, level: list[Choice], where: tuple) -> None:
        """A line keeps its number for the whole decision (issue 41 item 3): a line still shown keeps
        its number, one that comes back takes the number it had if that is free (a move back to a Town
        next to the piece again), a new line the first number left free (a move to a Town the piece now
        reaches, Place a Mine once the Prospector is in a Town), else the next one; a number whose line
        went and none took stays, greyed with why. The lines with a letter of their own (Tasks t, End
        your turn e) stand below, unnumbered, and keep their letter always."""
        numbered = [c for c in level if not c.letter]
        lettered = [c for c in level if c.letter]
        memory, shown = self.numbers.setdefault(where, ({}, {}))  # key -> its number; number -> line shown
        before = {c.key for c in shown.values()}
        given: dict[str, int] = {}
        for c in numbered:  # still shown: the same number
            if c.key in before:
                given[c.key] = memory[c.key]
        for c in numbered:  # back again: its old number, if free
            if c.key not in given and c.key in memory and memory[c.key] not in given.values():
                given[c.key] = memory[c.key]
        used = set(given.values())
        free = (n for n in range(1, 10**6) if n not in used)
        for c in numbered:
            if c.key not in given:
                given[c.key] = next(free)
        by_number = {given[c.key]: c for c in numbered}
        out = []
        for n in range(1, max(by_number, default=0) + 1):
            line = by_number.get(n)
            if line is None:  # the line that stood here went and none took its place: it stays, greyed with why
                line = self._hole(state, shown.get(n), n)
                given[line.key] = n
            out.append(line)
        level[:] = out + lettered
        memory.update(given)
        shown.clear()
        shown.update({i + 1: _snap(c) for i, c in enumerate(out)})

    def _hole(self, state: State, was: Choice | None, n: int) -> Choice:
        """The line kept at number ``n`` when the one shown there went: greyed with the engine's reason
        for it now (``check``: never a reason kept from an earlier position), "done" if it was chosen."""
        if was is None:
            return Choice("—", key=f"gone{n}", reason="nothing here now", note="nothing here now")
        line = self._ghost(state, was)
        if line is not None:
            return line
        actions = [was.action] if not was.is_group else [c.action for c in _walk(was) if c.action is not None]
        reason = "not offered now"
        for action in actions[:1]:
            try:
                check(state, action)
            except IllegalActionError as exc:
                reason = str(exc)
        done = any(a in self.chosen and not repeats(a) for a in actions)
        return Choice(was.label, actions[0] if actions else None, key=was.key, order=was.order, detail=was.detail,
                      reason=reason, note="done" if done else _note(state, Option(actions[0], reason)) if actions else "",
                      crumb=was.crumb)

    def _place_task(self, c: Choice, level: list[Choice], gone: list, ghosts: dict, taken: set) -> None:
        """Where a Task line new this turn goes. In the place of its kind's placeholder, if that is gone: the
        Contract taken this turn where "Fulfil a Contract — you have no Contract" was, so the lines after
        it keep their numbers. A placeholder that comes back where its kind's line stays greyed (the
        Helper just used, "done") is not shown twice; one that comes back for a line that went without a
        word takes its place. Any other goes below the others, in the order they came (items 2 and 9)."""
        mine = next((old for _, old in sorted(gone, key=lambda g: g[0]) if old.key not in taken
                     and _kind(old.key) == _kind(c.key) and _placeholder(old.key) != _placeholder(c.key)), None)
        if mine is not None and _placeholder(c.key) and mine.key in ghosts:
            level.remove(c)  # the kind keeps its line: the one that stays, greyed with why
        elif mine is not None:
            taken.add(mine.key)
            c.order = next(order for order, old in gone if old is mine)
        else:
            self.arrivals += 1
            c.order = (99, self.arrivals)

    def _ghost(self, state: State, old: Choice) -> Choice | None:
        """The line of a choice no longer offered, greyed with why not (the engine's reason)."""
        actions = [old.action] if not old.is_group else [c.action for c in _walk(old) if c.action is not None]
        if not actions:
            return None
        action = actions[0]  # (the group's first: its reason is the kind's, whichever way it was paid)
        if _left_behind(state, action):
            return None  # a House or Pillar where the piece stood: it went with the piece, as the moves do
        try:
            check(state, action)
        except IllegalActionError as exc:
            reason = str(exc)
        else:
            return None  # possible yet not offered: nothing to say
        # chosen through the group (a Contract paid in Wool); a move may be made again: never "done" (item 5)
        done = any(a in self.chosen and not repeats(a) for a in actions)
        return Choice(old.label, action, reason=reason, detail=old.detail, key=old.key, order=old.order,
                      note="done" if done else _note(state, Option(action, reason)), crumb=old.crumb)


def _snap(c: Choice) -> Choice:
    """A line as built, kept by the menus' memory: the hints' marks (◆ ★) put on it afterwards are the
    moment's, never a kept line's (a greyed line with a stale ◆: issue 41 item 6). A shallow copy, as
    ``dataclasses.replace`` makes of a Choice (no field of its own work at its making), in a third of
    the time: every line of the menu is kept twice at each decision (issue 39)."""
    kept = object.__new__(Choice)
    kept.__dict__.update(c.__dict__)
    return kept


def _left_behind(state: State, action) -> bool:
    """A House or a Pillar for the Town a piece stood in and has left (the line is named "here")."""
    if not isinstance(action, (PlaceHouse, PlacePillar)):
        return False
    p = state.players[action.seat]
    return action.town not in (p.merchant, p.architect)


def _moves(c: Choice) -> bool:
    return isinstance(c.action, MovePiece) or any(isinstance(x.action, MovePiece) for x in _walk(c))
