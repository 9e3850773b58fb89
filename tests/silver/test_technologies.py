"""Technologies (expansion text, "Technologies"; docs/silver.md, the Technologies table and ruling 15).

"At any time during your turn, as a Task, you may spend Silver to advance on any Technology track. Each
Technology has 3 tiers. The cost to advance is 1/2/3 Silver for the I/II/III tier. The current effect on the
tier where your Technology marker is, and all the tiers below it, are always in effect." The tiers' effects
are authored (docs/silver.md); each is checked here once.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.data.silver import load_silver
from tiletum_tui.games.tiletum.engine import IllegalActionError, TiletumError
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.silver.state import MarkerFrame, ResourceTileFrame
from tiletum_tui.games.tiletum.engine.state import PlaceFrame

from .conftest import (
    act, clear_wheel, king_track_at, game, give_action, legal, prospector_action, prospector_at, put_die, set_res, silver,
    technologies, turn_with_die_taken,
)
from tiletum_tui.games.tiletum.engine.state import put


def _tech(*names, players: int = 2, silver_: int = 6):
    s = game(players)
    technologies(s, *names)
    silver(s, 0, silver_)
    return s


def test_advancing_is_a_task_at_any_time_of_your_turn_for_1_2_3_silver():
    """"At any time during your turn, as a Task ... The cost to advance is 1/2/3 Silver for the I/II/III tier.\""""
    s = _tech("architect", "joker", "character")
    assert "tech architect" in legal(s)  # before taking a die
    act(s, "tech architect")
    assert me(s, 0).technology["tech-architect"] == 1 and me(s, 0).silver == 5
    give_action(s, "merchant", 3)
    act(s, "tech architect", "tech architect")  # during an Action
    assert me(s, 0).technology["tech-architect"] == 3 and me(s, 0).silver == 0
    with pytest.raises(IllegalActionError, match="top tier"):
        act(s, "tech architect")


def test_advancing_needs_the_silver_and_a_technology_on_the_board():
    s = _tech("architect", "joker", "character", silver_=1)
    act(s, "tech joker")
    with pytest.raises(IllegalActionError, match="Tier II of the Joker Technology costs 2 Silver and you have 0"):
        act(s, "tech joker")
    with pytest.raises(IllegalActionError, match="the king Technology is not on the Technology board"):
        act(s, "tech king")
    put(s.stack[0], "player", 0)
    put(s, "stack", (*s.stack, MarkerFrame(player=0, ap=1)))
    with pytest.raises(IllegalActionError, match="Tasks can be done only between choices"):
        act(s, "tech joker")


def test_the_tier_reached_and_every_tier_below_are_in_effect():
    """"The current effect on the tier where your Technology marker is, and all the tiers below it, are always in
    effect.": Architect Technology II keeps tier I's +1 AP and adds 1 less for a Cathedral."""
    s = _tech("architect", "joker", "character")
    clear_wheel(s)
    put_die(s, 1, "B")
    technologies(s, player=0, architect=2)
    act(s, "die 1B")
    assert s.stack[-1].action == "architect" and s.stack[-1].ap == 6 + 1


# ---------------------------------------------------------------- each Technology's tiers (authored)
def test_tier_i_adds_an_ap_to_its_action_taken_with_a_die_through_the_joker_too():
    s = _tech("king", "joker", "character")
    clear_wheel(s)
    put_die(s, 6, "B")
    technologies(s, player=0, king=1)
    act(s, "die 6B", "joker king")
    assert (s.stack[-1].action, s.stack[-1].ap) == ("king", 1 + 1)


def test_joker_technology_i_adds_an_ap_whichever_action_the_joker_feeds_and_ii_halves_changing_a_die():
    s = _tech("king", "joker", "character")
    clear_wheel(s)
    put_die(s, 5, "B")
    technologies(s, player=0, joker=2)
    set_res(s.players[0], G=1)
    act(s, "die 5B>6", "joker merchant")  # one step for 1 Gold instead of 2
    assert s.players[0].resources["G"] == 0 and (s.stack[-1].action, s.stack[-1].ap) == ("merchant", 1 + 1)


def test_joker_technology_iii_adds_an_ap_to_actions_from_effects_never_from_a_die():
    s = _tech("king", "joker", "character")
    technologies(s, player=0, joker=3)
    prospector_at(s, 0, "1A3")
    prospector_action(s, 1)
    act(s, "prospect 1A4")  # the King's Tablet: a King Action of 2 AP
    assert (s.stack[-1].action, s.stack[-1].ap) == ("king", 3)


def test_character_technology_ii_and_iii_give_the_new_bonus_ap_markers():
    """Ruling 21: each new marker goes on an Action of your choice (not the Joker; the same one is allowed)."""
    s = _tech("character", "joker", "king")
    technologies(s, player=0, character=1)
    act(s, "tech character")
    assert isinstance(s.stack[-1], MarkerFrame)
    assert legal(s) == {f"marker {a}" for a in ("architect", "merchant", "character", "contract", "king", "prospector")}
    with pytest.raises(TiletumError, match="the Action must be one of architect, .*prospector, not 'joker'"):
        act(s, "marker joker")
    act(s, "marker prospector", "tech character", "marker prospector")
    assert s.players[0].bonus_ap == {"prospector": 2}
    clear_wheel(s)
    put_die(s, 3, "B")
    act(s, "die 3B prospector")
    assert s.stack[-1].ap == 4 + 2


def test_resource_technology_i_gives_a_resource_bonus_tile_ii_cheaper_buying():
    """Resource Technology I: "Take one Resource Bonus tile ... (gain 2 of its Resource; from now on +1 of it
    whenever you take a die of its colour)"; II: buying a Resource costs 1 Gold."""
    s = _tech("resource", "joker", "king")
    put(sv(s), "resource_tiles", ("rbt-F", "rbt-W", "rbt-S", "rbt-I"))
    act(s, "tech resource")
    assert isinstance(s.stack[-1], ResourceTileFrame) and legal(s) == {"rtile F", "rtile W", "rtile S", "rtile I"}
    iron = s.players[0].resources["I"]
    act(s, "rtile I")
    assert s.players[0].resources["I"] == iron + 2 and "rbt-I" not in sv(s).resource_tiles
    clear_wheel(s)
    put_die(s, 2, "B")
    act(s, "die 2B")
    assert s.players[0].resources["I"] == iron + 2 + 2 + 1
    set_res(s.players[0], G=1)
    act(s, "tech resource", "buy S")
    assert s.players[0].resources["G"] == 0 and s.players[0].resources["S"] == 2


def test_merchant_technology_pays_for_every_house_placed_on_any_map_by_any_means():
    """Merchant Technology II (1 Silver) and III (2 VP) "whenever you place a House (on any map, by any means)"."""
    s = _tech("merchant", "joker", "king", silver_=0)
    technologies(s, player=0, merchant=3)
    turn_with_die_taken(s)
    put(s, "stack", (*s.stack, PlaceFrame(player=0, piece="merchant", anywhere=True)))
    prospector_at(s, 0, "1A7")
    vp = s.players[0].vp
    act(s, "uhouse 1A7 1")
    assert me(s, 0).silver == 1 and s.players[0].vp == vp + 2
    assert s.players[0].ledger["technologies"] == 2


def test_contract_technology_pays_for_every_contract_fulfilled():
    s = _tech("contract", "joker", "king", silver_=0)
    technologies(s, player=0, contract=2)
    tile = next(t.id for t in rules_for(s.settings).tiles.values() if t.kind == "contract" and not t.identical and not t.effects)
    put(s.players[0], "storehouse", (tile,))
    set_res(s.players[0], F=9, W=9, S=9, I=9)
    act(s, f"fulfil {tile}")
    assert me(s, 0).silver == 1


def test_king_technology_ii_makes_corruption_move_your_marker_one_space_less():
    s = _tech("king", "joker", "character")
    technologies(s, player=0, king=2)
    king_track_at(s, {10: [0, 1]})
    put(s.hidden, "corruption_row", (2, 2, 2))
    put(s, "lap", 1)
    put(s, "turn", 1)
    put(s, "stack", (s.stack[0],))
    put(s.stack[0], "player", 1)
    put(s.stack[0], "die_taken", True)
    act(s, "2: end")  # the second lap begins: a 2 is revealed
    track = s.board.king_track
    assert 0 in track[9] and 1 in track[8]


def test_prospector_technology_iii_scores_every_mine_placed():
    s = _tech("prospector", "joker", "king")
    technologies(s, player=0, prospector=3)
    prospector_at(s, 0, "1A6")
    prospector_action(s, 1)
    vp = s.players[0].vp
    act(s, "mine 1A6 1")
    assert s.players[0].vp == vp + 2


def test_architect_technology_ii_and_iii_a_cheaper_cathedral_and_vp_per_pillar():
    s = _tech("architect", "joker", "king", silver_=9)
    technologies(s, player=0, architect=3)
    prospector_at(s, 0, "1A3")
    prospector_action(s, 1)
    vp = s.players[0].vp
    act(s, "upillar 1A3")
    assert s.players[0].vp == vp + 2
    cost = load_silver().construction_costs[sv(s).construction_cost["1A3"]]
    act(s, "ucathedral 1A3")
    assert me(s, 0).silver == 9 - (cost.cost - 1)
