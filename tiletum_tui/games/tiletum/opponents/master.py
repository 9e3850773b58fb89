"""The master: an open-loop Monte Carlo tree search over whole turns.

Tiletum hides nothing from one player that another can see: the face-down piles, the Corruption
tokens and the dice to come are hidden from everyone. So the search needs no guesses about what
an opponent knows: each simulation deals the hidden parts anew from the view (``engine.sample``)
and lets chance happen as it comes. The tree is open-loop: a node is a sequence of choices, not a
state, and the same node is reached under different deals.

One step of the tree is a whole turn, keyed by its die choice: a die and the planner's plan for it
(``planner.spend``) count as one move, so the tree's branching is the few dice worth taking, not
every order of moves and Tasks. At the root the candidates are the planner's best whole-turn plans
(a wider beam than the journeyman's), at 2 players in the base game two ways to spend each die. Below it, each
player's turn offers the dice the planner's screen ranks highest, widened progressively as a node is
visited more. Each simulation ends with a short playout (every player plays its quick greedy turn)
to the end of the round, so the round's King phase and Fair are scored as the rules score them (at
most 8 turns: at 4 players a round is 12; at 2 players in the base game at least 4, across into the next
round), and is scored with the evaluation's terms weighed by the master's own weights for the
number of players (``weights.MASTER_WEIGHTS``, fitted to what came in journeyman games; the planner's
plans, the tree's and the playouts' turns weigh with them too): each player's reward is a logistic of
its margin over the others' average (at 2 players: over the other; at 4 the average measured better
than the best other, whose lead is mostly noise the move cannot change), its scale by the round the
simulation ended in (``MARGIN_SCALES``: at 2 players the chance to win such a margin gave), so every
node picks for the player who chooses there.

The budget counts per real decision (this turn's plan): a number of simulations (the level's strength,
``levels.level_simulations``), within a time cap that is only a safeguard (and said when it cuts the
search short). ``hurry`` stops the search early with the best plan so far. The grandmaster is this search
with more simulations, and thinks on the others' time: the chosen turn's node is kept and pondered
(``Ponder``), then followed along the dice the others took, and its next search starts from that subtree.
"""

from __future__ import annotations

import math
import time

from ..engine import apply, apply_listed, legal_actions, sample
from ..engine.errors import TiletumError
from ..engine.state import KingTileFrame, TurnFrame
from ..engine.turn import TakeDie
from tiletum_tui.shell.opponents.base import Choice, Pondering, SearchNode, run_budget
from .evaluate import evaluate, value_of
from .weights import master_weights
from .planner import QUICK, Plan, Width, plan_turn, quick_turn, rank_dice, spend

ROOT = Width(beam=6, dice=8)  # the root's candidate plans
# The root's plans. At 2 players in the base game (345 simulations a decision, ``base_two_players``) the
# planner's best plan for each die and its best other, the 10 best: the simulations, which score the round's King
# phase and Fair as the rules do, then choose between two plans the estimate alone would have ranked (issue 43: 168
# of 200 against the journeyman where one plan a die, 6 in all, won 164). Elsewhere, with fewer simulations a
# decision (3-4 players 250 / 150, a module 270 at 2), one plan a die, the 6 best, as measured there: 10 plans
# spread them thin (with Prospect for Silver at 2 players two ways won 77 of 100, one a die 83.5% over 521).
ROOT_PLANS = 6
TWO_WAYS_PLANS = 10
RANKED = 8  # dice ranked by the screen at a node below the root
TREE_DICE = 3  # a node below the root first offers this many dice, one more each time visits double
MAX_TURNS = 8  # a simulation plays to the end of the round (its King phase and Fair scored exactly), at most this many turns
# At 2 players in the base game (``base_two_players``) a simulation also plays at least this many turns, across
# into the next round where fewer are left, so a round's last turns are weighed by what the next round makes of
# them, not by the estimate alone (issue 43: 345 simulations so, the CPU of 490 that stop at the round's end, won
# 170 of 200 against the journeyman where those won 168). Elsewhere it stops at the round's end: with Prospect for
# Silver 186 simulations so (the CPU of 270) won 102 of 121 where 270 that stop won 101, then 162 of 200 and
# 163 of 200 on fresh seeds (82701-82900, 85001-85200), below the 83.5% of 270 over 521, so 270 it is again.
MIN_TURNS = 4
EXPLORE = 0.7  # UCB1's exploration constant (rewards lie in 0..1)
PRIOR_VISITS = 2  # virtual visits giving each root candidate the reward its planner value promises
# A candidate taken over from a pondered tree (the grandmaster's) counts its mean there at this many visits at
# the root: all of them would let the tree's view of a die (played with the quick planner's turn below the
# root) outweigh the root's own search of the plan for a while (docs/opponents.md; not yet measured)
REUSED_VISITS = 4
# The reward: a logistic of the margin at the simulation's end, its scale in VP by the round that end
# lies in (1-4), fitted to who won 400 2-player and 200 4-player journeyman games from such a margin
# (docs/opponents.md): early margins say little, late ones much. At 2 players it is the chance to win; at
# 3-4 the curve's slope only (an even margin reads 50%, not a fair share; 3 players read the 4-player row).
# The last: the game over, where the final margin decides who won: at 2 players a 1 VP scale (a win by 3 VP
# reads 0.95, a tie 0.5), so the last round's search plays for the win, not the margin (issue 43; it was
# 6 VP, never fitted, as it still is at 3-4 players).
MARGIN_SCALES = {2: (17.0, 17.0, 15.0, 10.0, 1.0), 4: (10.0, 10.0, 11.0, 9.0, 6.0)}


class Node(SearchNode):
    __slots__ = ("children", "plan", "ranked", "dealt")
    EXPLORE = EXPLORE

    def __init__(self, plan: Plan | None = None) -> None:
        super().__init__()
        self.children: dict = {}
        self.ranked: list | None = None  # the dice of the turn from here, best first (screened once)
        self.plan = plan
        self.dealt = 0  # a root candidate's simulations so far: its k-th is played on the k-th deal

    def below(self):
        return self.children.values()


def search(seen, me: int, budget, seed: int, hurry=None, reuse: Node | None = None, started: float | None = None):
    """The master's plan for the turn in hand, what it expects (a ``Choice``) and its tree's root (None:
    one sensible move, no tree). ``reuse``: the node a kept tree reached by what was played since it was
    made (``Ponder.follow``): its children are this player's turns, keyed by die, and a candidate with
    the same die takes over that child's subtree and its mean, at ``REUSED_VISITS``' weight at most (on
    top of its prior)."""
    n = len(seen.players)
    if started is None:
        started = time.perf_counter()  # the time budget covers the root's planning too
    first = sample(seen, seed)
    w = master_weights(seen)  # the evaluation's weights wherever the master weighs: plans, the tree, playouts, ends
    two_ways = base_two_players(seen)
    plans = plan_turn(first, me, ROOT, keep=TWO_WAYS_PLANS if two_ways else ROOT_PLANS, weights=w,
                      other_way=two_ways)
    now = value_of(seen, me, w)
    root = Node()
    values = evaluate(seen, weights=w)
    others = (sum(values) - values[me]) / (n - 1)
    root.visits = PRIOR_VISITS * len(plans)
    by_key: dict = {}
    for p in plans:  # (best first: a die's better plan is keyed by its die, as in the tree below)
        k = _key(p.actions[0])
        by_key[other_way_key(k) if k in by_key else k] = p
    for key, p in by_key.items():
        kept = reuse.children.get(key) if reuse is not None else None
        if kept is not None:
            child = root.children[key] = kept
            child.plan, child.dealt = p, 0
            if kept.visits > REUSED_VISITS:  # its mean, at a few visits' weight (its subtree keeps its own)
                child.total, child.visits = kept.total / kept.visits * REUSED_VISITS, REUSED_VISITS
            root.visits += child.visits
        else:
            child = root.children[key] = Node(p)
        # The planner's value as a prior: a few virtual visits at the reward its plan promises.
        child.visits += PRIOR_VISITS
        child.total += PRIOR_VISITS * _reward(p.value - others, _scale(seen, n))
    if len(root.children) == 1:  # one sensible move: no need to think
        only = plans[0]
        return only, Choice(only.actions[0], gain=only.value - now, win=None), None
    sims, cut = run_budget(budget, started, lambda: _simulate(root, seen, seed, me, n), hurry)
    ranked = sorted(root.children.values(), key=lambda c: (c.visits, c.total), reverse=True)
    best, second = ranked[0], ranked[1]
    win = best.total / best.visits if best.visits else None
    return best.plan, Choice(best.plan.actions[0], gain=best.plan.value - now, win=win, simulations=sims,
                             target=budget.simulations, cut=cut,
                             alternative=list(second.plan.actions), alternative_gain=second.plan.value - now,
                             alternative_win=second.total / second.visits if second.visits else None), root


# Pondering's memory bound: the nodes a kept tree may hold (about 350 bytes each: some 20 MB), past which it
# stops pondering (docs/opponents.md, "Thinking on the opponent's time").
PONDER_NODES = 50_000


class Ponder(Pondering):
    """The master's tree kept after a decision (the grandmaster's, ``base.Pondering``): the chosen turn's
    node, pondered from the view and seed it was chosen on, then followed along the dice the others really
    took to the node whose children are this player's next turns."""

    def __init__(self, root: Node, plan: Plan, seen, seed: int, me: int, simulations: int,
                 cap: int | None = None) -> None:
        self.key = _key(plan.actions[0])  # the die it took (the root may weigh two plans of one die)
        self.seen, self.seed, self.me, self.n, self.round = seen, seed, me, len(seen.players), seen.round
        chosen = next(c for c in root.children.values() if c.plan is plan)
        # Only a turn with another of this player's turns after it in the round is worth pondering: the
        # tree ends with the round (its King phase and Fair are scored at the simulation's end).
        super().__init__(chosen, simulations if seen.lap < 3 else 0,
                         PONDER_NODES if cap is None else cap)  # (the rest of the root is let go)

    def simulate(self) -> None:
        _simulate_turn(self.node, self.seen, self.seed, self.me, self.n)

    def follow(self, played: list, seen):
        """The node whose children are this player's next turns, by the dice taken since (``played``:
        every action since the decision, in order), or None when the tree does not reach it (another
        round, a die it never weighed)."""
        if seen.round != self.round or seen.phase != "action":
            return None
        dice = [a for a in played if isinstance(a, TakeDie)]
        if not dice or dice[0].seat != self.me or _key(dice[0]) != self.key:
            return None
        node = self.node
        for a in dice[1:]:
            node = node.children.get(_key(a)) if a.seat != self.me else None
            if node is None:
                return None
        return node


def _key(action):
    """A turn's identity in the tree: its die choice (value, colour, new value, Bonus tile, and the Action
    it feeds where its section offers two: Prospect for Silver's Prospector Action; ``TakeDie(who, *key)``)."""
    if isinstance(action, TakeDie):
        return (action.value, action.colour, action.target, action.bonus, action.action)
    return action


def base_two_players(seen) -> bool:
    """Whether ``seen`` is a 2-player game of the base game, where the search is at its widest, as measured there:
    the root weighs two ways to spend each die (``TWO_WAYS_PLANS``), a simulation plays on past a round's end
    (``MIN_TURNS``), and the level thinks to its own simulations (``levels.BASE_TWO_PLAYERS``)."""
    return len(seen.players) == 2 and not seen.settings.modules


def other_way_key(die_key) -> tuple:
    """The root's key for a die's other plan (its better plan's is the die's own)."""
    return (die_key, "other way")


def _scale(state, n: int) -> float:
    """The logistic's scale for a margin in this state (``MARGIN_SCALES``)."""
    row = MARGIN_SCALES[2 if n == 2 else 4]
    return row[4] if state.phase == "over" else row[min(state.round, 4) - 1]


def _reward(margin: float, scale: float) -> float:
    """The reward for a margin of this many VP (at 2 players the chance to win it gives)."""
    return 1.0 / (1.0 + math.exp(-margin / scale))


def _simulate(root: Node, seen, seed: int, me: int, n: int) -> None:
    # The root: this turn's candidate plans, one chosen by UCB.
    _simulate_turn(_select(root), seen, seed, me, n)
    root.visits += 1


def _simulate_turn(child: Node, seen, seed: int, me: int, n: int) -> None:
    """One simulation through a root candidate (this turn's plan), and the tree below it."""
    path: list[tuple[Node, int]] = []  # (node, the player who chose the move into it)
    # The k-th visit of every candidate is played on the k-th deal (common random numbers), so
    # candidates are compared on the same luck.
    state = sample(seen, seed + 1 + child.dealt)
    child.dealt += 1
    state = _play(state, child.plan.actions, me)
    path.append((child, me))
    node = child
    turns = 1
    start_round = state.round
    at_least = MIN_TURNS if base_two_players(seen) else 1
    in_tree = True
    while state.phase != "over" and turns < MAX_TURNS and (state.round == start_round or turns < at_least):
        who = state.stack[-1].player
        if _at_turn_start(state):
            if in_tree and node.visits:  # a node seen before: choose in the tree (and grow it)
                node, state = _tree_turn(node, state, who)
                path.append((node, who))
            else:  # past the tree's edge: the playout
                in_tree = False
                state = _quick(state, who)
            turns += 1
        else:  # a decision between turns (the King tile): the planner's best, greedily
            state = _quick(state, who)
    values = evaluate(state, weights=master_weights(state))
    total = sum(values)
    scale = _scale(state, n)
    rewards = [_reward(v - (total - v) / (n - 1), scale) for v in values]
    for node, who in path:
        node.visits += 1
        node.total += rewards[who]


def _select(node: Node) -> Node:
    parent = max(node.visits, 1)
    return max(node.children.values(), key=lambda c: c.ucb(parent))


def _tree_turn(node: Node, state, who: int):
    """One turn inside the tree: widen the node's dice as it is visited, pick one by UCB, plan its turn."""
    if node.ranked is None:  # screened on the first deal that comes here: the dice are the same in every deal
        node.ranked = [_key(a) for a in _screen(state, who, RANKED)]
    allowed = TREE_DICE + int(math.log2(node.visits + 1))
    for k in node.ranked[:allowed]:
        if k not in node.children:
            node.children[k] = Node()
    # Only the dice that are legal in this deal (the same dice lie on the wheel in every deal of a round).
    legal = {_key(a) for a in legal_actions(state) if isinstance(a, TakeDie)}
    options = [(k, c) for k, c in node.children.items() if k in legal]
    if not options:
        return node, _quick(state, who)
    parent = max(node.visits, 1)
    k, child = max(options, key=lambda kc: kc[1].ucb(parent))
    die = TakeDie(who, *k)
    after = apply_listed(state, die)  # (equal to a die just listed: ``k in legal``)
    plans = spend(after, who, QUICK, [die], master_weights(state))
    state = _play(state, plans[0].actions, who) if plans else after
    return child, state


def _screen(state, who: int, count: int) -> list:
    """The dice of a turn below the root, best first, by what they give at once and their AP (no planning)."""
    return [a for _, a, _, _ in rank_dice(state, who, master_weights(state))[:count]]


def _play(state, actions: list, who: int):
    """Play a plan on a deal; where a step no longer fits (it drew a different tile), finish the turn greedily."""
    for i, a in enumerate(actions):
        try:
            state = apply(state, a)
        except TiletumError:
            return _finish(state, who)
    return state


def _finish(state, who: int):
    if state.stack and state.stack[-1].player == who and state.phase == "action":
        plans = spend(state, who, QUICK, weights=master_weights(state))
        if plans:
            for a in plans[0].actions:  # (planned from this very state: each move listed on the way)
                state = apply_listed(state, a)
            return state
    return _quick(state, who)


def _quick(state, who: int):
    """The playouts' policy for one decision: the planner's quick plan, played out."""
    top = state.stack[-1]
    if isinstance(top, KingTileFrame):
        # (the state each choice leads to is kept: taking the tile ends the King phase, holds the Fair and sets
        # up the next round, too dear to play twice; the first best, as max would choose)
        w = master_weights(state)
        best = None
        for a in legal_actions(state):
            after = apply_listed(state, a)
            v = value_of(after, who, w)
            if best is None or v > best[0]:
                best = (v, after)
        return best[1]
    plan = quick_turn(state, who, weights=master_weights(state))
    if plan is None:
        return apply_listed(state, legal_actions(state)[0])
    for a in plan.actions:  # (planned from this very state: each move listed on the way)
        state = apply_listed(state, a)
    return state


def _at_turn_start(state) -> bool:
    top = state.stack[-1]
    return isinstance(top, TurnFrame) and not top.die_taken
