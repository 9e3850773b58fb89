"""Checking and applying actions: one (check, do) pair per action type.

Each ``check`` raises IllegalActionError with the reason; ``apply_in_place`` always checks completely
before changing anything, so a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

from . import actions as A
from . import options, tasks, turn
from .common import pop_spent, refuse, top_frame
from .flow import end_turn
from .state import State

RULES = {
    A.TakeDie: (turn.check_take_die, turn.do_take_die),
    A.ChooseAction: (turn.check_choose, turn.do_choose),
    A.EndTurn: (turn.check_end, lambda state, frame, a: end_turn(state)),
    A.Done: (turn.check_done, turn.do_done),
    A.Skip: (turn.check_skip, turn.do_done),
    A.MovePiece: (options.check_move, options.do_move),
    A.PlaceHouse: (options.check_house, options.do_house),
    A.PlacePillar: (options.check_pillar, options.do_pillar),
    A.TakeBonus: (options.check_take_bonus, options.do_take_bonus),
    A.Hire: (options.check_hire, options.do_hire),
    A.Refresh: (options.check_refresh, options.do_refresh),
    A.Room: (options.check_room, options.do_room),
    A.TakeContract: (options.check_take_contract, options.do_take_contract),
    A.Exchange: (options.check_exchange, options.do_exchange),
    A.KingStep: (options.check_king, options.do_king),
    A.Gain: (options.check_gain, options.do_gain),
    A.Buy: (tasks.check_buy, tasks.do_buy),
    A.Fulfil: (tasks.check_fulfil, tasks.do_fulfil),
    A.PlaceCrest: (tasks.check_crest, tasks.do_crest),
    A.BuildCathedral: (tasks.check_cathedral, tasks.do_cathedral),
    A.UseHelper: (tasks.check_use, tasks.do_use),
    A.PickBuilding: (tasks.check_pick_building, tasks.do_pick_building),
    A.CharacterBonus: (tasks.check_bonus, tasks.do_bonus),
    A.ClaimKingTile: (tasks.check_claim, tasks.do_claim),
    A.DiscardKingTile: (tasks.check_discard, tasks.do_discard),
}


def check(state: State, action) -> None:
    """Raise IllegalActionError saying why, if ``action`` is not legal now; else return None."""
    frame = top_frame(state)
    rule = RULES.get(type(action))
    if rule is None:
        raise refuse(f"unknown action {action!r}")
    rule[0](state, frame, action)


def apply_in_place(state: State, action) -> None:
    """Apply a legal action to ``state`` itself; an illegal one raises and changes nothing."""
    check(state, action)
    frame = state.stack[-1]
    RULES[type(action)][1](state, frame, action)
    if isinstance(action, A.MovePiece | A.TakeBonus | A.Hire | A.Refresh | A.TakeContract | A.KingStep | A.PlaceHouse | A.PlacePillar):
        pop_spent(state, frame)
    state.actions += 1
