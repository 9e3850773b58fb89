"""The Underground maps (expansion text, "Underground Maps"; docs/silver.md, rulings 7, 12, 13, 24)."""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.data.silver import load_silver
from tiletum_tui.games.tiletum.engine import IllegalActionError
from tiletum_tui.games.tiletum.engine.queries import houses_on_map, pillars_on_map
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.state import MoveAndPlaceFrame, PlaceFrame

from .conftest import act, game, legal, prospector_action, prospector_at, set_res, silver, turn_with_die_taken
from tiletum_tui.games.tiletum.engine.state import put


def test_a_new_prospector_is_a_task_paying_the_silver_on_its_pithead_in_any_order():
    """"Adding a new Prospector to one of the remaining Underground maps (that does not have your Prospector yet) is
    a Task. The cost in Silver ... is printed on the starting space of each Underground map. You do not need to
    place the Prospectors in cost-order" (ruling 7: Schwaz 1, Freiberg 2)."""
    s = game(2)
    silver(s, 0, 2)
    act(s, "prospector m3")
    assert me(s, 0).prospectors == {"m1": "1A1", "m3": "3A1"} and me(s, 0).silver == 0
    assert me(s, 0).prospector_supply == 1
    with pytest.raises(IllegalActionError, match="you already have a Prospector on the Freiberg map"):
        act(s, "prospector m3")
    with pytest.raises(IllegalActionError, match="A Prospector on the Schwaz map costs 1 Silver and you have 0"):
        act(s, "prospector m2")
    silver(s, 0, 1)
    act(s, "prospector m2")
    assert me(s, 0).prospector_supply == 0 and len(me(s, 0).prospectors) == 3


def test_underground_houses_and_pillars_count_for_every_scoring_check():
    """"Likewise, the Houses and Pillars in the Underground spaces will count for all scoring checks.\""""
    s = game(2)
    houses, pillars = houses_on_map(s, 0), pillars_on_map(s, 0)
    prospector_at(s, 0, "1A3")
    prospector_action(s, 2)
    act(s, "uhouse 1A3 1", "upillar 1A3")
    assert (houses_on_map(s, 0), pillars_on_map(s, 0)) == (houses + 1, pillars + 1)


def test_a_move_and_place_bonus_may_place_underground_but_moves_only_its_piece():
    """Ruling 12: "A move-and-place bonus still moves only the Merchant or Architect", and may place underground."""
    s = game(2)
    turn_with_die_taken(s)
    prospector_at(s, 0, "1A3")
    put(s, "stack", (*s.stack, MoveAndPlaceFrame(player=0, piece="architect")))
    assert "upillar 1A3" in legal(s) and not any(m.startswith(("prospect", "uhouse")) for m in legal(s))
    act(s, "upillar 1A3")
    assert "upillar 1A3" not in legal(s) and s.stack[-1].placed


def test_an_effect_placing_a_pillar_where_your_architect_is_may_use_a_prospectors_town():
    """"For example, the Character tile's bonus may be used to place a House or Pillar on an empty Underground map
    space where your Prospector is.\""""
    s = game(2)
    turn_with_die_taken(s)
    prospector_at(s, 0, "1A3")
    put(s, "stack", (*s.stack, PlaceFrame(player=0, piece="architect", anywhere=False)))
    act(s, "upillar 1A3")
    assert s.board.pillars["1A3"][0] == 0 and len(s.stack) == 1


def test_an_underground_cathedral_is_built_with_its_silver_or_gold_once():
    """Ruling 24: where you have a Pillar, once per Cathedral, pay the Silver or Gold on its Construction Cost tile,
    take the top Cathedral tile, score both. (Kutna Hora A has a Silver Cathedral.)"""
    d = load_silver()
    s = game(2)
    cost = d.construction_costs[sv(s).construction_cost["1A3"]]
    top = sv(s).cathedral_stack["1A3"][-1]
    silver(s, 0, cost.cost)
    with pytest.raises(IllegalActionError, match="you need a Pillar at the Cathedral of Kutna Hora"):
        act(s, "ucathedral 1A3")
    put(s.board, "pillars", {**s.board.pillars, "1A3": (0, -1, -2)})
    vp = s.players[0].vp
    act(s, "ucathedral 1A3")
    tile_vp = d.cathedral_groups["u1A"].vp[int(top.rsplit(".", 1)[1]) - 1]
    assert s.players[0].vp == vp + cost.vp + tile_vp and me(s, 0).silver == 0
    assert top in s.players[0].cathedral_tiles and "1A3" in s.players[0].cathedrals
    with pytest.raises(IllegalActionError, match="you have already contributed"):
        act(s, "ucathedral 1A3")


def test_a_gold_cathedral_is_paid_in_gold():
    s = game(2, options=("silver.a-sides",))
    town = next(t for t, c in sv(s).construction_cost.items() if load_silver().construction_costs[c].kind == "gold")
    cost = load_silver().construction_costs[sv(s).construction_cost[town]]
    put(s.board, "pillars", {**s.board.pillars, town: (0,) + s.board.pillars[town][1:]})
    set_res(s.players[0], G=cost.cost - 1)
    with pytest.raises(IllegalActionError, match=f"costs {cost.cost} Gold and you have {cost.cost - 1}"):
        act(s, f"ucathedral {town}")
    set_res(s.players[0], G=cost.cost)
    act(s, f"ucathedral {town}")
    assert s.players[0].resources["G"] == 0
