"""The turn itself: taking a die (changing it for Gold), the Joker's choice, finishing and ending."""

from __future__ import annotations

from ..data import schema as fx
from ..data.schema import DIE_RESOURCE
from . import actions as A
from .common import can_take, die_steps, player_of, refuse
from .effects import turn_frame
from .errors import IllegalActionError
from .queries import ACTION_NAMES, TRACKS, action_for_value, wheel_position_for_value
from .state import State, ActionFrame, BuildingBonusFrame, JokerFrame, MoveAndPlaceFrame, MoveAnywhereFrame, MoveFrame, PickBuildingFrame, PlaceFrame, TurnFrame


# ---------------------------------------------------------------- the die
def check_take_die(state, frame, a: A.TakeDie) -> None:
    if not isinstance(frame, TurnFrame) or frame.die_taken:
        raise refuse("you have already taken your die this turn" if isinstance(frame, TurnFrame) else "finish the current choice first")
    if a.colour not in state.board.wheel_dice[a.value - 1]:
        raise refuse(f"there is no {fx.DIE_COLOUR_NAMES[a.colour]} {a.value} on the Action Wheel")
    p = player_of(state, frame)
    gold = TRACKS.change_die_gold * die_steps(a.value, a.target)
    if p.resources["G"] < gold:
        raise refuse(f"changing a {a.value} to a {a.target} costs {gold} Gold and you have {p.resources['G']}")
    if a.bonus:
        t = state.board.wheel_bonus[wheel_position_for_value(state, a.target)]
        if not t:
            raise refuse(f"the {ACTION_NAMES[action_for_value(state, a.target)]} Action has no Bonus tile")
        can_take(p, t, prefix="you cannot take its Bonus tile: ")


def do_take_die(state, frame: TurnFrame, a: A.TakeDie) -> None:
    p = player_of(state, frame)
    p.resources["G"] -= TRACKS.change_die_gold * die_steps(a.value, a.target)
    state.board.wheel_dice[a.value - 1].remove(a.colour)
    p.dice.append(a.colour)
    if a.bonus:
        pos = wheel_position_for_value(state, a.target)
        p.storehouse.append(state.board.wheel_bonus[pos])
        state.board.wheel_bonus[pos] = ""
    resource = frame.resource_override or DIE_RESOURCE[a.colour]
    p.resources[resource] += a.target
    frame.die_taken = True
    action = action_for_value(state, a.target)
    ap = 7 - a.target
    if action == "joker":
        state.stack.append(JokerFrame(player=frame.player, ap=ap, source="die"))
    else:
        state.stack.append(ActionFrame(player=frame.player, action=action, ap=ap + p.bonus_ap.get(action, 0), source="die"))


def check_choose(state, frame, a: A.ChooseAction) -> None:
    if not isinstance(frame, JokerFrame):
        raise refuse("there is no Joker Action to give AP to")
    if a.action == "joker":
        raise refuse("the Joker gives its AP to one of the five other Actions")


def do_choose(state, frame: JokerFrame, a: A.ChooseAction) -> None:
    ap = frame.ap
    if frame.source == "die":  # Bonus AP apply through the Joker, never to Helpers or effects
        ap += state.players[frame.player].bonus_ap.get(a.action, 0)
    state.stack[-1] = ActionFrame(player=frame.player, action=a.action, ap=ap, source=frame.source)


def check_end(state, frame, a) -> None:
    if state.phase != "action" or not state.stack:
        raise refuse("there is no turn to end")
    base = turn_frame(state)
    if not base.die_taken:
        raise refuse("take a die first: every turn uses one die")
    rest = state.stack[1:]
    if len(rest) > 1 or (rest and getattr(rest[0], "source", "") != "die"):
        raise refuse("finish the current choice first")


def check_done(state, frame, a) -> None:
    if isinstance(frame, ActionFrame):
        if frame.source == "helper" and frame.spent == 0 and any_option(state, frame):
            raise refuse("a Helper must be used for something: spend at least 1 AP")
        return
    if isinstance(frame, (MoveAndPlaceFrame, BuildingBonusFrame)):
        return
    raise refuse("there is nothing to finish here")


def do_done(state, frame, a) -> None:
    state.stack.pop()


def check_skip(state, frame, a) -> None:
    if not isinstance(frame, (MoveFrame, PlaceFrame, MoveAnywhereFrame, PickBuildingFrame)):
        raise refuse("this choice cannot be skipped")


def any_option(state: State, frame: ActionFrame) -> bool:
    """Whether an Action frame has any option to spend AP on (for the Helper 'use it for something' rule)."""
    from .legal import action_options  # local: legal imports the rules

    for a in action_options(state, frame):
        if isinstance(a, A.Done):
            continue
        try:
            from .rules import RULES

            RULES[type(a)][0](state, frame, a)
            return True
        except IllegalActionError:
            pass
    return False
