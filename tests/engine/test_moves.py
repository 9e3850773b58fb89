"""Each kind of action lists its own moves (``Action.moves``, issue 18: "one home per kind of action"):
over random games of the base game, the Action-tiles variant and Prospect for Silver at 2-4 players,
at every decision every listed move passes ``check``, and no move ``check`` accepts is missing.

"Sampled exhaustively over each decision's parameter space": every kind of action the program knows,
for the player deciding, with every value of each of its fields (every map space, every tile in view,
every Resource, Building, floor, die, Action...), is held to ``check``; the set it accepts must be
exactly the set ``legal_actions`` lists.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tiletum_tui.games.tiletum.data.schema import DIE_COLOURS, RESOURCES
from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, apply_in_place, check, legal_actions, new_game
from tiletum_tui.games.tiletum.engine.actions import KINDS
from tiletum_tui.games.tiletum.engine.ruleset import rules_for

from .conftest import COLOURS, NAMES, is_legal, set_res
from tiletum_tui.games.tiletum.engine.state import put


def _silver_tables(state):
    if "silver" not in state.settings.modules:
        return None
    from tiletum_tui.games.tiletum.engine.silver.tables import tables

    return tables()


def _tiles_in_view(state, frame) -> list[str]:
    """Every tile a player could name now: the offers, the wheel, the map, the King track, the Storehouse,
    a bonus's waiting Characters (and the expansion's Prospector Wheel tile)."""
    b = state.board
    tiles = [*b.character_offer, *b.contract_offer, *b.wheel_bonus, b.king_bonus,
             *(t for ts in b.map_bonus.values() for t in ts), *state.players[frame.player].storehouse,
             *getattr(frame, "remaining", ())]
    if state.module_state:
        tiles.append(state.module_state.silver.prospector_bonus)
    return sorted({t for t in tiles if t})


def _domains(r, state, frame) -> dict[str, list]:
    """Every value each field of an action may take (beyond what is legal: the whole space)."""
    t = _silver_tables(state)
    spaces = list(r.spaces) + (list(t.spaces) if t else [])
    most_spaces = max(len(s.house_spaces) for s in r.spaces.values())
    if t:
        most_spaces = max([most_spaces] + [len(s.house_spaces) for s in t.spaces.values()]
                          + [len(s.mine_spaces) for s in t.spaces.values()])
    return {
        "to": spaces, "town": spaces, "space": list(range(1, most_spaces + 1)),
        "piece": ["merchant", "architect"], "tile": _tiles_in_view(state, frame),
        "resource": list(RESOURCES), "give": list(RESOURCES), "get": list(RESOURCES), "identical": list(RESOURCES),
        "building": list(range(1, len(r.player_board.buildings) + 1)), "floor": list(range(1, 4)),
        "value": list(range(1, 7)), "target": list(range(1, 7)), "colour": list(DIE_COLOURS), "bonus": [False, True],
        "action": [*r.actions],
        "map": list(t.maps) if t else [],
        "technology": [x.removeprefix("tech-") for x in t.data.technologies] if t else [],
    }


def every_move(r, state, frame):
    """Every action of every kind for the player deciding, over its fields' whole domains."""
    domains = _domains(r, state, frame)
    for cls in KINDS.values():
        fields = cls.__struct_fields__[1:]
        defaults = dict(zip(fields[len(fields) - len(cls.__struct_defaults__):], cls.__struct_defaults__))
        choices = []
        for f in fields:
            assert f in domains, f"{cls.__name__}.{f}: say which values it takes (the test's domains)"
            values = list(domains[f])
            if f in defaults and defaults[f] not in values:
                values.append(defaults[f])  # "" for an optional field
            choices.append(values)
        for values in itertools.product(*choices):
            yield cls(frame.player, *values)


def _a_copy_is_listed(r, state, a, listed) -> bool:
    """Copies of one Character design in the Storehouse are one choice of a Room: the listing offers the
    first copy only (what the game has always listed, pinned by tests/golden)."""
    if type(a).__name__ != "Room":
        return False
    design = r.tiles[a.tile].design
    return any(type(b) is type(a) and (b.building, b.floor) == (a.building, a.floor) and b.tile != a.tile
               and r.tiles[b.tile].design == design for b in listed)


def _settings(players: int, seed: int, modules: tuple[str, ...]) -> Settings:
    return Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                    modules=modules)


def assert_listing_complete(state) -> int:
    """At this decision: every listed move passes check, none twice, and none check accepts is missing."""
    r = rules_for(state.settings)
    frame = state.stack[-1]
    listed = legal_actions(state)
    assert len(set(listed)) == len(listed), "a move listed twice"
    for a in listed:
        check(state, a)  # raises if a listed move is illegal
    space = set(every_move(r, state, frame))
    assert set(listed) <= space, f"listed moves outside the test's domains: {set(listed) - space}"
    accepted = {a for a in space if is_legal(state, a)}
    missing = {a for a in accepted - set(listed) if not _a_copy_is_listed(r, state, a, listed)}
    assert not missing, f"{type(frame).__name__}: check accepts moves legal_actions does not list: {sorted(map(repr, missing))[:5]}"
    return len(space)


@pytest.mark.parametrize("modules", [(), ("action-tiles",), ("silver",)], ids=["base", "action-tiles", "silver"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_decision_lists_exactly_the_moves_check_accepts(players, modules):
    seed = players * 11 + len(modules)
    s = new_game(_settings(players, seed, modules))
    set_res(s.players[0], G=9, F=8)  # one player rich in Gold and Food, to reach more options
    if "silver" in modules:
        put(s.module_state.silver.players[0], "silver", 12)  # and in Silver: Technologies, Prospectors, Cathedrals
    rng = random.Random(seed)
    decisions = kinds = 0
    seen_frames = set()
    while s.phase != "over":
        kinds += assert_listing_complete(s)
        seen_frames.add(type(s.stack[-1]).__name__)
        decisions += 1
        apply_in_place(s, rng.choice(legal_actions(s)))
    assert decisions > 100 and {"TurnFrame", "ActionFrame", "KingTileFrame"} <= seen_frames
