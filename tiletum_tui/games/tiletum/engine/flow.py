"""The course of a game: setup (steps 1-15), the five phases of a round, laps and turns, final scoring.

Phases without choices (Preparation, Fair, Cleanup, final scoring) resolve at once; the King phase
waits for the highest player's Bonus tile decision. Modules join in through the ruleset's hooks.
"""

from __future__ import annotations

from ..data.schema import DIE_COLOURS
from . import rng
from .categories import COMPLETED_BUILDINGS, FAIRS, HOUSES_X_PILLARS, KING, RESOURCES_LEFT, START
from .common import replaced
from .effects import draw, score, shuffle
from .events import CorruptionRevealed, DiceRolled, FairHeld, GameOver, PhaseBegan, TurnBegan
from .frozen import freeze
from .queries import (
    fair_count, fair_participants, houses_on_map, king_order, king_vp, pillars_on_map, resource_total, standings,
)
from .ruleset import rules_for
from .state import EMPTY, UNUSED, Board, Fair, Hidden, KingTileFrame, Player, Settings, State, TurnFrame, emit, put


# ---------------------------------------------------------------- setup
PLAYER_COUNTS = (2, 4)  # "2-4 players" (rulebook, the box)


def new_game(settings: Settings) -> State:
    """Set up a game (rulebook, Game Setup 1-15) from its settings; everything random comes from the seed."""
    n = len(settings.players)
    low, high = PLAYER_COUNTS
    if not low <= n <= high:
        raise ValueError(f"Tiletum is for {low} to {high} players, not {n}")
    colours = [p.colour for p in settings.players]
    if len(set(colours)) != n:
        raise ValueError("each player needs a different colour")
    r = rules_for(settings)
    unknown = [o for o in (settings.options or ()) if o not in r.options]
    if unknown:
        raise ValueError(f"unknown option {', '.join(unknown)} for the modules in play "
                         f"(known: {', '.join(r.options) or 'none'})")
    cat, tracks, spaces = r.cat, r.tracks, r.spaces
    hidden = Hidden(rng=rng.seed_state(settings.seed), bonus_pile=(), contract_pile=(), character_pile=(),
                    corruption_row=(), corruption_pool=(), bag=())
    state = State(settings=settings, players=(), board=None, hidden=hidden, turn_order=tuple(range(n)))  # type: ignore[arg-type]
    put(state, "events", ())
    box: list[str] = []

    # 3. The Action Wheel (a module may place the Actions otherwise: the Action tiles).
    wheel = tuple(tracks.wheel)
    for m in r.modules:
        wheel = m.wheel_actions(r, state, wheel)
    # 4. Tiles by player count (a module's own piles are its to set up).
    piles: dict[str, list[str]] = {"bonus": [], "contract": [], "character": []}
    for t in cat.tiles.values():
        if t.pile in piles:
            (piles[t.pile] if t.min_players <= n else box).append(t.id)
    for pile in piles.values():
        shuffle(state, pile)
    bonus, contracts, characters = piles["bonus"], piles["contract"], piles["character"]
    # 5. Bonus tiles: six on the wheel's Actions, one by the King track, one on each map space in use.
    wheel_bonus = tuple(bonus.pop() for _ in range(6))
    king_bonus = bonus.pop()
    map_bonus = {s.id: tuple(bonus.pop() for m in s.bonus_spaces if m <= n) for s in cat.map.spaces if s.kind == "town"}
    # 6-7. The offers of five.
    contract_offer = tuple(contracts.pop() for _ in range(5))
    character_offer = tuple(characters.pop() for _ in range(5))
    # 8. Construction Cost tiles under the Cathedrals; each Cathedral its group of tiles, lowest VP at the bottom.
    cathedral_towns = [s.id for s in cat.map.spaces if s.has_cathedral]
    costs = list(cat.construction_costs)
    shuffle(state, costs)
    construction_cost = dict(zip(cathedral_towns, costs))
    groups = list(cat.cathedral_groups)
    cathedral_stack: dict[str, tuple[str, ...]] = {}
    pillars: dict[str, tuple[int, ...]] = {}
    for town in cathedral_towns:
        pillar_spaces = spaces[town].pillar_spaces
        group = next(g for g in groups if len(g.vp) == len(pillar_spaces))
        groups.remove(group)
        order = sorted(range(len(group.vp)), key=lambda i: group.vp[i])
        stack = tuple(f"{group.group}.{i + 1}" for i in order)
        if cat.construction_costs[construction_cost[town]].unavailable:
            box.extend(stack)  # the Unavailable Cathedral's tiles go back to the box
            stack = ()
            pillars[town] = tuple(UNUSED for _ in pillar_spaces)
        else:
            pillars[town] = tuple(EMPTY if m <= n else UNUSED for m in pillar_spaces)
        cathedral_stack[town] = stack
    # 9-10. Three Town tiles and four Fair tiles: the first Fair is always in Tiletum.
    town_tiles = list(cat.town_tiles)
    shuffle(state, town_tiles)
    fair_tiles = list(cat.fair_tiles)
    shuffle(state, fair_tiles)
    fair_towns = [r.start_town] + [cat.town_tiles[t].town for t in town_tiles[:3]]
    fairs = tuple(Fair(town=t, tile=f) for t, f in zip(fair_towns, fair_tiles[:4]))
    box.extend(town_tiles[3:] + fair_tiles[4:])
    # 11. Corruption tokens.
    pool = list(tracks.corruption_tokens)
    shuffle(state, pool)
    row = tuple(pool.pop() for _ in range(tracks.corruption_per_round))
    # 13. Houses: one of each player in Tiletum; the rest of the map's spaces by player count.
    houses = {}
    for town in r.towns:
        houses[town] = [EMPTY if hs.min_players <= n else UNUSED for hs in spaces[town].house_spaces]
    for i in range(n):
        houses[r.start_town][i] = i
    king_track = [() for _ in tracks.king_track]
    king_track[tracks.king_start] = tuple(range(n))  # first player at the bottom of the stack

    put(state, "board", Board(
        wheel_actions=wheel, wheel_rotation=0, wheel_dice=((),) * 6, wheel_bonus=wheel_bonus,
        king_bonus=king_bonus, king_track=tuple(king_track), contract_offer=contract_offer,
        character_offer=character_offer, map_bonus=map_bonus, houses={t: tuple(h) for t, h in houses.items()},
        pillars=pillars, construction_cost=construction_cost, cathedral_stack=cathedral_stack, fairs=fairs,
        corruption_revealed=(), box=tuple(box),
    ))
    put(hidden, "bonus_pile", tuple(bonus))
    put(hidden, "contract_pile", tuple(contracts))
    put(hidden, "character_pile", tuple(characters))
    put(hidden, "corruption_pool", tuple(pool))
    put(hidden, "corruption_row", row)
    put(hidden, "bag", tuple(c for c in DIE_COLOURS for _ in range(n)))
    # 12-14. Player boards, markers, starting Resources and Gold 1/3/5/6.
    board = r.player_board
    put(state, "players", tuple(
        Player(
            name=setup.name, colour=setup.colour, vp=tracks.start_vp,
            resources={"G": tracks.start_gold[i], "F": 1, "W": 1, "S": 1, "I": 1},
            merchant=r.start_town, architect=r.start_town,
            houses=board.houses - board.roof_houses - 1, roof=tuple(not b.preoccupied for b in board.buildings),
            pillars=board.pillars - board.contract_pillars, storehouse=(),
            rooms=tuple(tuple("*" if b.preoccupied else "" for _ in range(b.rooms)) for b in board.buildings),
            crests=tuple("" for _ in board.buildings), contracts=tuple("" for _ in board.contract_vp),
            cathedral_tiles=(), cathedrals=(), dice=(), bonus_ap={}, completed=tuple(False for _ in board.buildings),
            ledger={START.key: tracks.start_vp},
        )
        for i, setup in enumerate(settings.players)
    ))
    for m in r.modules:
        m.after_setup(r, state)
    start_round(r, state)
    freeze(state)  # the dicts set up above become read-only: from here on only apply changes the game
    return state


# ---------------------------------------------------------------- the round
def start_round(r, state: State) -> None:
    """Preparation phase: draw 8/11/14 dice, roll them onto the wheel; then the Action phase's first lap."""
    n = len(state.players)
    bag = list(state.hidden.bag)
    shuffle(state, bag)
    segments: list[list[str]] = [[] for _ in range(6)]
    for _ in range(r.tracks.dice_to_roll[str(n)]):
        colour = bag.pop()
        g, roll = rng.below(state.hidden.rng, 6)
        put(state.hidden, "rng", g)
        segments[roll].append(colour)
    for dice in segments:
        dice.sort(key=DIE_COLOURS.index)  # a segment shows its dice in one order, whatever the draw
    put(state.hidden, "bag", tuple(bag))
    put(state.board, "wheel_dice", tuple(tuple(d) for d in segments))
    emit(state, DiceRolled(round=state.round, dice=tuple((v + 1, c) for v, d in enumerate(segments) for c in d)))
    put(state, "phase", "action")
    put(state, "lap", 1)
    start_lap(r, state)


def start_lap(r, state: State) -> None:
    """Action phase step 1: reveal the rightmost Corruption token and move every King marker down by it."""
    value = state.hidden.corruption_row[-1]
    put(state.hidden, "corruption_row", state.hidden.corruption_row[:-1])
    put(state.board, "corruption_revealed", state.board.corruption_revealed + (value,))
    emit(state, PhaseBegan(round=state.round, phase="action", lap=state.lap))
    moved = []
    if value:
        track = state.board.king_track
        new: list[list[int]] = [[] for _ in track]
        for i, stack in enumerate(track):  # lowest spaces first, each stack bottom first: order is kept
            for p in stack:
                down = value
                for m in r.modules:
                    down = m.corruption(r, state, p, down)
                to = max(0, i - down)
                new[to].append(p)
                if to != i:
                    moved.append((p, i, to))
        put(state.board, "king_track", tuple(tuple(s) for s in new))
    emit(state, CorruptionRevealed(lap=state.lap, value=value, moved=tuple(moved)))
    put(state, "turn", 0)
    put(state, "stack", (TurnFrame(player=state.turn_order[0]),))
    emit(state, TurnBegan(player=state.turn_order[0], round=state.round, lap=state.lap))


def end_turn(r, state: State) -> None:
    """End the turn: slide the Contract offer right and refill it, then the next player, lap or the King phase."""
    put(state, "stack", ())
    offer = state.board.contract_offer
    if "" in offer:  # (a Contract was taken this turn, or the pile ran out)
        kept = tuple(t for t in offer if t)
        refill = tuple(draw(state, "contract_pile", "contract offer") for _ in range(len(offer) - len(kept)))
        put(state.board, "contract_offer", refill + kept)
    put(state, "turn", state.turn + 1)
    if state.turn < len(state.players):
        put(state, "stack", (TurnFrame(player=state.turn_order[state.turn]),))
        emit(state, TurnBegan(player=state.turn_order[state.turn], round=state.round, lap=state.lap))
    elif state.lap < 3:
        put(state, "lap", state.lap + 1)
        start_lap(r, state)
    else:
        start_king_phase(r, state)


def start_king_phase(r, state: State) -> None:
    put(state, "phase", "king")
    emit(state, PhaseBegan(round=state.round, phase="king"))
    for m in r.modules:
        m.before_king_phase(r, state)
    highest = king_order(state)[0]
    if state.board.king_bonus:
        put(state, "stack", (KingTileFrame(player=highest),))
        return
    score_highest_without_tile(r, state)
    finish_king_phase(r, state)


def score_highest_without_tile(r, state: State) -> None:
    """King phase step 1 with no Bonus tile beside the track (the last round): the highest scores 4 VP."""
    if state.round == 4:
        score(r, state, king_order(state)[0], r.tracks.king_round4_vp, KING, "highest on the King track in round 4")


def score_king_track(r, state: State) -> None:
    """King phase step 1: everyone scores the space their marker is on (modules add to it)."""
    for p in range(len(state.players)):
        vp = king_vp(r, state, p)
        if vp:
            score(r, state, p, vp, KING, f"King track space {vp:+d}")
        for m in r.modules:
            m.king_phase_player(r, state, p)


def finish_king_phase(r, state: State) -> None:
    """King phase after the Bonus tile: score the track, set turn order, reset red markers; then Fair, Cleanup."""
    put(state, "stack", ())
    score_king_track(r, state)
    fair = state.board.fairs[state.round - 1]
    if r.cat.fair_tiles[fair.tile].condition == "king_track":
        hold_fair(r, state)  # the special tile is scored before the King track is reset
    put(state, "turn_order", tuple(king_order(state)))
    track = list(state.board.king_track)
    start = r.tracks.king_start
    for i in range(start - 1, -1, -1):  # the red spaces nearest 0 first: the lowest marker ends on top
        track[start] = track[start] + track[i]
        track[i] = ()
    put(state.board, "king_track", tuple(track))
    if not state.board.fairs[state.round - 1].done:
        hold_fair(r, state)
    if state.round == 4:
        final_scoring(r, state)
    else:
        cleanup(r, state)


# ---------------------------------------------------------------- the Fair
def hold_fair(r, state: State) -> None:
    i = state.round - 1
    fair = state.board.fairs[i]
    tile = r.cat.fair_tiles[fair.tile]
    board_vp = r.tracks.fair_board_vp[i]
    per = board_vp + tile.vp
    town = r.space_name(fair.town)
    taking_part = fair_participants(state, fair.town)
    emit(state, PhaseBegan(round=state.round, phase="fair"))
    emit(state, FairHeld(round=state.round, town=fair.town, tile=fair.tile, per=per, board_vp=board_vp,
                                 tile_vp=tile.vp, participants=tuple(taking_part)))
    for p in range(len(state.players)):
        if p not in taking_part:  # told too, so the announcement can say why nothing was scored
            score(r, state, p, 0, FAIRS, f"Fair in {town}: no House or Merchant there")
            continue
        if tile.condition == "king_track":
            score(r, state, p, per, FAIRS, f"Fair in {town}: King track tile")
            vp = king_vp(r, state, p)
            if vp:
                score(r, state, p, vp, FAIRS, f"Fair in {town}: King track space {vp:+d}")
        else:
            times = fair_count(r, state, p, tile.condition)
            score(r, state, p, per * times, FAIRS, f"Fair in {town}: {times} x {per} VP ({tile.text})")
    put(state.board, "fairs", replaced(state.board.fairs, i, Fair(town=fair.town, tile=fair.tile, done=True)))


# ---------------------------------------------------------------- Cleanup and the end
def cleanup(r, state: State) -> None:
    """Cleanup phase (not after round 4): refill Bonus tiles, new Corruption tokens, dice to the bag, turn the wheel."""
    b, h = state.board, state.hidden
    emit(state, PhaseBegan(round=state.round, phase="cleanup"))
    bonus = list(b.wheel_bonus)
    for i, t in enumerate(bonus):
        if not t:
            bonus[i] = draw(state, "bonus_pile", "wheel")
    put(b, "wheel_bonus", tuple(bonus))
    if state.round < 3 and not b.king_bonus:  # none after round 3: round 4 pays 4 VP instead
        put(b, "king_bonus", draw(state, "bonus_pile", "king track"))
    pool = list(h.corruption_pool + h.corruption_row + b.corruption_revealed)
    shuffle(state, pool)
    put(h, "corruption_row", tuple(pool.pop() for _ in range(r.tracks.corruption_per_round)))
    put(h, "corruption_pool", tuple(pool))
    put(b, "corruption_revealed", ())
    bag = list(h.bag)
    for dice in b.wheel_dice:
        bag.extend(dice)
    put(b, "wheel_dice", ((),) * 6)
    for p in state.players:
        bag.extend(p.dice)
        put(p, "dice", ())
    put(h, "bag", tuple(bag))
    put(b, "wheel_rotation", (b.wheel_rotation + 1) % 6)
    for m in r.modules:
        m.cleanup(r, state)
    put(state, "round", state.round + 1)
    start_round(r, state)


def _houses_x_pillars(r, state: State, i: int) -> None:
    houses, pillars = houses_on_map(state, i), pillars_on_map(state, i)
    if houses * pillars:
        score(r, state, i, houses * pillars, HOUSES_X_PILLARS, f"{houses} Houses x {pillars} Pillars")


def _completed_buildings(r, state: State, i: int) -> None:
    completed = sum(state.players[i].completed)
    vp = r.tracks.completed_building_vp[completed]
    if vp:
        score(r, state, i, vp, COMPLETED_BUILDINGS, f"{completed} Completed Buildings")


def _resources_left(r, state: State, i: int) -> None:
    left = resource_total(state.players[i])
    if left // r.tracks.resources_per_vp:
        score(r, state, i, left // r.tracks.resources_per_vp, RESOURCES_LEFT, f"{left} Resources left")


FINAL_STEPS = (_houses_x_pillars, _completed_buildings, _resources_left)


def final_scoring(r, state: State) -> None:
    """End of the game: Houses x Pillars, Completed Buildings, 1 VP per 4 Resources; ties to turn order."""
    emit(state, PhaseBegan(round=state.round, phase="final"))
    steps = list(FINAL_STEPS)
    for m in r.modules:
        steps = m.final_scoring(r, steps)
    for i in range(len(state.players)):
        for step in steps:
            step(r, state, i)
    put(state, "phase", "over")
    put(state, "stack", ())
    order = standings(state)
    put(state, "winner", order[0])
    emit(state, GameOver(standings=tuple(order), winner=state.winner))
