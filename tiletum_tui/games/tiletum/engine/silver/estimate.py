"""What Prospect for Silver's parts promise a player, for the computer opponents' evaluation
(``Module.estimate``; ``opponents/evaluate.py`` adds it to the base game's estimate).

Not a rule: a guess, in VP-equivalents, of what the expansion's parts are worth beyond the VP
already scored, read from the expansion's own tables so it can never disagree with them:

- the Scoring overlay (it scores instead of Houses x Pillars, which the base estimate then leaves
  out): the larger of its "OR" counts times the other, on all the maps, with a share of the Houses,
  Pillars and Mines still to come;
- Silver: 1 VP per 2 at the end, more while it can still buy Technology tiers and Prospectors;
- Technology tiers reached: their cost at the end (final scoring), and their effects for the turns left;
- Mines on the maps: their Silver each King phase still to come;
- Prospectors underground, and the best Town within their reach (a free Mine space, a House space);
- Underground Cathedrals a Pillar allows, by the Silver or Gold in hand.
"""

from __future__ import annotations

import functools
from collections import deque

from ..state import EMPTY
from .common import me, sv
from .scoring import counts, overlay_side
from .tables import tables
from .underground import cathedral_price, cathedral_tile_vp, prospector_cost

SILVER_USE = 0.5  # what a Silver still to spend (on a tier, a Prospector) adds to its 0.5 VP at the end
TIER_EFFECT = 0.12  # a tier's ongoing effect, per turn left
PROSPECTOR_UNDERGROUND = 1.5  # a Prospector on a map: Mines, Houses and Bonus tiles within its reach
MINES_PER_TURN = 0.12  # Mines a player with a Prospector underground is likely to place per turn
HOUSES_PER_TURN, PILLARS_PER_TURN = 0.22, 0.18  # as the base estimate's
STEP = 0.6  # a Town d steps from a Prospector is worth its value less d x this
NEAR_SHARE = 0.5  # standing near a good Town is a promise, not yet a point
CATHEDRAL_SHARE = 0.8  # an Underground Cathedral a Pillar allows: its VP, by the Silver or Gold in hand


def estimate(r, state, player: int, turns: int) -> float:
    s = sv(state)
    p = me(state, player)
    base = state.players[player]
    progress = turns / 12.0
    d = tables().data
    costs = d.rules.technology.tier_costs
    reached, still = _tier_vp(tuple(costs)), _tier_need(tuple(costs))
    kings_left = max(0, 4 - state.round + (1 if state.phase == "action" else 0))
    # ---- Silver, and what it can still buy
    need = sum(still[t] for t in p.technology.values())
    if p.prospector_supply:
        need += min((prospector_cost(state, m) for m in tables().maps if m not in p.prospectors), default=0)
    silver_worth = 0.5 + SILVER_USE * min(1.0, progress * 2)
    used = min(p.silver, need)
    v = used * silver_worth + (p.silver - used) * 0.5
    # ---- Technology tiers: their cost at the end, their effects meanwhile
    tiers = sum(p.technology.values())
    v += sum(reached[t] for t in p.technology.values()) + TIER_EFFECT * tiers * turns
    # ---- Mines: Silver each King phase still to come
    have = _counts(state, player)
    mines = have["mines"]
    v += mines * kings_left * d.rules.king_phase.silver_per_mine * silver_worth
    # ---- the Scoring overlay (instead of Houses x Pillars)
    more = {"houses": min(base.houses + sum(base.roof) * 0.5, HOUSES_PER_TURN * turns),
            "pillars": min(base.pillars, PILLARS_PER_TURN * turns),
            "mines": min(p.mines, MINES_PER_TURN * turns) if p.prospectors else 0.0}
    side = _SIDES.get(s.scoring_side)
    if side is None:
        side = _SIDES[s.scoring_side] = overlay_side(state)
    best = max(side.either, key=lambda k: have[k] + more[k])
    a, b = have[best], have[side.times]
    v += a * b + a * more[side.times] + b * more[best]
    # ---- Prospectors underground, and the best Town within their reach
    if turns:
        share = min(1.0, progress * 2)
        for space in p.prospectors.values():
            v += share * (PROSPECTOR_UNDERGROUND + NEAR_SHARE * _best_town(state, player, p, space, kings_left))
    # ---- Underground Cathedrals a Pillar allows
    for town, stack in s.cathedral_stack.items():
        if stack and player in state.board.pillars.get(town, ()) and town not in base.cathedrals:
            kind, amount, vp = cathedral_price(r, state, player, town)
            have_pay = p.silver if kind == "silver" else base.resources["G"]
            worth = vp + cathedral_tile_vp(stack[-1])
            v += CATHEDRAL_SHARE * worth * min(1.0, (have_pay + 1) / (amount + 1)) * (0.3 + 0.7 * progress)
    return v


_SIDES: dict = {}  # the Scoring overlay's sides by name (``overlay_side``), asked once each


@functools.cache
def _tier_vp(costs: tuple[int, ...]) -> tuple[int, ...]:
    """Final scoring's VP of a Technology marker on each tier (0: the dark space): the costs summed."""
    return tuple(sum(costs[:t]) for t in range(len(costs) + 1))


@functools.cache
def _tier_need(costs: tuple[int, ...]) -> tuple[int, ...]:
    """The Silver a Technology marker on each tier still needs to reach the top: the costs above it summed."""
    return tuple(sum(costs[t:]) for t in range(len(costs) + 1))


_COUNTS: dict = {}


def _counts(state, player: int) -> dict[str, int]:
    """What the Scoring overlay counts (``scoring.counts``), kept per map: an opponent's search
    evaluates many states sharing one map (its dicts are replaced, never changed: their ids name it,
    and the cache holds them, so no id is reused while an entry lives)."""
    b, s = state.board, sv(state)
    key = (id(b.houses), id(b.pillars), id(s.mines), player)
    hit = _COUNTS.get(key)
    if hit is not None and hit[0] is b.houses and hit[1] is b.pillars and hit[2] is s.mines:
        return hit[3]
    if len(_COUNTS) > 4096:
        _COUNTS.clear()
    out = counts(state, player)
    _COUNTS[key] = (b.houses, b.pillars, s.mines, out)
    return out


_TOWNS: dict = {}


def _best_town(state, player: int, p, space: str, kings_left: int) -> float:
    """The best Town near a Prospector: a free Mine space (its Silver to come) or a House space. Worked out
    once per map (Mines and Houses: their dicts are replaced, never changed, and held here, so their ids name
    them) and what else it reads: a search asks it of many states sharing one map."""
    s, houses = sv(state), state.board.houses
    key = (id(s.mines), id(houses), player, space, kings_left, bool(p.mines), bool(state.players[player].houses))
    hit = _TOWNS.get(key)
    if hit is not None and hit[0] is s.mines and hit[1] is houses:
        return hit[2]
    if len(_TOWNS) > 4096:
        _TOWNS.clear()
    best = _best_town_worked_out(state, player, p, space, kings_left)
    _TOWNS[key] = (s.mines, houses, best)
    return best


def _best_town_worked_out(state, player: int, p, space: str, kings_left: int) -> float:
    s = sv(state)
    best = 0.0
    for town, dist in _distances(space).items():
        worth = 0.0
        row = s.mines.get(town)
        if row is not None and p.mines and player not in row and EMPTY in row:
            worth += 1 + kings_left * 0.8
        houses = state.board.houses.get(town)
        if houses is not None and state.players[player].houses and player not in houses and EMPTY in houses:
            worth += 2.0
        best = max(best, worth - STEP * dist)
    return best


@functools.cache
def _distances(space: str) -> dict[str, int]:
    """Steps from a space to each Town of its map (an Underground map's links)."""
    spaces = tables().spaces
    out = {space: 0}
    todo = deque([space])
    while todo:
        x = todo.popleft()
        for n in spaces[x].adjacent:
            if n not in out:
                out[n] = out[x] + 1
                todo.append(n)
    return {x: k for x, k in out.items() if spaces[x].kind == "town"}
