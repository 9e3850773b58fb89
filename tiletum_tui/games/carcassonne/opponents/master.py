"""The master: an open-loop Monte Carlo tree search over the tile draws.

What a player may not see in Carcassonne is the order of the face-down tiles; the counts of the
designs left are public (a view keeps them, sorted). So each simulation deals the pile anew from the
view with the master's own generator (``engine.rules.sample``, seeded from the decision's seed and
the simulation's number: never the game's generator, which a view does not hold) and lets the draws
come as they come. The tree is open-loop: a node is a sequence of turns, not a state; below a node
the tiles drawn are chance, so its children are kept per design drawn, and for each design the
player in turn chooses among that tile's best whole turns (place, turn and follower) by the
journeyman's ranking, widened as the node is visited more (UCB1 for the player who chooses there).

At the root the candidates are the journeyman's best whole turns for the tile in hand, each starting
with a few virtual visits at the reward its evaluation promises (a prior), and the k-th visit of every
candidate is played on the k-th deal (common random numbers), so they are compared on the same luck.
Past the tree's edge a simulation plays a short playout (each player's turn by a cheap policy: the
best of a few of its tile's places, with their followers) to a horizon of turns, and ends in the
evaluation (``evaluate.values``): each player's reward is a logistic of its margin over the others'
average. The budget counts per decision, a turn: the level's simulations (``levels.level_simulations``;
the grandmaster's are several times the master's) within a time cap that is a safeguard only and said
when it cuts the search short; ``hurry`` stops it early. The grandmaster thinks on the others' time too:
the chosen turn's node is kept and pondered (``Ponder``), then followed along the tiles the others drew and
the turns they played, and its next search starts from the subtree of the tile it draws.
"""

from __future__ import annotations

import math
import random
import time

from tiletum_tui.shell.opponents.base import Choice, Pondering, SearchNode, run_budget
from ..engine import Deploy, Place, apply_in_place
from ..engine.land import legal_places
from ..engine.rules import dealer
from .evaluate import MASTER_ODDS, margin, values, weigh
from .options import Option, follower_options, turn_options

ROOT_CANDIDATES = 6  # the journeyman's best whole turns the root weighs ...
ROOT_WITHIN = 6.0  # ... those within this many points of its best (the rest are not worth a simulation)
TREE_FIRST = 3  # a node offers a drawn tile's best this many turns at first, one more each time its visits double
HORIZON = 6  # turns a simulation plays past the root's (the root's own included: one more)
PLAYOUT_PLACES = 4  # places of the tile the playout policy weighs (the best of them, with its follower)
EXPLORE = 0.7  # UCB1's exploration constant (rewards lie in 0..1)
PRIOR_VISITS = 8  # virtual visits giving each root candidate the reward its evaluation promises: a few
# simulations are noisy (the draws), so the journeyman's choice stands until they show otherwise
MARGIN_SCALE = 10.0  # points of margin that make a win about 73% likely (the logistic's scale)


class Node(SearchNode):
    __slots__ = ("children", "ranked", "option", "dealt")
    EXPLORE = EXPLORE

    def __init__(self, option: Option | None = None) -> None:
        super().__init__()
        self.children: dict[str, dict[tuple, Node]] = {}  # per design drawn: per turn, the node after it
        self.ranked: dict[str, list[Option]] = {}  # per design drawn: its whole turns, best first
        self.option = option
        self.dealt = 0  # a root candidate's simulations so far: its k-th is played on the k-th deal

    def below(self):
        return [n for turns in self.children.values() for n in turns.values()]


# Pondering's memory bound: the nodes a kept tree may hold (about 1.2 kB each, with their turns ranked per tile:
# some 20 MB), past which it stops pondering (docs/opponents.md, "Thinking on the opponent's time").
PONDER_NODES = 16_000


class Ponder(Pondering):
    """The master's tree kept after a decision (the grandmaster's, ``base.Pondering``): the chosen turn's
    node, pondered from the view and seed it was chosen on, then followed along the tiles the others drew
    and the turns they played to the node whose children are this player's next turns."""

    def __init__(self, root: Node, plan: list, seen, seed: int, me: int, simulations: int,
                 cap: int | None = None) -> None:
        self.key, self.deal, self.seed, self.me = _played_key(*plan), dealer(seen), seed, me
        super().__init__(root.children[""][self.key], simulations, PONDER_NODES if cap is None else cap)

    def simulate(self) -> None:
        _simulate_turn(self.node, self.deal, self.seed, self.me)

    def follow(self, played: list, seen):
        """The node whose children (by the tile drawn) are this player's next turns, by the turns played
        since (``played``: every action since the decision, in order: a placement, then its follower or
        none), or None when the tree does not reach it (a turn it never weighed)."""
        turns = [(p, d) for p, d in zip(played, played[1:]) if isinstance(p, Place) and isinstance(d, Deploy)]
        if not turns or turns[0][0].seat != self.me or _played_key(*turns[0]) != self.key:
            return None
        node = self.node
        for place, deploy in turns[1:]:
            node = node.children.get(place.design, {}).get(_played_key(place, deploy)) if place.seat != self.me \
                else None
            if node is None:
                return None
        return node


def _key(option: Option) -> tuple:
    return _played_key(option.place, option.deploy)


def _played_key(p: Place, d: Deploy) -> tuple:
    return (p.x, p.y, p.rotation, d.role, d.segment)


def _reward(m: float) -> float:
    return 1.0 / (1.0 + math.exp(-m / MARGIN_SCALE))


def search(seen, me: int, budget, seed: int, hurry=None, reuse: Node | None = None, started: float | None = None):
    """The master's whole turn for the tile in hand (``Choice.plan``: the place, then the follower), and its
    tree's root (None: one way to play the tile, no tree). ``reuse``: the node a kept tree reached by what
    was played since it was made (``Ponder.follow``): a candidate it holds for the tile in hand takes over
    that child's visits and subtree (on top of its prior)."""
    if started is None:
        started = time.perf_counter()  # the time budget covers the root's ranking too
    now = margin(values(seen, odds=MASTER_ODDS), me)
    ranked = turn_options(seen, me, MASTER_ODDS)
    options = [o for o in ranked[:ROOT_CANDIDATES] if o.value >= ranked[0].value - ROOT_WITHIN]
    root = Node()
    root.visits = PRIOR_VISITS * len(options)
    kept = reuse.children.get(seen.drawn, {}) if reuse is not None else {}
    for o in options:
        child = kept.get(_key(o))
        if child is not None:
            child.option, child.dealt = o, 0
            root.visits += child.visits
        else:
            child = Node(o)
        root.children.setdefault("", {})[_key(o)] = child
        child.visits += PRIOR_VISITS
        child.total += PRIOR_VISITS * _reward(o.value)
    best = options[0]
    if len(options) == 1:  # one way to play the tile: no need to think
        return Choice(best.place, plan=[best.place, best.deploy], gain=best.value - now), None
    deal = dealer(seen)  # (the view's pile split once: each simulation deals it anew)
    sims, cut = run_budget(budget, started, lambda: _simulate(root, deal, seed, me), hurry)
    by_visits = sorted(root.children[""].values(), key=lambda c: (c.visits, c.total), reverse=True)
    first, second = by_visits[0], by_visits[1]
    return Choice(first.option.place, plan=[first.option.place, first.option.deploy], gain=first.option.value - now,
                  win=first.total / first.visits, simulations=sims, target=budget.simulations, cut=cut,
                  alternative=[second.option.place, second.option.deploy], alternative_gain=second.option.value - now,
                  alternative_win=second.total / second.visits), root


def _simulate(root: Node, deal, seed: int, me: int) -> None:
    parent = max(root.visits, 1)
    _simulate_turn(max(root.children[""].values(), key=lambda c: c.ucb(parent)), deal, seed, me)
    root.visits += 1


def _simulate_turn(child: Node, deal, seed: int, me: int) -> None:
    """One simulation through a root candidate (this turn), and the tree below it (``deal``: the view's
    ``engine.rules.dealer``, as ``sample``)."""
    kth = seed + 1 + child.dealt  # the k-th visit: the k-th deal, and the playouts' k-th luck
    child.dealt += 1
    state = deal(kth)
    rng = random.Random(kth)
    _play(state, child.option)
    path = [(child, me)]
    node, in_tree = child, True
    for _ in range(HORIZON):
        if state.phase == "over":
            break
        who = state.seat
        if in_tree and node.visits:
            node = _tree_turn(node, state, who)
            path.append((node, who))
        else:
            in_tree = False
            option, state = _playout_turn(state, who, rng)
            apply_in_place(state, option.deploy, checked=True)
    vals = values(state, odds=MASTER_ODDS)
    rewards = [_reward(margin(vals, s)) for s in range(len(vals))]
    for n, who in path:
        n.visits += 1
        n.total += rewards[who]


def _tree_turn(node: Node, state, who: int) -> Node:
    """One turn inside the tree: the drawn tile's best turns (widened as the node is visited), by UCB."""
    design = state.drawn
    ranked = node.ranked.get(design)
    if ranked is None:  # ranked the first time this tile comes here: the land is the same in every deal
        ranked = node.ranked[design] = turn_options(state, who, MASTER_ODDS)
    children = node.children.setdefault(design, {})
    allowed = TREE_FIRST + int(math.log2(node.visits + 1))
    for o in ranked[:allowed]:
        key = _key(o)
        if key not in children:  # (a node made only where it is kept: pondering's cap counts nodes made)
            children[key] = Node(o)
    parent = max(node.visits, 1)
    child = max(children.values(), key=lambda c: c.ucb(parent))
    _play(state, child.option)
    return child


def _playout_turn(state, who: int, rng: random.Random):
    """The playouts' policy: the best of a few of the tile's places, each with its best follower or none; and
    the state with that place played (the copy it was weighed on: ``state`` is left behind)."""
    places = legal_places(state, state.drawn)
    if len(places) > PLAYOUT_PLACES:
        places = rng.sample(places, PLAYOUT_PLACES)
    best, played, before = None, None, weigh(state, odds=MASTER_ODDS)
    for x, y, r in places:
        place = Place(who, state.drawn, x, y, r)
        after = state.clone()
        apply_in_place(after, place, checked=True)
        for o in follower_options(after, who, place, none=True, before=before, odds=MASTER_ODDS):
            if best is None or o.value > best.value:
                best, played = o, after
    return best, played


def _play(state, option: Option) -> None:
    apply_in_place(state, option.place, checked=True)
    apply_in_place(state, option.deploy, checked=True)
