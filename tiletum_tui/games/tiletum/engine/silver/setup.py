"""Preparation (expansion text, "Preparation (Setup)"): the components join the game, the Underground
maps and the Technology board are laid out, and each player takes the new pieces.

The text orders steps 1-7 before the base setup; they draw on the game's generator after it here
(``after_setup``), which changes which tiles come up for a seed but no rule: nothing in the base
setup depends on them, nor they on it.
"""

from __future__ import annotations

import msgspec

from ...data import schema as fx
from ...data.silver_schema import SilverTile
from .. import rng
from ..effects import shuffle
from ..module_state import ModuleStates
from ..state import EMPTY, UNUSED, has_option, put
from .state import SilverPlayer, SilverState
from .tables import tables

A_SIDES = "silver.a-sides"  # "For the first game with the expansion ... the A-side of each Underground map"
FIRST_TECHNOLOGIES = "silver.first-technologies"  # "... the Architect Technology, Joker Technology, and Character Technology"
OPTIONS = {
    A_SIDES: "every Underground map A side up (recommended for a first game)",
    FIRST_TECHNOLOGIES: "the Architect, Joker and Character Technologies (recommended for a first game)",
}
UNDERGROUND_PILE = "underground"  # the pile of the Underground Bonus tiles (``Tile.pile``)


def _tile(t: SilverTile) -> fx.Tile:
    """An expansion tile as a catalogue tile: the base rules read its kind, price, effects and Action.
    (Its effects may be the expansion's own kinds: ``module.SilverModule.run_effect`` resolves them.)"""
    return fx.Tile(id=t.id, design=t.design, kind=t.kind, pile=t.pile, name=t.name, min_players=t.min_players,
                   effects=t.effects, pay=dict(t.pay), identical=t.identical, vp=t.vp, action=t.action)


def catalogue(cat: fx.Catalogue) -> fx.Catalogue:
    """"Before setting up, add the new Character tiles, Bonus tiles, and Fair tiles to their respective
    pools. When playing with the expansion, remove one specific Fair tile"; and the eighth Pillar, "on the
    last Contract space on your Player board" (ruling 26)."""
    d = tables().data
    tiles = {**cat.tiles, **{t.id: _tile(t) for t in d.tiles.values()}}
    removed = d.rules.rulings.removed_fair_tile
    fairs = {k: v for k, v in cat.fair_tiles.items() if k != removed}
    fairs.update({f.id: fx.FairTile(id=f.id, condition=f.condition, text=f.text, vp=f.vp) for f in d.fair_tiles.values()})
    per = d.rules.per_player
    board = msgspec.structs.replace(cat.board, pillars=cat.board.pillars + per.pillars,
                                    contract_pillars=per.extra_pillar_contract_space)
    return msgspec.structs.replace(cat, tiles=tiles, fair_tiles=fairs, board=board)


def setup(r, state) -> None:
    """Steps 1-7 before the base setup, then the players' steps 1-9 after it."""
    t = tables()
    d = t.data
    n = len(state.players)
    b = state.board
    box: list[str] = []
    # 2. The three Underground maps, each a random side up (the A sides, if chosen, for a first game).
    sides = {}
    for m in t.maps:
        if has_option(state.settings, A_SIDES):
            sides[m] = d.rules.setup.first_game_side
        else:
            g, k = rng.below(state.hidden.rng, 2)
            put(state.hidden, "rng", g)
            sides[m] = d.rules.setup.sides[k]
    towns = [s for m, side in sides.items() for s in t.side_spaces[(m, side)] if t.spaces[s].kind == "town"]
    # 3. Underground Bonus tiles by player count, shuffled, face up on the spaces in use; one on the
    #    Prospector Action (ruling 18); the rest face down.
    pile = []
    for tile in r.tiles.values():
        if tile.pile == UNDERGROUND_PILE:
            (pile if tile.min_players <= n else box).append(tile.id)
    shuffle(state, pile)
    map_bonus = {town: tuple(pile.pop() for mark in t.spaces[town].bonus_spaces if mark <= n) for town in towns}
    prospector_bonus = pile.pop() if pile else ""
    # 4. Construction Cost tiles, Silver and Gold shuffled apart, one under each Cathedral spot of its
    #    icon; each spot's group of Cathedral tiles, lowest VP at the bottom; the other groups to the box.
    costs = {kind: [c.id for c in d.construction_costs.values() if c.kind == kind] for kind in ("silver", "gold")}
    for kind in ("silver", "gold"):
        shuffle(state, costs[kind])
    construction_cost, cathedral_stack = {}, {}
    used_groups = set()
    for town in towns:
        spot = t.spaces[town]
        if spot.cathedral == "none":
            continue
        construction_cost[town] = costs[spot.cathedral].pop()
        group = d.cathedral_groups[spot.cathedral_group]
        order = sorted(range(len(group.vp)), key=lambda i: group.vp[i])
        cathedral_stack[town] = tuple(f"{group.group}.{i + 1}" for i in order)
        used_groups.add(group.group)
    for g in d.cathedral_groups.values():
        if g.group not in used_groups:
            box.extend(f"{g.group}.{i + 1}" for i in range(len(g.vp)))
    # 5. Three Technologies (the first game's three, if chosen); the Resource Bonus tiles on the
    #    Resource Technology's tier I when it is drawn.
    if has_option(state.settings, FIRST_TECHNOLOGIES):
        technologies = tuple(f"tech-{name}" for name in d.rules.setup.first_game_technologies)
    else:
        drawn = list(d.technologies)
        shuffle(state, drawn)
        technologies = tuple(drawn[:d.rules.setup.technologies_drawn])
    resource_tiles = tuple(d.resource_bonus_tiles) if "tech-resource" in technologies else ()
    # 7. The Scoring overlay, a random side up.
    g, k = rng.below(state.hidden.rng, d.rules.setup.scoring_overlay_sides)
    put(state.hidden, "rng", g)
    # The Underground Towns join the board: their House and Pillar spaces (used by player count, as
    # on the main map) and Bonus tiles, so every House, Pillar and Bonus tile rule counts them.
    put(b, "houses", {**b.houses, **{town: tuple(EMPTY if h.min_players <= n else UNUSED for h in t.spaces[town].house_spaces)
                                     for town in towns}})
    put(b, "pillars", {**b.pillars, **{town: tuple(EMPTY if mark <= n else UNUSED for mark in t.spaces[town].pillar_spaces)
                                       for town in construction_cost}})
    put(b, "map_bonus", {**b.map_bonus, **map_bonus})
    put(b, "box", b.box + tuple(box))
    # The players' steps: 1 Silver but the first player; a Prospector and a Mine on the starting map,
    # two Prospectors and two Mines in supply, three Mines by the King track; markers on the dark spaces.
    # (Step 7, the eighth Pillar on Contract space 6, is the catalogue's; step 8's tile back shows
    # each player's Bonus AP, ``Player.bonus_ap``; step 9: the new markers come only from the
    # Character Technology, so without it they never enter the game.)
    per = d.rules.per_player
    start = t.start[(t.starting_map, sides[t.starting_map])]
    players = tuple(
        SilverPlayer(silver=per.start_silver[state.turn_order.index(i)], prospectors={t.starting_map: start},
                     prospector_supply=per.prospectors - per.prospectors_on_start_map, mines=per.mines_in_supply,
                     king_mines=per.mines_by_king_track, technology={tech: 0 for tech in technologies})
        for i in range(n)
    )
    mines = {town: tuple(EMPTY if ms.min_players <= n else UNUSED for ms in t.spaces[town].mine_spaces) for town in towns
             if t.spaces[town].mine_spaces}
    silver = SilverState(
        players=players, sides=sides, mines=mines, setup_mines=tuple(range(n)), covered=(), technologies=technologies,
        resource_tiles=resource_tiles, prospector_bonus=prospector_bonus, scoring_side=d.scoring_overlay[k].side,
        construction_cost=construction_cost, cathedral_stack=cathedral_stack, underground_pile=tuple(pile),
    )
    put(state, "module_state", ModuleStates(silver=silver))
