"""The Fair phase (rulebook, 'Fair phase'; appendix, 'Fair tiles'; reference page, 'Fair phase').

Numbers from the data (authored): the board prints +1 / +2 / +2 / +3 left of the Fair tiles of rounds
1-4 (tracks.json fair_board_vp); tile VP (fair_tiles.json): house_pillar 2, contract_cathedral 2,
contract 1, king_track 3, contract_crest 2, house 1, upper_character 1, crest 1, pillar 1,
full_building 2, cathedral 1. King track index 0 is -5, index 5 is 0, index 12 is +7.
The Fairs are reached through the King phase (the highest discards the King track tile); the King track
markers are all left on 0 unless a test says otherwise, and the next round's Corruption tokens are 0.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine.events import FairHeld
from tiletum_tui.games.tiletum.engine.queries import cathedral_available

from .conftest import (
    act, box_king_bonus, fair_now, game, king_track_at, quiet_corruption, rules, set_crest, set_house, set_pillar,
    set_rooms, tile_of, to_king_phase,
)
from tiletum_tui.games.tiletum.engine.state import put

NO_FAIR = "fair-cathedral"


def _ready(players=2, round_=1, seed=1):
    s = game(players, seed=seed)
    put(s, "round", round_)
    king_track_at(s, {5: list(range(players))})
    quiet_corruption(s)
    return s


def _play_fair(s) -> FairHeld:
    """Play the King phase (the highest discards the tile) into the Fair; return the Fair's event."""
    events = to_king_phase(s)
    if s.board.king_bonus and s.phase == "king":
        events += act(s, "discard")
    (held,) = [e for e in events if isinstance(e, FairHeld)]
    return held


def _furnish(s, player=0):
    """A position with distinct counts for every condition (player 0, 2-player game):
    5 Houses on the map (Tiletum + Lyon, Hamburg, Roma, Venezia), 3 Pillars, 4 fulfilled Contracts,
    2 Crests placed, 1 Cathedral tile, Characters on floors 2-3: 3, Buildings full of Characters: 4
    (Buildings 1, 2 and 5 filled, and the pre-occupied one)."""
    p = s.players[player]
    b = s.board
    for town in ("LYO", "HAM", "ROM", "VEN"):
        set_house(s, town, 0, player)
    towns = [t for t in b.pillars if cathedral_available(rules(s), s, t)][:3]
    for t in towns:
        set_pillar(s, t, 0, player)
    put(p, "contracts", tuple(tile_of(s, "contract", "contract") for _ in range(4)) + p.contracts[4:])
    fams = iter(["Lion", "Eagle"])
    set_crest(p, 2, tile_of(s, "crest", family=next(fams)))
    set_crest(p, 3, tile_of(s, "crest", family=next(fams)))
    town = towns[0]
    stack = b.cathedral_stack[town]
    put(p, "cathedral_tiles", (stack[-1],))
    put(b, "cathedral_stack", {**b.cathedral_stack, town: stack[:-1]})
    put(p, "cathedrals", (town,))
    ch = lambda design: tile_of(s, "character", design=design)  # noqa: E731
    set_rooms(p, 0, [ch("c02")])                  # Building 1: 1 Room, full
    set_rooms(p, 1, [ch("c03"), ch("c03")])       # Building 2: 2 Rooms, full (1 upper floor)
    set_rooms(p, 2, ["", "", ch("c04")])          # Building 3: floor 3 only (1 upper floor)
    set_rooms(p, 4, [ch("c05"), ch("c05")])       # Building 5: 2 Rooms, full (1 upper floor)
    return p


# ---------------------------------------------------------------- who takes part
def test_participation_by_house_or_merchant():
    """Fair scoring: take part with a House in the Fair Town, or your Merchant there; otherwise not.
    Fair of Houses in Lyon, round 1: (1 + 1) VP per House on the map."""
    s = _ready(3)
    fair_now(s, "fair-house", "LYO")
    set_house(s, "LYO", 0, 0)  # Ann: House in Lyon (and Tiletum) -> 2 Houses
    put(s.players[1], "merchant", "LYO")  # Bob: Merchant in Lyon, House only in Tiletum -> 1 House
    put(s.players[2], "merchant", "r11")  # Cid: Merchant on the road next to Lyon, House in Tiletum: no Fair
    held = _play_fair(s)
    assert [p.vp for p in s.players] == [10 + 2 * 2, 10 + 2 * 1, 10]
    assert (held.town, held.per, held.participants) == ("LYO", 2, (0, 1))


def test_both_house_and_merchant_score_once():
    """Fair scoring: House and Merchant in the Town still make one participation, not two."""
    s = _ready(2)
    fair_now(s, "fair-house", "LYO")
    set_house(s, "LYO", 0, 0)
    put(s.players[0], "merchant", "LYO")
    held = _play_fair(s)
    assert [p.vp for p in s.players] == [10 + 2 * 2, 10]
    assert held.participants == (0,)


def test_architect_does_not_make_you_take_part():
    """Fair scoring lists a House or the Merchant: the Architect in the Town is not enough."""
    s = _ready(2)
    fair_now(s, "fair-house", "LYO")
    put(s.players[1], "architect", "LYO")
    held = _play_fair(s)
    assert [p.vp for p in s.players] == [10, 10]
    assert held.participants == ()


def test_the_first_fair_is_in_tiletum_where_everyone_has_a_house():
    """Fair towns: the first Fair is always in Tiletum; setup put one House of each player there."""
    s = _ready(3)
    fair_now(s, "fair-house", "TIL")
    held = _play_fair(s)
    assert [p.vp for p in s.players] == [12, 12, 12]
    assert held.participants == (0, 1, 2)


# ---------------------------------------------------------------- (board + tile) x times
@pytest.mark.parametrize("round_,per", [(1, 1 + 1), (2, 2 + 1), (3, 2 + 1), (4, 3 + 1)])
def test_board_plus_tile_times_condition(round_, per):
    """Fair scoring: (VP printed left of the tile + VP on the tile) x how many times the condition is met.
    Houses Fair, Ann has 3 Houses on the map (Tiletum, Lyon, Hamburg)."""
    s = _ready(2, round_=round_)
    if round_ == 4:
        box_king_bonus(s)
        for p in s.players:
            put(p, "resources", dict.fromkeys(p.resources, 0))
    fair_now(s, "fair-house", "LYO")
    set_house(s, "LYO", 0, 0)
    set_house(s, "HAM", 0, 0)
    held = _play_fair(s)
    assert (held.board_vp, held.tile_vp, held.per) == (per - 1, 1, per)
    # round 4: Ann is also highest on the King track (bottom of the stack on 0): +4 VP
    extra = 4 if round_ == 4 else 0
    assert s.players[0].vp == 10 + per * 3 + extra
    assert s.players[1].vp == 10


CONDITIONS = [  # (tile, times, VP in round 1 = (1 + tile VP) x times)
    ("fair-house_pillar", 3, 3 * 3),       # min(5 Houses, 3 Pillars)
    ("fair-contract_cathedral", 1, 3 * 1),  # min(4 Contracts, 1 Cathedral tile)
    ("fair-contract", 4, 2 * 4),
    ("fair-contract_crest", 2, 3 * 2),      # min(4 Contracts, 2 Crests)
    ("fair-house", 5, 2 * 5),
    ("fair-upper_character", 3, 2 * 3),
    ("fair-crest", 2, 2 * 2),
    ("fair-pillar", 3, 2 * 3),
    ("fair-full_building", 4, 3 * 4),       # incl. the pre-occupied Building (reference, Completed Buildings)
    ("fair-cathedral", 1, 2 * 1),
]


@pytest.mark.parametrize("tile,times,vp", CONDITIONS, ids=[c[0] for c in CONDITIONS])
def test_each_condition_counted(tile, times, vp):
    """Appendix, 'Fair tiles': each condition counted on the same position, scored (board + tile) x times."""
    s = _ready(2)
    _furnish(s, 0)
    fair_now(s, tile, "TIL")
    _play_fair(s)
    assert s.players[0].vp == 10 + vp
    # Bob has only his Tiletum House and the pre-occupied Building
    bob = {"fair-house": 2, "fair-full_building": 3}.get(tile, 0)
    assert s.players[1].vp == 10 + bob


def test_crests_in_the_storehouse_do_not_count_for_the_crest_fair():
    """Appendix, 'Fair tiles': 'each Crest tile on your Player board' - the engine counts placed Crests only
    (a Crest waiting in the Storehouse is not under a Building)."""
    s = _ready(2)
    put(s.players[0], "storehouse", (tile_of(s, "crest", family="Wolf"),))
    set_crest(s.players[0], 5, tile_of(s, "crest", family="Lily"))
    fair_now(s, "fair-crest", "TIL")
    _play_fair(s)
    assert s.players[0].vp == 10 + 2 * 1


def test_incomplete_upper_floors_count():
    """Appendix: Characters on floors 2 and 3 count 'regardless of whether the Building is complete';
    floor 1 Characters do not."""
    s = _ready(2)
    p = s.players[0]
    set_rooms(p, 3, [tile_of(s, "character", design="c07"), "", tile_of(s, "character", design="c07")])
    set_rooms(p, 0, [tile_of(s, "character", design="c08")])
    fair_now(s, "fair-upper_character", "TIL")
    _play_fair(s)
    assert p.vp == 10 + 2 * 1


# ---------------------------------------------------------------- the special King track tile
def test_king_track_tile_scored_before_the_reset_and_can_lose_vp():
    """Appendix, special King Track tile: scored before resetting the King track: board + tile VP, then your
    King track space (not a multiplier); it can lose VP. Round 1: 1 + 3 = 4 VP.
    Ann on +7: King phase +7, Fair +4 +7. Bob on -5: King phase -5, Fair +4 -5 (a net loss)."""
    s = _ready(2)
    king_track_at(s, {12: [0], 0: [1]})
    fair_now(s, "fair-king_track", "TIL")
    _play_fair(s)
    assert [p.vp for p in s.players] == [10 + 7 + 4 + 7, 10 - 5 + 4 - 5]
    assert {i: st for i, st in enumerate(s.board.king_track) if st} == {12: (0,), 5: (1,)}  # reset afterwards


def test_king_track_tile_tile_vp_first_then_the_space():
    """Appendix: 'Score the total VP from this tile and those printed on the board, and then score VP according
    to your position'. Bob on 1 VP and on -5: King phase -> 0; Fair +4 -> 4, then -5 -> 0 (the floor is 0).
    Scoring the space first would leave him on 4."""
    s = _ready(2)
    king_track_at(s, {5: [0], 0: [1]})
    put(s.players[1], "vp", 1)
    fair_now(s, "fair-king_track", "TIL")
    _play_fair(s)
    assert [p.vp for p in s.players] == [10 + 4, 0]


def test_king_track_tile_only_for_participants():
    """Fair scoring: only those with a House or Merchant in the Fair Town score the King track tile."""
    s = _ready(3)
    king_track_at(s, {10: [0], 8: [1], 6: [2]})
    fair_now(s, "fair-king_track", "LYO")
    put(s.players[1], "merchant", "LYO")
    _play_fair(s)
    # King phase: +5 / +3 / +1; only Bob at the Fair: 4 + 3
    assert [p.vp for p in s.players] == [15, 10 + 3 + 4 + 3, 11]


def test_king_track_tile_in_round_4():
    """Round 4: board +3 with tile 3 = 6, then the space; the round's 4 VP go to the highest as usual."""
    s = _ready(2, round_=4)
    box_king_bonus(s)
    for p in s.players:
        put(p, "resources", dict.fromkeys(p.resources, 0))
    king_track_at(s, {6: [1], 4: [0]})
    fair_now(s, "fair-king_track", "TIL")
    _play_fair(s)
    assert [p.vp for p in s.players] == [10 - 1 + 6 - 1, 10 + 4 + 1 + 6 + 1]


# ---------------------------------------------------------------- after scoring
def test_fair_tile_flipped_and_next_round_uses_the_next_fair():
    """After scoring, flip the Fair tile face down; one Fair per round, in order."""
    s = _ready(2)
    fair_now(s, "fair-house", "TIL")
    _play_fair(s)
    assert s.board.fairs[0].done
    assert not any(f.done for f in s.board.fairs[1:])
    assert s.round == 2
    fair_now(s, "fair-house", "TIL")
    held = _play_fair(s)
    assert held.round == 2 and held.per == 2 + 1
    assert s.board.fairs[1].done
    # round 1: (1+1) x 1 House each; round 2: (2+1) x 1 House each
    assert [p.vp for p in s.players] == [10 + 2 + 3, 10 + 2 + 3]


def test_fair_board_values_are_the_authored_ones():
    """The tests above assume the authored board values +1/+2/+2/+3 and the tile VP listed in the docstring."""
    cat = rules().cat
    assert cat.tracks.fair_board_vp == [1, 2, 2, 3]
    assert {t.condition: t.vp for t in cat.fair_tiles.values()} == {
        "house_pillar": 2, "contract_cathedral": 2, "contract": 1, "king_track": 3, "contract_crest": 2,
        "house": 1, "upper_character": 1, "crest": 1, "pillar": 1, "full_building": 2, "cathedral": 1,
    }
