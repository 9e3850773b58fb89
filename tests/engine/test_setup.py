"""Game Setup, steps 1-15, for 2, 3 and 4 players from a seed (rulebook, 'Game Setup'), and the first
Preparation phase that follows at once (8/11/14 dice rolled, one Corruption token revealed).

Expected counts are worked out by hand from the rulebook and the tile data (3+/4 markings):
Bonus tiles in play 37 / 47 / 54, Contract tiles 22 / 24 / 26, Character tiles 30 / 38 / 45;
Bonus-tile map spaces 9 / 12 / 16.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError, digest
from tiletum_tui.games.tiletum.engine.events import CorruptionRevealed, DiceRolled, PhaseBegan, TurnBegan
from tiletum_tui.games.tiletum.engine.state import EMPTY, UNUSED

from .conftest import act, game, give_action, legal, rules
from tiletum_tui.games.tiletum.engine.state import put

CAT = rules().cat  # the base game's catalogue (the Action tiles module changes no component)

NS = [2, 3, 4]
IN_PLAY = {2: {"bonus": 37, "contract": 22, "character": 30},
           3: {"bonus": 47, "contract": 24, "character": 38},
           4: {"bonus": 54, "contract": 26, "character": 45}}
MAP_BONUS = {2: 9, 3: 12, 4: 16}
PRINTED_WHEEL = ["architect", "merchant", "character", "contract", "king", "joker"]


def _where_tiles(s) -> Counter:
    """Each tile id lying on the board or in a pile (not the box)."""
    b, h = s.board, s.hidden
    c = Counter()
    for pile in (h.bonus_pile, h.contract_pile, h.character_pile, b.contract_offer, b.character_offer, b.wheel_bonus,
                 [b.king_bonus]):
        c.update(t for t in pile if t)
    for tiles in b.map_bonus.values():
        c.update(tiles)
    return c


def _unavailable_town(s) -> str:
    (town,) = [t for t, c in s.board.construction_cost.items() if CAT.construction_costs[c].unavailable]
    return town


# ---------------------------------------------------------------- step 3: the Action Wheel
def test_first_game_uses_the_printed_wheel():
    """Step 3: without the Action tiles the Actions are those printed around the wheel."""
    s = game(2, seed=5)
    assert s.board.wheel_actions == tuple(PRINTED_WHEEL)
    assert s.board.wheel_rotation == 0


def test_action_tiles_variant_shuffles_the_actions():
    """Step 3: the variant shuffles the six Action tiles, one on each space around the wheel."""
    wheels = [game(2, seed=seed, action_tiles=True).board.wheel_actions for seed in range(1, 9)]
    for w in wheels:
        assert sorted(w) == sorted(PRINTED_WHEEL)
    assert len({tuple(w) for w in wheels}) > 1
    assert any(w != tuple(PRINTED_WHEEL) for w in wheels)


# ---------------------------------------------------------------- step 4: tiles by player count
@pytest.mark.parametrize("n", NS)
def test_tiles_filtered_by_player_count(n):
    """Step 4: with 3 players remove tiles marked '4'; with 2 remove '3+' and '4'."""
    s = game(n, seed=11)
    where = _where_tiles(s)
    assert all(v == 1 for v in where.values())
    assert all(CAT.tiles[t].min_players <= n for t in where)
    per_pile = Counter(CAT.tiles[t].pile for t in where)
    assert dict(per_pile) == IN_PLAY[n]
    removed = {t.id for t in CAT.tiles.values() if t.min_players > n}
    assert removed <= set(s.board.box)


# ---------------------------------------------------------------- step 5: Bonus tiles
@pytest.mark.parametrize("n", NS)
def test_bonus_tiles_on_wheel_king_track_and_map(n):
    """Step 5: 6 on the Action tiles, 1 next to the King track, 1 on each map space in use; the rest a pile."""
    s = game(n, seed=12)
    b = s.board
    assert len(b.wheel_bonus) == 6 and all(b.wheel_bonus)
    assert b.king_bonus
    assert sum(len(v) for v in b.map_bonus.values()) == MAP_BONUS[n]
    for town, tiles in b.map_bonus.items():
        spec = next(x for x in CAT.map.spaces if x.id == town)
        assert len(tiles) == sum(1 for m in spec.bonus_spaces if m <= n)
    placed = [*b.wheel_bonus, b.king_bonus, *(t for v in b.map_bonus.values() for t in v)]
    assert all(CAT.tiles[t].pile == "bonus" for t in placed)
    assert len(s.hidden.bonus_pile) == IN_PLAY[n]["bonus"] - 6 - 1 - MAP_BONUS[n]  # 21 / 28 / 31


def test_two_players_leave_3plus_and_4_bonus_spaces_empty():
    """Step 5: with 2 players no Bonus tile on spaces marked '3+' or '4' (e.g. Buda has only a '4' space)."""
    s = game(2, seed=3)
    assert s.board.map_bonus["BUD"] == ()  # Buda: one space marked 4
    assert s.board.map_bonus["BAR"] == ()  # Barcelona: one space marked 3+
    assert len(s.board.map_bonus["HAM"]) == 1  # Hamburg: one unmarked, one 3+
    s4 = game(4, seed=3)
    assert len(s4.board.map_bonus["BUD"]) == 1 and len(s4.board.map_bonus["HAM"]) == 2


# ---------------------------------------------------------------- steps 6-7: the offers
@pytest.mark.parametrize("n", NS)
def test_offers_of_five(n):
    """Steps 6-7: five Contract tiles and five Character tiles face up; the rest stay in face-down piles."""
    s = game(n, seed=13)
    b = s.board
    assert len(b.contract_offer) == 5 and all(b.contract_offer)
    assert len(b.character_offer) == 5 and all(b.character_offer)
    assert all(CAT.tiles[t].pile == "contract" for t in b.contract_offer)
    assert all(CAT.tiles[t].kind == "character" for t in b.character_offer)
    assert len(s.hidden.contract_pile) == IN_PLAY[n]["contract"] - 5  # 17 / 19 / 21
    assert len(s.hidden.character_pile) == IN_PLAY[n]["character"] - 5  # 25 / 33 / 40


# ---------------------------------------------------------------- step 8: Cathedrals
@pytest.mark.parametrize("n", NS)
def test_construction_cost_tile_under_each_cathedral(n):
    """Step 8: the 9 Construction Cost tiles, one at random under each Cathedral spot."""
    s = game(n, seed=14)
    cathedrals = {x.id for x in CAT.map.spaces if x.has_cathedral}
    assert set(s.board.construction_cost) == cathedrals
    assert sorted(s.board.construction_cost.values()) == sorted(CAT.construction_costs)


def test_construction_costs_are_shuffled():
    """Step 8: shuffled: the Unavailable Cathedral is not always in the same Town."""
    towns = {_unavailable_town(game(2, seed=seed)) for seed in range(1, 15)}
    assert len(towns) > 1


@pytest.mark.parametrize("n", NS)
def test_cathedral_stacks_lowest_vp_at_the_bottom(n):
    """Step 8: each group sorted from the lowest VP at the bottom to the highest on top, on its Cathedral."""
    s = game(n, seed=15)
    vp = {f"{g.group}.{i + 1}": v for g in CAT.cathedral_groups for i, v in enumerate(g.vp)}
    unavailable = _unavailable_town(s)
    for town, stack in s.board.cathedral_stack.items():
        if town == unavailable:
            continue
        spec = next(x for x in CAT.map.spaces if x.id == town)
        assert len(stack) == len(spec.pillar_spaces)
        assert len({t.rsplit(".", 1)[0] for t in stack}) == 1  # one group
        values = [vp[t] for t in stack]
        assert values == sorted(values)
    groups = [stack[0].rsplit(".", 1)[0] for t, stack in s.board.cathedral_stack.items() if stack]
    assert len(groups) == len(set(groups)) == 8


@pytest.mark.parametrize("n", NS)
def test_unavailable_cathedral_tiles_boxed_and_no_pillars(n):
    """Step 8: the Cathedral with the 'Unavailable Cathedral' tile is not built: its tiles go back to the box,
    and no Pillar can go there (appendix, 'Game board', Pillar space)."""
    s = game(n, seed=16)
    town = _unavailable_town(s)
    assert s.board.cathedral_stack[town] == ()
    assert all(o == UNUSED for o in s.board.pillars[town])
    boxed = [t for t in s.board.box if t.startswith("cathedral-")]
    spec = next(x for x in CAT.map.spaces if x.id == town)
    assert len(boxed) == len(spec.pillar_spaces)
    assert sum(len(st) for st in s.board.cathedral_stack.values()) + len(boxed) == 25
    # the Architect stands there with AP and a Pillar in supply: still no Pillar
    p = s.players[s.stack[0].player]
    put(p, "architect", town)
    give_action(s, "architect", 3)
    assert f"pillar {town}" not in legal(s)
    with pytest.raises(IllegalActionError):
        act(s, f"pillar {town}")


@pytest.mark.parametrize("n", NS)
def test_pillar_spaces_by_player_count(n):
    """Appendix, 'Game board': Pillar spaces marked for more players are not used."""
    s = game(n, seed=17)
    unavailable = _unavailable_town(s)
    for town, row in s.board.pillars.items():
        if town == unavailable:
            continue
        spec = next(x for x in CAT.map.spaces if x.id == town)
        assert row == tuple(EMPTY if m <= n else UNUSED for m in spec.pillar_spaces)


# ---------------------------------------------------------------- steps 9-10: Town and Fair tiles
@pytest.mark.parametrize("n", NS)
def test_three_town_tiles_and_four_fair_tiles_tiletum_first(n):
    """Steps 9-10: 3 Town tiles and 4 Fair tiles at random; the first Fair is always in Tiletum; the unused
    Town tiles (5) and Fair tiles (7) go back to the box."""
    s = game(n, seed=18)
    fairs = s.board.fairs
    assert len(fairs) == 4
    assert fairs[0].town == "TIL"
    others = [f.town for f in fairs[1:]]
    assert len(set(others)) == 3 and "TIL" not in others
    assert set(others) <= {t.town for t in CAT.town_tiles.values()}
    assert len({f.tile for f in fairs}) == 4 and all(f.tile in CAT.fair_tiles for f in fairs)
    assert not any(f.done for f in fairs)
    boxed_towns = [t for t in s.board.box if t in CAT.town_tiles]
    assert len(boxed_towns) == 5 and not {CAT.town_tiles[t].town for t in boxed_towns} & set(others)
    boxed_fairs = [t for t in s.board.box if t in CAT.fair_tiles]
    assert len(boxed_fairs) == 7 and not set(boxed_fairs) & {f.tile for f in fairs}


def test_fair_towns_and_tiles_are_random():
    """Step 9: shuffled and placed at random."""
    setups = {tuple((f.town, f.tile) for f in game(2, seed=seed).board.fairs) for seed in range(1, 8)}
    assert len(setups) > 1


# ---------------------------------------------------------------- step 11: Corruption
@pytest.mark.parametrize("n", NS)
def test_three_corruption_tokens_on_the_turn_track(n):
    """Step 11: 3 of the 6 tokens face down on the Turn track; the first lap (Action phase step 1) has
    revealed the rightmost, so 2 wait face down and 3 stay in the stack."""
    s = game(n, seed=19)
    b, h = s.board, s.hidden
    assert len(h.corruption_row) == 2 and len(b.corruption_revealed) == 1 and len(h.corruption_pool) == 3
    assert sorted(h.corruption_pool + h.corruption_row + b.corruption_revealed) == [0, 0, 1, 1, 2, 2]


# ---------------------------------------------------------------- steps 12-13: players and markers
@pytest.mark.parametrize("n", NS)
def test_markers_turn_order_and_king_stack(n):
    """Steps 12-13: first player is the first seat; Score 10; King track markers on 0, first player at the
    bottom of the stack; the first lap's Corruption token has then moved the whole stack down together."""
    s = game(n, seed=20)
    assert s.turn_order == tuple(range(n))
    assert [p.vp for p in s.players] == [10] * n
    revealed = s.board.corruption_revealed[0]
    start = 5  # the 0 VP space is the sixth space (five red spaces below it; tracks.json, authored)
    occupied = {i: st for i, st in enumerate(s.board.king_track) if st}
    assert occupied == {start - revealed: tuple(range(n))}
    assert s.stack[0].player == 0  # the first player takes the first turn


@pytest.mark.parametrize("seed", range(1, 12))
def test_king_stack_order_survives_the_first_corruption_token(seed):
    """Step 13 then Action phase step 1: whatever token comes, the stack keeps the first player at the bottom."""
    s = game(4, seed=seed)
    (stack,) = [st for st in s.board.king_track if st]
    assert stack == (0, 1, 2, 3)


@pytest.mark.parametrize("n", NS)
def test_houses_pillars_merchant_architect(n):
    """Step 13: 5 Houses on the roofs, 1 in Tiletum, 2 in supply; 5 Pillars on the first 5 Contract spaces,
    2 in supply; Merchant and Architect next to Tiletum."""
    s = game(n, seed=21)
    assert s.board.houses["TIL"] == tuple(range(n)) + (UNUSED,) * (4 - n)
    for i, p in enumerate(s.players):
        assert p.houses == 2
        assert sum(p.roof) == 5 and p.roof == (True,) * 5 + (False,)
        assert p.pillars == 2
        assert p.contracts == ("",) * 6
        assert p.merchant == "TIL" and p.architect == "TIL"
        assert p.storehouse == () and p.dice == () and p.cathedral_tiles == ()
        assert sum(row.count(i) for row in s.board.houses.values()) == 1
        assert sum(row.count(i) for row in s.board.pillars.values()) == 0


@pytest.mark.parametrize("n", NS)
def test_house_spaces_by_player_count(n):
    """Appendix, 'Game board': House spaces marked '3+' or '4' are used only with that many players."""
    s = game(n, seed=22)
    for spec in CAT.map.spaces:
        if spec.kind != "town" or spec.id == "TIL":
            continue
        assert s.board.houses[spec.id] == tuple(EMPTY if h.min_players <= n else UNUSED for h in spec.house_spaces)


# ---------------------------------------------------------------- step 14: Resources
@pytest.mark.parametrize("n", NS)
def test_starting_resources_and_gold(n):
    """Step 14: 1 Iron, 1 Wool, 1 Stone, 1 Food each; Gold 1 / 3 / 5 / 6 for the first to fourth player."""
    s = game(n, seed=23)
    gold = [1, 3, 5, 6][:n]
    for i, p in enumerate(s.players):
        assert p.resources == {"G": gold[i], "F": 1, "W": 1, "S": 1, "I": 1}


# ---------------------------------------------------------------- step 15 and Preparation: dice
@pytest.mark.parametrize("n,rolled", [(2, 8), (3, 11), (4, 14)])
def test_dice_in_bag_and_rolled(n, rolled):
    """Step 15: 1 die of each colour per player in the bag (10/15/20); Preparation: 8/11/14 drawn and rolled
    onto the wheel by value."""
    s = game(n, seed=24)
    on_wheel = [c for dice in s.board.wheel_dice for c in dice]
    assert len(on_wheel) == rolled
    assert len(s.hidden.bag) == 5 * n - rolled
    everything = Counter(on_wheel + list(s.hidden.bag))
    assert everything == Counter({c: n for c in "YPLDB"})


def test_dice_roll_differs_by_seed():
    """Preparation: the dice are rolled; different seeds give different wheels."""
    wheels = {tuple(tuple(d) for d in game(2, seed=seed).board.wheel_dice) for seed in range(1, 6)}
    assert len(wheels) > 1


# ---------------------------------------------------------------- determinism
@pytest.mark.parametrize("n", NS)
def test_same_seed_same_setup(n):
    """Everything random comes from the seed: the same seed sets up the same game."""
    assert digest(game(n, seed=99)) == digest(game(n, seed=99))
    assert digest(game(n, seed=99, action_tiles=True)) == digest(game(n, seed=99, action_tiles=True))


@pytest.mark.parametrize("n", NS)
def test_different_seed_different_setup(n):
    """A different seed shuffles differently (offers, Bonus tiles)."""
    a, b = game(n, seed=1), game(n, seed=2)
    assert digest(a) != digest(b)
    assert (a.board.contract_offer, a.board.character_offer, a.board.wheel_bonus) != (
        b.board.contract_offer, b.board.character_offer, b.board.wheel_bonus)


def test_player_count_and_colours_checked():
    """Tiletum is for 2-4 players, each with their own colour (step 13)."""
    from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, new_game

    with pytest.raises(ValueError):
        new_game(Settings(players=(PlayerSetup("A", "red"),), seed=1))
    with pytest.raises(ValueError):
        new_game(Settings(players=(PlayerSetup("A", "red"), PlayerSetup("B", "red")), seed=1))


def test_setup_tells_what_happened():
    """Setup ends in the first Preparation (the dice rolled) and the first lap (a token revealed, the first
    player's turn): the new game's events say so, in that order, with what is now face up."""
    s = game(3, seed=25)
    kinds = [type(e) for e in s.events]
    assert kinds == [DiceRolled, PhaseBegan, CorruptionRevealed, TurnBegan]
    rolled, began, token, turn = s.events
    assert Counter(c for _, c in rolled.dice) == Counter(c for d in s.board.wheel_dice for c in d)
    assert all(c in s.board.wheel_dice[v - 1] for v, c in rolled.dice)
    assert (began.round, began.phase, began.lap) == (1, "action", 1)
    assert token.value == s.board.corruption_revealed[0]
    assert (turn.player, turn.round, turn.lap) == (0, 1, 1)
