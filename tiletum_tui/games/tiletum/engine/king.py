"""The King track: the King Action's steps (rulebook, King Action) and the King phase's Bonus tile
(rulebook, King phase step 1), which the highest player takes or discards."""

from __future__ import annotations

from .actions import Action, Rule, register, refuse
from .common import action_is, can_take, pop_spent, spend, store, use_ap
from .effects import king_steps
from .events import TileDiscarded
from .flow import finish_king_phase
from .state import ActionFrame, KingTileFrame, emit, put


class KingStep(Action, tag="king"):
    """Advance the King track marker one space."""

    RULE = Rule("Each AP of the King Action moves your marker one space up the King track.", "actions", "king-action")

    def ap_cost(self, r, state, frame) -> int:
        return 1

    def check(self, r, state, frame) -> None:
        action_is(frame, "king", what="Advancing on the King track")
        spend(frame, 1, "A King track step")
        if frame.player in state.board.king_track[-1]:
            raise refuse(f"your marker is on the top space ({r.tracks.king_track[-1]:+d} VP) already")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        if frame.player not in state.board.king_track[-1]:
            sure.append(_KING[frame.player])

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        return [_KING[frame.player]] if isinstance(frame, ActionFrame) and frame.action == "king" else []

    def apply(self, r, state, frame) -> None:
        king_steps(state, frame.player, 1)
        use_ap(frame)
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        return "advances one space on the King track"


def _king_phase(frame) -> None:
    if not isinstance(frame, KingTileFrame):
        raise refuse("the King track Bonus tile is handed out in the King phase")


class ClaimKingTile(Action, tag="claim"):
    RULE = Rule("In the King phase the highest player on the King track may take the Bonus tile beside it, if the "
                "Storehouse has room.", "rounds", "king")

    def check(self, r, state, frame) -> None:
        _king_phase(frame)
        can_take(r, state.players[frame.player], state.board.king_bonus)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        unsure.append(cls(frame.player))

    def apply(self, r, state, frame) -> None:
        store(state.players[frame.player], state.board.king_bonus)
        put(state.board, "king_bonus", "")
        finish_king_phase(r, state)

    def describe(self, r, state) -> str:
        t = state.board.king_bonus
        return f"takes the King track Bonus tile ({r.tile_name(t)})"


class DiscardKingTile(Action, tag="discard"):
    RULE = Rule("The highest player on the King track may instead throw that Bonus tile away.", "rounds", "king")

    def check(self, r, state, frame) -> None:
        _king_phase(frame)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        unsure.append(cls(frame.player))

    def apply(self, r, state, frame) -> None:
        tile = state.board.king_bonus
        put(state.board, "box", state.board.box + (tile,))
        put(state.board, "king_bonus", "")
        emit(state, TileDiscarded(tile=tile, why="discarded from the King track"))
        finish_king_phase(r, state)

    def describe(self, r, state) -> str:
        return "discards the King track Bonus tile"


register(KingStep, ClaimKingTile, DiscardKingTile)
_KING = [KingStep(seat) for seat in range(4)]
