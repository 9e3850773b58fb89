"""The two rules versions of the component catalogue, checked at the data level.

Version 1 (``load()``) is the catalogue every existing save was made with and must never change;
version 2 (``load(version=2)``) is issue 12's: the 23 Towns and 6 Road spaces of the online edition,
Character marks that let every Building be filled, the public Fair tile values, and each value's
provenance. Expected numbers are typed in from the rulebook or the public source (sources.json),
never read back from the data; the Building, Crest and Bonus-tile checks simulate the rules.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections import Counter, deque
from importlib import resources
from pathlib import Path

import msgspec
import pytest

from tiletum_tui.games.tiletum.data import catalogue, schema
from tiletum_tui.games.tiletum.data.catalogue import load

V1, V2 = load(), load(version=2)
BOTH = pytest.mark.parametrize("cat", [V1, V2], ids=["v1", "v2"])
PLAYERS = pytest.mark.parametrize("n", [2, 3, 4])
DOCS = Path(__file__).resolve().parents[2] / "docs"

# The public source's names (sources.json, yucata-strings: MapSpotName--*, Cathedral_depictedOnGameTile--*).
PUBLIC_TOWNS = {
    "London", "Brugge", "Antwerpen", "Hamburg", "Tiletum", "Koeln", "Leipzig", "Paris", "Troyes", "Strasbourg",
    "Frankfurt", "Nuernberg", "Praha", "Bordeaux", "Wien", "Lyon", "Milano", "Verona", "Venezia", "Toulouse",
    "Arles", "Genova", "Firenze",
}
PUBLIC_ROADS = {
    frozenset(p) for p in (("London", "Brugge"), ("Antwerpen", "Hamburg"), ("Paris", "Bordeaux"),
                           ("Strasbourg", "Milano"), ("Nuernberg", "Verona"), ("Arles", "Genova"))
}
PUBLIC_CATHEDRALS = {"London", "Koeln", "Paris", "Praha", "Bordeaux", "Wien", "Lyon", "Milano", "Firenze"}
# GameRules_Appendix_FairTiles_*: SetHousePillarX6, SetContractCathedralX5, ContractsX3, KingTrackPlus3,
# SetContractCrestX6, HousesX2, UpperFloorCharactersX3, CrestsX3, PillarsX2, CompletedBuildingsX5, CathedralsX4.
PUBLIC_FAIR_VP = [
    ("house_pillar", 6), ("contract_cathedral", 5), ("contract", 3), ("king_track", 3), ("contract_crest", 6),
    ("house", 2), ("upper_character", 3), ("crest", 3), ("pillar", 2), ("full_building", 5), ("cathedral", 4),
]


def _in_play(cat, n: int, pile: str | None = None, kind: str | None = None):
    """Setup step 4: with 3 players the '4' tiles are out, with 2 players the '3+' and '4' ones."""
    return [t for t in cat.tiles.values() if t.min_players <= n
            and (pile is None or t.pile == pile) and (kind is None or t.kind == kind)]


def _towns(cat):
    return [s for s in cat.map.spaces if s.kind == "town"]


def _adjacency(cat) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {s.id: set() for s in cat.map.spaces}
    for a, b in cat.map.roads:
        adj[a].add(b)
        adj[b].add(a)
    return adj


# ---------------------------------------------------------------- the two versions
def test_load_keeps_version_1_and_caches_both():
    """``load()`` is still today's catalogue (version 1), cached; ``load(version=2)`` is the other one."""
    assert load() is load(1) is load(version=1) is V1
    assert load(2) is load(version=2) is V2
    assert (V1.version, V2.version) == (1, 2)
    assert set(V1.files.values()) == set(catalogue.FILES)  # version 1 reads only the package root
    with pytest.raises(ValueError):
        load(3)


def test_version_2_reads_v2_files_in_place_of_version_1s():
    """Every file in data/v2 takes the place of its version 1 namesake; every other file is shared."""
    in_v2 = {p.name for p in resources.files("tiletum_tui.games.tiletum.data").joinpath("v2").iterdir() if p.name.endswith(".json")}
    assert in_v2 == {"map.json", "characters.json", "fair_tiles.json", "town_tiles.json", "cathedrals.json", "bonus_tiles.json"}
    assert {name for name, path in V2.files.items() if path.startswith("v2/")} == in_v2
    assert all(V2.files[name] == name for name in set(catalogue.FILES) - in_v2)


def _values_digest(cat) -> str:
    """A hash of every game value (not the notes, the provenance, or the v2-only fields left empty)."""
    def strip(o):
        if isinstance(o, dict):
            return {k: strip(v) for k, v in o.items()
                    if k not in ("provenance", "note") and not (k in ("town", "name") and v == "")}
        if isinstance(o, list):
            return [strip(v) for v in o]
        return o
    values = {k: strip(msgspec.to_builtins(getattr(cat, k))) for k in (
        "tiles", "fair_tiles", "construction_costs", "cathedral_groups", "town_tiles", "map", "board", "tracks")}
    return hashlib.sha256(msgspec.json.encode(values, order="sorted")).hexdigest()


def test_version_1_game_values_never_change():
    """Old saves hold version 1's ids and replay its rules: its values are the ones of the catalogue before
    rules version 2 existed (this hash was taken from that catalogue). A change belongs in a new version."""
    assert _values_digest(V1) == "5070d7d240bea583b58cf7a3f61853f48b60a103e913fb472a86cb33956c456a"
    assert _values_digest(V2) != _values_digest(V1)


# ---------------------------------------------------------------- counts printed in the rulebook
@BOTH
def test_rulebook_counts(cat):
    """Game Components: 45 Characters, 54 Bonus tiles, 26 Contracts, 11 Fair tiles, 25 Cathedral tiles,
    9 Construction Cost tiles (one the Unavailable Cathedral, setup 8), 8 Town tiles."""
    piles = Counter(t.pile for t in cat.tiles.values())
    assert piles == {"character": 45, "bonus": 54, "contract": 26}
    assert len(cat.fair_tiles) == 11
    assert sum(len(g.vp) for g in cat.cathedral_groups) == 25
    assert len(cat.construction_costs) == 9
    assert sum(c.unavailable for c in cat.construction_costs.values()) == 1
    assert len(cat.town_tiles) == 8


def _deal_groups(cat) -> dict[str, schema.CathedralGroup]:
    """Setup 8 as the engine deals it: each Cathedral, in map order, the first group as large as its Pillar spaces."""
    groups = list(cat.cathedral_groups)
    dealt = {}
    for s in cat.map.spaces:
        if s.has_cathedral:
            group = next(g for g in groups if len(g.vp) == len(s.pillar_spaces))
            groups.remove(group)
            dealt[s.id] = group
    assert not groups
    return dealt


@BOTH
def test_one_cathedral_per_construction_cost_tile_and_a_group_for_each(cat):
    """Setup 8: a Construction Cost tile under each of the 9 Cathedrals; each Cathedral's group of Cathedral
    tiles as large as its Pillar spaces (25 tiles over the 9; the Unavailable one's go back to the box)."""
    cathedrals = [s for s in cat.map.spaces if s.has_cathedral]
    assert len(cathedrals) == len(cat.construction_costs) == len(cat.cathedral_groups) == 9
    dealt = _deal_groups(cat)
    assert all(len(dealt[s.id].vp) == len(s.pillar_spaces) for s in cathedrals)


def test_v2_cathedral_groups_belong_to_their_towns():
    """Rules version 2: each group names its Town and the cathedral it depicts, and the deal gives it that Town."""
    dealt = _deal_groups(V2)
    assert {town: g.town for town, g in dealt.items()} == {town: town for town in dealt}
    assert all(g.name for g in V2.cathedral_groups)
    names = {s.id: s.name for s in V2.map.spaces}
    assert {names[g.town] for g in V2.cathedral_groups} == PUBLIC_CATHEDRALS


@BOTH
@PLAYERS
def test_cathedral_tiles_cover_the_pillar_spaces_in_use(cat, n):
    """Build a Cathedral: one tile per contribution and one Pillar per player, so a group never runs out
    while each Pillar space in use can bring one contribution (ruling 13)."""
    dealt = _deal_groups(cat)
    for s in cat.map.spaces:
        if s.has_cathedral:
            in_use = sum(1 for m in s.pillar_spaces if m <= n)
            assert 1 <= in_use <= len(dealt[s.id].vp), s.id


# ---------------------------------------------------------------- the v2 map
def test_v2_map_has_the_23_public_towns_and_6_road_spaces():
    """The online edition names 23 Towns and 6 spots between two Towns (Road spaces); nothing else."""
    towns = _towns(V2)
    roads = [s for s in V2.map.spaces if s.kind == "road"]
    assert {s.name for s in towns} == PUBLIC_TOWNS and len(towns) == 23
    assert len(roads) == 6
    names = {s.id: s.name for s in V2.map.spaces}
    adj = _adjacency(V2)
    assert {frozenset(names[t] for t in adj[r.id]) for r in roads} == PUBLIC_ROADS
    assert all(len(adj[r.id]) == 2 for r in roads)


def test_v2_map_ids():
    """The id style: three capital letters per Town, r01... per Road space; Tiletum keeps TIL."""
    for s in V2.map.spaces:
        assert re.fullmatch(r"[A-Z]{3}" if s.kind == "town" else r"r\d\d", s.id), s.id
    assert len({s.id for s in V2.map.spaces}) == len(V2.map.spaces)
    assert {s.id: s.name for s in V2.map.spaces}["TIL"] == "Tiletum"


def test_v2_cathedrals_are_the_9_public_ones():
    """The Cathedral strings name 9 Cathedral Towns, one per Construction Cost tile."""
    assert {s.name for s in V2.map.spaces if s.has_cathedral} == PUBLIC_CATHEDRALS
    for s in V2.map.spaces:
        assert bool(s.pillar_spaces) == s.has_cathedral, s.id


def test_v2_links():
    """Road spaces are only the 6 named ones; every other link joins two Towns directly, once."""
    kinds = {s.id: s.kind for s in V2.map.spaces}
    pairs = [frozenset(p) for p in V2.map.roads]
    assert len(set(pairs)) == len(pairs) and all(len(p) == 2 for p in pairs)
    assert all(kinds[a] == "town" or kinds[b] == "town" for a, b in V2.map.roads)  # no Road space next to another


@BOTH
def test_every_space_is_reachable_from_tiletum(cat):
    """Both pieces start in Tiletum (setup 13) and move one step to an adjacent spot: every space is reachable."""
    adj = _adjacency(cat)
    seen, todo = {"TIL"}, deque(["TIL"])
    while todo:
        for nxt in adj[todo.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(adj)


@BOTH
def test_road_spaces_hold_nothing(cat):
    """Appendix, Game board: Road spaces count for moving but hold no Houses, Pillars or Bonus tiles."""
    for s in cat.map.spaces:
        if s.kind == "road":
            assert not (s.house_spaces or s.pillar_spaces or s.bonus_spaces or s.has_cathedral or s.town_tile)


@BOTH
@PLAYERS
def test_in_most_towns_only_one_or_two_players_can_have_a_house(cat, n):
    """Fair phase: 'In most Towns, only one or two players can have a House', at every player count;
    every Town has a House space; Tiletum one per player (setup 13)."""
    usable = {s.id: sum(1 for h in s.house_spaces if h.min_players <= n) for s in _towns(cat)}
    assert usable["TIL"] == n
    assert min(usable.values()) >= 1
    one_or_two = sum(1 for k in usable.values() if k <= 2)
    assert one_or_two * 2 > len(usable), usable


@BOTH
def test_markings_are_2_3_or_4(cat):
    """Setup 4-5, appendix Game board: spaces and tiles are unmarked (2), '3+' or '4'."""
    for s in cat.map.spaces:
        for m in [h.min_players for h in s.house_spaces] + s.pillar_spaces + s.bonus_spaces:
            assert m in (2, 3, 4), s.id
        for h in s.house_spaces:
            assert (h.bonus == "vp") == (h.vp > 0), s.id
    assert {t.min_players for t in cat.tiles.values()} == {2, 3, 4}


@BOTH
def test_town_tiles(cat):
    """Setup 9 and the Fair phase: 8 Town tiles in 8 Towns other than Tiletum (its tile is printed), each with
    a House space at every player count; the map marks exactly those Towns."""
    towns = [t.town for t in cat.town_tiles.values()]
    spaces = {s.id: s for s in cat.map.spaces}
    assert len(set(towns)) == 8 and "TIL" not in towns
    assert all(spaces[t].kind == "town" and any(h.min_players == 2 for h in spaces[t].house_spaces) for t in towns)
    assert {s.id for s in cat.map.spaces if s.town_tile} == set(towns)


# ---------------------------------------------------------------- Bonus tiles for every draw
@BOTH
@PLAYERS
def test_bonus_tiles_suffice_for_every_draw(cat, n):
    """Setup 5: 6 on the wheel, 1 by the King track, 1 per map space in use; each Cleanup (rounds 1-3) refills
    all 6 wheel tiles at most, the King track's in rounds 1-2 only (round 4 pays 4 VP instead). The Bonus tiles
    in play at this player count (setup 4) must cover all of it, or a refill would find the pile empty."""
    wheel, rounds = len(cat.tracks.wheel), len(cat.tracks.fair_board_vp)
    map_spaces = sum(1 for s in cat.map.spaces for m in s.bonus_spaces if m <= n)
    most = wheel + 1 + map_spaces + (rounds - 1) * wheel + (rounds - 2)
    assert len(_in_play(cat, n, "bonus")) >= most, (len(_in_play(cat, n, "bonus")), most)


def test_v2_bonus_spaces_by_player_count():
    """The v2 map's Bonus-tile spaces in use: 9 / 16 / 22 with 2 / 3 / 4 players (one per Town but Tiletum with 4)."""
    assert [sum(1 for s in V2.map.spaces for m in s.bonus_spaces if m <= n) for n in (2, 3, 4)] == [9, 16, 22]


# ---------------------------------------------------------------- Buildings, Characters and Crests
def _fillers(copies: list[int], rooms: list[int], players: int) -> bool:
    """Can ``players`` players each fill every Building of ``rooms`` Rooms at once? Character Action: a Building
    holds copies of one Character design only and all copies a player places of a design go into one Building,
    so each player fills each Building from a different design; the copies of a design may be shared out
    between players. ``copies``: the copies in play of each design."""
    need = tuple(sorted(rooms, reverse=True))

    @functools.cache
    def solve(pool: tuple[tuple[int, bool], ...], k: int, left: int) -> bool:
        # pool: (copies left, used by the current player) per design, sorted; k: this player's next Building.
        if k == len(need):
            if left == 1:
                return True
            return solve(tuple(sorted((c, False) for c, _ in pool)), 0, left - 1)
        tried = set()
        for i, (c, used) in enumerate(pool):
            if used or c < need[k] or c in tried:
                continue
            tried.add(c)  # designs with as many copies left are alike
            nxt = list(pool)
            nxt[i] = (c - need[k], True)
            if solve(tuple(sorted(nxt)), k + 1, left):
                return True
        return False

    return players == 0 or solve(tuple(sorted((c, False) for c in copies)), 0, players)


def _rooms(cat) -> list[int]:
    """The Buildings that need Characters: the rightmost is pre-occupied ('counts as filled', ruling 10)."""
    return [b.rooms for b in cat.board.buildings if not b.preoccupied]


def _design_copies(cat, n: int) -> dict[str, int]:
    return Counter(t.design for t in _in_play(cat, n, "character"))


@PLAYERS
def test_v2_every_building_can_be_filled(n):
    """A player can fill all six Buildings (1, 2, 3, 3, 2 Rooms and the pre-occupied one) with the Characters in play."""
    assert sorted(_rooms(V2)) == [1, 2, 2, 3, 3]
    assert _fillers(list(_design_copies(V2, n).values()), _rooms(V2), 1)


@PLAYERS
def test_v2_every_character_in_play_can_fill_the_largest_building(n):
    """No trap: whatever design a player starts a Building with, its copies in play can fill a 3-Room Building."""
    largest = max(b.rooms for b in V2.board.buildings)
    assert set(_design_copies(V2, n).values()) == {largest}


def test_v2_characters_in_play_by_player_count():
    """Whole designs: 10 / 13 / 15 designs, 30 / 39 / 45 tiles; with 2 players two designs per Action."""
    assert [len(_design_copies(V2, n)) for n in (2, 3, 4)] == [10, 13, 15]
    assert [len(_in_play(V2, n, "character")) for n in (2, 3, 4)] == [30, 39, 45]
    assert Counter(t.action for t in _in_play(V2, 2, "character") if t.id.endswith("a")) == {
        a: 2 for a in ("contract", "merchant", "architect", "king", "character")}


def test_v1_has_the_two_player_trap():
    """The check above finds issue 12's trap in version 1: with 2 players every design has two copies in play,
    so the two 3-Room Buildings can never be filled (and 4+ Completed Buildings are out of reach)."""
    assert set(_design_copies(V1, 2).values()) == {2}
    assert not _fillers(list(_design_copies(V1, 2).values()), _rooms(V1), 1)
    assert _fillers(list(_design_copies(V1, 2).values()), [r for r in _rooms(V1) if r < 3], 1)


def _crest_holders(cat, n: int) -> int:
    """How many players can own all six Crest families at once (one of each family per player, appendix Crests)."""
    per_family = Counter(t.family for t in _in_play(cat, n, kind="crest"))
    assert len(per_family) == 6
    return min(per_family.values())


@BOTH
@PLAYERS
def test_every_crest_family_is_in_play(cat, n):
    """A Completed Building needs a Crest and each of the six has another family: all six must be in play."""
    assert _crest_holders(cat, n) >= 1


def _completers(cat, n: int) -> int:
    """How many players can complete all six Buildings at once (Characters and Crests both)."""
    copies = list(_design_copies(cat, n).values())
    by_characters = max(k for k in range(n + 1) if _fillers(copies, _rooms(cat), k))
    return min(by_characters, _crest_holders(cat, n))


def test_how_many_players_can_complete_every_building_at_once():
    """The table-wide limit, measured: version 2 lets every player complete all six Buildings with 2 or 3
    players and three of four with 4 (45 Characters cannot give four players 3+3+2+2+1 from different designs).
    Version 1: no one with 2 players (the trap), two of three with 3 (Stag, Tower and Wolf had two Crests)."""
    assert {n: _completers(V2, n) for n in (2, 3, 4)} == {2: 2, 3: 3, 4: 3}
    assert {n: _completers(V1, n) for n in (2, 3, 4)} == {2: 0, 3: 2, 4: 3}


@BOTH
@PLAYERS
def test_contracts_for_every_contract_space(cat, n):
    """Six Contract spaces per player (reference, Fulfil a Contract) and an offer of five (setup 6): the Contracts
    in play (offer pile and Bonus tiles) can fill every player's six spaces, and the offer can be dealt."""
    assert len(_in_play(cat, n, "contract")) >= 5
    assert len(_in_play(cat, n, kind="contract")) >= n * len(cat.board.contract_vp)


# ---------------------------------------------------------------- the drawing at 80x24 and larger
BOX_W, BOX_H = 12, 3  # ui/widgets/map_view.py: a 12x3 box per Town, centred on (round(y*sy)+1, round(x*sx)+6)


def _centre(s, sx, sy):
    return round(s.y * sy) + 1, round(s.x * sx) + BOX_W // 2


def _in_box(rc, centre) -> bool:
    (r, c), (r0, c0) = rc, centre
    return r0 - 1 <= r <= r0 + 1 and c0 - BOX_W // 2 <= c < c0 + BOX_W // 2


def _line(a, b):
    """The cells of map_view._line."""
    (r0, c0), (r1, c1) = a, b
    dr, dc = r1 - r0, c1 - c0
    n = max(abs(dc), 1) if abs(dr) * 4 < abs(dc) else max(abs(dr), 1)
    return [(round(r0 + dr * i / n), round(c0 + dc * i / n)) for i in range(n + 1)]


def _scales(cat):
    """80x24 (2.7 x 1.25) and the spread of larger views (map_view.scale_for)."""
    w, h = max(s.x for s in cat.map.spaces), max(s.y for s in cat.map.spaces)
    out = [(2.7, 1.25)]
    for width, height in ((100, 30), (120, 40), (160, 50), (240, 70)):
        out.append((min(5.0, max(2.7, (width - BOX_W - 3) / w)), min(2.0, max(1.25, (height - 7 - BOX_H) / h))))
    return out


@BOTH
def test_town_boxes_never_overlap_and_hide_nothing(cat):
    """At 80x24 and in larger terminals: no two Town boxes overlap, no Road space lies under a box, and no
    link is drawn under the box of a Town it does not join."""
    towns = _towns(cat)
    for sx, sy in _scales(cat):
        at = {s.id: _centre(s, sx, sy) for s in cat.map.spaces}
        for i, s in enumerate(towns):
            for t in towns[i + 1:]:
                (r0, c0), (r1, c1) = at[s.id], at[t.id]
                assert abs(r0 - r1) >= BOX_H or abs(c0 - c1) >= BOX_W, (s.id, t.id, sx, sy)
        for s in cat.map.spaces:
            if s.kind == "road":
                assert not any(_in_box(at[s.id], at[t.id]) for t in towns), (s.id, sx, sy)
        for a, b in cat.map.roads:
            for cell in _line(at[a], at[b]):
                assert not any(_in_box(cell, at[t.id]) for t in towns if t.id not in (a, b)), (a, b, t.id, sx, sy)


def test_v2_map_fits_an_80x24_view():
    """At 80x24 the drawing fits 78 columns (77: a scrollbar beside it) and about 25 rows."""
    at = [_centre(s, 2.7, 1.25) for s in V2.map.spaces]
    assert max(c for _, c in at) + BOX_W // 2 <= 78
    assert max(r for r, _ in at) + 2 <= 25
    assert min(s.x for s in V2.map.spaces) == 0 and min(s.y for s in V2.map.spaces) == 0


# ---------------------------------------------------------------- public values
def test_v2_fair_tiles_are_the_public_values_in_appendix_order():
    """The online edition's Fair tile strings give each tile's number; the file keeps the appendix order."""
    assert [(t.condition, t.vp) for t in V2.fair_tiles.values()] == PUBLIC_FAIR_VP
    assert [t.condition for t in V1.fair_tiles.values()] == [c for c, _ in PUBLIC_FAIR_VP]
