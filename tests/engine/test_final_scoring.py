"""End of the Game and Final Scoring (rulebook): Houses x Pillars, Completed Buildings 0/0/5/10/20/30,
1 VP per 4 Resources, the score never below 0, ties to the earlier player in turn order.

Final scoring has no player decision: several tests call ``flow.final_scoring`` on an arranged position;
others play the King phase of round 4 (the highest scores 4 VP, no tile) into it. In those, this round's
Fair is a Cathedral-tile Fair nobody scores.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError, Scored, check, legal_actions, parse
from tiletum_tui.games.tiletum.engine.events import GameOver
from tiletum_tui.games.tiletum.engine.flow import final_scoring as _final_scoring
from tiletum_tui.games.tiletum.engine.queries import cathedral_available

from .conftest import (
    act, box_king_bonus, fair_now, game, give_action, king_track_at, quiet_corruption, rules, set_house, set_pillar,
    set_res, tile_of, to_king_phase,
)
from tiletum_tui.games.tiletum.engine.state import put

NO_FAIR = "fair-cathedral"
NONE = {"G": 0, "F": 0, "W": 0, "S": 0, "I": 0}


def _final(players=2, seed=1):
    """Round 4 after the Fair, nothing else to score: no Resources left, only the Tiletum House each."""
    s = game(players, seed=seed)
    put(s, "round", 4)
    put(s, "stack", ())
    for p in s.players:
        put(p, "resources", dict(NONE))
    return s


def final_scoring(s) -> list:
    """Final scoring of an arranged position; returns its events."""
    put(s, "events", ())
    _final_scoring(rules(s), s)
    return s.events


def _round4(players=2, seed=1, placement=None):
    s = _final(players, seed)
    box_king_bonus(s)
    quiet_corruption(s)
    fair_now(s, NO_FAIR)
    king_track_at(s, placement or {5: list(range(players))})
    return s


def _pillar_towns(s, k):
    return [t for t in s.board.pillars if cathedral_available(rules(s), s, t)][:k]


# ---------------------------------------------------------------- 1. Houses x Pillars
def test_houses_times_pillars():
    """Final Scoring 1: multiply Houses on the map by Pillars on the map.
    Ann: 3 Houses (Tiletum, Lyon, Hamburg) x 2 Pillars = 6; Bob: 1 House x 3 Pillars = 3."""
    s = _final()
    set_house(s, "LYO", 0, 0)
    set_house(s, "HAM", 0, 0)
    towns = _pillar_towns(s, 3)
    for t in towns[:2]:
        set_pillar(s, t, 0, 0)
    for t in towns:
        set_pillar(s, t, 1, 1)
    events = final_scoring(s)
    assert [p.vp for p in s.players] == [16, 13]
    assert [(e.player, e.vp, e.category) for e in events if isinstance(e, Scored)] == [
        (0, 6, "houses x pillars"), (1, 3, "houses x pillars")]
    assert [p.ledger.get("houses x pillars") for p in s.players] == [6, 3]


def test_no_pillars_no_points():
    """Final Scoring 1: Houses without Pillars multiply to 0 (Ann: 3 Houses, 0 Pillars)."""
    s = _final()
    set_house(s, "LYO", 0, 0)
    set_house(s, "HAM", 0, 0)
    events = final_scoring(s)
    assert [p.vp for p in s.players] == [10, 10]
    assert not [e for e in events if isinstance(e, Scored)]


def test_pillars_in_supply_do_not_count():
    """Final Scoring 1: only Houses and Pillars on the map count, not those in the supply or on the roofs."""
    s = _final()
    put(s.players[0], "houses", 6)
    put(s.players[0], "pillars", 7)
    set_pillar(s, _pillar_towns(s, 1)[0], 0, 0)
    final_scoring(s)
    assert s.players[0].vp == 10 + 1 * 1


# ---------------------------------------------------------------- 2. Completed Buildings
@pytest.mark.parametrize("completed,vp", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 10), (5, 20), (6, 30)])
def test_completed_buildings_table(completed, vp):
    """Final Scoring 2: for 1/2/3/4/5/6 Completed Buildings gain 0/0/5/10/20/30 VP."""
    s = _final()
    put(s.players[0], "completed", (True,) * completed + (False,) * (6 - completed))
    final_scoring(s)
    assert s.players[0].vp == 10 + vp
    assert s.players[1].vp == 10


def test_completed_buildings_played_out():
    """Completed Buildings (all Rooms filled + a Crest) built through real Character Actions and Crest Tasks,
    then the round-4 King phase and Final Scoring: Building 1 (Farmer), Building 2 (two Minstrels) and the
    pre-occupied Building 6 with Crests -> 3 Completed Buildings = 5 VP.
    Ann: 10 + 2 + 2 (Minstrels) + 5 (Crest space 6) + 5 (3 Completed) + 1 (7 Resources) = 25."""
    s = game(2, seed=1)
    ann = s.players[0]
    set_res(ann, F=13)
    put(ann, "storehouse", (tile_of(s, "character", design="c14"), tile_of(s, "character", design="c02"),
                            tile_of(s, "character", design="c02")))
    farmer, min1, min2 = ann.storehouse
    give_action(s, "character", 4)
    act(s, f"room {farmer} 1 1", f"room {min1} 2 1", f"room {min2} 2 2")  # 1 + 1 + 2 AP
    assert ann.resources["F"] == 14 and ann.vp == 14
    lion, eagle, stag = (tile_of(s, "crest", family=f) for f in ("Lion", "Eagle", "Stag"))
    put(ann, "storehouse", (lion, eagle, stag))
    act(s, f"crest {lion} 1", "skip")   # 6 Food; bonus: a House anywhere (declined)
    act(s, f"crest {eagle} 2", "skip")  # 6 Food; bonus: a Pillar anywhere (declined)
    act(s, f"crest {stag} 6")           # 2 Food; bonus: 5 VP
    assert ann.resources["F"] == 0 and ann.vp == 19
    act(s, "end")
    # jump to the end of round 4; Bob is highest (4 VP for him), Ann on 0
    put(s, "round", 4)
    box_king_bonus(s)
    quiet_corruption(s)
    fair_now(s, NO_FAIR)
    king_track_at(s, {5: [1, 0]})
    put(ann, "resources", {"G": 3, "F": 0, "W": 2, "S": 1, "I": 1})
    put(s.players[1], "resources", dict(NONE))
    events = to_king_phase(s)
    assert s.phase == "over"
    assert ann.vp == 25
    assert s.players[1].vp == 14
    final = {(e.player, e.category): e.vp for e in events if isinstance(e, Scored) and e.vp}
    assert final == {(1, "king"): 4, (0, "completed buildings"): 5, (0, "resources"): 1}
    assert sum(ann.ledger.values()) == ann.vp


def test_full_building_without_crest_is_not_completed():
    """Completed Buildings need both all Rooms filled and a Crest: Rooms alone score nothing at the end."""
    s = game(2, seed=1)
    ann = s.players[0]
    put(ann, "storehouse", (tile_of(s, "character", design="c03"), tile_of(s, "character", design="c04")))
    give_action(s, "character", 2)
    quarryman, weaver = ann.storehouse
    act(s, f"room {quarryman} 1 1", f"room {weaver} 5 1")  # Building 1 full, Building 5 half full
    assert not any(ann.completed)
    put(s, "stack", ())
    put(s, "round", 4)
    put(ann, "resources", dict(NONE))
    vp = ann.vp
    events = final_scoring(s)
    assert ann.vp == vp
    assert not [e for e in events if isinstance(e, Scored) and e.player == 0]


# ---------------------------------------------------------------- 3. Resources
@pytest.mark.parametrize("resources,vp", [
    ({}, 0),
    ({"G": 3}, 0),
    ({"G": 1, "F": 1, "W": 1, "S": 1}, 1),
    ({"F": 2, "I": 5}, 1),
    ({"G": 2, "F": 2, "W": 2, "S": 1, "I": 1}, 2),
    ({"G": 11, "S": 12}, 5),
])
def test_one_vp_per_four_resources(resources, vp):
    """Final Scoring 3: for every 4 Resources left (Gold included) gain 1 VP, rounded down."""
    s = _final()
    put(s.players[0], "resources", {**NONE, **resources})
    final_scoring(s)
    assert s.players[0].vp == 10 + vp


def test_all_three_add_up():
    """Final Scoring 1-3 together: 2 Houses x 2 Pillars = 4, 3 Completed = 5, 9 Resources = 2: 10 + 11 = 21."""
    s = _final()
    set_house(s, "VEN", 0, 0)
    for t in _pillar_towns(s, 2):
        set_pillar(s, t, 0, 0)
    put(s.players[0], "completed", (True, False, True, False, False, True))
    put(s.players[0], "resources", {"G": 4, "F": 1, "W": 1, "S": 2, "I": 1})
    final_scoring(s)
    assert s.players[0].vp == 21


# ---------------------------------------------------------------- the score never below 0
def test_score_never_below_zero_then_final_gains_count_in_full():
    """Victory Points: the marker may never go below 0. Bob, on 2 VP and on the -5 space in round 4, drops to
    0 (not -3); his 16 Resources then give 4 VP: he ends on 4, not 1."""
    s = _round4(placement={7: [0], 0: [1]})
    put(s.players[1], "vp", 2)
    put(s.players[1], "resources", {"G": 4, "F": 3, "W": 3, "S": 3, "I": 3})
    to_king_phase(s)
    assert s.phase == "over"
    assert s.players[1].vp == 4
    assert s.players[0].vp == 10 + 4 + 2


# ---------------------------------------------------------------- the winner
def test_most_points_wins():
    """The player with the most points is the winner, whatever the turn order."""
    s = _final(3)
    put(s.players[2], "vp", 30)
    put(s, "turn_order", (0, 1, 2))
    events = final_scoring(s)
    assert s.winner == 2
    assert events[-1] == GameOver(standings=(2, 0, 1), winner=2)


@pytest.mark.parametrize("order,winner", [([1, 0, 2], 1), ([0, 1, 2], 0), ([2, 0, 1], 0)])
def test_tie_goes_to_the_earlier_player_in_turn_order(order, winner):
    """In case of a tie, the tied player that is first in Turn Order wins (Ann and Bob on 20, Cid on 15)."""
    s = _final(3)
    put(s.players[0], "vp", 20)
    put(s.players[1], "vp", 20)
    put(s.players[2], "vp", 15)
    put(s, "turn_order", tuple(order))
    events = final_scoring(s)
    assert s.winner == winner
    assert events[-1].standings[:2] == tuple(o for o in order if o != 2)


def test_tie_uses_the_turn_order_set_by_the_last_king_phase():
    """King phase step 2 of round 4 sets the last turn order; Bob, highest on the King track, is first and
    wins the tie: Ann 15 + 0, Bob 10 + 4 (highest) + 1 (+1 space) = 15."""
    s = _round4(placement={6: [1], 5: [0]})
    put(s.players[0], "vp", 15)
    to_king_phase(s)
    assert s.turn_order == (1, 0)
    assert [p.vp for p in s.players] == [15, 15]
    assert s.winner == 1


def test_game_over_after_final_scoring():
    """At the conclusion of the 4th round the game ends: nobody has a decision left."""
    s = _round4()
    to_king_phase(s)
    assert s.phase == "over" and s.stack == ()
    assert s.winner == 0  # all on 10 VP and on 0: Ann, bottom of the stack, is highest and scores the 4 VP
    assert legal_actions(s) == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        check(s, parse("1: end"))
