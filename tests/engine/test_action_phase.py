"""The Action phase: Corruption at the start of each lap, three laps in turn order, taking a die.

Rulebook, "Action phase" and "Bonus tiles and the Storehouse"; reference page, "Changing a die".
"""

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError
from tiletum_tui.games.tiletum.engine.events import CorruptionRevealed
from tiletum_tui.games.tiletum.engine.flow import start_lap
from tiletum_tui.games.tiletum.engine.queries import king_space
from tiletum_tui.games.tiletum.engine.state import JokerFrame

from .conftest import act, clear_wheel, game, king_track_at, legal, put_die, replaced, rules, set_res
from tiletum_tui.games.tiletum.engine.state import put


def refused(state, text: str, match: str):
    with pytest.raises(IllegalActionError, match=match):
        act(state, text)


def reveal(state, token: int) -> CorruptionRevealed:
    """Start a lap whose Corruption token is ``token``; return the event that reveals it."""
    put(state.hidden, "corruption_row", (token,))
    put(state, "events", ())
    start_lap(rules(state), state)
    (event,) = [e for e in state.events if isinstance(e, CorruptionRevealed)]
    assert event.value == token
    return event


def test_corruption_moves_every_marker_down_keeping_stacks():
    """Step 1: a '2' moves all markers 2 spaces left, lowest first, stacks keep their order."""
    s = game(3)
    king_track_at(s, {8: [0, 2], 7: [1]})
    event = reveal(s, 2)
    assert s.board.king_track[6] == (0, 2)
    assert s.board.king_track[5] == (1,)
    assert sorted(event.moved) == [(0, 8, 6), (1, 7, 5), (2, 8, 6)]
    assert s.board.corruption_revealed[-1] == 2 and s.hidden.corruption_row == ()


def test_corruption_never_past_the_last_space_and_lower_markers_arrive_first():
    """Step 1: a marker may not pass the leftmost space; lowest markers are moved first, so they end lower in the stack."""
    s = game(3)
    king_track_at(s, {0: [2], 1: [0, 1]})
    event = reveal(s, 2)
    assert s.board.king_track[0] == (2, 0, 1)
    assert sorted(event.moved) == [(0, 1, 0), (1, 1, 0)]  # the marker already on the leftmost space stays


def test_corruption_zero_moves_nobody():
    s = game(2)
    before = s.board.king_track
    event = reveal(s, 0)
    assert s.board.king_track == before
    assert event.moved == ()


def test_a_token_is_revealed_at_the_start_of_each_lap():
    """Three laps, one Corruption token each: after setup one is face up and two wait face down."""
    s = game(2)
    assert len(s.board.corruption_revealed) == 1 and len(s.hidden.corruption_row) == 2
    waiting = s.hidden.corruption_row
    for _ in range(2):  # both players take a die and end: the next lap reveals the next token
        die = next(a for a in sorted(legal(s)) if a.startswith("die") and "+bonus" not in a and ">" not in a)
        act(s, die, "end")
    assert s.lap == 2 and len(s.board.corruption_revealed) == 2
    assert s.board.corruption_revealed[-1] == waiting[-1] and s.hidden.corruption_row == waiting[:-1]


def test_three_laps_in_turn_order_then_the_king_phase():
    """Each player takes three turns, in Turn Order track order; then the King phase."""
    s = game(2)
    put(s, "turn_order", (1, 0))
    put(s.stack[0], "player", 1)
    seen = []
    while s.phase == "action":
        seen.append(s.stack[0].player)
        die = next(a for a in sorted(legal(s)) if a.startswith("die") and "+bonus" not in a and ">" not in a)
        act(s, die, "end")
    assert seen == [1, 0, 1, 0, 1, 0]
    assert s.phase == "king" and s.round == 1  # waiting for the highest player's King track Bonus tile


def test_die_gives_resources_of_its_colour_and_7_minus_value_ap():
    """Take Resources matching colour and number; AP = 7 - value (Actions in Detail)."""
    s = game(2)
    clear_wheel(s)
    put_die(s, 2, "B")
    iron = s.players[0].resources["I"]
    act(s, "die 2B")
    assert s.players[0].resources["I"] == iron + 2
    assert s.stack[-1].ap == 5
    assert s.players[0].dice == ("B",)
    assert s.board.wheel_dice[1] == ()


@pytest.mark.parametrize("colour,resource", [("B", "I"), ("P", "F"), ("Y", "G"), ("L", "W"), ("D", "S")])
def test_each_colour_produces_its_resource(colour, resource):
    s = game(2)
    put_die(s, 3, colour)
    before = s.players[0].resources[resource]
    act(s, f"die 3{colour}")
    assert s.players[0].resources[resource] == before + 3


def test_changing_a_die_costs_two_gold_a_step_and_wraps_6_to_1():
    """2 Gold per +-1; a 6 becomes a 1 (and back) for 2 Gold."""
    s = game(2)
    put_die(s, 6, "B")
    set_res(s.players[0], G=2)
    act(s, "die 6B>1")
    assert s.players[0].resources["G"] == 0
    assert s.players[0].resources["I"] == 1 + 1  # one Iron at start, one from the die now showing 1
    assert s.stack[-1].ap == 6


def test_changing_a_die_twice_costs_four_gold():
    s = game(2)
    put_die(s, 2, "L")
    set_res(s.players[0], G=3)
    refused(s, "die 2L>4", "costs 4 Gold and you have 3")
    set_res(s.players[0], G=4)
    act(s, "die 2L>4")
    assert s.players[0].resources["G"] == 0 and s.players[0].resources["W"] == 1 + 4


def test_the_changed_die_feeds_the_new_segments_action_and_bonus_tile():
    """Reference, Changing a die: it now gives the new number, the new Action and that Action's Bonus tile."""
    s = game(2)
    put_die(s, 1, "B")
    set_res(s.players[0], G=2)
    target_action = s.board.wheel_actions[(2 - 1 + s.board.wheel_rotation) % 6]
    bonus = s.board.wheel_bonus[(2 - 1 + s.board.wheel_rotation) % 6]
    act(s, "die 1B>2 +bonus")
    assert bonus in s.players[0].storehouse
    top = s.stack[-1]
    if target_action == "joker":
        assert isinstance(top, JokerFrame) and top.ap == 5
    else:
        assert top.action == target_action and top.ap == 5


def test_the_bonus_tile_is_optional_and_stays_when_declined():
    s = game(2)
    put_die(s, 4, "Y")
    pos = (4 - 1 + s.board.wheel_rotation) % 6
    tile = s.board.wheel_bonus[pos]
    assert tile
    act(s, "die 4Y")
    assert s.board.wheel_bonus[pos] == tile and tile not in s.players[0].storehouse


def test_no_bonus_tile_with_a_full_storehouse():
    """Bonus tiles and the Storehouse: you need an empty space to take a tile."""
    s = game(2)
    put_die(s, 4, "Y")
    put(s.players[0], "storehouse", s.hidden.bonus_pile[-4:])
    put(s.hidden, "bonus_pile", s.hidden.bonus_pile[:-4])
    refused(s, "die 4Y +bonus", r"Storehouse is full \(4/4\)")
    assert "die 4Y" in legal(s) and "die 4Y +bonus" not in legal(s)


def test_one_die_per_turn_and_a_die_must_be_taken_before_ending():
    s = game(2)
    refused(s, "end", "take a die first")
    put_die(s, 5, "P")
    act(s, "die 5P")
    put_die(s, 5, "P")
    act(s, "done")
    refused(s, "die 5P", "already taken your die")


def test_a_die_not_on_the_wheel_is_refused_with_its_name():
    s = game(2)
    put(s.board, "wheel_dice", replaced(s.board.wheel_dice, 2, ()))
    refused(s, "die 3L", "no light grey 3 on the Action Wheel")


def test_the_joker_gives_all_ap_to_one_chosen_action():
    """Joker Action: choose one of the other five Actions and spend all AP on it."""
    s = game(2)
    value = next(v for v in range(1, 7) if s.board.wheel_actions[(v - 1 + s.board.wheel_rotation) % 6] == "joker")
    put_die(s, value, "B")
    act(s, f"die {value}B")
    assert "joker king" in legal(s) and "king" not in legal(s)
    act(s, "joker king")
    assert s.stack[-1].action == "king" and s.stack[-1].ap == 7 - value
    refused(s, "joker merchant", "no Joker Action")


def test_corruption_moves_from_king_space_keep_start():
    """A marker at the start space (0 VP) drops into the red part after a '1'."""
    s = game(2)
    start = king_space(s, 0)
    king_track_at(s, {start: [0, 1]})
    reveal(s, 1)
    assert king_space(s, 0) == start - 1 and s.board.king_track[start - 1] == (0, 1)
