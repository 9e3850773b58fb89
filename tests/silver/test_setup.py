"""Preparation (expansion text, "Preparation (Setup)"), as docs/silver.md plays it."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from tiletum_tui.games.tiletum.data.silver import load_silver
from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, new_game
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.state import EMPTY, UNUSED, put

from .conftest import A_SIDES, FIRST_TECH, act, game, settings

D = load_silver()


def _all_tiles_in_play(s):
    """Every tile id lying anywhere but the box."""
    b, h = s.board, s.hidden
    out = list(h.bonus_pile + h.character_pile + h.contract_pile + b.wheel_bonus + b.character_offer + b.contract_offer)
    out += [b.king_bonus, sv(s).prospector_bonus] + list(sv(s).underground_pile)
    out += [t for tiles in b.map_bonus.values() for t in tiles]
    return [t for t in out if t]


def test_the_new_character_bonus_and_fair_tiles_join_their_pools_and_one_fair_tile_leaves():
    """"Before setting up, add the new Character tiles, Bonus tiles, and Fair tiles to their respective pools.
    When playing with the expansion, remove one specific Fair tile (indicated in the manual)." (ruling 17)"""
    r = rules_for(settings(4))
    assert {t.pile for t in r.tiles.values() if t.design.startswith("sc")} == {"character"}
    assert {t.pile for t in r.tiles.values() if t.design.startswith("sb")} == {"bonus"}
    assert {"fair-mine", "fair-technology"} <= set(r.cat.fair_tiles)
    assert "fair-house_pillar" not in r.cat.fair_tiles
    s = game(4)
    in_play = set(_all_tiles_in_play(s))
    assert {t.id for t in r.tiles.values() if t.design[:2] in ("sc", "sb")} <= in_play  # 4 players: every copy
    assert all(f.tile != "fair-house_pillar" for f in s.board.fairs)
    base = rules_for(Settings(players=s.settings.players, seed=1))
    assert "fair-house_pillar" in base.cat.fair_tiles and "sc01a" not in base.tiles  # the base game keeps its own


def test_each_underground_map_gets_a_random_side_or_the_a_sides_for_a_first_game():
    """"Place each of them with a random side up. For the first game with the expansion, it is recommended to
    play with the A-side of each Underground map." (a setting: ``silver.a-sides``)"""
    seen = Counter()
    for seed in range(12):
        sides = sv(game(2, seed=seed, options=())).sides
        assert set(sides) == {"m1", "m2", "m3"}
        seen.update(f"{m}{side}" for m, side in sides.items())
    assert all(seen[f"m{m}{side}"] for m in "123" for side in "AB")  # every side comes up
    assert set(sv(game(2, seed=3)).sides.values()) == {"A"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_underground_tiles_are_filtered_by_player_count_and_dealt_on_the_spaces_in_use(players):
    """"If playing with 3 players, remove all tiles marked with a “4”. If playing with 2 players, remove tiles
    marked with “3+” and “4”. Shuffle the remaining tiles ... Randomly place the Underground Bonus tiles face up
    on the designated spaces of the Underground maps." One more lies on the Prospector Action (ruling 18)."""
    s = game(players, seed=5, options=())
    r = rules_for(s.settings)
    underground = {t.id for t in r.tiles.values() if t.pile == "underground"}
    kept = {t for t in underground if r.tiles[t].min_players <= players}
    assert underground - kept <= set(s.board.box) and not (kept & set(s.board.box))
    lying = {town: tiles for town, tiles in s.board.map_bonus.items() if town in D.spaces}
    for town, tiles in lying.items():
        assert len(tiles) == sum(1 for mark in D.spaces[town].bonus_spaces if mark <= players), town
    dealt = [t for tiles in lying.values() for t in tiles] + [sv(s).prospector_bonus] + list(sv(s).underground_pile)
    assert sorted(dealt) == sorted(kept)


def test_a_construction_cost_tile_of_the_printed_icon_under_each_cathedral_and_its_group_sorted():
    """"Shuffle the Silver and Gold Construction Cost tiles separately and place one randomly under each
    Cathedral spot ... Always place the tile corresponding to the icon ... sort the tiles from the lowest Victory
    Point value on the bottom to the highest on the top. ... Return the unused Underground Cathedral tiles back
    to the box.\""""
    kinds = Counter()
    for seed in range(6):
        s = game(3, seed=seed, options=())
        st = sv(s)
        spots = [sp for sp in st.construction_cost]
        assert len(spots) == 3  # one Cathedral spot on each side in play
        for town, cost in st.construction_cost.items():
            assert D.construction_costs[cost].kind == D.spaces[town].cathedral
            kinds[cost] += 1
            group = D.spaces[town].cathedral_group
            vps = [D.cathedral_groups[group].vp[int(t.rsplit(".", 1)[1]) - 1] for t in st.cathedral_stack[town]]
            assert vps == sorted(vps) and len(vps) == len(D.cathedral_groups[group].vp)
            assert len(s.board.pillars[town]) == len(D.spaces[town].pillar_spaces)
        used = {D.spaces[town].cathedral_group for town in spots}
        unused = [f"{g}.{i + 1}" for g, grp in D.cathedral_groups.items() if g not in used for i in range(len(grp.vp))]
        assert set(unused) <= set(s.board.box)
    assert len(kinds) > 3  # the tiles are shuffled: different ones come up


def test_three_random_technologies_or_the_first_game_trio_and_the_resource_bonus_tiles():
    """"shuffle the Technology tiles and draw three randomly ... If you drew the Resource Technology, place 4
    Resource Bonus tiles on the first (lowest) step ... For the first game ... the Architect Technology, Joker
    Technology, and Character Technology." (a setting: ``silver.first-technologies``)"""
    drawn = set()
    resource_seen = False
    for seed in range(15):
        st = sv(game(2, seed=seed, options=()))
        assert len(set(st.technologies)) == 3
        drawn.update(st.technologies)
        assert (len(st.resource_tiles) == 4) == ("tech-resource" in st.technologies)
        resource_seen |= "tech-resource" in st.technologies
    assert len(drawn) > 3 and resource_seen
    st = sv(game(2, options=(FIRST_TECH,)))
    assert st.technologies == ("tech-architect", "tech-joker", "tech-character") and st.resource_tiles == ()


def test_the_scoring_overlay_comes_up_on_a_random_side():
    """"Place the double-sided Scoring overlay ... determining the face-up side randomly.\""""
    assert {sv(game(2, seed=seed)).scoring_side for seed in range(10)} == {1, 2}


@pytest.mark.parametrize("players", [2, 4])
def test_each_player_takes_the_new_components(players):
    """Player steps 1-6: "Take 1 Silver, except the first player." ... "Place 1 Prospector and 1 Mine on the
    corresponding spaces of the starting Underground map ... keep the remaining two Prospectors in your personal
    supply. Place 2 Mines in your personal supply. Place the 3 remaining Mines next to the main board close to the
    King track." "Place your Technology marker on the darker space ... next to each Technology tile.\""""
    s = game(players)
    st = sv(s)
    assert [p.silver for p in st.players] == [0] + [1] * (players - 1)
    for i, p in enumerate(st.players):
        assert p.prospectors == {"m1": "1A1"} and p.prospector_supply == 2
        assert p.mines == 2 and p.king_mines == 3 and i in st.setup_mines
        assert p.technology == {t: 0 for t in st.technologies}
        assert s.players[i].bonus_ap == {}  # the new Bonus AP markers come only from the Character Technology


def test_the_additional_pillar_waits_on_the_last_contract_space():
    """"Place the additional Pillar on the last Contract space on your Player board." (ruling 26): the sixth
    Contract fulfilled frees it into the supply."""
    s = game(2)
    r = rules_for(s.settings)
    assert r.player_board.pillars == 8 and r.player_board.contract_pillars == 6
    p = s.players[0]
    assert p.pillars == 2  # 8 Pillars, 6 of them on the Contract spaces
    tile = next(t.id for t in r.tiles.values() if t.kind == "contract" and not t.identical)
    put(p, "contracts", ("k", "k", "k", "k", "k", ""))
    put(p, "storehouse", (tile,))
    put(p, "resources", {k: 9 for k in p.resources})
    put(s.stack[0], "die_taken", True)
    act(s, f"fulfil {tile}")
    assert p.pillars == 3


def test_underground_town_spaces_are_used_by_player_count():
    """Player counts underground (ruling 25): House, Mine and Pillar spaces marked 3+ or 4 are used from that many
    players up. Kutna Hora (A) has House spaces 2, 3+; Mine spaces 2, 3+, 4; Pillar spaces 2, 2, 4."""
    two, four = game(2), game(4)
    assert two.board.houses["1A3"] == (EMPTY, UNUSED) and four.board.houses["1A3"] == (EMPTY, EMPTY)
    assert sv(two).mines["1A3"] == (EMPTY, UNUSED, UNUSED) and sv(four).mines["1A3"] == (EMPTY,) * 3
    assert two.board.pillars["1A3"] == (EMPTY, EMPTY, UNUSED) and four.board.pillars["1A3"] == (EMPTY,) * 3


def test_module_options_are_checked_and_a_base_game_encodes_as_before():
    """Settings carry the expansion and its options (so a save replays exactly); an unknown option, or one of a
    module not in play, is refused. A base game has no module state and no options in its encoding."""
    players = (PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue"))
    with pytest.raises(ValueError, match="unknown option silver.b-sides"):
        new_game(Settings(players=players, seed=1, modules=("silver",), options=("silver.b-sides",)))
    with pytest.raises(ValueError, match="unknown option silver.a-sides"):
        new_game(Settings(players=players, seed=1, options=(A_SIDES,)))
    base = new_game(Settings(players=players, seed=1))
    raw = msgspec.json.decode(msgspec.json.encode(base))
    assert "module_state" not in raw and "options" not in raw["settings"]
    assert me(game(2), 1).silver == 1


def test_cards_and_components_and_the_rules_browser_cover_the_expansion():
    """Issue 13: "The rules browser ... and Cards & Components cover the expansion": every tile of a game with the
    expansion, and its own components, are listed with their ids; the expansion has its rules page."""
    from tiletum_tui.games.tiletum.learn import cards, pages

    cat = rules_for(settings(4)).cat
    text = pages.render(pages.page("cards", cat))
    assert [i for i in cards.all_tile_ids(cat) if i not in text] == []
    assert all(f"{t} " in text or f"{t}:" in text for t in list(D.technologies) + list(D.tablets) + list(D.construction_costs))
    assert pages.page("silver").section("prospector").body
