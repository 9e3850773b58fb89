"""Final Scoring (expansion text, "Final Scoring"; docs/silver.md, rulings 13, 14, 16) and the new Fair tiles."""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine.flow import final_scoring, hold_fair
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import sv
from tiletum_tui.games.tiletum.engine.state import Fair, put

from .conftest import game, replaced, set_res, silver, technologies


def _end(s) -> dict[str, int]:
    """Final scoring of the first player, by category."""
    for p in s.players:
        put(p, "ledger", {})
        put(p, "vp", 0)
    put(s, "events", ())
    final_scoring(rules_for(s.settings), s)
    return s.players[0].ledger


def _bare(side: int = 1):
    """No Resources, Silver, Houses or Pillars for Ann, the setup Mine only."""
    s = game(2)
    put(sv(s), "scoring_side", side)
    set_res(s.players[0], G=0, F=0, W=0, S=0, I=0)
    put(s.board, "houses", {t: tuple(-1 if o == 0 else o for o in row) for t, row in s.board.houses.items()})
    return s


def test_completed_buildings_score_as_printed():
    """"For 1/2/3/4/5/6 of them, gain 0/0/5/10/20/30 VP.\""""
    s = _bare()
    put(s.players[0], "completed", (True, True, True, False, False, False))
    assert _end(s)["completed buildings"] == 5


@pytest.mark.parametrize("side, houses, mines, pillars, vp", [
    (1, 3, 1, 2, 3 * 2),  # (Houses OR Mines) x Pillars: the Houses are more
    (1, 1, 4, 2, 4 * 2),  # ... the Mines are more
    (2, 2, 1, 3, 3 * 2),  # (Pillars OR Mines) x Houses
    (2, 2, 5, 1, 5 * 2),
])
def test_the_scoring_overlay_takes_the_larger_of_its_or(side, houses, mines, pillars, vp):
    """"Multiply the number of Houses OR Mines you have on the maps by the number of Pillars you have on the maps"
    / "Pillars OR Mines ... by the number of Houses" (ruling 14: the larger; every map, the setup Mine too)."""
    s = _bare(side)
    towns = ["TIL", "1A3", "1A6", "1A7", "2A2"]  # main map and Underground Towns alike
    for t in towns[:houses]:
        put(s.board, "houses", {**s.board.houses, t: replaced(s.board.houses[t], 0, 0)})
    pillar_towns = [t for t in s.board.pillars][:pillars]
    for t in pillar_towns:
        put(s.board, "pillars", {**s.board.pillars, t: replaced(s.board.pillars[t], 0, 0)})
    mine_towns = ["1A3", "1A6", "1A7", "2A2", "2A5"][:mines - 1]  # + the setup Mine
    for t in mine_towns:
        put(sv(s), "mines", {**sv(s).mines, t: replaced(sv(s).mines[t], 0, 0)})
    ledger = _end(s)
    assert ledger.get("scoring overlay", 0) == vp and "houses x pillars" not in ledger


def test_one_vp_per_four_resources_and_silver_is_no_resource():
    """"For every 4 Resources left in your personal supply, gain 1 VP." Silver never counts (ruling 16)."""
    s = _bare()
    set_res(s.players[0], G=3, W=4)
    silver(s, 0, 5)
    ledger = _end(s)
    assert ledger["resources"] == 7 // 4 and ledger["silver"] == 5 // 2


def test_resource_technology_iii_makes_it_one_vp_per_three():
    s = _bare()
    technologies(s, "resource", "joker", "king", player=0, resource=3)
    set_res(s.players[0], G=6)
    ledger = _end(s)
    assert ledger["resources"] == 2 and ledger["technology tiers"] == 6


def test_every_two_silver_are_worth_one_vp():
    """"Every 2 Silver remaining in your personal supply are worth 1 VP.\""""
    s = _bare()
    silver(s, 0, 7)
    assert _end(s)["silver"] == 3


def test_each_technology_tier_reached_is_worth_its_cost():
    """"Each tier you advanced on the Technology board is worth VP equal to the cost (tier I is worth 1 VP, tier II
    is 2 VP and tier III is 3 VP)." (ruling 15: a Technology on tier II scores 1 + 2)"""
    s = _bare()
    technologies(s, "architect", "joker", "character", player=0, architect=1, joker=2, character=3)
    assert _end(s)["technology tiers"] == 1 + 3 + 6


def test_the_final_table_has_the_expansions_categories():
    """The breakdown table reads ``Rules.categories``: the overlay instead of Houses x Pillars, Silver, tiers."""
    cats = rules_for(game(2).settings).categories
    assert [c.key for c in cats if c.at_end] == ["completed buildings", "scoring overlay", "resources", "silver",
                                                  "technology tiers"]
    assert "technologies" in [c.key for c in cats if not c.at_end]


# ---------------------------------------------------------------- the Fairs
def _fair(s, tile: str) -> int:
    put(s.board, "fairs", replaced(s.board.fairs, 0, Fair(town="TIL", tile=tile)))
    put(s, "events", ())
    vp = s.players[0].vp
    hold_fair(rules_for(s.settings), s)
    return s.players[0].vp - vp


def test_the_new_fair_tiles_count_mines_and_technology_tiers():
    """The new Fair tiles (authored): per Mine on the Underground maps, per Technology tier reached."""
    s = game(2)
    per = rules_for(s.settings).tracks.fair_board_vp[0] + 1
    put(sv(s), "mines", {**sv(s).mines, "1A6": (0, -2)})
    assert _fair(s, "fair-mine") == 2 * per
    technologies(s, player=0, **{sv(s).technologies[0].removeprefix("tech-"): 2})
    assert _fair(s, "fair-technology") == 2 * per


def test_underground_houses_count_in_a_fair_but_never_let_you_take_part():
    """"Likewise, the Houses and Pillars in the Underground spaces will count for all scoring checks." (ruling 13)"""
    s = game(2)
    tile = "fair-house"
    per = rules_for(s.settings).tracks.fair_board_vp[0] + rules_for(s.settings).cat.fair_tiles[tile].vp
    put(s.board, "houses", {**s.board.houses, "1A6": (0,)})
    assert _fair(s, tile) == 2 * per  # Tiletum's House and Malin's
    put(s.board, "houses", {**s.board.houses, "TIL": tuple(-1 if o == 0 else o for o in s.board.houses["TIL"])})
    put(s.players[0], "merchant", "ROM" if "ROM" in s.board.houses else next(t for t in s.board.houses if t not in ("TIL", "1A6")))
    assert _fair(s, tile) == 0  # no House and no Merchant in Tiletum: no part in its Fair
