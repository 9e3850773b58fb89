"""Planning one turn: which die (changed or not, with its Bonus tile or not) and how to spend its AP
and the Tasks, to leave the position worth the most (``evaluate.value_of``).

A turn is a chain of small choices (a die, then moves, Houses, hires, exchanges, Tasks...). The
planner treats it as one step: a beam search over the chain, keeping the few best partial turns
at each depth and every way of ending the turn it meets. Die choices are screened first: a die's
Action and AP depend only on its value, so one search per value (and Bonus tile) ranks them, and
only the best few get the full search.

It works on a full state (a sample of the view, ``engine.sample``): a step that draws a tile
(a hire, a refresh) draws from the sample's piles, not the real ones, so the caller re-plans once
the real game shows something the plan could not know (``Opponent`` in ``levels.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from ..engine import apply_listed, legal_actions
from ..engine.characters import Refresh
from ..engine.contracts import Exchange
from ..engine.tasks import Buy
from ..engine.state import ActionFrame, TurnFrame
from ..engine.turn import Done, EndTurn, TakeDie
from .evaluate import as_turn_ends, value_of
from .weights import Weights

_ENC = msgspec.msgpack.Encoder()


@dataclass(frozen=True)
class Width:
    """How hard the planner looks: the beam width, the die choices given the full search, the depth."""

    beam: int = 3
    dice: int = 4
    depth: int = 14
    lean: bool = False  # leave out buying and exchanging Resources (the playouts' turns: cheaper, a little worse)


JOURNEYMAN = Width(beam=3, dice=4)
QUICK = Width(beam=1, dice=2, depth=10)  # the turns of the tree below the root: greedy, two dice
PLAYOUT = Width(beam=1, dice=1, depth=10, lean=True)  # the playouts' turns: greedy, the best-ranked die


@dataclass
class Plan:
    actions: list
    value: float  # the planner's value of the position once the turn is over (for the player)
    state: object = None  # the (sampled) state the plan leads to, just before its last action


def _key(state, me: int) -> bytes:
    """Enough of a state to tell two partial turns apart (the player, the decisions, the offers, and
    the modules' state: two turns that differ only in Silver or a Technology tier are two turns)."""
    b = state.board
    return _ENC.encode((state.players[me], state.stack, b.character_offer, b.contract_offer, b.king_track,
                        b.map_bonus, b.wheel_bonus, state.module_state or None))


def _useful(state, a, lean: bool = False) -> bool:
    """Choices the beam never needs: finishing the die's own Action early (its Tasks are open anyway;
    ending the turn gives the AP up just the same) and refreshing the Character offer (a gamble on
    hidden tiles the sample would only pretend to know); exchanges give only the most plentiful Resource."""
    t = type(a)
    if t is Done:
        top = state.stack[-1]
        return not (isinstance(top, ActionFrame) and top.source == "die")
    if lean and (t is Exchange or t is Buy):
        return False
    if t is Exchange:  # give only what there is most of (the other gives are rarely better, and many)
        res = state.players[a.seat].resources
        return res[a.give] == max(res.values())
    return t is not Refresh


def spend(state, me: int, width: Width, first: list | None = None, weights: Weights | None = None,
          value: float | None = None) -> list[Plan]:
    """Ways to finish the turn in hand from ``state`` (me deciding), best first. ``first`` are the
    actions already taken to reach ``state`` (kept in front of each plan). ``weights``: the evaluation's
    (``evaluate.Weights``; the journeyman's by default); ``value``: ``state``'s by them, when the caller has it."""
    first = first or []
    finals: list[Plan] = []
    beam = [(value_of(state, me, weights) if value is None else value, state, first)]
    seen: set = set()
    turn = _turn_key(state)
    for _ in range(width.depth):
        kids = []
        for v, s, acts in beam:
            if acts is not first and _turn_key(s) != turn:  # the decision is over (the King tile, say)
                finals.append(Plan(acts, v, s))
                continue
            for a in legal_actions(s):
                if type(a) is EndTurn:
                    finals.append(Plan(acts + [a], as_turn_ends(s, me, v, weights), s))
                    continue
                if not _useful(s, a, width.lean):
                    continue
                ns = apply_listed(s, a)  # (a move just listed for s: the engine's trusted path)
                k = _key(ns, me)
                if k in seen:
                    continue
                seen.add(k)
                kids.append((value_of(ns, me, weights), ns, acts + [a]))
        if not kids:
            break
        kids.sort(key=lambda x: -x[0])
        beam = kids[: width.beam]
    else:  # out of depth: end where the beam stands
        for v, s, acts in beam:
            ends = [a for a in legal_actions(s) if type(a) is EndTurn]
            if ends:
                finals.append(Plan(acts + ends[:1], as_turn_ends(s, me, v, weights), s))
    finals.sort(key=lambda p: -p.value)
    return finals


def _turn_key(state) -> tuple:
    return (state.round, state.phase, state.lap, state.turn)


def die_choices(state, me: int) -> list:
    return [a for a in legal_actions(state) if type(a) is TakeDie]


def plan_turn(state, me: int, width: Width = JOURNEYMAN, *, keep: int = 1,
              weights: Weights | None = None, other_way: bool = False) -> list[Plan]:
    """The best plans for the decision in hand (``keep`` of them, best first).

    At the start of a turn: every die choice is screened (a greedy turn per die value and Bonus
    tile, the other colours and changes of value by what they give at once), the best
    ``width.dice`` get the full beam, and each gives its best plan and, with ``other_way``, its best
    other way to spend the die (``_other_way``). Later in a turn: the beam from here."""
    top = state.stack[-1]
    if not (isinstance(top, TurnFrame) and not top.die_taken):
        plans = spend(state, me, width, weights=weights)[:keep]
        return plans or [Plan([legal_actions(state)[0]], value_of(state, me, weights))]
    dice = die_choices(state, me)
    if not dice:  # nothing to take (cannot happen in a real game): whatever is legal
        return [Plan([legal_actions(state)[0]], value_of(state, me, weights))]
    # Screen: one greedy turn per (value it becomes, with its Bonus tile); each die choice is then
    # judged by that turn's value, corrected by what this die gives at once compared with that one.
    greedy: dict[tuple, tuple[float, float]] = {}
    scored = []
    for a in dice:
        after = apply_listed(state, a)
        now = value_of(after, me, weights)
        g = greedy.get((a.target, a.bonus))
        if g is None:
            plans = spend(after, me, QUICK, weights=weights, value=now)
            g = greedy[(a.target, a.bonus)] = ((plans[0].value if plans else now), now)
        scored.append((g[0] + (now - g[1]), a, after, now))
    scored.sort(key=lambda x: -x[0])
    out: list[Plan] = []
    for _, a, after, now in scored[: width.dice]:
        plans = spend(after, me, width, [a], weights, now)
        if plans:
            out.append(plans[0])
            other = _other_way(plans) if other_way else None
            if other is not None:
                out.append(other)
    out.sort(key=lambda p: -p.value)
    return out[:keep]


def _other_way(plans: list[Plan]) -> Plan | None:
    """The best plan for a die that is another way to spend it than the best: neither plan the start
    of the other (the same moves, stopped early or gone on with) and not of the same value."""
    best = plans[0]
    for p in plans[1:]:
        n = min(len(p.actions), len(best.actions))
        if p.value != best.value and p.actions[:n] != best.actions[:n]:
            return p
    return None


AP_WORTH = 1.2  # what an AP still to spend is worth, roughly, when dice are ranked without planning them


def rank_dice(state, me: int, weights: Weights | None = None) -> list[tuple[float, object, object, float]]:
    """Every die choice with the state it leads to and that state's value, best first by what it gives at
    once plus its AP."""
    ranked = []
    for a in die_choices(state, me):
        after = apply_listed(state, a)
        frame = after.stack[-1]
        now = value_of(after, me, weights)
        ranked.append((now + AP_WORTH * getattr(frame, "ap", 0), a, after, now))
    ranked.sort(key=lambda x: -x[0])
    return ranked


def quick_turn(state, me: int, width: Width = PLAYOUT, weights: Weights | None = None) -> Plan | None:
    """The playouts' turn: dice ranked by what they give at once plus their AP, the best planned
    greedily. Many times cheaper than ``plan_turn``, and a fair player still."""
    top = state.stack[-1]
    if not (isinstance(top, TurnFrame) and not top.die_taken):
        plans = spend(state, me, width, weights=weights)
        return plans[0] if plans else None
    ranked = rank_dice(state, me, weights)
    best = None
    for _, a, after, now in ranked[: width.dice]:
        plans = spend(after, me, width, [a], weights, now)
        if plans and (best is None or plans[0].value > best.value):
            best = plans[0]
    return best

