"""Conservation checks: every tile, die, House and Pillar is somewhere, exactly once.

Used by the property tests after every action of random games; returns the problems found.
"""

from __future__ import annotations

from collections import Counter

from .ruleset import rules_for
from .state import State


def problems(state: State) -> list[str]:
    out: list[str] = []
    r = rules_for(state.settings)
    CAT, TRACKS, BOARD = r.cat, r.tracks, r.player_board
    b, h = state.board, state.hidden
    n = len(state.players)
    where: Counter[str] = Counter()
    for pile in (h.bonus_pile, h.contract_pile, h.character_pile, b.contract_offer, b.character_offer, b.wheel_bonus, [b.king_bonus], b.box):
        where.update(t for t in pile if t)
    for tiles in b.map_bonus.values():
        where.update(tiles)
    for stack in b.cathedral_stack.values():
        where.update(stack)
    where.update(f.tile for f in b.fairs)
    where.update(CAT.town_tiles[t].id for t in CAT.town_tiles if any(f.town == CAT.town_tiles[t].town for f in b.fairs[1:]))
    for p in state.players:
        where.update(p.storehouse)
        where.update(t for rooms in p.rooms for t in rooms if t and t != "*")
        where.update(t for t in p.crests if t)
        where.update(t for t in p.contracts if t)
        where.update(p.cathedral_tiles)
    expected = list(CAT.tiles) + list(CAT.fair_tiles) + list(CAT.town_tiles)
    expected += [f"{g.group}.{i + 1}" for g in CAT.cathedral_groups for i in range(len(g.vp))]
    for m in r.modules:  # the module's places of tiles, its own tiles, and its own components
        out += m.problems(r, state, where, expected)
    for t in expected:
        if where[t] != 1:
            out.append(f"tile {t} is in {where[t]} places")
    extra = set(where) - set(expected)
    if extra:
        out.append(f"unknown tiles {sorted(extra)}")
    dice = len(h.bag) + sum(len(d) for d in b.wheel_dice) + sum(len(p.dice) for p in state.players)
    if dice != 5 * n:
        out.append(f"{dice} dice in play, expected {5 * n}")
    tokens = sorted(h.corruption_pool + h.corruption_row + b.corruption_revealed)
    if tokens != sorted(TRACKS.corruption_tokens):
        out.append(f"Corruption tokens {tokens}")
    markers = sorted(p for stack in b.king_track for p in stack)
    if markers != list(range(n)):
        out.append(f"King track markers {markers}")
    for i, p in enumerate(state.players):
        houses = p.houses + sum(p.roof) + sum(row.count(i) for row in b.houses.values())
        if houses != BOARD.houses:
            out.append(f"{p.name} has {houses} Houses, expected {BOARD.houses}")
        on_contracts = sum(1 for c in p.contracts[: BOARD.contract_pillars] if not c)
        pillars = p.pillars + on_contracts + sum(row.count(i) for row in b.pillars.values())
        if pillars != BOARD.pillars:
            out.append(f"{p.name} has {pillars} Pillars, expected {BOARD.pillars}")
        if any(v < 0 for v in p.resources.values()):
            out.append(f"{p.name} has negative Resources {p.resources}")
        if p.vp < 0:
            out.append(f"{p.name} has {p.vp} VP")
        if len(p.storehouse) > BOARD.storehouse:
            out.append(f"{p.name}'s Storehouse holds {len(p.storehouse)} tiles")
        if sum(p.ledger.values()) != p.vp:
            out.append(f"{p.name}'s ledger sums to {sum(p.ledger.values())}, not {p.vp}")
    return out
