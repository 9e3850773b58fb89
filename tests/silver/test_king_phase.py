"""King Phase Changes (expansion text; docs/silver.md, rulings 9-11).

King track spaces (index: VP): 0:-5 ... 4:-1 5:0 6:+1 7:+2 ... 10:+5 11:+6 ... 14:+10 15:+12 16:+15; the blue
ribbon (authored) pays 1 Silver on +2 to +5, 2 on +6 to +10, 3 on +12 and +15.
"""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine.events import Noted
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.state import KingTileFrame

from .conftest import act, game, king_track_at, quiet_corruption, technologies, to_king_phase
from tiletum_tui.games.tiletum.engine.state import put


def _ready(players: int, placement: dict[int, list[int]]):
    s = game(players)
    king_track_at(s, placement)
    quiet_corruption(s)
    return s


def test_mine_income_comes_before_step_1():
    """"Before Step 1 of the King phase, all players gain income from the Mines they have on the Underground maps.
    Each Mine produces 1 Silver (including the one placed on the Underground in setup)." While the highest player
    still decides about the King track's Bonus tile (step 1), the Mines have paid and the ribbon has not."""
    s = _ready(2, {11: [0], 5: [1]})
    put(sv(s), "mines", {**sv(s).mines, "1A6": (0, -2)})
    events = to_king_phase(s)
    assert isinstance(s.stack[-1], KingTileFrame)
    assert Noted(player=0, text="+2 Silver from 2 Mines") in events  # told, for the King phase's announcement
    assert [me(s, i).silver for i in (0, 1)] == [0 + 2, 1 + 1]  # Ann: setup Mine + Malin; Bob: setup Mine
    act(s, "claim")
    assert me(s, 0).silver == 2 + 2  # then step 1: +6 pays 2 Silver on the ribbon


def test_a_marker_on_zero_or_higher_gains_a_mine_and_the_ribbons_silver():
    """"If your marker is on the 0 VP space or higher, place a new Mine from the general supply into your personal
    supply." "You receive any additional Silver indicated by the blue ribbon connected to the space with your
    marker." (rulings 10, 11) A red marker takes neither."""
    s = _ready(3, {15: [0], 5: [1], 4: [2]})
    to_king_phase(s)
    act(s, "discard")
    assert [me(s, i).mines for i in range(3)] == [3, 3, 2]
    assert [me(s, i).king_mines for i in range(3)] == [2, 2, 3]
    assert [me(s, i).silver for i in range(3)] == [0 + 1 + 3, 1 + 1 + 0, 1 + 1 + 0]


def test_no_mine_is_left_beside_the_track_then_none_is_gained():
    """Ruling 10: the three Mines beside the King track are the general supply; with none left, nothing."""
    s = _ready(2, {8: [0, 1]})
    put(me(s, 0), "king_mines", 0)
    to_king_phase(s)
    act(s, "discard")
    assert me(s, 0).mines == 2 and me(s, 1).mines == 3


def test_king_technology_iii_adds_a_silver_on_zero_or_higher():
    """King Technology III (authored): on 0 or higher, 1 Silver more than the ribbon shows."""
    s = _ready(2, {5: [0], 4: [1]})
    technologies(s, "king", "joker", "character", player=0, king=3)
    technologies(s, player=1, king=3)
    to_king_phase(s)
    act(s, "discard")
    assert me(s, 0).silver == 1 + 0 + 1 and me(s, 1).silver == 1 + 1  # Bob is on -1: no more


def test_round_4_pays_the_mines_and_the_ribbon_too():
    """Rulings 9 and 11: every round, round 4 too."""
    s = _ready(2, {14: [0], 5: [1]})
    put(s, "round", 4)
    put(s.board, "box", s.board.box + (s.board.king_bonus,))
    put(s.board, "king_bonus", "")
    to_king_phase(s)
    assert s.phase == "over"
    assert me(s, 0).silver == 0 + 1 + 2  # the setup Mine, the ribbon of +10 (2)
    assert s.players[0].ledger["silver"] == 3 // 2  # scored at the end
