"""What a position is worth to each player, in Victory Points: VP now plus a fair estimate of the rest.

The estimate adds what the table already promises (read from the engine's own queries, so it can
never disagree with the rules): Houses x Pillars and Completed Buildings as final scoring would
count them, with a share of the Houses and Pillars still to come; the King track space this round
(after the Corruption still face down, and again in later rounds for a blue space that stays);
this round's Fair and the later Fairs where a House or the Merchant already stands; Contracts,
Crests, Helpers and Characters waiting in the Storehouse, weighted by what they still need; the
Resources (worth more early, 1 VP per 4 at the end); Bonus AP on the wheel for the turns left;
and where the Merchant and Architect stand, so a turn spent walking towards a good Town counts.

Every weight is a guess tuned by the arena (``tiletum arena``, docs/opponents.md), not a rule. The
master weighs each term again by its own ``weights.MASTER_WEIGHTS``, fitted to what the terms foretold.
Once the game is over the value is the final VP, exactly.
"""

from __future__ import annotations

from ..engine.queries import fair_count
from ..engine.state import State, TurnFrame
from .board_facts import Tables, common, once_per, tables
from .weights import ONE, TERMS, Weights

# ---------------------------------------------------------------- weights (VP-equivalents)
RESOURCE_EARLY, RESOURCE_LATE = 0.55, 0.25  # one Resource at the start of the game / at the end
GOLD_SHARE = 0.85  # Gold buys any Resource at 2:1 or changes a die: a little under a Resource
HOUSES_PER_TURN, PILLARS_PER_TURN = 0.22, 0.18  # how many more a player is likely to place per turn
KING_LATER = 0.55  # a blue King space scores again next round (less the Corruption to come)
HIGHEST_BONUS = 2.5  # the Bonus tile (or 4 VP in round 4) of the player highest on the King track
FAIR_LATER = 0.7  # a later Fair where a House stands: its condition will likely be met as often as now, or more
CONTRACT_SHARE = 0.75  # a Contract in the Storehouse: its VP times how much of its price is in hand
CREST_IN_STORE = 2.0
HELPER_IN_STORE = 2.0
CHARACTER_IN_STORE = 1.3
FULL_STOREHOUSE = 1.5  # a full Storehouse refuses every tile: a small penalty
BONUS_AP_PER_TURN = 0.35  # one Bonus AP, each turn that takes that Action (about a third of turns)
PIECE_STEP = 0.45  # a Town worth v, d steps away, is worth v - d * PIECE_STEP (if positive) ...
PIECE_SHARE = 0.5  # ... times this: standing near a good Town is a promise, not yet a point
CATHEDRAL_SHARE = 0.8  # a Pillar where one has not yet built: that Cathedral's VP, by the Stone in hand
ROOM_PROGRESS = 2.2  # a Building with a Room filled is on its way to Completed (per filled share)
FULL_FOR_NOW = TERMS.index("full storehouse for now")  # (``as_turn_ends``)


def turns_left(state: State, player: int) -> int:
    """Turns this player still takes in the game (counting the one in hand)."""
    if state.phase == "over":
        return 0
    this_round = 0
    if state.phase == "action":
        pos = state.turn_order.index(player)
        this_round = 3 - state.lap + (1 if pos >= state.turn else 0)
    return this_round + 3 * (4 - state.round)


def evaluate(state: State, only: int | None = None, weights: Weights | None = None) -> list[float]:
    """Each player's value of the position (VP now plus the estimate, its terms weighed by ``weights``:
    the journeyman's by default), in seat order; with ``only``, just that player's (the others are 0: a
    turn's planning needs only its own)."""
    if state.phase == "over":
        return [float(p.vp) for p in state.players]
    shared = common(state)
    w = (weights or ONE).rounds[min(state.round, 4) - 1]
    out = []
    for i, p in enumerate(state.players):
        out.append(_weighed(w, float(p.vp), _terms(state, i, p, *shared)) if only is None or i == only else 0.0)
    return out


def _weighed(w: tuple, v: float, xs: tuple) -> float:
    """VP now plus each term times its weight, added in ``TERMS``' order (the order is part of the value:
    floats added in another order can differ in the last bit, and a search's choices with them)."""
    for k, x in zip(w, xs):
        v += k * x
    return v


def terms(state: State) -> list[tuple[float, ...]]:
    """Each player's terms of the estimate, unweighed (``TERMS``' order): what ``Weights`` are fitted to."""
    shared = common(state)
    return [_terms(state, i, p, *shared) for i, p in enumerate(state.players)]


def _full_for_now(state: State, player: int, storehouse, cap: int, turns: int) -> bool:
    """A full Storehouse that ``full storehouse for now`` takes back: full, turns still to come, and in the middle
    of the player's own turn (``_in_own_turn``)."""
    return len(storehouse) >= cap and bool(turns) and _in_own_turn(state, player)


def _in_own_turn(state: State, player: int) -> bool:
    """(issue 43) In the middle of ``player``'s own turn (its die taken), where its Storehouse is full only for now:
    a tile taken to be placed, hired into a Room or fulfilled before the turn ends. The rules refuse a tile while
    it is full; what a full Storehouse costs is the tiles it refuses in the turns to come (what the term was
    fitted to, at turn starts). So ``full storehouse for now`` (weighed as that term) takes it back until the turn
    ends, and the planner's beam no longer drops a line that fills the Storehouse on its way (the fitted weight
    made that up to 13 VP in round 1); a plan that ends with it full is valued as the turn ends (``as_turn_ends``)."""
    bottom = state.stack[0] if state.stack else None
    return type(bottom) is TurnFrame and bottom.player == player and bottom.die_taken


def as_turn_ends(state: State, player: int, value: float, weights: Weights | None = None) -> float:
    """``value`` (``value_of``'s, in the middle of ``player``'s turn) as if the turn ended here: a Storehouse full
    now stays full, and ``full storehouse for now`` is taken away (what a plan ending here is worth)."""
    k = (weights or ONE).rounds[min(state.round, 4) - 1][FULL_FOR_NOW]
    if not k or state.phase == "over":
        return value
    cap = tables(state.settings).r.player_board.storehouse
    if not _full_for_now(state, player, state.players[player].storehouse, cap, turns_left(state, player)):
        return value
    return value - k * FULL_STOREHOUSE


def value_as_turn_ends(state: State, player: int, weights: Weights | None = None) -> float:
    """``value_of`` as if the turn ended here (``as_turn_ends``): what a plan's gain and the bench of moves count
    from."""
    return as_turn_ends(state, player, value_of(state, player, weights), weights)


def value_of(state: State, player: int, weights: Weights | None = None) -> float:
    """``evaluate(state, player, weights)[player]``: what the planner asks of every partial turn it weighs."""
    p = state.players[player]
    if state.phase == "over":
        return float(p.vp)
    return _weighed((weights or ONE).rounds[min(state.round, 4) - 1], float(p.vp),
                    _terms(state, player, p, *common(state)))


def _terms(state, i: int, p, t: Tables, r, drop, highest, fair, fair_per, later_fairs, m,
           spaces) -> tuple[float, ...]:
    """Player i's terms of the estimate (``TERMS``' order), as this module's weights write them."""
    board = state.board
    turns = turns_left(state, i)
    progress = turns / 12.0  # 1 at the start of the game, 0 once this player has no turn left
    # ---- Houses x Pillars (final scoring, unless a module scores something else instead), with a
    # share of those still to come
    h, pl = m.houses[i], m.pillars[i]
    # (min and max written out, here and below: min(a, b) is ``b if b < a else a``, the same value of the same
    # type without a call; a search evaluates every partial turn it weighs)
    more_h, cap = p.houses + sum(p.roof) * 0.5, HOUSES_PER_TURN * turns
    if cap < more_h:
        more_h = cap
    more_p, cap = p.pillars, PILLARS_PER_TURN * turns
    if cap < more_p:
        more_p = cap
    hxp = h * pl + h * more_p + pl * more_h if t.houses_x_pillars else 0.0
    # ---- what the modules' parts promise (their own estimate: Module.estimate)
    modules = 0.0
    for module in r.modules:
        modules += module.estimate(r, state, i, turns)
    # ---- Completed Buildings (final scoring) and the way towards them
    completed, progress_b = _buildings(p)
    soon = progress * 1.5
    expected = completed + (2.0 if 2.0 < progress_b else progress_b) * (soon if soon < 1.0 else 1.0)
    table = t.completed_vp
    lo = int(expected)
    if lo + 1 < len(table):
        buildings = table[lo] + (table[lo + 1] - table[lo]) * (expected - lo)
    else:
        buildings = table[-1]
    rooms_v = ROOM_PROGRESS * progress_b * progress
    # (issue 43) a Completed Building as the Rooms term counted it on its last step (every Room and its Crest:
    # a share of 1), so completing it never loses what filling its Rooms was counted for
    completed_rooms = ROOM_PROGRESS * completed * progress
    # Bonus AP on the wheel, for the turns left
    bonus_ap = BONUS_AP_PER_TURN * sum(p.bonus_ap.values()) * turns / 3.0
    # ---- Resources: used for Contracts, Cathedrals and Crests early; 1 VP per 4 at the end
    res = p.resources
    per = RESOURCE_LATE + (RESOURCE_EARLY - RESOURCE_LATE) * progress
    total = sum(res.values())
    if turns == 0:
        resources = total // r.tracks.resources_per_vp
    else:
        resources = per * (total - res["G"]) + per * GOLD_SHARE * res["G"]
    # ---- King track: this round's King phase, and again later for a blue space that stays
    king = king_later = top = 0.0
    space = spaces[i]
    if state.phase == "action":
        expect = space - drop
        if not expect > 0:
            expect = 0
        lo = int(expect)
        track = t.king_track
        up = lo + 1 if lo + 1 < len(track) - 1 else len(track) - 1
        kv = track[lo] + (track[up] - track[lo]) * (expect - lo)
        king = kv
        if kv > 0 and state.round < 4:
            king_later = KING_LATER * kv * (4 - state.round) / 2
        if i == highest:
            top = HIGHEST_BONUS
    # ---- Fairs: this round's, and later ones where a House already stands
    tiles = r.tiles
    fair_v = later = 0.0
    if fair is not None and fair_per:
        here = i in board.houses[fair.town] or p.merchant == fair.town
        count = _fair_times(r, state, i, r.cat.fair_tiles[fair.tile].condition, h, pl)
        if here:
            fair_v = fair_per * count
        elif state.phase == "action" and turns:
            d = t.dist[p.merchant][fair.town]
            near = 1.0 - d / 6.0
            fair_v = fair_per * count * (near if near > 0.0 else 0.0) * 0.5
    for f, per_f, condition in later_fairs:
        count = _fair_times(r, state, i, condition, h, pl) + 1
        if i in board.houses[f.town]:
            later += FAIR_LATER * per_f * count
        else:
            later += 0.15 * per_f * count
    # ---- the Storehouse
    contracts = others = full = 0.0
    storehouse = p.storehouse
    free_contract = p.contracts.count("")  # (a Contract space is its tile's id or "")
    next_space_vp = t.contract_vp[len(p.contracts) - free_contract] if free_contract else 0
    for tid in storehouse:
        tile = tiles[tid]
        kind = tile.kind
        if kind == "contract":
            if free_contract:
                contracts += (CONTRACT_SHARE * (tile.vp + next_space_vp) * _paid_share(tile, res)
                              * (0.5 + 0.5 * progress))
        elif kind == "crest":
            others += CREST_IN_STORE * progress + 0.5
        elif kind == "helper":
            others += HELPER_IN_STORE * (1.0 if 1.0 < turns / 2.0 else turns / 2.0)
        else:
            others += CHARACTER_IN_STORE * (1.0 if 1.0 < turns / 2.0 else turns / 2.0)
    if len(storehouse) >= r.player_board.storehouse and turns:
        full = -FULL_STOREHOUSE
    full_now = FULL_STOREHOUSE if _full_for_now(state, i, storehouse, r.player_board.storehouse, turns) else 0.0
    # ---- Cathedrals this player may build (a Pillar there, not yet built)
    cathedrals = 0.0
    stone = res["S"]
    open_cathedrals = []
    for town in m.pillar_towns[i]:
        # (an Underground Town's Cathedral is the expansion's, not on the main board: not counted here)
        if town not in p.cathedrals and board.cathedral_stack.get(town):
            cost = r.cat.construction_costs[board.construction_cost[town]]
            top_tile = board.cathedral_stack[town][-1]
            worth = cost.vp + t.cathedral_vp(top_tile)
            cathedrals += (CATHEDRAL_SHARE * worth * min(1.0, (stone + 1) / max(1, cost.stone + 1))
                           * (0.3 + 0.7 * progress))
            open_cathedrals.append((worth, cost.stone))
    # (issue 43) the same Stone counted once: above, the Stone in hand pays in full for every Cathedral a Pillar
    # allows, and counts as Resources too, so building one (spending its Stone) lowered the value of the others
    # and of the Stone: in 403 of 485 positions of journeyman games a Cathedral built lowered the master's value.
    # Here the Stone in hand goes to those Cathedrals best first (``cathedrals counted once``: the difference,
    # weighed as the Cathedrals term), and the Stone so promised is not also counted as Resources (``stone
    # promised``).
    once_c = promised = 0.0
    if open_cathedrals:
        left = stone
        # (the most VP first; of two alike, the cheaper)
        for worth, need in sorted(open_cathedrals, key=lambda c: (-c[0], c[1])):
            once_c += CATHEDRAL_SHARE * worth * min(1.0, (left + 1) / max(1, need + 1)) * (0.3 + 0.7 * progress)
            used = need if need < left else left
            promised += used
            left -= used
        once_c -= cathedrals
        if turns:
            promised = -per * promised
        else:  # (1 VP per 4 Resources once no turn is left: the whole VP the promised Stone would have made)
            promised = (total - promised) // r.tracks.resources_per_vp - resources
    # ---- where the pieces stand: the best Town within reach for a House / a Pillar
    pieces = once = 0.0
    if turns:
        # (issue 43) the same, each Town's worth less what the Houses x Pillars term already counts for the piece
        # in supply (as if placed: a House the Pillars on the map, a Pillar the Houses): what placing it adds
        # (none where a module's final scoring has no Houses x Pillars: that term is 0 there)
        counted = 1.0 if t.houses_x_pillars else 0.0
        house_pl = pl + more_p - counted * pl * (more_h if more_h < 1.0 else 1.0)
        pillar_h = h + more_h - counted * h * (more_p if more_p < 1.0 else 1.0)
        key = (i, p.merchant, p.architect, pl + more_p, house_pl, h + more_h, pillar_h, bool(p.houses),
               bool(p.pillars), fair.town if fair is not None else None)
        near = m.near.get(key)
        if near is None:
            near = m.near[key] = _pieces_near(t, state, m, i, p, key, fair)
        house, pillar, house1, pillar1 = near
        share = progress * 2
        if 1.0 < share:
            share = 1.0
        pieces = PIECE_SHARE * share * (house + pillar)
        once = PIECE_SHARE * share * (house1 + pillar1) - pieces
    return (hxp, modules, buildings, rooms_v, bonus_ap, resources, king, king_later, top, fair_v, later, contracts,
            others, full, cathedrals, pieces, once, completed_rooms, once_c, promised, full_now)


_BUILDINGS: dict[tuple, tuple] = {}


def _buildings(p) -> tuple[int, float]:
    """A player board's Completed Buildings and its Buildings' progress (each the share of its Rooms and
    Crest filled, squared), worked out once per board (``once_per``: a search's states mostly share a
    player's Buildings)."""
    return once_per(_BUILDINGS, (p.rooms, p.crests, p.completed), lambda: _work_out_buildings(p))


def _work_out_buildings(p) -> tuple[int, float]:
    progress_b = 0.0
    for b, rooms in enumerate(p.rooms):
        if p.completed[b]:
            continue
        filled = sum(1 for x in rooms if x)
        share = (filled + (1 if p.crests[b] else 0)) / (len(rooms) + 1)
        if filled:
            progress_b += share * share
    return sum(p.completed), progress_b


def _fair_times(r, state, i: int, condition: str, houses: int, pillars: int) -> int:
    if condition == "king_track":
        return 1
    # (the map counts are at hand: the engine's fair_count would count the map again)
    if condition == "house":
        return houses
    if condition == "pillar":
        return pillars
    if condition == "house_pillar":
        return min(houses, pillars)
    return fair_count(r, state, i, condition)


def _paid_share(tile, res) -> float:
    """How much of a Contract's price is in hand (1: it can be paid now)."""
    need = sum(tile.pay.values()) + tile.identical
    if not need:
        return 1.0
    have = sum(min(res.get(x, 0), k) for x, k in tile.pay.items())
    if tile.identical:
        rest = {x: res[x] - tile.pay.get(x, 0) for x in res}
        have += min(tile.identical, max(rest.values()))
    share = have / need
    return share * share


def _pieces_near(t: Tables, state, m, i: int, p, key: tuple, fair) -> tuple[float, float, float, float]:
    """What the best Town within reach of the Merchant (for a House) and of the Architect (for a Pillar)
    promises, each by a Town's worth as written and less what Houses x Pillars counts already (``key``: the
    piece counts it is worked out for; asked once per map and key, ``_MapCounts.near``)."""
    _, merchant, architect, pillars, pillars_once, houses, houses_once = key[:7]
    fair_town = fair.town if fair is not None else None
    at_house = _reach(t, state, m, i, "house", merchant, fair_town) if p.houses else ()
    at_pillar = _reach(t, state, m, i, "pillar", architect, None) if p.pillars else ()
    return (_best_near(at_house, pillars, 0), _best_near(at_pillar, houses, 2),
            _best_near(at_house, pillars_once, 0), _best_near(at_pillar, houses_once, 2))


def _reach(t: Tables, state, m, i: int, piece: str, here: str, fair_town) -> list[tuple[float, bool, float]]:
    """The Towns where player i could place a House (``piece`` "house") or a Pillar, each as what its worth adds
    to the count of the other piece (its face-up Bonus tiles), whether it holds this round's Fair, and what
    its distance from ``here`` costs; once per map (``_MapCounts.reach``): the counts change more often."""
    key = (piece, i, here, fair_town)
    out = m.reach.get(key)
    if out is not None:
        return out
    dist = t.dist[here]
    out = m.reach[key] = []
    for town, row in (m.house_open if piece == "house" else m.pillar_open):
        # (an Underground Town has no distance on the main map: no Merchant or Architect walks there)
        if i in row or town not in dist:
            continue
        out.append((len(state.board.map_bonus.get(town, ())) * 1.5, town == fair_town, PIECE_STEP * dist[town] * 2))
    return out


def _best_near(reach: list, count: float, extra: int) -> float:
    """The best of the Towns in ``reach`` (``_reach``) for a piece whose Town is worth ``count`` (the other
    piece's count) plus its Bonus tiles, plus ``extra`` (2: a Pillar's Cathedral), plus 3 at this round's Fair,
    less its distance; 0 if none is worth more. (The same additions in the same order as the Town's worth
    written out, so the same value to the last bit.)"""
    best = 0.0
    for bonus, fair, step in reach:
        worth = count + bonus + extra if extra else count + bonus
        if fair:
            worth += 3
        worth -= step
        if worth > best:
            best = worth
    return best
