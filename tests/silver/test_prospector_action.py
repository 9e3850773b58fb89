"""The Prospector Action Wheel (expansion text, "Prospector Action Wheel", "Prospector Action", "Prospector
Movement Point"), as docs/silver.md plays it (rulings 1-8, 20, 23).

Round 1 (no Cleanup yet): die 3 feeds the Character Action and die 4 the Contract Action on the Action Wheel,
both beside the Prospector Action; dice 1 (Architect) and 6 (Joker) lie beside the movement icon.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError, legal_actions, notation, options, parse
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.state import ActionFrame, EMPTY, JokerFrame, PlaceFrame

from ..engine.conftest import game as base_game
from .conftest import (
    act, clear_wheel, game, legal, prospector_action, prospector_at, put_die, set_res, technologies,
    turn_with_die_taken,
)
from tiletum_tui.games.tiletum.engine.state import put


def _die(value: int, players: int = 2, colour: str = "B"):
    s = game(players)
    clear_wheel(s)
    put_die(s, value, colour)
    return s


# ---------------------------------------------------------------- a shared section
def test_a_die_on_a_shared_section_feeds_the_action_you_choose_never_both():
    """"When you take a die from a section that has both the Prospector Action and another Action, you must
    choose one of the Actions to perform ... Players may not split the Action Points (AP) between the two
    Actions." (ruling 1)"""
    s = _die(3)
    assert {"die 3B", "die 3B prospector", "die 3B +bonus", "die 3B prospector +bonus"} <= legal(s)
    act(s, "die 3B prospector")
    top = s.stack[-1]
    assert isinstance(top, ActionFrame) and (top.action, top.ap) == ("prospector", 4)
    assert len(s.stack) == 2  # one Action: all 4 AP go to the Prospector Action
    s = _die(3)
    act(s, "die 3B")
    assert (s.stack[-1].action, s.stack[-1].ap) == ("character", 4)
    assert s.players[0].resources["I"] == 1 + 3  # the die's Resources are the same either way


def test_the_bonus_tile_is_only_the_chosen_actions():
    """"... and the Bonus tokens are only available if you choose the respective Action." (ruling 1)"""
    s = _die(4)
    pros, wheel = sv(s).prospector_bonus, s.board.wheel_bonus[3]
    act(s, "die 4B prospector +bonus")
    assert s.players[0].storehouse == (pros,) and sv(s).prospector_bonus == "" and s.board.wheel_bonus[3] == wheel
    s = _die(4)
    act(s, "die 4B +bonus")
    assert s.players[0].storehouse == (wheel,) and sv(s).prospector_bonus == pros
    s = _die(4)
    put(sv(s), "prospector_bonus", "")
    with pytest.raises(IllegalActionError, match="the Prospector Action has no Bonus tile"):
        act(s, "die 4B prospector +bonus")


def test_the_prospector_action_lies_beside_two_die_values_and_turns_with_the_wheels():
    """"Note that the Prospector Action is respective for two different die values." (ruling 2) Round 1: 3 and 4;
    after one Cleanup (both wheels turn, in opposite directions: ruling 19): 1 and 2."""
    for value in range(1, 7):
        s = _die(value)
        offered = f"die {value}B prospector" in legal(s)
        assert offered == (value in (3, 4)), value
    s = _die(5)
    with pytest.raises(IllegalActionError, match="a die of value 5 feeds the King Action, not the Prospector Action"):
        act(s, "die 5B prospector")
    s = game(2)
    put(s.board, "wheel_rotation", 1)  # as after round 1's Cleanup
    clear_wheel(s)
    for value in (1, 2, 3):
        put_die(s, value, "B")
    assert {"die 1B prospector", "die 2B prospector"} <= legal(s) and "die 3B prospector" not in legal(s)


def test_a_die_can_be_changed_onto_the_prospector_action():
    """The Action, AP and Bonus tile of a changed die are the new value's (rulebook); so is the section."""
    s = _die(2)
    set_res(s.players[0], G=2)
    act(s, "die 2B>3 prospector")
    assert (s.stack[-1].action, s.stack[-1].ap) == ("prospector", 4) and s.players[0].resources["G"] == 0


def test_the_joker_may_be_used_as_a_prospector_action():
    """"A Joker Action may be used as a Prospector Action as usual." (ruling 3): all AP, the Prospector Action's
    Bonus AP apply."""
    s = _die(6)
    put(s.players[0], "bonus_ap", {"prospector": 2})
    act(s, "die 6B")
    assert isinstance(s.stack[-1], JokerFrame) and "joker prospector" in legal(s)
    act(s, "joker prospector")
    assert (s.stack[-1].action, s.stack[-1].ap) == ("prospector", 1 + 2)
    base = base_game(2)
    put(base, "stack", (*base.stack, JokerFrame(player=0, ap=3, source="die")))
    assert "joker prospector" not in legal(base)
    with pytest.raises(IllegalActionError, match="there is no Prospector Action in this game"):
        act(base, "joker prospector")


# ---------------------------------------------------------------- moving Prospectors
def test_a_prospector_moves_one_step_per_ap_on_its_own_map():
    """"1 AP: Move one of your Prospectors on the Underground map from one space to an adjacent one." (ruling 4)"""
    s = game(2)
    prospector_action(s, 2)
    assert {o.action for o in options(s) if o.legal and o.action.verb() == "prospect"} == {parse("1: prospect 1A2")}
    act(s, "prospect 1A2")
    assert me(s, 0).prospectors == {"m1": "1A2"} and s.stack[-1].ap == 1
    with pytest.raises(IllegalActionError, match="Malin \\(Kutna Hora\\) is not next to your Prospector"):
        act(s, "prospect 1A6")
    with pytest.raises(IllegalActionError, match="you have no Prospector on the Schwaz map"):
        act(s, "prospect 2A2")
    with pytest.raises(IllegalActionError, match="face down"):
        act(s, "prospect 1B2")


def test_each_ap_may_move_a_different_prospector():
    """"If you already have more than one Prospector on the Underground maps, each AP may be applied to a
    different Prospector." (ruling 23)"""
    s = game(2)
    prospector_at(s, 0, "2A1")
    prospector_action(s, 2)
    act(s, "prospect 1A2", "prospect 2A2")
    assert me(s, 0).prospectors == {"m1": "1A2", "m2": "2A2"}


def test_a_stone_tablet_resolves_at_once_then_is_covered_for_everyone():
    """"If, during a move, you cross the Stone Tablet without an “X” tile, immediately resolve its effect, then
    cover it with an “X” tile." (rulings 5, 6): the King's Tablet gives a King Action of 2 AP before the rest
    of the Prospector Action; the next Prospector to enter gets nothing."""
    s = game(2)
    prospector_at(s, 0, "1A3")
    prospector_action(s, 3)
    act(s, "prospect 1A4")
    assert "1A4" in sv(s).covered
    assert (s.stack[-1].action, s.stack[-1].ap, s.stack[-1].source) == ("king", 2, "effect")
    assert s.stack[-2].action == "prospector" and s.stack[-2].ap == 2
    act(s, "king", "king")
    assert s.stack[-1].action == "prospector"  # back to the Prospector Action's last AP
    act(s, "prospect 1A3", "end")
    put(s, "stack", s.stack[:1])
    put(s.stack[0], "player", 1)
    prospector_at(s, 1, "1A3")
    put(prospector_action(s, 2), "player", 1)
    act(s, "2: prospect 1A4")
    assert s.stack[-1].action == "prospector" and sv(s).covered == ("1A4",)  # covered: nothing for Bob


def test_the_prospectors_tablet_gives_silver():
    """The Prospector's Tablet (docs/silver.md, Stone Tablets): gain 2 Silver, once."""
    s = game(2)
    prospector_at(s, 0, "1A6")
    prospector_action(s, 2)
    act(s, "prospect 1A8")
    assert me(s, 0).silver == 2
    act(s, "prospect 1A6")
    assert me(s, 0).silver == 2  # leaving a tablet does nothing


# ---------------------------------------------------------------- the Town options
def test_take_an_underground_bonus_tile_where_your_prospector_is():
    """"1 AP: Take one Underground Bonus tile from the Town where your Prospector is located (if there are any
    available) and place it in your Storehouse.\""""
    s = game(2)
    tile = s.board.map_bonus["1A3"][0]
    prospector_action(s, 2)
    with pytest.raises(IllegalActionError, match="not in a Town where one of your Prospectors is"):
        act(s, f"utake {tile}")
    prospector_at(s, 0, "1A3")
    act(s, f"utake {tile}")
    assert tile in s.players[0].storehouse and tile not in s.board.map_bonus["1A3"]


def test_a_mine_gives_silver_and_the_gold_beside_it_once_per_town():
    """"1 AP: Add a Mine from your personal supply to a Town. Your Prospector must be located in the Town with at
    least one empty Mine space, and you may not already have a Mine in that Town. Immediately receive 1 Silver,
    and (if applicable) Gold equal to the value depicted next to the Mine you placed." (ruling 8) Malin's first
    Mine space shows 2 Gold."""
    s = game(3)
    prospector_at(s, 0, "1A6")
    prospector_action(s, 3)
    gold = s.players[0].resources["G"]
    act(s, "mine 1A6 1")
    assert sv(s).mines["1A6"] == (0, EMPTY) and me(s, 0).mines == 1
    assert me(s, 0).silver == 0 + 1 and s.players[0].resources["G"] == gold + 2
    with pytest.raises(IllegalActionError, match="you already have a Mine in Malin"):
        act(s, "mine 1A6 2")
    with pytest.raises(IllegalActionError, match="where one of your Prospectors stands"):
        act(s, "mine 1A7 1")


def test_a_pillar_and_a_house_underground_with_the_house_spaces_bonus():
    """"1 AP: Add a Pillar ... to a Cathedral. Your Prospector must be located in the Town with at least one empty
    Pillar space" and "1 AP: Add a House ... If the House space contains a Building Bonus, receive it now."
    Kutna Hora's first House space shows 2 VP."""
    s = game(2)
    prospector_at(s, 0, "1A3")
    prospector_action(s, 3)
    houses, pillars, vp = s.players[0].houses, s.players[0].pillars, s.players[0].vp
    act(s, "upillar 1A3", "uhouse 1A3 1")
    assert s.board.pillars["1A3"][0] == 0 and s.board.houses["1A3"][0] == 0
    assert (s.players[0].houses, s.players[0].pillars, s.players[0].vp) == (houses - 1, pillars - 1, vp + 2)
    with pytest.raises(IllegalActionError, match="you already have a House in Kutna Hora"):
        act(s, "uhouse 1A3 2")


# ---------------------------------------------------------------- the movement point
def test_a_die_beside_the_movement_icon_gives_one_free_step_as_a_task():
    """"On your turn, when you take a die from a section that is aligned with the Prospector movement icon, you
    may move your Prospector to an adjacent space as a Task." (ruling 20): whatever the Action, once that turn."""
    s = _die(1)
    act(s, "die 1B")
    assert s.stack[-1].action == "architect" and "step 1A2" in legal(s)
    act(s, "step 1A2")
    assert me(s, 0).prospectors["m1"] == "1A2" and not any(m.startswith("step") for m in legal(s))
    s = _die(2)
    act(s, "die 2B")
    with pytest.raises(IllegalActionError, match="no Prospector movement point this turn"):
        act(s, "step 1A2")


def test_an_unused_movement_point_is_lost_when_the_turn_ends():
    """Ruling 20: unused, it is lost when the turn ends (the next turn needs its own die beside the icon)."""
    s = _die(6, players=2)
    put_die(s, 2, "Y")
    act(s, "die 6B", "joker architect", "end")  # Bob's turn
    act(s, "2: die 2Y", "2: end")
    assert s.stack[-1].player == 0
    with pytest.raises(IllegalActionError, match="no Prospector movement point"):
        act(s, "step 1A2")


def test_prospector_technology_ii_makes_the_movement_point_two_steps():
    """Prospector Technology II (authored): the movement point gives 2 steps instead of 1."""
    s = _die(1)
    technologies(s, "prospector", "architect", "joker", player=0, prospector=2)
    act(s, "die 1B", "step 1A2", "step 1A3")
    assert me(s, 0).prospectors["m1"] == "1A3"


# ---------------------------------------------------------------- placing by effects (ruling 12)
def test_effects_that_place_a_house_may_place_it_underground_where_a_prospector_stands():
    """"Effects that allow you to place one of these components may be used to place it on an Underground map, as
    long as you have a Prospector on a space on the board that would allow a legal placement." (ruling 12)"""
    s = game(2)
    turn_with_die_taken(s)
    put(s, "stack", (*s.stack, PlaceFrame(player=0, piece="merchant", anywhere=True)))
    assert not any(m.startswith("uhouse") for m in legal(s))  # the Prospector is on the Pithead: no Town
    prospector_at(s, 0, "1A6")
    assert "uhouse 1A6 1" in legal(s) and "uhouse 1A3 1" not in legal(s)
    act(s, "uhouse 1A6 1")
    assert s.board.houses["1A6"] == (0,)
    assert s.stack[-1].__struct_config__.tag == "pick_building" or len(s.stack) == 1  # Malin's Building Bonus


def test_the_new_actions_read_and_write_their_notation():
    """Every new action has one line of notation (docs/notation.md): ``parse(notation(a)) == a``."""
    for text in ("1: die 3B>4 prospector +bonus", "2: prospect 1A2", "1: step 2A3", "1: utake ub01a", "1: mine 1A3 2",
                 "1: uhouse 1A6 1", "1: upillar 1A3", "1: prospector m2", "1: ucathedral 1A3", "1: tech joker",
                 "1: marker king", "1: rtile F", "1: joker prospector"):
        assert notation(parse(text)) == text
    assert rules_for(game(2).settings).actions[-1] == "prospector"
    assert all(a.seat == 0 for a in legal_actions(game(2)))
