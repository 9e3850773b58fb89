"""The component catalogue against the rulebook: every printed count, every appendix entry, the authored marks.

Rulebook, "Game Components", "Game Setup", "Player Board Layout" and the Appendix (Helper abilities,
Character tiles, Crests, Contracts, Fair tiles, Game board, Crest placement bonuses); reference page
"Actions and Tasks" (the four Storehouse spaces, six Contract spaces). The expected numbers below are
typed in from the rulebook, never read back from the engine.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from importlib import resources

import pytest

from tiletum_tui.games.tiletum.data import schema as fx

from .conftest import rules

R = rules()  # the base game's ruleset
CAT = R.cat


def _tiles(pile=None, kind=None):
    return [t for t in CAT.tiles.values() if (pile is None or t.pile == pile) and (kind is None or t.kind == kind)]


def _raw(name: str) -> dict:
    return json.loads(resources.files("tiletum_tui.games.tiletum.data").joinpath(name).read_text())


# ---------------------------------------------------------------- Game Components: the counts
def test_54_bonus_tiles():
    """Game Components: 54 Bonus tiles."""
    assert len(_tiles("bonus")) == 54


def test_26_contract_tiles():
    """Game Components: 26 Contract tiles (the Contract pile, which also holds the offer's Crests)."""
    assert len(_tiles("contract")) == 26


def test_45_character_tiles():
    """Game Components: 45 Character tiles."""
    assert len(_tiles("character")) == 45
    assert {t.kind for t in _tiles("character")} == {"character"}


def test_tile_ids_are_unique_across_all_piles():
    """Every physical tile is one entry: 54 + 26 + 45 = 125 tiles."""
    assert len(CAT.tiles) == 125


def test_11_fair_tiles_with_distinct_conditions():
    """Game Components: 11 Fair tiles; appendix 'Fair tiles' lists 11 different conditions."""
    assert len(CAT.fair_tiles) == 11
    assert len({t.condition for t in CAT.fair_tiles.values()}) == 11


def test_25_cathedral_tiles():
    """Game Components: 25 Cathedral tiles (grouped by type, setup step 8)."""
    assert sum(len(g.vp) for g in CAT.cathedral_groups) == 25


def test_9_construction_cost_tiles_exactly_one_unavailable():
    """Game Components: 9 Construction Cost tiles; setup step 8: one of them is the 'Unavailable Cathedral'."""
    assert len(CAT.construction_costs) == 9
    assert sum(1 for c in CAT.construction_costs.values() if c.unavailable) == 1
    assert all(c.stone > 0 for c in CAT.construction_costs.values() if not c.unavailable)


def test_one_cathedral_per_construction_cost_tile():
    """Setup step 8: one Construction Cost tile under each Cathedral spot, so 9 Cathedrals on the map,
    and the Cathedral tile groups fit their Pillar spaces (25 tiles over 9 Cathedrals)."""
    cathedrals = [s for s in CAT.map.spaces if s.has_cathedral]
    assert len(cathedrals) == 9
    assert len(CAT.cathedral_groups) == 9
    assert sorted(len(s.pillar_spaces) for s in cathedrals) == sorted(len(g.vp) for g in CAT.cathedral_groups)


def test_8_town_tiles_on_distinct_fair_towns():
    """Game Components: 8 Town tiles; the first Fair is in Tiletum, whose Town tile is printed (Fair phase)."""
    assert len(CAT.town_tiles) == 8
    towns = [t.town for t in CAT.town_tiles.values()]
    assert len(set(towns)) == 8
    assert "TIL" not in towns
    spaces = {s.id: s for s in CAT.map.spaces}
    assert all(spaces[t].kind == "town" and spaces[t].town_tile for t in towns)
    assert {s.id for s in CAT.map.spaces if s.town_tile} == set(towns)


def test_6_corruption_tokens_of_values_0_1_2():
    """Game Components: 6 Corruption tokens; Action phase step 1: values 0, 1 or 2; 3 per round (setup step 11)."""
    tokens = CAT.tracks.corruption_tokens
    assert len(tokens) == 6
    assert set(tokens) == {0, 1, 2}
    assert CAT.tracks.corruption_per_round == 3


def test_6_action_tiles_one_per_action():
    """Game Components: 6 Action tiles; setup step 3: one on each space around the Action Wheel."""
    assert sorted(CAT.tracks.action_tiles) == sorted(["architect", "merchant", "character", "contract", "king", "joker"])
    assert sorted(CAT.tracks.wheel) == sorted(CAT.tracks.action_tiles)


def test_dice_five_colours():
    """Game Components: 20 Resource dice, 4 in each of 5 colours (Gold, Food, Wool, Stone, Iron)."""
    assert len(fx.DIE_COLOURS) == 5
    assert sorted(fx.DIE_RESOURCE.values()) == sorted(["G", "F", "W", "S", "I"])


def test_player_pieces_and_board():
    """Per player: 8 Houses (5 on roofs), 7 Pillars (5 on Contract spaces); six Buildings of 1-3 Rooms, the
    rightmost already occupied (Character Action); a Storehouse of four spaces and six Contract spaces
    (reference, 'Bonus tiles and the Storehouse' and 'Fulfil a Contract'); three die spaces (three turns)."""
    b = CAT.board
    assert (b.houses, b.roof_houses, b.pillars, b.contract_pillars) == (8, 5, 7, 5)
    assert len(b.buildings) == 6
    assert all(1 <= x.rooms <= 3 for x in b.buildings)
    assert [x.preoccupied for x in b.buildings] == [False] * 5 + [True]
    assert sum(1 for x in b.buildings if not x.preoccupied) == b.roof_houses  # one roof House per free Building
    assert b.storehouse == 4
    assert len(b.contract_vp) == 6
    assert b.die_spaces == 3


def test_crest_placement_bonuses_and_costs():
    """Appendix, 'Crest placement bonuses': 6/6/5/4/3/2 Food for House anywhere, Pillar anywhere, Merchant
    anywhere, Architect anywhere, any 2 Resources, 5 VP (left to right)."""
    spaces = CAT.board.crest_spaces
    assert [c.food for c in spaces] == [6, 6, 5, 4, 3, 2]
    assert [c.bonus for c in spaces] == [
        fx.PlaceAnywhere(piece="merchant"), fx.PlaceAnywhere(piece="architect"),
        fx.MoveAnywhere(piece="merchant"), fx.MoveAnywhere(piece="architect"),
        fx.GainAny(count=2), fx.Gain(vp=5),
    ]


def test_printed_numbers():
    """Printed values: start on 10 VP (setup 13), Gold 1/3/5/6 (setup 14), 8/11/14 dice (Preparation),
    King track tops at +15 (King Action) and starts at 0, 4 VP in round 4 (King phase step 1),
    Completed Buildings 0/0/5/10/20/30 (final scoring 2), 1 VP per 4 Resources (final scoring 3),
    2 Gold per die step and per bought Resource (Action phase; Tasks)."""
    t = CAT.tracks
    assert t.start_vp == 10
    assert t.start_gold == [1, 3, 5, 6]
    assert t.dice_to_roll == {"2": 8, "3": 11, "4": 14}
    assert t.king_track[-1] == 15
    assert t.king_track[t.king_start] == 0
    assert all(v < 0 for v in t.king_track[: t.king_start])  # the red part
    assert all(v > 0 for v in t.king_track[t.king_start + 1:])  # the blue part
    assert t.king_track == sorted(t.king_track)
    assert t.king_round4_vp == 4
    assert t.completed_building_vp[1:] == [0, 0, 5, 10, 20, 30]  # index = number of Completed Buildings
    assert t.completed_building_vp[0] == 0
    assert t.resources_per_vp == 4
    assert (t.change_die_gold, t.buy_resource_gold) == (2, 2)
    assert len(t.fair_board_vp) == 4  # one Fair per round
    assert len(t.contract_offer_ap) == 5  # an offer of five


# ---------------------------------------------------------------- the Appendix
def _has_effects(tiles, effects) -> bool:
    return any(t.effects == tuple(effects) for t in tiles)


HELPERS = [
    ("any Action, 1 AP", [fx.TakeAction(action="any", ap=1)]),
    *[(f"{a} Action, {n} AP", [fx.TakeAction(action=a, ap=n)])
      for a in ("merchant", "character", "contract", "architect", "king") for n in (2, 3)],
    *[(f"+{n} AP", [fx.AddAP(ap=n)]) for n in (1, 2, 3)],
    ("change the die's Resource", [fx.DieResource()]),
    ("any 2 Resources", [fx.GainAny(count=2)]),
    ("any 3 Resources", [fx.GainAny(count=3)]),
    ("1 Iron, 1 Wool, 1 Stone, 1 Food", [fx.Gain(resources={"I": 1, "W": 1, "S": 1, "F": 1})]),
    ("a Building's Character bonuses", [fx.BuildingBonus()]),
]


@pytest.mark.parametrize("what,effects", HELPERS, ids=[h[0] for h in HELPERS])
def test_every_helper_ability_exists(what, effects):
    """Appendix, 'Helper abilities': each ability is on a Helper Bonus tile."""
    assert _has_effects(_tiles("bonus", "helper"), effects), what


def test_gold_and_vp_helpers():
    """Appendix, 'Helper abilities': 'Gain the depicted number of Gold and/or Victory Points'."""
    found = set()
    for t in _tiles("bonus", "helper"):
        if len(t.effects) == 1 and isinstance(t.effects[0], fx.Gain):
            g = t.effects[0]
            if set(g.resources) <= {"G"} and (g.resources or g.vp):
                found.add((bool(g.resources), bool(g.vp)))
    assert found == {(True, False), (False, True), (True, True)}


def test_helpers_only_among_bonus_tiles():
    """Types of Tiles, 'Helpers': Helpers can only be found among the Bonus tiles."""
    assert {t.pile for t in _tiles(kind="helper")} == {"bonus"}
    assert len(_tiles(kind="helper")) > 0


def _move(piece, steps):
    return fx.Move(piece=piece, steps=steps)


CHARACTER_BONUSES = [
    ("Contract Action 1 AP + 1 Resource", [fx.TakeAction(action="contract", ap=1), fx.GainAny(count=1)]),
    ("Contract Action 2 AP + 1 Resource", [fx.TakeAction(action="contract", ap=2), fx.GainAny(count=1)]),
    ("Contract Action 3 AP", [fx.TakeAction(action="contract", ap=3)]),
    ("2 Wool", [fx.Gain(resources={"W": 2})]),
    ("1 Iron", [fx.Gain(resources={"I": 1})]),
    ("2 Iron", [fx.Gain(resources={"I": 2})]),
    ("1 Gold 1 Iron", [fx.Gain(resources={"G": 1, "I": 1})]),
    ("1 Gold 1 Wool", [fx.Gain(resources={"G": 1, "W": 1})]),
    ("Character Action 1 AP", [fx.TakeAction(action="character", ap=1)]),
    ("Character Action 2 AP", [fx.TakeAction(action="character", ap=2)]),
    ("move Architect and Merchant one space each", [fx.MoveBoth()]),
    ("1 Food", [fx.Gain(resources={"F": 1})]),
    ("2 Food", [fx.Gain(resources={"F": 2})]),
    ("2 Gold", [fx.Gain(resources={"G": 2})]),
    ("3 Gold", [fx.Gain(resources={"G": 3})]),
    ("King Action 1 AP", [fx.TakeAction(action="king", ap=1)]),
    ("King Action 2 AP", [fx.TakeAction(action="king", ap=2)]),
    ("2 VP", [fx.Gain(vp=2)]),
    ("3 VP", [fx.Gain(vp=3)]),
    ("Merchant once", [_move("merchant", 1)]),
    ("Merchant twice", [_move("merchant", 2)]),
    ("Merchant move and/or House", [fx.MoveAndPlace(piece="merchant")]),
    ("House where the Merchant is", [fx.PlaceHere(piece="merchant")]),
    ("Architect once", [_move("architect", 1)]),
    ("Architect twice", [_move("architect", 2)]),
    ("Architect move and/or Pillar", [fx.MoveAndPlace(piece="architect")]),
    ("Pillar where the Architect is", [fx.PlaceHere(piece="architect")]),
    ("1 Stone", [fx.Gain(resources={"S": 1})]),
    ("2 Stone", [fx.Gain(resources={"S": 2})]),
]


@pytest.mark.parametrize("what,effects", CHARACTER_BONUSES, ids=[c[0] for c in CHARACTER_BONUSES])
def test_every_character_bonus_exists(what, effects):
    """Appendix, 'Character tiles': each listed bonus is on a Character tile."""
    assert _has_effects(_tiles("character"), effects), what


def test_characters_name_an_action_and_fit_one_building():
    """Appendix, 'Character tiles': the bottom-right icon is Contract, Character, Architect, Merchant or King;
    one Character per Building (Character Action), so no design has more copies than the largest Building's Rooms."""
    assert {t.action for t in _tiles("character")} <= {"contract", "character", "architect", "merchant", "king"}
    copies = Counter(t.design for t in _tiles("character"))
    assert max(copies.values()) <= max(b.rooms for b in CAT.board.buildings)
    for design in copies:
        assert len({t.action for t in _tiles("character") if t.design == design}) == 1


def _contract_line(t) -> str | None:
    """Which line of the appendix 'Contracts' a Contract tile is (None if it fits none)."""
    pay, same, vp, eff = dict(t.pay), t.identical, t.vp, t.effects
    table = {
        "identical": (not pay and not eff and (same, vp) in {(1, 1), (3, 3), (5, 6), (7, 10), (8, 13)}),
        "iron": (pay.keys() == {"I"} and not same and not eff and (pay["I"], vp) in {(2, 2), (3, 4), (9, 17)}),
        "iron+king": (pay.keys() == {"I"} and not same and eff == (fx.King(steps=1),)
                      and (pay["I"], vp) in {(5, 7), (7, 11)}),
        "wool": (pay.keys() == {"W"} and not same and not eff and (pay["W"], vp) in {(2, 2), (3, 4), (9, 17)}),
        "wool+merchant": (pay.keys() == {"W"} and not same and eff == (fx.MoveToNextTown(piece="merchant"),)
                          and (pay["W"], vp) in {(5, 7), (7, 11)}),
        "mixed iron": (pay.keys() == {"I"} and not eff and (same, pay["I"], vp) in {(2, 2, 5), (3, 3, 8)}),
        "mixed wool": (pay.keys() == {"W"} and not eff and (same, pay["W"], vp) in {(2, 2, 5), (3, 3, 8)}),
        "iron and wool": (pay.keys() == {"I", "W"} and not same and not eff and vp in {2, 6, 12}),
        "charter": (pay.keys() == {"I", "W"} and not same and eff == (fx.TakeAction(action="character", ap=1),)
                    and (pay["W"], pay["I"], vp) in {(3, 3, 9), (5, 5, 16)}),
    }
    lines = [k for k, ok in table.items() if ok]
    return lines[0] if len(lines) == 1 else None


def test_every_contract_tile_is_an_appendix_contract():
    """Appendix, 'Contracts': each Contract tile (offer or Bonus) is one of the listed requirements/rewards."""
    contracts = _tiles(kind="contract")
    assert contracts
    bad = [t.id for t in contracts if _contract_line(t) is None]
    assert not bad


@pytest.mark.parametrize("pay,identical,vp,effects", [
    *[({}, n, v, ()) for n, v in ((1, 1), (3, 3), (5, 6), (7, 10), (8, 13))],
    *[({"I": n}, 0, v, ()) for n, v in ((2, 2), (3, 4), (9, 17))],
    *[({"I": n}, 0, v, (fx.King(steps=1),)) for n, v in ((5, 7), (7, 11))],
    *[({"W": n}, 0, v, ()) for n, v in ((2, 2), (3, 4), (9, 17))],
    *[({"W": n}, 0, v, (fx.MoveToNextTown(piece="merchant"),)) for n, v in ((5, 7), (7, 11))],
    *[({"I": n}, n, v, ()) for n, v in ((2, 5), (3, 8))],
    *[({"W": n}, n, v, ()) for n, v in ((2, 5), (3, 8))],
    *[({"W": n, "I": n}, 0, v, (fx.TakeAction(action="character", ap=1),)) for n, v in ((3, 9), (5, 16))],
])
def test_every_appendix_contract_exists(pay, identical, vp, effects):
    """Appendix, 'Contracts': every listed Contract is among the Contract or Bonus tiles."""
    assert any(dict(t.pay) == pay and t.identical == identical and t.vp == vp and t.effects == effects
               for t in _tiles(kind="contract"))


@pytest.mark.parametrize("vp", [2, 6, 12])
def test_iron_and_wool_contracts_exist(vp):
    """Appendix, 'Contracts': 'Pay the indicated combination of Iron and Wool to gain 2/6/12 VP'."""
    assert any(set(t.pay) == {"I", "W"} and not t.identical and not t.effects and t.vp == vp
               for t in _tiles(kind="contract"))


def test_contracts_come_from_the_offer_and_the_bonus_tiles():
    """Types of Tiles, 'Contracts': most come from the Contract offer, others are among the Bonus tiles."""
    assert len(_tiles("contract", "contract")) > len(_tiles("bonus", "contract")) > 0


def test_six_crest_families_on_bonus_and_contract_tiles():
    """Appendix, 'Crests': 6 different Crests, found on both Bonus and Contract tiles."""
    crests = _tiles(kind="crest")
    assert len({t.family for t in crests}) == 6
    assert all(t.family for t in crests)
    for pile in ("bonus", "contract"):
        assert len({t.family for t in crests if t.pile == pile}) == 6


def test_every_fair_condition_of_the_appendix():
    """Appendix, 'Fair tiles': the 11 conditions, each on one tile, each with a VP value of its own."""
    assert sorted(t.condition for t in CAT.fair_tiles.values()) == sorted([
        "house_pillar", "contract_cathedral", "contract", "king_track", "contract_crest", "house",
        "upper_character", "crest", "pillar", "full_building", "cathedral",
    ])
    assert all(t.vp > 0 for t in CAT.fair_tiles.values())


# ---------------------------------------------------------------- authored values are marked
def test_authored_values_are_marked():
    """The rulebook prints no map, King track values, Fair board/tile VP, Contract offer costs, tile mix or
    Cathedral/Construction values: the data marks each as authored (rules/README, 'Gaps to fill with care')."""
    from tiletum_tui.games.tiletum.data.catalogue import provenance_of

    p = lambda name, key, item=None: provenance_of(CAT, name, key, item)  # noqa: E731
    assert p("map.json", "roads") == p("map.json", "spaces.house_spaces", "LYO") == "authored"
    # Rules version 1's Fair tile values are authored, but for the King track tile's 3, which a public
    # edition prints too ("KingTrackPlus3").
    assert all(p("fair_tiles.json", "tiles.vp", t) == "authored" for t in CAT.fair_tiles if t != "fair-king_track")
    assert p("fair_tiles.json", "tiles.vp", "fair-king_track") == "public:yucata-strings"
    assert all(p("cathedrals.json", "construction_costs.stone", c) == "authored"
               for c, cost in CAT.construction_costs.items() if not cost.unavailable)
    assert p("cathedrals.json", "cathedral_groups.vp") == "authored"
    for field in ("king_track", "fair_board_vp", "contract_offer_ap", "wheel", "action_tiles"):
        assert p("tracks.json", field) == "authored", field
    assert p("player_board.json", "buildings.rooms") == p("player_board.json", "contract_vp") == "authored"


@pytest.mark.parametrize("name", ["bonus_tiles.json", "contracts.json", "characters.json"])
def test_tile_designs_are_marked_authored(name):
    """The tile mix and 3+/4 markings are authored (rules/README): the file says so for its copies."""
    from tiletum_tui.games.tiletum.data.catalogue import provenance_of

    assert provenance_of(CAT, name, "designs.copies") == "authored"


def test_printed_unavailable_tile_is_not_marked_authored():
    """The Unavailable Cathedral tile is printed (setup step 8), not authored."""
    from tiletum_tui.games.tiletum.data.catalogue import provenance_of

    (unavailable,) = [c for c in CAT.construction_costs.values() if c.unavailable]
    assert provenance_of(CAT, "cathedrals.json", "construction_costs.unavailable", unavailable.id) == "rulebook"


# ---------------------------------------------------------------- the map
def test_map_is_connected():
    """Appendix, 'Game board': Merchants and Architects move space to adjacent space; every space is reachable."""
    adj: dict[str, set[str]] = {s.id: set() for s in CAT.map.spaces}
    for a, b in CAT.map.roads:
        adj[a].add(b)
        adj[b].add(a)
    seen, todo = {"TIL"}, deque(["TIL"])
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(adj)


def test_the_rulesets_map_tables_are_the_catalogues():
    """The tables the rules read the map from (spaces, Towns, neighbours) are the catalogue's map, both ways."""
    assert set(R.spaces) == {s.id for s in CAT.map.spaces}
    assert set(R.towns) == {s.id for s in CAT.map.spaces if s.kind == "town"}
    links = {frozenset(road) for road in CAT.map.roads}
    assert {frozenset((a, b)) for a, ns in R.adjacent.items() for b in ns} == links
    assert R.player_board is CAT.board and R.tracks is CAT.tracks and R.tiles is CAT.tiles


def test_roads_link_towns_and_hold_nothing():
    """Appendix, 'Game board': Road spaces count when moving but hold no Houses, Pillars or Bonus tiles."""
    kinds = {s.id: s.kind for s in CAT.map.spaces}
    for s in CAT.map.spaces:
        if s.kind == "road":
            assert not s.house_spaces and not s.pillar_spaces and not s.bonus_spaces and not s.has_cathedral
            ends = [b if a == s.id else a for a, b in CAT.map.roads if s.id in (a, b)]
            assert len(ends) == 2 and all(kinds[e] == "town" for e in ends)
    assert all(kinds[a] != kinds[b] for a, b in CAT.map.roads)  # Towns are never directly adjacent


def test_two_players_leave_about_one_house_space_per_town():
    """Fair phase: 'In most Towns, only one or two players can have a House'. With 2 players every Town
    but Tiletum has exactly 1 House space; Tiletum has exactly one per player (their start Houses)."""
    for s in CAT.map.spaces:
        if s.kind != "town":
            continue
        usable = sum(1 for h in s.house_spaces if h.min_players <= 2)
        assert usable == (2 if s.id == "TIL" else 1), s.id


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tiletum_has_one_house_space_per_player(n):
    """Setup step 13: each player puts 1 House in Tiletum."""
    (til,) = [s for s in CAT.map.spaces if s.id == "TIL"]
    assert sum(1 for h in til.house_spaces if h.min_players <= n) == n


def test_markings_are_2_3_or_4():
    """Setup step 4/5, appendix 'Game board': spaces and tiles are unmarked, '3+' or '4'."""
    for s in CAT.map.spaces:
        for m in [h.min_players for h in s.house_spaces] + s.pillar_spaces + s.bonus_spaces:
            assert m in (2, 3, 4)
    assert {t.min_players for t in CAT.tiles.values()} == {2, 3, 4}


@pytest.mark.parametrize("n,spaces", [(2, 9), (3, 12), (4, 16)])
def test_bonus_spaces_on_the_map_by_player_count(n, spaces):
    """Setup step 5: one Bonus tile per map space in use (authored map: 9 / 12 / 16 spaces)."""
    assert sum(1 for s in CAT.map.spaces for m in s.bonus_spaces if m <= n) == spaces
