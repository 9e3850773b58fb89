"""The King phase (rulebook, 'King phase' steps 1-2; reference page, 'King phase').

King track spaces used here (tracks.json, authored; index: VP):
0:-5 1:-4 2:-3 3:-2 4:-1 5:0 6:+1 7:+2 8:+3 9:+4 10:+5 11:+6 12:+7 13:+8 14:+10 15:+12 16:+15.
Every scenario makes this round's Fair score nothing (a Cathedral-tile Fair, nobody has one) and makes the
next round's Corruption tokens 0, so only the King phase moves VP and markers.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError
from tiletum_tui.games.tiletum.engine.events import TileDiscarded
from tiletum_tui.games.tiletum.engine.state import KingTileFrame

from .conftest import (
    act, box_king_bonus, fair_now, game, king_track_at, legal, quiet_corruption, tile_of, to_king_phase,
)
from tiletum_tui.games.tiletum.engine.state import put

NO_FAIR = "fair-cathedral"  # nobody holds a Cathedral tile in these scenarios: the Fair scores 0


def _ready(players: int, placement: dict[int, list[int]], round_: int = 1, seed: int = 1):
    s = game(players, seed=seed)
    put(s, "round", round_)
    if round_ == 4:
        box_king_bonus(s)  # no tile after the Cleanup of round 3
    king_track_at(s, placement)
    quiet_corruption(s)
    fair_now(s, NO_FAIR)
    return s


def _positions(s) -> dict[int, list[int]]:
    return {i: list(st) for i, st in enumerate(s.board.king_track) if st}


# ---------------------------------------------------------------- step 1: the Bonus tile
def test_king_phase_follows_the_third_lap():
    """Action phase: after three turns each, the game proceeds to the King phase; the highest decides."""
    s = _ready(3, {8: [1], 7: [0], 5: [2]})
    to_king_phase(s)
    assert s.phase == "king"
    assert isinstance(s.stack[-1], KingTileFrame) and s.stack[-1].player == 1
    assert legal(s) == {"claim", "discard"}


def test_highest_takes_the_bonus_tile():
    """Step 1: the player whose marker is highest takes the Bonus tile next to the track (into the Storehouse)."""
    s = _ready(3, {8: [1], 7: [0], 5: [2]})
    tile = s.board.king_bonus
    to_king_phase(s)
    act(s, "claim")
    assert s.players[1].storehouse == (tile,)
    assert s.players[0].storehouse == () and s.players[2].storehouse == ()
    assert tile not in s.board.box


def test_highest_may_discard_the_bonus_tile():
    """Step 1: '... takes (or discards) the Bonus tile'; a discarded tile leaves the game."""
    s = _ready(3, {8: [1], 7: [0], 5: [2]})
    tile = s.board.king_bonus
    to_king_phase(s)
    events = act(s, "discard")
    assert all(p.storehouse == () for p in s.players)
    assert tile in s.board.box
    assert s.board.king_bonus != tile
    assert TileDiscarded(tile=tile, why="discarded from the King track") in events


@pytest.mark.parametrize("stack", [[2, 0], [0, 2]])
def test_tie_for_the_tile_goes_to_the_bottom_marker(stack):
    """Step 1: tied for the highest position, the tie goes to the player with the bottommost marker."""
    s = _ready(3, {9: stack, 4: [1]})
    to_king_phase(s)
    assert s.stack[-1].player == stack[0]
    act(s, "claim")
    assert len(s.players[stack[0]].storehouse) == 1 and s.players[stack[1]].storehouse == ()


def test_full_storehouse_can_only_discard():
    """Bonus tiles and the Storehouse: you need an empty Storehouse space to take a tile; so the highest
    player with a full Storehouse (4 tiles) can only discard it."""
    s = _ready(2, {10: [0], 5: [1]})
    put(s.players[0], "storehouse", tuple(tile_of(s, "helper") for _ in range(4)))
    tile = s.board.king_bonus
    to_king_phase(s)
    assert legal(s) == {"discard"}
    with pytest.raises(IllegalActionError, match=r"Storehouse is full \(4/4\)"):
        act(s, "claim")
    act(s, "discard")
    assert tile not in s.players[0].storehouse and len(s.players[0].storehouse) == 4
    assert tile in s.board.box


def test_round_4_gives_4_vp_instead_of_a_tile():
    """Step 1: no Bonus tile in the last round: the highest scores 4 VP (then their space as everyone)."""
    s = _ready(3, {8: [1], 5: [0], 2: [2]}, round_=4)
    for p in s.players:
        put(p, "resources", dict.fromkeys(p.resources, 0))  # final scoring then adds nothing
    to_king_phase(s)
    assert s.phase == "over"  # no decision waited for
    assert [p.vp for p in s.players] == [10, 10 + 4 + 3, 10 - 3]
    assert all(p.storehouse == () for p in s.players)


def test_round_4_tie_gives_the_4_vp_to_the_bottom_marker():
    """Step 1: the 4 VP go to the bottommost of the highest stack."""
    s = _ready(2, {8: [1, 0]}, round_=4)
    for p in s.players:
        put(p, "resources", dict.fromkeys(p.resources, 0))
    to_king_phase(s)
    assert [p.vp for p in s.players] == [10 + 3, 10 + 4 + 3]


# ---------------------------------------------------------------- step 1: everyone scores their space
def test_everyone_scores_red_blue_or_nothing():
    """Step 1: lose VP in the red part, gain in the blue part, nothing on the start space.
    +15 / +10 / 0 / -5 from 10 VP each."""
    s = _ready(4, {16: [0], 14: [1], 5: [2], 0: [3]})
    to_king_phase(s)
    act(s, "discard")
    assert [p.vp for p in s.players] == [25, 20, 10, 5]


def test_claiming_the_tile_does_not_change_the_scoring():
    """Step 1: the tile and the space scoring are separate: the highest still scores their space."""
    s = _ready(2, {12: [1], 3: [0]})
    to_king_phase(s)
    act(s, "claim")
    assert [p.vp for p in s.players] == [10 - 2, 10 + 7]


def test_king_track_loss_never_takes_the_score_below_0():
    """Victory Points: your marker on the Scoring track may never go below 0 (3 VP on the -5 space -> 0)."""
    s = _ready(2, {7: [0], 0: [1]})
    put(s.players[1], "vp", 3)
    to_king_phase(s)
    act(s, "discard")
    assert [p.vp for p in s.players] == [12, 0]


# ---------------------------------------------------------------- step 2: turn order
def test_new_turn_order_from_the_king_track():
    """Step 2: highest becomes first player, second-highest second, ...; a shared space goes to the
    bottommost marker (it was there first)."""
    s = _ready(4, {9: [3], 7: [2, 1], 3: [0]})
    to_king_phase(s)
    act(s, "discard")
    assert s.turn_order == (3, 2, 1, 0)
    assert s.round == 2 and s.stack[0].player == 3  # the next round starts with the new first player


def test_turn_order_from_one_stack_is_bottom_to_top():
    """Step 2: all on one space: the order of the stack from the bottom is the turn order."""
    s = _ready(3, {5: [2, 0, 1]})
    to_king_phase(s)
    assert s.stack[-1].player == 2
    act(s, "discard")
    assert s.turn_order == (2, 0, 1)


def test_red_markers_back_to_0_lowest_on_top():
    """Step 2: markers in the red part move up to 0 keeping their order: the previously lowest ends on top.
    Markers already on 0 stay under them; a red stack keeps its own order."""
    s = _ready(4, {5: [3], 3: [1, 2], 1: [0]})
    to_king_phase(s)
    act(s, "discard")
    assert _positions(s) == {5: [3, 1, 2, 0]}
    assert s.turn_order == (3, 1, 2, 0)


def test_red_markers_all_red():
    """Step 2: with nobody on 0, the least negative marker ends at the bottom of the 0 stack."""
    s = _ready(3, {4: [2], 2: [0], 0: [1]})
    to_king_phase(s)
    act(s, "discard")
    assert _positions(s) == {5: [2, 0, 1]}
    assert [p.vp for p in s.players] == [10 - 3, 10 - 5, 10 - 1]


def test_blue_markers_stay():
    """Step 2: markers in the blue part are not moved."""
    s = _ready(3, {12: [0], 9: [1], 2: [2]})
    to_king_phase(s)
    act(s, "discard")
    assert _positions(s) == {12: [0], 9: [1], 5: [2]}
    assert s.turn_order == (0, 1, 2)


def test_reset_order_decides_the_next_ties():
    """Step 2 then the next King phase: two markers reset from -1 and -4 share 0; the one from -1 is lower in
    the stack, so it wins the next tie for the tile and the turn order."""
    s = _ready(2, {1: [0], 4: [1]})
    to_king_phase(s)
    act(s, "discard")
    assert _positions(s) == {5: [1, 0]}
    fair_now(s, NO_FAIR)
    to_king_phase(s)
    assert s.stack[-1].player == 1
    act(s, "discard")
    assert s.turn_order == (1, 0)
