"""Tasks at any moment of one's own turn (rulebook, Tasks; reference page, Tasks)."""

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError
from tiletum_tui.games.tiletum.engine.events import TileDiscarded
from tiletum_tui.games.tiletum.engine.queries import king_space

from .conftest import (
    act, clear_wheel, game, give_action, legal, put_die, replaced, rules, set_crest, set_pillar, set_res, tile_of,
)
from tiletum_tui.games.tiletum.engine.state import put


def refused(state, text, match):
    with pytest.raises(IllegalActionError, match=match):
        act(state, text)


def at_turn_start(players=2):
    return game(players)


# ---------------------------------------------------------------- buy
def test_buy_a_resource_for_two_gold_before_taking_a_die():
    s = at_turn_start()
    set_res(s.players[0], G=5)
    act(s, "buy S", "buy S")
    assert s.players[0].resources["G"] == 1 and s.players[0].resources["S"] == 3
    refused(s, "buy S", "costs 2 Gold and you have 1")
    refused(s, "buy G", "not Gold")


# ---------------------------------------------------------------- Contracts
def _contract(s, **fields):
    t = tile_of(s, "contract", **fields)
    put(s.players[0], "storehouse", s.players[0].storehouse + (t,))
    return t


def test_fulfil_pays_moves_to_the_leftmost_space_takes_its_pillar_and_scores_both():
    """Tasks: leftmost open Contract space, its Pillar to supply, VP of tile and space."""
    s = at_turn_start()
    t = _contract(s, pay={"I": 2}, identical=0, vp=2)
    set_res(s.players[0], I=3)
    put(s.players[0], "contracts", replaced(s.players[0].contracts, 0, "x"))  # space 1 already filled
    vp, pillars = s.players[0].vp, s.players[0].pillars
    act(s, f"fulfil {t}")
    p = s.players[0]
    assert p.contracts[1] == t and p.resources["I"] == 1 and p.pillars == pillars + 1
    assert p.vp == vp + 2 + rules(s).player_board.contract_vp[1]
    assert t not in p.storehouse


def test_identical_resources_are_of_one_chosen_type():
    """Reference, Fulfil a Contract: bags shown together must be identical Resources."""
    s = at_turn_start()
    t = _contract(s, pay={}, identical=3, vp=3)
    set_res(s.players[0], W=2, S=1, F=1)
    refused(s, f"fulfil {t}", "say which Resource")
    refused(s, f"fulfil {t} W", "needs 3 Wool and you have 2")
    set_res(s.players[0], S=3)
    act(s, f"fulfil {t} S")
    assert s.players[0].resources["S"] == 0


def test_the_sixth_contract_space_has_no_pillar():
    s = at_turn_start()
    t = _contract(s, pay={"W": 2}, vp=2)
    put(s.players[0], "contracts", ("x",) * 5 + ("",))
    put(s.players[0], "pillars", 0)  # the five printed Pillars are gone with spaces 1-5
    set_res(s.players[0], W=2)
    act(s, f"fulfil {t}")
    assert s.players[0].pillars == 0 and s.players[0].contracts[5] == t


def test_no_fulfilling_with_all_six_spaces_filled():
    s = at_turn_start()
    t = _contract(s, pay={"W": 2}, vp=2)
    put(s.players[0], "contracts", ("x",) * 6)
    set_res(s.players[0], W=5)
    refused(s, f"fulfil {t}", "all six of your Contract spaces are filled")


def test_contract_reward_advances_the_king_marker():
    """Appendix, Contracts: 5 Iron gives 7 VP and one space on the King track."""
    s = at_turn_start()
    t = _contract(s, pay={"I": 5}, vp=7)
    set_res(s.players[0], I=5)
    before = king_space(s, 0)
    act(s, f"fulfil {t}")
    assert king_space(s, 0) == before + 1


def test_contract_reward_character_action_with_1_ap():
    s = at_turn_start()
    t = _contract(s, pay={"W": 3, "I": 3}, vp=9)
    set_res(s.players[0], W=3, I=3)
    act(s, f"fulfil {t}")
    top = s.stack[-1]
    assert (top.action, top.ap, top.source) == ("character", 1, "effect")


# ---------------------------------------------------------------- Crests
def test_crest_costs_the_food_of_its_space_and_gives_its_bonus():
    """Crest placement bonuses: Building 6's space costs 2 Food and gives 5 VP."""
    s = at_turn_start()
    crest = tile_of(s, "crest", family="Lion")
    put(s.players[0], "storehouse", (crest,))
    set_res(s.players[0], F=2)
    vp = s.players[0].vp
    act(s, f"crest {crest} 6")
    assert s.players[0].crests[5] == crest and s.players[0].resources["F"] == 0 and s.players[0].vp == vp + 5


def test_crest_space_food_costs_are_6_6_5_4_3_2():
    assert [c.food for c in rules().player_board.crest_spaces] == [6, 6, 5, 4, 3, 2]


def test_crest_bonus_house_anywhere():
    s = at_turn_start()
    crest = tile_of(s, "crest", family="Eagle")
    put(s.players[0], "storehouse", (crest,))
    set_res(s.players[0], F=6)
    act(s, f"crest {crest} 1")
    assert "house LON 1" in legal(s) and "skip" in legal(s)
    act(s, "house LON 1")
    assert s.board.houses["LON"][0] == 0


def test_no_second_crest_of_a_family():
    """Crests: you may never take a Crest you already possess."""
    s = at_turn_start()
    lion1 = tile_of(s, "crest", family="Lion")
    lion2 = tile_of(s, "crest", family="Lion")
    set_crest(s.players[0], 5, lion1)
    clear_wheel(s)
    put_die(s, 3, "B")
    pos = (3 - 1 + s.board.wheel_rotation) % 6
    put(s.board, "wheel_bonus", replaced(s.board.wheel_bonus, pos, lion2))
    refused(s, "die 3B +bonus", "already have a Crest of the Lion family")


def test_crest_without_enough_food():
    s = at_turn_start()
    crest = tile_of(s, "crest", family="Stag")
    put(s.players[0], "storehouse", (crest,))
    set_res(s.players[0], F=3)
    refused(s, f"crest {crest} 3", "costs 5 Food and you have 3")


# ---------------------------------------------------------------- Cathedrals
def test_build_a_cathedral_where_you_have_a_pillar_once():
    """Tasks: spend the Stone of the Construction Cost tile, take the top Cathedral tile, score both; once per Cathedral."""
    s = at_turn_start()
    put(s.board, "construction_cost", {**s.board.construction_cost, "TIL": "cost-3"})  # authored: 3 Stone, 3 VP
    set_pillar(s, "TIL", 0, 0)
    set_res(s.players[0], S=6)
    stack = s.board.cathedral_stack["TIL"]
    top = stack[-1]
    group = next(g for g in rules(s).cat.cathedral_groups if top.startswith(g.group + "."))
    tile_vp = max(group.vp)  # the highest lies on top
    vp = s.players[0].vp
    act(s, "cathedral TIL")
    assert s.players[0].vp == vp + 3 + tile_vp and s.players[0].resources["S"] == 3
    assert s.players[0].cathedral_tiles == (top,) and s.board.cathedral_stack["TIL"] == stack[:-1]
    refused(s, "cathedral TIL", "already contributed")


def test_no_cathedral_without_a_pillar_there():
    s = at_turn_start()
    set_res(s.players[0], S=9)
    refused(s, "cathedral TIL", "need a Pillar")


# ---------------------------------------------------------------- Helpers
def _helper(s, **fields):
    t = tile_of(s, "helper", **fields)
    put(s.players[0], "storehouse", s.players[0].storehouse + (t,))
    return t


def test_a_helper_leaves_the_storehouse_at_once_and_is_removed_from_the_game():
    s = at_turn_start()
    from tiletum_tui.games.tiletum.data.schema import Gain

    h = _helper(s, effects=(Gain(resources={"F": 1, "W": 1, "S": 1, "I": 1}),))
    events = act(s, f"use {h}")
    assert h not in s.players[0].storehouse and h in s.board.box
    assert any(isinstance(e, TileDiscarded) and e.tile == h for e in events)
    assert s.players[0].resources == {"G": 1, "F": 2, "W": 2, "S": 2, "I": 2}


def test_one_helper_at_a_time_and_it_must_spend_an_ap():
    """Reference, Use a Helper: finish one Helper before starting another; spend at least 1 AP."""
    from tiletum_tui.games.tiletum.data.schema import TakeAction

    s = at_turn_start()
    h1 = _helper(s, effects=(TakeAction(action="king", ap=2),))
    h2 = _helper(s, effects=(TakeAction(action="merchant", ap=2),))
    act(s, f"use {h1}")
    refused(s, f"use {h2}", "finish the Helper in use")
    refused(s, "done", "spend at least 1 AP")
    act(s, "king", "done")
    act(s, f"use {h2}")


def test_extra_ap_only_for_the_action_of_the_chosen_die():
    from tiletum_tui.games.tiletum.data.schema import AddAP

    s = at_turn_start()
    h = _helper(s, effects=(AddAP(ap=2),))
    refused(s, f"use {h}", "Action of your chosen die")
    give_action(s, "king", 3)
    act(s, f"use {h}")
    assert s.stack[-1].ap == 5


def test_helper_changes_the_resource_a_die_gives():
    from tiletum_tui.games.tiletum.data.schema import DieResource

    s = at_turn_start()
    h = _helper(s, effects=(DieResource(),))
    clear_wheel(s)
    put_die(s, 4, "Y")
    act(s, f"use {h} S", "die 4Y")
    assert s.players[0].resources["S"] == 1 + 4 and s.players[0].resources["G"] == 1


def test_helper_any_action_with_1_ap_gets_no_building_bonus_ap():
    """Completed Buildings: the bonus never applies to Actions provided by a Helper."""
    from tiletum_tui.games.tiletum.data.schema import TakeAction

    s = at_turn_start()
    put(s.players[0], "bonus_ap", {"king": 2})
    h = _helper(s, effects=(TakeAction(action="any", ap=1),))
    act(s, f"use {h}", "joker king")
    assert s.stack[-1].ap == 1


def test_tasks_are_not_open_in_the_middle_of_a_choice():
    """Tasks come between choices of one's turn: open during the Action, not while its bonus Resource is chosen."""
    s = at_turn_start()
    set_res(s.players[0], G=4)  # Gold enough to buy: only the moment stops it
    give_action(s, "contract", 2)
    assert "buy S" in legal(s)
    act(s, "exchange W I")
    assert "buy S" not in legal(s)
    refused(s, "buy S", "Tasks can be done only between choices")
    act(s, "gain G")
    assert "buy S" in legal(s)


def test_caravan_contract_moves_the_merchant_to_an_adjacent_town():
    """Appendix, Contracts: 5 Wool gives 7 VP and moves the Merchant from one Town to an adjacent Town (rulings 5)."""
    s = at_turn_start()
    t = _contract(s, pay={"W": 5}, vp=7)
    set_res(s.players[0], W=5)  # (a state's dicts are read-only: arranged as a new one)
    act(s, f"fulfil {t}")
    assert legal(s) == {"move merchant HAM", "move merchant KOL", "move merchant LYO", "move merchant PRA",
                        "move merchant ROM", "move merchant WIE", "skip"}
    refused(s, "move merchant r07", "to a Town next to Tiletum")
    act(s, "move merchant HAM")
    assert s.players[0].merchant == "HAM"
