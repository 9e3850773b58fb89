"""The Prospect for Silver components against the expansion text: printed counts, integrity, provenance.

The expected numbers are typed in from the expansion text (setup, Technologies, King phase, final
scoring), never read back from the data. The integrity checks are functions returning their problems;
``test_silver_loading.py`` breaks a copy of the JSON once per check and watches each fail.
"""

from __future__ import annotations

import itertools
import json
import os
import pathlib
import re
from collections import deque

import msgspec
import pytest

from tiletum_tui.games.tiletum.data import schema as fx
from tiletum_tui.games.tiletum.data import silver_schema as sx
from tiletum_tui.games.tiletum.data.catalogue import load as load_base
from tiletum_tui.games.tiletum.data.silver import build_silver, load_silver, read_files, wheel_section

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEXT = pathlib.Path(os.environ.get("TILETUM_SILVER_TEXT", "/work/shared/rules/tiletum-prospect-for-silver.txt"))
ROUNDS = 4


@pytest.fixture(scope="module")
def silver() -> sx.Silver:
    return load_silver()


def _raw() -> dict:
    return {name: json.loads(data) for name, data in read_files().items()}


def _build(raw: dict) -> sx.Silver:
    return build_silver({name: json.dumps(doc).encode() for name, doc in raw.items()})


def _sides(s: sx.Silver):
    return [(m, side) for m in s.maps.values() for side in m.sides]


def _combinations(s: sx.Silver):
    """Every table: one side of each of the three maps."""
    return itertools.product(*[m.sides for m in s.maps.values()])


# ---------------------------------------------------------------- printed counts
def test_per_player_components(silver):
    """'1 Pillar, 3 Technology markers, 3 Prospectors, 6 Mines, 2 Bonus Action Points markers'; 1 Silver except the first player."""
    pp = silver.rules.per_player
    assert (pp.pillars, pp.technology_markers, pp.prospectors, pp.mines, pp.bonus_ap_markers) == (1, 3, 3, 6, 2)
    assert pp.start_silver == [0, 1, 1, 1]
    assert pp.prospectors_on_start_map + 2 == pp.prospectors  # "keep the remaining two Prospectors"
    assert (pp.mines_on_start_map, pp.mines_in_supply, pp.mines_by_king_track) == (1, 2, 3)
    assert pp.mines_on_start_map + pp.mines_in_supply + pp.mines_by_king_track == pp.mines


def test_extra_pillar_goes_on_the_last_contract_space(silver):
    """'Place the additional Pillar on the last Contract space': the base board's sixth, which holds no Pillar."""
    board = load_base().board
    assert silver.rules.per_player.extra_pillar_contract_space == len(board.contract_vp) == 6
    assert board.contract_pillars < silver.rules.per_player.extra_pillar_contract_space


def test_one_technology_marker_per_drawn_technology(silver):
    """Three Technologies drawn, 'your Technology marker ... next to each Technology tile': 3 markers."""
    assert silver.rules.setup.technologies_drawn == silver.rules.per_player.technology_markers == 3


def test_enough_technologies_for_the_draw_and_every_players_tracker(silver):
    """Three drawn, and step 8 gives each of up to 4 players 'one of the unused Technology tiles'."""
    assert len(silver.technologies) >= silver.rules.setup.technologies_drawn + 4


def test_the_named_technologies_exist(silver):
    """The text names the Architect, Joker, Character and Resource Technologies (first game: the first three)."""
    names = {t.name for t in silver.technologies.values()}
    assert {"Architect Technology", "Joker Technology", "Character Technology", "Resource Technology"} <= names
    for action in silver.rules.setup.first_game_technologies:
        assert f"tech-{action}" in silver.technologies


def tier_problems(s: sx.Silver) -> list[str]:
    """'Each Technology has 3 tiers.' 'The cost to advance is 1/2/3 Silver for the I/II/III tier.'"""
    out = []
    for t in s.technologies.values():
        if [x.tier for x in t.tiers] != ["I", "II", "III"]:
            out.append(f"{t.id}: tiers {[x.tier for x in t.tiers]}")
        if [x.cost for x in t.tiers] != s.rules.technology.tier_costs:
            out.append(f"{t.id}: costs {[x.cost for x in t.tiers]}")
        out += [f"{t.id} {x.tier}: no effect" for x in t.tiers if not (x.on_reach or x.ongoing) or not x.text]
    return out


def test_tiers_cost_1_2_3_and_score_their_cost(silver):
    assert silver.rules.technology.tiers == 3
    assert silver.rules.technology.tier_costs == [1, 2, 3]
    assert silver.rules.technology.tier_vp == [1, 2, 3]  # "tier I is worth 1 VP, tier II is 2 VP and tier III is 3 VP"
    assert silver.rules.technology.cumulative
    assert tier_problems(silver) == []


def test_four_resource_bonus_tiles_one_per_resource_but_gold(silver):
    """'place 4 Resource Bonus tiles on the first (lowest) step': Food, Wool, Stone, Iron."""
    assert silver.rules.setup.resource_bonus_tiles == len(silver.resource_bonus_tiles) == 4
    assert sorted(t.resource for t in silver.resource_bonus_tiles.values()) == sorted(set(fx.RESOURCES) - {"G"})
    reso = silver.technologies["tech-resource"].tiers[0]
    assert any(isinstance(e, sx.TakeResourceBonusTile) for e in reso.on_reach)


def test_final_scoring_numbers(silver):
    """'every 2 remaining Silver ... 1 VP', '4 Resources ... 1 VP', Completed Buildings '0/0/5/10/20/30'."""
    fs = silver.rules.final_scoring
    assert (fs.silver_per_vp, fs.resources_per_vp) == (2, 4)
    assert fs.completed_building_vp == [0, 0, 0, 5, 10, 20, 30] == load_base().tracks.completed_building_vp


def test_king_phase_numbers(silver):
    """'Each Mine produces 1 Silver'; 'on the 0 VP space or higher' gains a Mine."""
    assert (silver.rules.king_phase.silver_per_mine, silver.rules.king_phase.mine_from_vp) == (1, 0)


def test_three_underground_maps_with_sides_a_and_b(silver):
    assert silver.rules.setup.underground_maps == len(silver.maps) == 3
    assert silver.rules.setup.sides == ["A", "B"] and silver.rules.setup.first_game_side == "A"
    assert all([side.side for side in m.sides] == ["A", "B"] for m in silver.maps.values())


def test_one_starting_map_with_the_yellow_circle(silver):
    """The starting map has no cost on its starting space; the others print a Silver cost, one of them 2."""
    starting = [m for m in silver.maps.values() if m.starting]
    assert len(starting) == 1
    for m, side in _sides(silver):
        start = silver.spaces[side.start_space]
        assert start.kind == "shaft" and [x.id for x in side.spaces if x.kind == "shaft"] == [start.id]
        assert (side.prospector_cost == 0) == m.starting
        assert side.setup_mine_spaces == (4 if m.starting else 0)  # one setup Mine per player, up to 4
    assert 2 in {side.prospector_cost for _, side in _sides(silver)}  # "the 2-Silver starting space"


def test_the_removed_fair_tile_is_one_base_fair_tile(silver):
    base = load_base().fair_tiles
    assert silver.rules.setup.removed_fair_tiles == 1
    assert silver.rules.rulings.removed_fair_tile in base
    assert not set(silver.fair_tiles) & set(base)


def test_scoring_overlay_has_the_two_printed_sides(silver):
    sides = {x.side: (sorted(x.either), x.times) for x in silver.scoring_overlay}
    assert silver.rules.setup.scoring_overlay_sides == len(sides) == 2
    assert sides == {1: (["houses", "mines"], "pillars"), 2: (["mines", "pillars"], "houses")}
    assert silver.rules.rulings.scoring_either == "larger"


# ---------------------------------------------------------------- the Prospector Wheel
def _die_values(s: sx.Silver, flag: str, cleanups: int) -> list[int]:
    """Die value v faces Action Wheel position (v - 1 + cleanups) % 6 (the base wheel turns clockwise)."""
    sections = {x.section: x for x in s.prospector_wheel.sections}
    return [v for v in range(1, 7) if getattr(sections[wheel_section((v - 1 + cleanups) % 6, cleanups)], flag)]


def wheel_problems(s: sx.Silver) -> list[str]:
    w = s.prospector_wheel
    out = []
    if sorted(x.section for x in w.sections) != list(range(6)):
        out.append(f"sections {[x.section for x in w.sections]}")
        return out
    pa = sorted(x.section for x in w.sections if x.prospector_action)
    if len(pa) != s.rules.prospector.prospector_action_die_values or (pa[1] - pa[0]) % 6 not in (1, 5):
        out.append(f"Prospector Action on sections {pa}: two adjacent sections (one segment, one Bonus tile)")
    if any(x.prospector_action and x.movement_icon for x in w.sections):
        out.append("a section carries both the Prospector Action and the movement icon")
    for k in range(ROUNDS):
        values = _die_values(s, "prospector_action", k)
        if len(values) != 2:
            out.append(f"round {k + 1}: Prospector Action on die values {values}")
        if not _die_values(s, "movement_icon", k):
            out.append(f"round {k + 1}: no movement icon")
    return out


def test_prospector_wheel(silver):
    """Six sections; 'the Prospector Action is respective for two different die values'; it turns counterclockwise."""
    assert wheel_problems(silver) == []
    assert silver.prospector_wheel.turn == "counterclockwise"
    assert silver.prospector_wheel.bonus_tile_spaces == 1  # "replenish the Bonus tile on the Prospector Action"


def test_every_die_value_meets_the_prospector_action_during_the_game(silver):
    """Balance: the opposite turns move the Prospector Action two die values a round, over every value."""
    seen = {v for k in range(ROUNDS) for v in _die_values(silver, "prospector_action", k)}
    assert seen == set(range(1, 7))


def test_king_overlay_ribbons_follow_the_base_king_track(silver):
    """Blue ribbons: one value per base King track space, none in the red part or on the start space."""
    track = load_base().tracks.king_track
    ribbon = silver.king_overlay.ribbon_silver
    assert len(ribbon) == len(track)
    assert all(r == 0 for r, vp in zip(ribbon, track) if vp <= 0)
    assert ribbon == sorted(ribbon) and ribbon[-1] > 0


# ---------------------------------------------------------------- the Underground maps
def adjacency_problems(s: sx.Silver) -> list[str]:
    """Links name spaces of the same side, never the space itself, and run both ways."""
    out = []
    for _, side in _sides(s):
        ids = {x.id for x in side.spaces}
        for x in side.spaces:
            for n in x.adjacent:
                if n not in ids or n == x.id:
                    out.append(f"{x.id} -> {n}: not another space of side {side.start_space[:2]}")
                elif x.id not in s.spaces[n].adjacent:
                    out.append(f"{x.id} -> {n} but not back")
            if len(set(x.adjacent)) != len(x.adjacent):
                out.append(f"{x.id}: a link listed twice")
    return out


def connectivity_problems(s: sx.Silver) -> list[str]:
    """Every space of a side can be reached from its starting space (Prospectors never leave their map)."""
    out = []
    for _, side in _sides(s):
        seen, todo = {side.start_space}, deque([side.start_space])
        while todo:
            for n in s.spaces[todo.popleft()].adjacent:
                if n in s.spaces and n not in seen:
                    seen.add(n)
                    todo.append(n)
        missing = {x.id for x in side.spaces} - seen
        if missing:
            out.append(f"{side.start_space}: cannot reach {sorted(missing)}")
    return out


def space_problems(s: sx.Silver) -> list[str]:
    """Houses, Mines, Pillars, Cathedrals and Bonus spaces only in Towns; marks 2/3/4; tablets on tablet spaces."""
    out = []
    for _, side in _sides(s):
        prefix = f"{s.spaces[side.start_space].id[:2]}"
        if len({(x.x, x.y) for x in side.spaces}) != len(side.spaces):
            out.append(f"{prefix}: two spaces drawn at one place")
        for x in side.spaces:
            if not x.id.startswith(prefix):
                out.append(f"{x.id}: id does not start with its side {prefix}")
            marks = [h.min_players for h in x.house_spaces] + [m.min_players for m in x.mine_spaces] + x.pillar_spaces + x.bonus_spaces
            if any(m not in (2, 3, 4) for m in marks):
                out.append(f"{x.id}: player-count mark not 2, 3 or 4")
            if any((h.bonus == "vp") != (h.vp > 0) for h in x.house_spaces) or any(m.gold < 0 for m in x.mine_spaces):
                out.append(f"{x.id}: a VP House space without VP (or VP without the mark), or negative Gold")
            if x.kind == "town":
                if not any(m.min_players == 2 for m in x.mine_spaces) or not any(h.min_players == 2 for h in x.house_spaces):
                    out.append(f"{x.id}: a Town needs a Mine space and a House space for 2 players")
            elif marks or x.cathedral != "none":
                out.append(f"{x.id}: a {x.kind} holds Town spaces")
            if (x.kind == "tablet") != bool(x.tablet) or (x.tablet and x.tablet not in s.tablets):
                out.append(f"{x.id}: tablet {x.tablet!r} on a {x.kind}")
    return out


def test_map_spaces_are_consistent(silver):
    assert adjacency_problems(silver) == []
    assert connectivity_problems(silver) == []
    assert space_problems(silver) == []


def test_maps_are_small(silver):
    """Small side boards: 6 to 10 spaces, each with Towns, a Cathedral and a Stone Tablet."""
    for _, side in _sides(silver):
        kinds = [x.kind for x in side.spaces]
        assert 6 <= len(side.spaces) <= 10
        assert kinds.count("town") >= 2 and "tablet" in kinds
        assert sum(1 for x in side.spaces if x.cathedral != "none") == 1


def cathedral_problems(s: sx.Silver) -> list[str]:
    """Each Cathedral spot: an icon, Pillar spaces and a depicted group of as many tiles; each group on one spot."""
    out, used = [], []
    for x in s.spaces.values():
        if (x.cathedral == "none") != (not x.pillar_spaces) or (x.cathedral == "none") != (not x.cathedral_group):
            out.append(f"{x.id}: Cathedral icon, Pillar spaces and group do not agree")
        elif x.cathedral_group:
            used.append(x.cathedral_group)
            group = s.cathedral_groups.get(x.cathedral_group)
            if group is None or len(group.vp) != len(x.pillar_spaces):
                out.append(f"{x.id}: group {x.cathedral_group} missing or not {len(x.pillar_spaces)} tiles")
    if sorted(used) != sorted(s.cathedral_groups):
        out.append(f"groups depicted {sorted(used)}, groups in the box {sorted(s.cathedral_groups)}")
    return out


def cost_supply_problems(s: sx.Silver) -> list[str]:
    """'Always place the tile corresponding to the icon': enough Silver and Gold tiles for every table."""
    out = []
    tiles = {k: sum(1 for c in s.construction_costs.values() if c.kind == k) for k in ("silver", "gold")}
    out += [f"{c.id}: cost or VP not positive" for c in s.construction_costs.values() if c.cost <= 0 or c.vp <= 0]
    for combo in _combinations(s):
        for kind, have in tiles.items():
            need = sum(1 for side in combo for x in side.spaces if x.cathedral == kind)
            if need > have:
                out.append(f"{[side.start_space for side in combo]}: {need} {kind} spots, {have} tiles")
    return out


def bonus_supply_problems(s: sx.Silver) -> list[str]:
    """Enough Underground Bonus tiles, after removing the '3+'/'4' tiles, for every table and the Prospector Action each round."""
    out = []
    for n in (2, 3, 4):
        have = sum(1 for t in s.tiles.values() if t.pile == "underground" and t.min_players <= n)
        for combo in _combinations(s):
            need = sum(1 for side in combo for x in side.spaces for m in x.bonus_spaces if m <= n) + ROUNDS
            if need > have:
                out.append(f"{n} players, {[side.start_space for side in combo]}: {need} needed, {have} tiles")
    return out


def tablet_problems(s: sx.Silver) -> list[str]:
    """Every Stone Tablet is printed somewhere, at most once per side."""
    out = []
    placed = [x.tablet for x in s.spaces.values() if x.tablet]
    out += [f"{t}: on no map" for t in s.tablets if t not in placed]
    for _, side in _sides(s):
        here = [x.tablet for x in side.spaces if x.tablet]
        if len(here) != len(set(here)):
            out.append(f"{side.start_space[:2]}: a tablet twice")
    return out


def test_cathedrals_costs_bonus_tiles_and_tablets_fit_every_table(silver):
    assert cathedral_problems(silver) == []
    assert cost_supply_problems(silver) == []
    assert bonus_supply_problems(silver) == []
    assert tablet_problems(silver) == []


# ---------------------------------------------------------------- effects and tiles
def _walk(value):
    """Every Struct inside a value (the value itself included)."""
    if isinstance(value, msgspec.Struct):
        yield value
        for f in value.__struct_fields__:
            yield from _walk(getattr(value, f))
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _walk(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _walk(v)


def effect_problems(s: sx.Silver) -> list[str]:
    """Actions are Actions (a tile's Action may be 'any'); Resources are Resources; Silver is never one."""
    out = []
    for e in _walk(s):
        if isinstance(e, (fx.TakeAction, sx.ActionAP)) and e.action not in sx.SILVER_ACTIONS + ("any",):
            out.append(f"{e!r}: unknown Action")
        if isinstance(e, fx.Gain) and set(e.resources) - set(fx.RESOURCES):
            out.append(f"{e!r}: not a Resource")
        if isinstance(e, sx.DieExtra) and e.resource not in fx.RESOURCES:
            out.append(f"{e!r}: not a Resource")
    for t in s.tiles.values():
        if set(t.pay) - set(fx.RESOURCES) or (t.kind == "contract" and (not (t.pay or t.identical) or t.vp <= 0)):
            out.append(f"{t.id}: a Contract pays Resources for VP")
        if t.kind == "character" and t.action not in sx.SILVER_ACTIONS:
            out.append(f"{t.id}: Character Action {t.action!r}")
        if t.min_players not in (2, 3, 4):
            out.append(f"{t.id}: mark {t.min_players}")
    markers = s.rules.rulings.bonus_ap_marker_actions
    if set(markers) - set(sx.SILVER_ACTIONS) or "joker" in markers:
        out.append(f"Bonus AP markers go on {markers}")
    return out


def test_effects_name_real_actions_and_resources(silver):
    assert effect_problems(silver) == []


def test_character_technology_uses_both_new_bonus_ap_markers(silver):
    """'2 Bonus Action Points markers' per player, returned to the box without the Character Technology."""
    markers = [e for x in silver.technologies["tech-character"].tiers for e in x.on_reach if isinstance(e, sx.BonusAPMarker)]
    assert len(markers) == silver.rules.per_player.bonus_ap_markers
    others = [e for t in silver.technologies.values() if t.id != "tech-character" for e in _walk(t) if isinstance(e, sx.BonusAPMarker)]
    assert others == []


def test_new_characters_fill_a_three_room_building(silver):
    """A Building holds copies of one Character (base ruling 2): each new design has 3 copies."""
    designs = {t.design for t in silver.tiles.values() if t.pile == "character"}
    assert designs and all(sum(1 for t in silver.tiles.values() if t.design == d) == 3 for d in designs)


def test_tile_ids_never_collide_with_the_base_game(silver):
    base = load_base()
    assert not set(silver.tiles) & set(base.tiles)
    assert not {f"{g}.{i}" for g in silver.cathedral_groups for i in range(1, 4)} & {f"{g.group}.{i}" for g in base.cathedral_groups for i in range(1, 4)}
    assert not set(silver.construction_costs) & set(base.construction_costs)


# ---------------------------------------------------------------- provenance
def provenance_problems(s: sx.Silver, text: str | None) -> list[str]:
    """Every record says where it comes from; printed records quote the expansion text word for word."""
    out = []
    for rec in _walk(s):
        if not hasattr(rec, "provenance"):
            continue
        if rec.provenance not in ("expansion text", "authored"):
            out.append(f"{rec!r:.60}: provenance {rec.provenance!r}")
        if rec.provenance == "expansion text" and not rec.quote:
            out.append(f"{rec!r:.60}: printed but no quote")
        if text is not None:
            out += [f"not in the expansion text: {q!r:.80}" for q in rec.quote if q not in text]
    return out


def _text() -> str | None:
    return TEXT.read_text() if TEXT.exists() else None


def test_every_record_has_explicit_provenance(silver):
    assert provenance_problems(silver, None) == []


def test_quotes_are_the_expansion_texts_words(silver):
    if _text() is None:
        pytest.skip(f"the expansion text is not at {TEXT} (set TILETUM_SILVER_TEXT)")
    assert provenance_problems(silver, _text()) == []


def test_provenance_fields_have_no_default():
    """'use an explicit string field provenance ..., never a default'."""
    classes = [c for c in vars(sx).values() if isinstance(c, type) and issubclass(c, msgspec.Struct)]
    with_provenance = [c for c in classes if "provenance" in c.__struct_fields__]
    assert len(with_provenance) >= 15
    for c in with_provenance:
        fields = {f.name: f for f in msgspec.structs.fields(c)}
        assert fields["provenance"].required and fields["quote"].required, c.__name__


def test_docs_table_every_authored_component(silver):
    """docs/silver.md tables each authored component, so a value can be found and corrected."""
    doc = (ROOT / "docs" / "silver.md").read_text()
    ids = (
        list(silver.technologies) + list(silver.tablets) + list(silver.resource_bonus_tiles)
        + list(silver.construction_costs) + list(silver.cathedral_groups) + list(silver.fair_tiles)
        + sorted({t.design for t in silver.tiles.values()}) + list(silver.spaces)
    )
    assert [i for i in ids if f"`{i}`" not in doc] == []


def test_each_ruling_quotes_the_expansion_text():
    """docs/silver.md: every numbered ruling opens with the sentence it settles, word for word."""
    if _text() is None:
        pytest.skip(f"the expansion text is not at {TEXT} (set TILETUM_SILVER_TEXT)")
    text = " ".join(_text().split())
    section = (ROOT / "docs" / "silver.md").read_text().split("## Rulings", 1)[1].split("\n## ", 1)[0]
    items = [" ".join(item.split()) for item in re.split(r"\n(?=\d+\. )", section)[1:]]
    assert len(items) >= 20
    for item in items:
        m = re.match(r'(\d+)\. \*\*.+?\*\* (?:"(.+?)" —|\(same sentence\))', item)
        assert m, f"ruling without a quote: {item[:60]}"
        assert m.group(2) is None or m.group(2) in text, f"ruling {m.group(1)} misquotes the text"
