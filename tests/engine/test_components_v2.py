"""Rules version 2's components in play (issue 12): every Building can be filled and Completed at every
player count, so a 2-player game can reach 6 Completed Buildings and their 30 VP (rulebook, End of the
Game: "For 1/2/3/4/5/6 of them, gain 0/0/5/10/20/30 Victory Points").

The data-level proofs are in tests/data/test_catalogue_v2.py; here the engine itself places the
Characters, following its own Room rules (one design per Building, all copies together).
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import apply_in_place, legal_actions
from tiletum_tui.games.tiletum.engine.flow import final_scoring
from tiletum_tui.games.tiletum.engine.state import ActionFrame, put

from .conftest import game, give_action, rules, set_res


def _designs_in_play(r, players: int) -> dict[str, list[str]]:
    designs: dict[str, list[str]] = {}
    for t in r.tiles.values():
        if t.kind == "character" and t.min_players <= players:
            designs.setdefault(t.design, []).append(t.id)
    return designs


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_design_in_play_has_the_copies_to_fill_the_largest_building(players):
    r = rules(game(players, rules=2))
    largest = max(b.rooms for b in r.player_board.buildings if not b.preoccupied)
    designs = _designs_in_play(r, players)
    assert designs and all(len(ids) >= largest for ids in designs.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_player_fills_and_completes_all_six_buildings_through_the_rules(players):
    s = game(players, rules=2)
    r = rules(s)
    designs = iter(sorted(_designs_in_play(r, players).items(), key=lambda kv: -len(kv[1])))
    buildings = sorted(((b, spec.rooms) for b, spec in enumerate(r.player_board.buildings) if not spec.preoccupied),
                       key=lambda x: -x[1])
    crests = [t.id for t in r.tiles.values() if t.kind == "crest" and t.min_players <= players]
    families: dict[str, str] = {}
    for c in crests:
        families.setdefault(r.tiles[c].family, c)
    assert len(families) >= len(r.player_board.buildings), "a Crest of a different family for every Building"
    p = s.players[0]
    for b, rooms in buildings:
        _, ids = next(designs)
        for floor in range(1, rooms + 1):
            tile = ids[floor - 1]
            put(p, "storehouse", (tile,))
            give_action(s, "character", 3)
            room = next(a for a in legal_actions(s) if type(a).__name__ == "Room" and a.building == b + 1
                        and a.floor == floor and a.tile == tile)
            apply_in_place(s, room)
            put(s, "stack", s.stack[:1])  # whatever the Character's bonus asked, the next Room comes next
    for b, crest in zip(range(len(r.player_board.buildings)), families.values()):
        put(p, "storehouse", (crest,))
        set_res(p, F=9)
        put(s, "stack", (*s.stack[:1], ActionFrame(player=0, action="king", ap=0, source="die")))
        apply_in_place(s, next(a for a in legal_actions(s) if type(a).__name__ == "PlaceCrest" and a.building == b + 1))
        put(s, "stack", s.stack[:2])
    assert all(p.completed)
    put(s, "stack", ())
    before = p.vp
    final_scoring(r, s)
    assert p.ledger["completed buildings"] == r.tracks.completed_building_vp[6] == 30
    assert p.vp >= before + 30
