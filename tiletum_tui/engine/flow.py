"""The course of a game: setup (steps 1-15), the five phases of a round, laps and turns, final scoring.

Phases without choices (Preparation, Fair, Cleanup, final scoring) resolve at once; the King phase
waits for the highest player's Bonus tile decision.
"""

from __future__ import annotations

from ..data.schema import DIE_COLOURS
from . import rng
from .effects import draw, score, shuffle
from .queries import (
    BOARD, CAT, SPACES, START_TOWN, TOWNS, TRACKS, houses_on_map, king_order, king_vp, pillars_on_map,
    resource_total,
)
from .state import EMPTY, UNUSED, Board, Fair, KingTileFrame, Player, Settings, State, TurnFrame


# ---------------------------------------------------------------- setup
def new_game(settings: Settings) -> State:
    """Set up a game (rulebook, Game Setup 1-15) from its settings; everything random comes from the seed."""
    n = len(settings.players)
    if not 2 <= n <= 4:
        raise ValueError(f"Tiletum is for 2 to 4 players, not {n}")
    colours = [p.colour for p in settings.players]
    if len(set(colours)) != n:
        raise ValueError("each player needs a different colour")
    state = State(settings=settings, players=[], board=None, turn_order=list(range(n)))  # type: ignore[arg-type]
    state.rng = rng.seed_state(settings.seed)
    box: list[str] = []

    # 3. The Action Wheel; the optional Action tiles shuffle the Actions around it.
    wheel = list(TRACKS.action_tiles if settings.action_tiles else TRACKS.wheel)
    if settings.action_tiles:
        shuffle(state, wheel)
    # 4. Tiles by player count.
    piles: dict[str, list[str]] = {"bonus": [], "contract": [], "character": []}
    for t in CAT.tiles.values():
        (piles[t.pile] if t.min_players <= n else box).append(t.id)
    for pile in piles.values():
        shuffle(state, pile)
    bonus, contracts, characters = piles["bonus"], piles["contract"], piles["character"]
    # 5. Bonus tiles: six on the wheel's Actions, one by the King track, one on each map space in use.
    wheel_bonus = [bonus.pop() for _ in range(6)]
    king_bonus = bonus.pop()
    map_bonus = {s.id: [bonus.pop() for m in s.bonus_spaces if m <= n] for s in CAT.map.spaces if s.kind == "town"}
    # 6-7. The offers of five.
    contract_offer = [contracts.pop() for _ in range(5)]
    character_offer = [characters.pop() for _ in range(5)]
    # 8. Construction Cost tiles under the Cathedrals; each Cathedral its group of tiles, lowest VP at the bottom.
    cathedral_towns = [s.id for s in CAT.map.spaces if s.has_cathedral]
    costs = list(CAT.construction_costs)
    shuffle(state, costs)
    construction_cost = dict(zip(cathedral_towns, costs))
    groups = list(CAT.cathedral_groups)
    cathedral_stack: dict[str, list[str]] = {}
    pillars: dict[str, list[int]] = {}
    for town in cathedral_towns:
        spaces = SPACES[town].pillar_spaces
        group = next(g for g in groups if len(g.vp) == len(spaces))
        groups.remove(group)
        order = sorted(range(len(group.vp)), key=lambda i: group.vp[i])
        stack = [f"{group.group}.{i + 1}" for i in order]
        if CAT.construction_costs[construction_cost[town]].unavailable:
            box.extend(stack)  # the Unavailable Cathedral's tiles go back to the box
            stack = []
            pillars[town] = [UNUSED for _ in spaces]
        else:
            pillars[town] = [EMPTY if m <= n else UNUSED for m in spaces]
        cathedral_stack[town] = stack
    # 9-10. Three Town tiles and four Fair tiles: the first Fair is always in Tiletum.
    town_tiles = list(CAT.town_tiles)
    shuffle(state, town_tiles)
    fair_tiles = list(CAT.fair_tiles)
    shuffle(state, fair_tiles)
    fair_towns = [START_TOWN] + [CAT.town_tiles[t].town for t in town_tiles[:3]]
    fairs = [Fair(town=t, tile=f) for t, f in zip(fair_towns, fair_tiles[:4])]
    box.extend(town_tiles[3:] + fair_tiles[4:])
    # 11. Corruption tokens.
    pool = list(TRACKS.corruption_tokens)
    shuffle(state, pool)
    row = [pool.pop() for _ in range(TRACKS.corruption_per_round)]
    # 13. Houses: one of each player in Tiletum; the rest of the map's spaces by player count.
    houses = {}
    for town in TOWNS:
        houses[town] = [EMPTY if hs.min_players <= n else UNUSED for hs in SPACES[town].house_spaces]
    for i in range(n):
        houses[START_TOWN][i] = i
    king_track: list[list[int]] = [[] for _ in TRACKS.king_track]
    king_track[TRACKS.king_start] = list(range(n))  # first player at the bottom of the stack

    state.board = Board(
        wheel_actions=wheel, wheel_rotation=0, wheel_dice=[[] for _ in range(6)], wheel_bonus=wheel_bonus,
        king_bonus=king_bonus, king_track=king_track, bonus_pile=bonus, contract_pile=contracts,
        character_pile=characters, contract_offer=contract_offer, character_offer=character_offer,
        map_bonus=map_bonus, houses=houses, pillars=pillars, construction_cost=construction_cost,
        cathedral_stack=cathedral_stack, fairs=fairs, corruption_pool=pool, corruption_row=row,
        corruption_revealed=[], bag=[c for c in DIE_COLOURS for _ in range(n)], box=box,
    )
    # 12-14. Player boards, markers, starting Resources and Gold 1/3/5/6.
    for i, setup in enumerate(settings.players):
        state.players.append(Player(
            name=setup.name, colour=setup.colour, vp=TRACKS.start_vp,
            resources={"G": TRACKS.start_gold[i], "F": 1, "W": 1, "S": 1, "I": 1},
            merchant=START_TOWN, architect=START_TOWN,
            houses=BOARD.houses - BOARD.roof_houses - 1, roof=[not b.preoccupied for b in BOARD.buildings],
            pillars=BOARD.pillars - BOARD.contract_pillars, storehouse=[],
            rooms=[["*" if b.preoccupied else "" for _ in range(b.rooms)] for b in BOARD.buildings],
            crests=["" for _ in BOARD.buildings], contracts=["" for _ in BOARD.contract_vp],
            cathedral_tiles=[], cathedrals=[], dice=[], bonus_ap={}, completed=[False for _ in BOARD.buildings],
            ledger={"start": TRACKS.start_vp},
        ))
    state.reveals += 1
    start_round(state)
    return state


# ---------------------------------------------------------------- the round
def start_round(state: State) -> None:
    """Preparation phase: draw 8/11/14 dice, roll them onto the wheel; then the Action phase's first lap."""
    n = len(state.players)
    bag = state.board.bag
    shuffle(state, bag)
    for _ in range(TRACKS.dice_to_roll[str(n)]):
        colour = bag.pop()
        state.rng, roll = rng.below(state.rng, 6)
        state.board.wheel_dice[roll].append(colour)
    for dice in state.board.wheel_dice:
        dice.sort(key=DIE_COLOURS.index)  # a segment shows its dice in one order, whatever the draw
    state.reveals += 1
    state.phase = "action"
    state.lap = 1
    start_lap(state)


def start_lap(state: State) -> None:
    """Action phase step 1: reveal the rightmost Corruption token and move every King marker down by it."""
    value = state.board.corruption_row.pop()
    state.board.corruption_revealed.append(value)
    state.reveals += 1
    if value:
        track = state.board.king_track
        moved: list[list[int]] = [[] for _ in track]
        for i, stack in enumerate(track):  # lowest spaces first, each stack bottom first: order is kept
            for p in stack:
                moved[max(0, i - value)].append(p)
        state.board.king_track = moved
    state.turn = 0
    state.stack = [TurnFrame(player=state.turn_order[0])]


def end_turn(state: State) -> None:
    """End the turn: slide the Contract offer right and refill it, then the next player, lap or the King phase."""
    state.stack = []
    offer = state.board.contract_offer
    kept = [t for t in offer if t]
    refill = [draw(state, state.board.contract_pile) for _ in range(len(offer) - len(kept))]
    state.board.contract_offer = refill + kept
    state.turn += 1
    if state.turn < len(state.players):
        state.stack = [TurnFrame(player=state.turn_order[state.turn])]
    elif state.lap < 3:
        state.lap += 1
        start_lap(state)
    else:
        start_king_phase(state)


def start_king_phase(state: State) -> None:
    state.phase = "king"
    highest = king_order(state)[0]
    if state.board.king_bonus:
        state.stack = [KingTileFrame(player=highest)]
        return
    if state.round == 4:
        score(state, highest, TRACKS.king_round4_vp, "king", "highest on the King track in round 4")
    finish_king_phase(state)


def finish_king_phase(state: State) -> None:
    """King phase after the Bonus tile: score the track, set turn order, reset red markers; then Fair, Cleanup."""
    state.stack = []
    for p in range(len(state.players)):
        vp = king_vp(state, p)
        if vp:
            score(state, p, vp, "king", f"King track space {vp:+d}")
    fair = state.board.fairs[state.round - 1]
    if CAT.fair_tiles[fair.tile].condition == "king_track":
        hold_fair(state)  # the special tile is scored before the King track is reset
    state.turn_order = king_order(state)
    track = state.board.king_track
    start = TRACKS.king_start
    for i in range(start - 1, -1, -1):  # the red spaces nearest 0 first: the lowest marker ends on top
        track[start].extend(track[i])
        track[i] = []
    if not fair.done:
        hold_fair(state)
    if state.round == 4:
        final_scoring(state)
    else:
        cleanup(state)


# ---------------------------------------------------------------- the Fair
def fair_count(state: State, player: int, condition: str) -> int:
    """How many times a player meets a Fair tile's condition (appendix, Fair tiles)."""
    p = state.players[player]
    contracts = sum(1 for c in p.contracts if c)
    crests = sum(1 for c in p.crests if c)
    if condition == "house_pillar":
        return min(houses_on_map(state, player), pillars_on_map(state, player))
    if condition == "contract_cathedral":
        return min(contracts, len(p.cathedral_tiles))
    if condition == "contract":
        return contracts
    if condition == "contract_crest":
        return min(contracts, crests)
    if condition == "house":
        return houses_on_map(state, player)
    if condition == "upper_character":
        return sum(1 for rooms in p.rooms for t in rooms[1:] if t and t != "*")
    if condition == "crest":
        return crests
    if condition == "pillar":
        return pillars_on_map(state, player)
    if condition == "full_building":
        return sum(1 for rooms in p.rooms if all(rooms))
    if condition == "cathedral":
        return len(p.cathedral_tiles)
    raise AssertionError(condition)


def fair_participants(state: State, town: str) -> list[int]:
    """Who takes part: a House in the Fair Town, or the Merchant there."""
    row = state.board.houses[town]
    return [i for i, p in enumerate(state.players) if i in row or p.merchant == town]


def hold_fair(state: State) -> None:
    fair = state.board.fairs[state.round - 1]
    tile = CAT.fair_tiles[fair.tile]
    per = TRACKS.fair_board_vp[state.round - 1] + tile.vp
    town = SPACES[fair.town].name
    taking_part = fair_participants(state, fair.town)
    for p in range(len(state.players)):
        if p not in taking_part:  # told too, so the announcement can say why nothing was scored
            score(state, p, 0, "fairs", f"Fair in {town}: no House or Merchant there")
            continue
        if tile.condition == "king_track":
            score(state, p, per, "fairs", f"Fair in {town}: King track tile")
            vp = king_vp(state, p)
            if vp:
                score(state, p, vp, "fairs", f"Fair in {town}: King track space {vp:+d}")
        else:
            times = fair_count(state, p, tile.condition)
            score(state, p, per * times, "fairs", f"Fair in {town}: {times} x {per} VP ({tile.text})")
    fair.done = True


# ---------------------------------------------------------------- Cleanup and the end
def cleanup(state: State) -> None:
    """Cleanup phase (not after round 4): refill Bonus tiles, new Corruption tokens, dice to the bag, turn the wheel."""
    b = state.board
    for i, t in enumerate(b.wheel_bonus):
        if not t:
            b.wheel_bonus[i] = draw(state, b.bonus_pile)
    if state.round < 3 and not b.king_bonus:  # none after round 3: round 4 pays 4 VP instead
        b.king_bonus = draw(state, b.bonus_pile)
    pool = b.corruption_pool + b.corruption_row + b.corruption_revealed
    shuffle(state, pool)
    b.corruption_row = [pool.pop() for _ in range(TRACKS.corruption_per_round)]
    b.corruption_pool, b.corruption_revealed = pool, []
    for dice in b.wheel_dice:
        b.bag.extend(dice)
        dice.clear()
    for p in state.players:
        b.bag.extend(p.dice)
        p.dice = []
    b.wheel_rotation = (b.wheel_rotation + 1) % 6
    state.round += 1
    start_round(state)


def final_scoring(state: State) -> None:
    """End of the game: Houses x Pillars, Completed Buildings, 1 VP per 4 Resources; ties to turn order."""
    for i, p in enumerate(state.players):
        houses, pillars = houses_on_map(state, i), pillars_on_map(state, i)
        if houses * pillars:
            score(state, i, houses * pillars, "houses x pillars", f"{houses} Houses x {pillars} Pillars")
        completed = sum(p.completed)
        vp = TRACKS.completed_building_vp[completed]
        if vp:
            score(state, i, vp, "completed buildings", f"{completed} Completed Buildings")
        left = resource_total(p)
        if left // TRACKS.resources_per_vp:
            score(state, i, left // TRACKS.resources_per_vp, "resources", f"{left} Resources left")
    state.phase = "over"
    state.stack = []
    best = max(p.vp for p in state.players)
    state.winner = next(i for i in state.turn_order if state.players[i].vp == best)
