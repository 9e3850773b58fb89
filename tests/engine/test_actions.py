"""The six Actions and their options (rulebook, Actions in Detail; reference page, Actions and Tasks)."""

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError, Scored
from tiletum_tui.games.tiletum.engine.queries import king_space
from tiletum_tui.games.tiletum.engine.state import EMPTY, UNUSED

from .conftest import act, draw_bonus, game, give_action, legal, replaced, rules, tile_of
from tiletum_tui.games.tiletum.engine.state import put


def refused(state, text: str, match: str):
    with pytest.raises(IllegalActionError, match=match):
        act(state, text)


def give_action_state(action, ap, players=2):
    s = game(players)
    give_action(s, action, ap)
    return s


# ---------------------------------------------------------------- Merchant
def test_merchant_moves_one_adjacent_space_per_ap():
    s = give_action_state("merchant", 3)
    act(s, "move merchant r07")  # Tiletum -> the road to Hamburg
    assert s.players[0].merchant == "r07" and s.stack[-1].ap == 2
    refused(s, "move merchant LYO", "not next to your Merchant")


def test_merchant_builds_a_house_where_it_stands_and_scores_a_vp_space():
    """1 AP: a House from supply in the Merchant's Town; a VP House space scores at once (appendix, Game board)."""
    s = give_action_state("merchant", 3)
    put(s.players[0], "merchant", "LYO")  # Lyon: space 1 is a 2 VP space (authored map)
    vp = s.players[0].vp
    events = act(s, "house LYO 1")
    assert s.board.houses["LYO"][0] == 0 and s.players[0].houses == 1
    assert s.players[0].vp == vp + 2
    assert [(e.player, e.vp, e.category) for e in events if isinstance(e, Scored)] == [(0, 2, "houses")]


def test_no_second_house_in_a_town_and_no_house_without_a_free_space():
    s = give_action_state("merchant", 3)
    refused(s, "house TIL 3", "already have a House in Tiletum")
    put(s.players[0], "merchant", "PRA")
    put(s.board, "houses", {**s.board.houses, "PRA": (1, UNUSED)})  # 2 players: the '4' space is unused and Bob holds the other
    refused(s, "house PRA 1", "no empty House space in Praha")


def test_a_house_needs_one_in_supply():
    s = give_action_state("merchant", 3)
    put(s.players[0], "merchant", "LYO")
    put(s.players[0], "houses", 0)
    refused(s, "house LYO 1", "no House in your supply")


def test_houses_go_in_towns_not_roads():
    s = give_action_state("merchant", 3)
    put(s.players[0], "merchant", "r01")
    refused(s, "house r01 1", "Road space")


def test_several_bonus_tiles_from_one_town_at_one_ap_each():
    """Reference, Merchant Action: you may take several Bonus tiles from one Town for 1 AP each."""
    s = give_action_state("merchant", 4)
    put(s.players[0], "merchant", "LON")
    tiles = (draw_bonus(s), draw_bonus(s))
    put(s.board, "map_bonus", {**s.board.map_bonus, "LON": tiles})
    act(s, f"take {tiles[0]}", f"take {tiles[1]}")
    assert s.players[0].storehouse == tiles and s.stack[-1].ap == 2
    assert s.board.map_bonus["LON"] == ()


def test_a_merchant_action_cannot_move_the_architect():
    s = give_action_state("merchant", 2)
    refused(s, "move architect r07", "option of the Architect Action")


# ---------------------------------------------------------------- Architect
def test_architect_raises_a_pillar_at_its_towns_cathedral():
    s = give_action_state("architect", 2)
    put(s.board, "construction_cost", {**s.board.construction_cost, "TIL": "cost-1"})
    act(s, "pillar TIL")
    assert 0 in s.board.pillars["TIL"] and s.players[0].pillars == 1


def test_no_pillar_at_the_unavailable_cathedral():
    """Appendix, Game board: no Pillar at the Cathedral with the Unavailable tile."""
    s = give_action_state("architect", 2)
    put(s.board, "construction_cost", {**s.board.construction_cost, "TIL": "cost-unavailable"})
    refused(s, "pillar TIL", "Unavailable")


def test_one_pillar_per_cathedral_per_player():
    s = give_action_state("architect", 3)
    put(s.board, "construction_cost", {**s.board.construction_cost, "TIL": "cost-1"})
    put(s.board, "pillars", {**s.board.pillars, "TIL": (EMPTY, EMPTY, UNUSED)})
    act(s, "pillar TIL")
    refused(s, "pillar TIL", "already have a Pillar")


def test_architect_takes_a_bonus_tile_where_it_stands():
    s = give_action_state("architect", 1)
    put(s.players[0], "architect", "KOL")
    t = s.board.map_bonus["KOL"][0]
    act(s, f"take {t}")
    assert t in s.players[0].storehouse and s.board.map_bonus["KOL"] == ()


# ---------------------------------------------------------------- Character
def test_take_a_character_and_the_offer_refills_at_once():
    s = give_action_state("character", 2)
    t = s.board.character_offer[2]
    top = s.hidden.character_pile[-1]
    act(s, f"hire {t}")
    assert s.players[0].storehouse == (t,) and s.board.character_offer[2] == top


def test_refresh_discards_the_whole_offer_and_refills():
    s = give_action_state("character", 2)
    old = s.board.character_offer
    act(s, "refresh")
    assert set(old).isdisjoint(s.board.character_offer) and all(s.board.character_offer)
    assert set(old) <= set(s.hidden.character_pile)


def test_room_costs_its_floor_in_ap_and_gives_the_bonus_at_once():
    """1/2/3 AP for a Room on floor 1/2/3; the Character bonus is earned immediately."""
    s = give_action_state("character", 3)
    smith = tile_of(s, "character", design="c15", min_players=2)  # Smith: gain 1 Iron
    put(s.players[0], "storehouse", (smith,))
    iron = s.players[0].resources["I"]
    act(s, f"room {smith} 3 2")
    assert s.players[0].rooms[2][1] == smith and s.players[0].storehouse == ()
    assert s.stack[-1].ap == 1 and s.players[0].resources["I"] == iron + 1


def test_room_on_floor_3_needs_3_ap():
    s = give_action_state("character", 2)
    smith = tile_of(s, "character", design="c15", min_players=2)
    put(s.players[0], "storehouse", (smith,))
    refused(s, f"room {smith} 3 3", "costs 3 AP and you have 2")


def test_one_character_per_building():
    """Reference, Placing Characters: all copies of a Character go in one Building, and no other Building may hold it."""
    s = give_action_state("character", 6)
    a = tile_of(s, "character", design="c15", min_players=2)
    b = tile_of(s, "character", design="c15", min_players=2)
    farmer = tile_of(s, "character", design="c14", min_players=2)
    put(s.players[0], "storehouse", (a, b, farmer))
    act(s, f"room {a} 2 1")
    refused(s, f"room {b} 3 1", "already lives in Building 2")
    refused(s, f"room {farmer} 2 2", "one Character per Building")


def test_a_full_building_releases_its_roof_house():
    s = give_action_state("character", 3)
    t = tile_of(s, "character", design="c14", min_players=2)
    put(s.players[0], "storehouse", (t,))
    houses = s.players[0].houses
    act(s, f"room {t} 1 1")  # Building 1 has one Room
    assert s.players[0].roof[0] is False and s.players[0].houses == houses + 1


def test_the_preoccupied_building_takes_no_character():
    s = give_action_state("character", 3)
    t = tile_of(s, "character", design="c14", min_players=2)
    put(s.players[0], "storehouse", (t,))
    refused(s, f"room {t} 6 1", "already occupied")


# ---------------------------------------------------------------- Contract
def test_take_a_contract_for_the_ap_under_its_space_and_no_refill_until_the_turn_ends():
    s = give_action_state("contract", 4)
    t = s.board.contract_offer[0]
    act(s, f"contract {t}")
    assert s.stack[-1].ap == 4 - rules(s).tracks.contract_offer_ap[0]
    assert s.board.contract_offer[0] == "" and s.players[0].storehouse == (t,)
    act(s, "end")
    assert "" not in s.board.contract_offer


def test_the_offer_slides_right_then_refills_from_the_left():
    s = give_action_state("contract", 6)
    offer = s.board.contract_offer
    act(s, f"contract {offer[4]}")
    nxt = s.hidden.contract_pile[-1]
    act(s, "end")
    assert s.board.contract_offer[1:] == offer[:4] and s.board.contract_offer[0] == nxt


def test_first_exchange_of_the_turn_gives_a_bonus_resource():
    """1 AP: exchange a Resource; the first time in your turn, one bonus Resource of your choice."""
    s = give_action_state("contract", 3)
    p = s.players[0]
    act(s, "exchange W I")
    assert legal(s) == {f"gain {x}" for x in "GFWSI"}
    act(s, "gain W")
    assert (p.resources["W"], p.resources["I"]) == (1, 2)
    act(s, "exchange S I")
    assert s.stack[-1].ap == 1 and p.resources["I"] == 3 and p.resources["S"] == 0  # no second bonus
    assert "gain W" not in legal(s)


def test_no_contract_once_all_six_spaces_are_filled():
    s = give_action_state("contract", 6)
    put(s.players[0], "contracts", ("x",) * 6)
    t = tile_of(s, "contract", pile="contract")
    put(s.board, "contract_offer", replaced(s.board.contract_offer, 4, t))
    refused(s, f"contract {t}", "Contract spaces are filled")


# ---------------------------------------------------------------- King
def test_king_action_advances_one_space_per_ap_onto_the_top_of_a_stack():
    s = give_action_state("king", 2)
    start = king_space(s, 0)
    track = [()] * len(s.board.king_track)
    track[start] = (0,)
    track[start + 2] = (1,)
    put(s.board, "king_track", tuple(track))
    act(s, "king", "king")
    assert s.board.king_track[start + 2] == (1, 0)


def test_king_marker_never_above_plus_15():
    s = give_action_state("king", 2)
    put(s.board, "king_track", ((),) * (len(s.board.king_track) - 1) + ((0, 1),))
    refused(s, "king", r"top space \(\+15 VP\)")


# ---------------------------------------------------------------- spending and ending
def test_unused_ap_are_lost_at_the_end_of_the_turn():
    s = give_action_state("king", 4)
    act(s, "end")
    assert s.stack[0].player == 1 and s.stack[0].die_taken is False
    assert len(s.stack) == 1
