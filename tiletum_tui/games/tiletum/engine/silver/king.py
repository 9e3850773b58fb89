"""King Phase Changes (expansion text): Mine income before step 1; in step 1 a Mine and the blue
ribbon's Silver for markers on 0 or higher.

"Before Step 1 of the King phase, all players gain income from the Mines they have on the
Underground maps. Each Mine produces 1 Silver (including the one placed on the Underground in
setup)." (ruling 9: every round, round 4 too.) Then in step 1, "If your marker is on the 0 VP space
or higher, place a new Mine from the general supply into your personal supply" (the three Mines
set beside the King track: ruling 10) and "You receive any additional Silver indicated by the blue
ribbon connected to the space with your marker" (ruling 11).
"""

from __future__ import annotations

from ..effects import run_effects
from ..events import Noted
from ..queries import king_space
from ..state import emit, put
from .categories import TECHNOLOGIES
from .common import me, sv, whenever
from .tables import tables


def mines_on_maps(state, player: int) -> int:
    """A player's Mines on the Underground maps, the setup Mine on the starting Pithead too."""
    s = sv(state)
    return sum(row.count(player) for row in s.mines.values()) + s.setup_mines.count(player)


def mine_income(r, state) -> None:
    per = tables().data.rules.king_phase.silver_per_mine
    for i in range(len(state.players)):
        mines = mines_on_maps(state, i)
        p = me(state, i)
        put(p, "silver", p.silver + per * mines)
        emit(state, Noted(player=i, text=f"+{per * mines} Silver from {mines} Mine{'s' if mines != 1 else ''}"))


def king_step_one(r, state, player: int) -> None:
    """Step 1 for one player, after the King track's VP (the space it scores, before step 2 moves red
    markers up)."""
    space = king_space(state, player)
    if r.tracks.king_track[space] < tables().data.rules.king_phase.mine_from_vp:
        return  # a red marker takes no Mine, and the red spaces have no ribbon
    p = me(state, player)
    if p.king_mines:  # none left: nothing (ruling 10)
        put(p, "king_mines", p.king_mines - 1)
        put(p, "mines", p.mines + 1)
        emit(state, Noted(player=player, text="+1 Mine from beside the King track"))
    ribbon = tables().ribbon[space]
    if ribbon:
        put(p, "silver", p.silver + ribbon)
        emit(state, Noted(player=player, text=f"+{ribbon} Silver from the blue ribbon"))
    run_effects(r, state, player, whenever(state, player, "king_on_zero_or_higher"), source="effect",
                why="King Technology", category=TECHNOLOGIES)
