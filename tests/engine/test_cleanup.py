"""The Cleanup phase (rulebook, 'Cleanup phase' steps 1-5; reference page, 'Cleanup phase').

Cleanup has no player decision, so most tests call ``flow.cleanup`` on an arranged end-of-round position;
others reach it through the King phase. Printed wheel order (tracks.json, authored): architect, merchant,
character, contract, king, joker; at rotation r a die of value v is at position (v - 1 + r) mod 6.
"""

from __future__ import annotations

from collections import Counter

from tiletum_tui.games.tiletum.engine.events import DiceRolled, PhaseBegan
from tiletum_tui.games.tiletum.engine.flow import cleanup as _cleanup
from tiletum_tui.games.tiletum.engine.state import ActionFrame

from .conftest import (
    act, box_king_bonus, fair_now, game, king_track_at, put_die, quiet_corruption, replaced, rules, to_king_phase,
)
from tiletum_tui.games.tiletum.engine.state import put

NO_FAIR = "fair-cathedral"


def cleanup(s) -> list:
    """Run the Cleanup phase on an arranged position; return its events."""
    put(s, "events", ())
    _cleanup(rules(s), s)
    return s.events


def _take_dice(s):
    """Each player moves three dice from the wheel to their board, as three turns would."""
    b = s.board
    for p in s.players:
        for _ in range(3):
            v = next(i for i, d in enumerate(b.wheel_dice) if d)
            put(p, "dice", p.dice + (b.wheel_dice[v][-1],))
            put(b, "wheel_dice", replaced(b.wheel_dice, v, b.wheel_dice[v][:-1]))


def _end_of_round(players=2, round_=1, seed=1):
    """A position at the end of a round's Fair: everyone has placed their three dice."""
    s = game(players, seed=seed)
    put(s, "round", round_)
    put(s, "phase", "king")
    put(s, "stack", ())
    _take_dice(s)
    return s


# ---------------------------------------------------------------- step 1: Bonus tiles
def test_wheel_bonus_tiles_refilled_only_where_taken():
    """Step 1: replenish the Bonus tiles of the Actions whose tile was claimed; leave unclaimed tiles in place."""
    s = _end_of_round()
    b = s.board
    before = b.wheel_bonus
    put(b, "box", b.box + (before[1], before[4]))
    put(b, "wheel_bonus", replaced(replaced(b.wheel_bonus, 1, ""), 4, ""))
    box_king_bonus(s)  # handed out in the King phase
    pile = s.hidden.bonus_pile
    cleanup(s)
    assert all(b.wheel_bonus)
    for i in (0, 2, 3, 5):
        assert b.wheel_bonus[i] == before[i]
    for i in (1, 4):
        assert b.wheel_bonus[i] not in before and b.wheel_bonus[i] in pile
    # two wheel tiles and the King track tile came from the pile
    assert len(s.hidden.bonus_pile) == len(pile) - 3


def test_no_refill_when_nothing_was_taken():
    """Step 1: unclaimed tiles stay; only the King track tile (handed out every King phase) is replaced."""
    s = _end_of_round()
    before = s.board.wheel_bonus
    box_king_bonus(s)
    pile = len(s.hidden.bonus_pile)
    cleanup(s)
    assert s.board.wheel_bonus == before
    assert len(s.hidden.bonus_pile) == pile - 1


def test_king_tile_refilled_after_rounds_1_and_2():
    """Step 1: replenish the Bonus tile on the King track."""
    for round_ in (1, 2):
        s = _end_of_round(round_=round_)
        pile = s.hidden.bonus_pile
        box_king_bonus(s)
        cleanup(s)
        assert s.board.king_bonus in pile
        assert s.round == round_ + 1


def test_king_tile_not_refilled_after_round_3():
    """King phase step 1 ('no Bonus tile available during the last round'); reference: refill the King track
    tile except in the Cleanup of round 3."""
    s = _end_of_round(round_=3)
    box_king_bonus(s)
    cleanup(s)
    assert s.board.king_bonus == ""
    assert s.round == 4


def test_map_bonus_tiles_never_refilled():
    """Step 1: Bonus tiles on the map are never replenished."""
    s = _end_of_round()
    town = next(t for t, tiles in s.board.map_bonus.items() if tiles)
    taken = s.board.map_bonus[town][-1]
    put(s.board, "map_bonus", {**s.board.map_bonus, town: s.board.map_bonus[town][:-1]})
    put(s.board, "box", s.board.box + (taken,))
    before = dict(s.board.map_bonus)
    cleanup(s)
    assert s.board.map_bonus == before
    assert len(s.board.map_bonus[town]) == len(before[town])


def test_refill_through_the_king_phase():
    """Steps 1-5 after a real King phase: the claimed King tile is replaced, round 2 begins."""
    s = game(2, seed=4)
    quiet_corruption(s)
    fair_now(s, NO_FAIR)
    king_track_at(s, {7: [1], 5: [0]})
    old = s.board.king_bonus
    to_king_phase(s)
    act(s, "claim")
    assert s.players[1].storehouse == (old,)
    assert s.board.king_bonus and s.board.king_bonus != old
    assert s.round == 2 and s.phase == "action" and s.lap == 1


# ---------------------------------------------------------------- step 2: Corruption
def test_three_new_corruption_tokens():
    """Step 2: shuffle all 6 Corruption tokens and place 3 face down; the new round's first lap reveals one."""
    s = _end_of_round()
    cleanup(s)
    b, h = s.board, s.hidden
    assert len(h.corruption_row) == 2 and len(b.corruption_revealed) == 1 and len(h.corruption_pool) == 3
    assert sorted(h.corruption_pool + h.corruption_row + b.corruption_revealed) == [0, 0, 1, 1, 2, 2]


def test_revealed_tokens_go_back_into_the_shuffle():
    """Step 2: all tokens are shuffled, including the three revealed this round: with the two 2s and a 1
    revealed and 0, 0, 1 left in the stack, some new rounds still draw a 2."""
    draws = []
    for seed in range(1, 13):
        s = _end_of_round(seed=seed)
        b, h = s.board, s.hidden
        put(h, "corruption_pool", (0, 0, 1))
        put(h, "corruption_row", ())
        put(b, "corruption_revealed", (2, 2, 1))
        cleanup(s)
        draws.append(h.corruption_row + b.corruption_revealed)
    assert any(2 in d for d in draws)
    assert len({tuple(sorted(d)) for d in draws}) > 1


# ---------------------------------------------------------------- step 3: dice
def test_dice_back_to_the_bag_then_rolled_again():
    """Step 3: return all dice to the bag (wheel and player boards); Preparation then draws 8 of the 10."""
    s = _end_of_round()
    events = cleanup(s)
    b = s.board
    assert all(p.dice == () for p in s.players)
    on_wheel = [c for d in b.wheel_dice for c in d]
    assert len(on_wheel) == 8 and len(s.hidden.bag) == 2
    assert Counter(on_wheel + list(s.hidden.bag)) == Counter({c: 2 for c in "YPLDB"})
    (rolled,) = [e for e in events if isinstance(e, DiceRolled)]  # Preparation of round 2 follows at once
    assert rolled.round == 2 and Counter(c for _, c in rolled.dice) == Counter(on_wheel)
    assert [e.phase for e in events if isinstance(e, PhaseBegan)] == ["cleanup", "action"]


def test_dice_back_to_the_bag_four_players():
    """Step 3 with 4 players: 20 dice, 14 rolled again."""
    s = _end_of_round(players=4)
    cleanup(s)
    on_wheel = [c for d in s.board.wheel_dice for c in d]
    assert len(on_wheel) == 14 and len(s.hidden.bag) == 6
    assert all(p.dice == () for p in s.players)
    assert Counter(on_wheel + list(s.hidden.bag)) == Counter({c: 4 for c in "YPLDB"})


# ---------------------------------------------------------------- step 4: the wheel
def test_wheel_turns_one_step():
    """Step 4: rotate the Action Wheel one step: in round 2 a die of value 1 feeds the Action that value 2
    fed in round 1 (Merchant instead of Architect)."""
    s = _end_of_round()
    cleanup(s)
    assert s.board.wheel_rotation == 1
    put(s.board, "wheel_dice", replaced(s.board.wheel_dice, 0, ()))
    put_die(s, 1, "Y")
    first = s.stack[0].player
    gold = s.players[first].resources["G"]
    act(s, "die 1Y")
    frame = s.stack[-1]
    assert isinstance(frame, ActionFrame) and frame.action == "merchant" and frame.ap == 6
    assert s.players[first].resources["G"] == gold + 1


def test_wheel_value_6_becomes_the_first_action_after_one_turn():
    """Step 4: one step moves every Action by one: value 6 (Joker in round 1) now faces the Architect."""
    s = _end_of_round()
    cleanup(s)
    put(s.board, "wheel_dice", replaced(s.board.wheel_dice, 5, ()))
    put_die(s, 6, "B")
    act(s, "die 6B")
    frame = s.stack[-1]
    assert isinstance(frame, ActionFrame) and frame.action == "architect" and frame.ap == 1


def test_three_cleanups_turn_three_steps():
    """Step 4 each round: after rounds 1-3 the wheel has turned three steps (value 1 -> Contract)."""
    s = _end_of_round()
    for i in range(3):
        if i:
            put(s, "phase", "king")
            put(s, "stack", ())
            _take_dice(s)
        cleanup(s)
    assert s.round == 4 and s.board.wheel_rotation == 3
    put(s.board, "wheel_dice", replaced(s.board.wheel_dice, 0, ()))
    put_die(s, 1, "P")
    act(s, "die 1P")
    assert s.stack[-1].action == "contract"


# ---------------------------------------------------------------- step 5 and the last round
def test_new_round_begins_with_preparation():
    """Step 5: start a new round with the Preparation phase; the Action phase starts at lap 1 with the
    first player of the turn order."""
    s = _end_of_round()
    put(s, "turn_order", (1, 0))
    cleanup(s)
    assert s.round == 2 and s.phase == "action" and s.lap == 1 and s.turn == 0
    assert s.stack[0].player == 1 and not s.stack[0].die_taken


def test_no_cleanup_after_round_4():
    """Cleanup: skip this phase in the final (4th) round; go to final scoring."""
    s = game(2, seed=6)
    put(s, "round", 4)
    box_king_bonus(s)
    quiet_corruption(s)
    fair_now(s, NO_FAIR)
    wheel_bonus = s.board.wheel_bonus
    put(s.board, "wheel_bonus", replaced(wheel_bonus, 0, ""))
    bag = s.hidden.bag
    dice = s.board.wheel_dice
    tokens = (s.hidden.corruption_row, s.board.corruption_revealed)
    events = to_king_phase(s)
    assert s.phase == "over" and s.round == 4 and s.stack == ()
    assert s.board.wheel_rotation == 0
    assert s.board.wheel_bonus == ("",) + wheel_bonus[1:]
    assert s.board.king_bonus == ""
    assert s.hidden.bag == bag and s.board.wheel_dice == dice
    assert (s.hidden.corruption_row, s.board.corruption_revealed) == tokens
    phases = [e.phase for e in events if isinstance(e, PhaseBegan)]
    assert "cleanup" not in phases and phases[-1] == "final"
