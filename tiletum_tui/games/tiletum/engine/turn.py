"""The turn itself (rulebook, Action phase step 2): taking a die (changing it for Gold), the Joker's
choice, finishing an Action or a bonus, and ending the turn."""

from __future__ import annotations

from tiletum_tui.core.bounded import NumberError, read_int
from ..data.schema import ACTIONS, DIE_COLOUR_NAMES, DIE_COLOURS
from .actions import Action, Rule, read_field, register, refuse, short
from .common import can_take, gain_one, replaced, store
from .effects import turn_frame
from .action_kinds import any_option
from .errors import MalformedActionError
from .flow import end_turn
from .frozen import updated
from .queries import ap_for_die
from .queries import (
    ACTION_NAMES, action_for_value, change_die_gold, change_gold, die_actions, die_bonus_ap, die_bonus_tile,
    die_resource, die_steps, joker_ap, section_shares, takeable_tiles, wheel_position_for_value,
)
from .state import (
    ActionFrame, BuildingBonusFrame, JokerFrame, MoveAndPlaceFrame, MoveAnywhereFrame, MoveFrame, PickBuildingFrame,
    PlaceFrame, TurnFrame,
)
from .state import pop_frame, push, put, replace_top

_SEATS = range(4)
# For each die value and number of affordable +-1 steps: the values it can become.
_TARGETS = [[[t for t in range(1, 7) if die_steps(v, t) <= k] for k in range(7)] if v else [] for v in range(7)]
_REACH = [[sum(1 << t for t in ts) for ts in row] for row in _TARGETS]  # the same as bits of a mask


class TakeDie(Action, tag="die"):
    """Take a die of ``value`` and ``colour``, changed to ``target`` for 2 Gold a step; maybe take its Bonus tile.

    ``action`` is "" for the Action Wheel's Action beside it, or another Action its wheel section
    offers (a module's, ``queries.die_actions``): then that Action's AP and Bonus tile, never both."""

    value: int
    colour: str
    target: int
    bonus: bool = False
    action: str = ""

    RULE = Rule("Each turn starts by taking one die: its value in Resources of its colour, and 7 minus its value in "
                "AP for the Action beside it. Before taking it you may change it by 1 per 2 Gold (6 and 1 wrap "
                "round), and you may take the Bonus tile of its Action into your Storehouse.", "rounds", "turn")

    def check(self, r, state, frame) -> None:
        if not isinstance(frame, TurnFrame) or frame.die_taken:
            raise refuse("you have already taken your die this turn" if isinstance(frame, TurnFrame) else "finish the current choice first")
        if not 1 <= self.value <= 6 or self.colour not in state.board.wheel_dice[self.value - 1]:
            raise refuse(f"there is no {DIE_COLOUR_NAMES.get(self.colour, self.colour)} {self.value} on the Action Wheel")
        if not 1 <= self.target <= 6:
            raise refuse("die values run from 1 to 6")
        if self.action:
            shared = die_actions(r, state, self.target)
            if self.action not in shared[1:]:
                names = " or the ".join(ACTION_NAMES.get(a, a) for a in shared)
                raise refuse(f"a die of value {self.target} feeds the {names} Action, not the "
                             f"{ACTION_NAMES.get(self.action, self.action)} Action")
        p = state.players[frame.player]
        gold = change_gold(r, self.value, self.target, change_die_gold(r, state, frame.player))
        if p.resources["G"] < gold:
            raise refuse(f"changing a {self.value} to a {self.target} costs {gold} Gold and you have {p.resources['G']}")
        if self.bonus:
            t = die_bonus_tile(r, state, self.target, self.action)
            if not t:
                action = self.action or action_for_value(state, self.target)
                raise refuse(f"the {ACTION_NAMES[action]} Action has no Bonus tile")
            can_take(r, p, t, prefix="you cannot take its Bonus tile: ")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        if not frame.die_taken:
            sure += die_choices(r, state, frame.player)

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        """Every change of value and every Bonus tile, affordable or not."""
        if isinstance(frame, TurnFrame) and not frame.die_taken:
            return die_choices(r, state, frame.player, complete=True)
        return []

    def apply(self, r, state, frame: TurnFrame) -> None:
        seat, value, target, colour = frame.player, self.value, self.target, self.colour
        p = state.players[seat]
        if value != target:  # (an unchanged die costs nothing)
            gold = change_gold(r, value, target, change_die_gold(r, state, seat))
            if gold:
                gain_one(p, "G", -gold)
        b = state.board
        dice = b.wheel_dice  # (``replaced`` and ``_without``, inline: every turn takes a die)
        row = dice[value - 1]
        i = row.index(colour)
        put(b, "wheel_dice", dice[:value - 1] + (row[:i] + row[i + 1:],) + dice[value:])
        put(p, "dice", p.dice + (colour,))
        if self.bonus:
            if self.action:
                store(p, next(m.take_section_bonus(r, state, self.action) for m in r.modules
                               if m.section_bonus(r, state, self.action) is not None))
            else:
                pos = wheel_position_for_value(state, self.target)
                store(p, b.wheel_bonus[pos])
                put(b, "wheel_bonus", replaced(b.wheel_bonus, pos, ""))
        resource = die_resource(state, colour)
        res = p.resources
        put(p, "resources", updated(res, resource, res[resource] + target))  # (``gain_one``)
        put(frame, "die_taken", True)
        action = self.action or b.wheel_actions[(target - 1 + b.wheel_rotation) % 6]  # (``action_for_value``)
        for m in r.modules:
            m.die_taken(r, state, seat, target, action, resource)
        ap = 7 - target
        if action == "joker":
            push(state, JokerFrame(player=seat, ap=ap, source="die"))
        else:
            push(state, ActionFrame(player=seat, action=action, ap=ap + die_bonus_ap(r, state, seat, action),
                                           source="die"))

    def describe(self, r, state) -> str:
        text = f"takes the {DIE_COLOUR_NAMES[self.colour]} {self.value}"
        if self.target != self.value:
            text += f", changed to {self.target}"
        action = self.action or action_for_value(state, self.target)
        text += f" ({ACTION_NAMES[action]} Action, {ap_for_die(state, self.seat, self.target, self.action)} AP)"
        return text + (" and its Bonus tile" if self.bonus else "")

    # notation: die 3B>4 [prospector] +bonus
    def args_text(self) -> list[str]:
        spec = f"{self.value}{self.colour}" + (f">{self.target}" if self.target != self.value else "")
        return [spec] + ([self.action] if self.action else []) + (["+bonus"] if self.bonus else [])

    @classmethod
    def from_args(cls, seat: int, args: list[str], text: str):
        bonus = False
        if args and args[-1].lower() == "+bonus":
            bonus, args = True, args[:-1]
        action = ""
        if len(args) == 2:  # the Action, when the die's section offers another one
            action = read_field(cls, "action", args[1], text)
            args = args[:1]
        if len(args) != 1:
            raise MalformedActionError(f"'{short(text)}': expected 'die <value><colour>[><new value>] [<Action>] [+bonus]', "
                                       "e.g. 'die 3B>4 +bonus'")
        spec = args[0].upper()
        target_text = None
        if ">" in spec:
            spec, target_text = spec.split(">", 1)
        if len(spec) != 2 or spec[0] not in "0123456789" or spec[1] not in DIE_COLOURS:  # (not '٣', nor '²')
            raise MalformedActionError(f"'{short(text)}': a die is a value 1-6 and a colour letter ({'/'.join(DIE_COLOURS)}), e.g. '3B'")
        value = int(spec[0])
        try:
            target = read_int(target_text, digits=1) if target_text is not None else value
        except NumberError:
            raise MalformedActionError(f"'{short(text)}': the new value must be a number 1-6") from None
        if not (1 <= value <= 6 and 1 <= target <= 6):
            raise MalformedActionError(f"'{short(text)}': die values run from 1 to 6")
        return cls(seat, value=value, colour=spec[1], target=target, bonus=bonus, action=action)


def die_choices(r, state, seat: int, *, complete: bool = False) -> list:
    """Die choices the player can afford, with the Bonus tile where there is one to take, for the
    wheel's Action and any other Action the die's section offers (a module's).

    Legal by construction (the hot path of every playout). ``complete`` lists every change of
    value and every Bonus tile, affordable or not (for ``options``)."""
    p = state.players[seat]
    board = state.board
    gold = p.resources["G"]
    steps_affordable = 6 if complete else min(6, gold // change_die_gold(r, state, seat)) if gold else 0
    # By target value 1..6 (index 0 unused): a die of value t feeds wheel position (t - 1 + rotation) % 6.
    rotation = board.wheel_rotation
    bonus = board.wheel_bonus
    by_value = (*bonus[rotation:], *bonus[:rotation])
    if complete:
        with_bonus = (False, *(bool(t) for t in by_value))
    else:
        with_bonus = (False, *takeable_tiles(r, p, by_value))
    # The choices of one die depend only on these, and of the Bonus tiles only on those of the values it
    # can become: made once per ruleset and shared (they are values), so a game soon only looks them up.
    made = r.moves.get("dice")
    if made is None:
        made = r.moves["dice"] = {}
        r.moves["dice shared"] = {}
        r.moves["dice sections"] = {}
    # Other Actions of each target's section (a module's), each with its Bonus tile takeable or not.
    shared: tuple = _NO_SHARED
    shared_kind = 0
    if r.modules:
        shares = section_shares(r, state)
        bonus_of: dict = {}  # an Action's Bonus tile is the same whatever the die's value
        for t in range(1, 7):
            for a in shares[t]:
                if a not in bonus_of:
                    tile = die_bonus_tile(r, state, t, a)
                    bonus_of[a] = bool(tile) and (complete or takeable_tiles(r, p, (tile,))[0])
        # Which Actions share which values is the rotation's (``section_shares``): so the shared Actions
        # by value, and their number, are made once per rotation and takeable Bonus tiles.
        sections = r.moves["dice sections"]
        section_key = (rotation, *bonus_of.values())
        found = sections.get(section_key)
        if found is None:
            shared = tuple(tuple((a, bonus_of[a]) for a in others) for others in shares)
            kinds = r.moves["dice shared"]
            if shared not in kinds:
                kinds[shared] = len(kinds)
            found = sections[section_key] = (shared, kinds[shared])
        shared, shared_kind = found
    bits = 0
    for t in range(1, 7):
        if with_bonus[t]:
            bits |= 1 << t
    out: list = []
    v = 0
    for dice in board.wheel_dice:
        v += 1
        if dice:
            reach = bits & _REACH[v][steps_affordable]
            for colour in (dice if len(dice) == 1 else dict.fromkeys(dice)):
                key = (seat, v, colour, steps_affordable, reach, shared_kind)
                chunk = made.get(key)
                if chunk is None:
                    chunk = made[key] = _one_die(seat, v, colour, _TARGETS[v][steps_affordable], with_bonus, shared)
                out += chunk
    return out


_NO_SHARED = ((),) * 7


def _one_die(seat: int, v: int, colour: str, targets, with_bonus, shared) -> tuple:
    out = []
    append = out.append
    for target in targets:
        append(TakeDie(seat, v, colour, target))
        if with_bonus[target]:
            append(TakeDie(seat, v, colour, target, True))
        for action, bonus in shared[target]:
            append(TakeDie(seat, v, colour, target, False, action))
            if bonus:
                append(TakeDie(seat, v, colour, target, True, action))
    return tuple(out)


class ChooseAction(Action, tag="joker"):
    """Give the AP of a Joker (or a Helper's 'any Action') to one of the five other Actions."""

    action: str

    RULE = Rule("The Joker (or a Helper's 'any Action') gives all its AP to one of the five other Actions; they "
                "cannot be split.", "actions", "joker")

    def check(self, r, state, frame) -> None:
        if not isinstance(frame, JokerFrame):
            raise refuse("there is no Joker Action to give AP to")
        if self.action == "joker":
            raise refuse("the Joker gives its AP to one of the five other Actions")
        if self.action not in r.actions:
            raise refuse(f"there is no {ACTION_NAMES.get(self.action, self.action)} Action in this game")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Every Action of the game but the Joker (made once per ruleset and seat)."""
        key = ("joker", frame.player)
        made = r.moves.get(key)
        if made is None:
            made = r.moves[key] = tuple(cls(frame.player, a) for a in (*ACTIONS[:5], *(a for a in r.actions if a not in ACTIONS)))
        sure += made

    def apply(self, r, state, frame: JokerFrame) -> None:
        ap = joker_ap(state, frame.player, frame.ap, frame.source, self.action)
        replace_top(state, ActionFrame(player=frame.player, action=self.action, ap=ap, source=frame.source))

    def describe(self, r, state) -> str:
        return f"gives the AP to the {ACTION_NAMES[self.action]} Action"


class EndTurn(Action, tag="end"):
    RULE = Rule("A turn ends once its die is taken and nothing is left half done. Unspent AP are lost; then the "
                "Contract offer slides right and refills.", "rounds", "turn")

    def check(self, r, state, frame) -> None:
        if state.phase != "action" or not state.stack:
            raise refuse("there is no turn to end")
        if not turn_frame(state).die_taken:
            raise refuse("take a die first: every turn uses one die")
        rest = state.stack[1:]
        if len(rest) > 1 or (rest and getattr(rest[0], "source", "") != "die"):
            raise refuse("finish the current choice first")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Listed once the die is taken and only the die's own Action is open: then it is always legal,
        and at any other moment of a turn never (``near_misses`` shows it refused)."""
        n = len(state.stack)  # (``_endable``, inline: asked at every decision of a turn)
        if (n == 1 and frame.die_taken) or (n == 2 and frame.source == "die"):
            sure.append(_END[frame.player])

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, (TurnFrame, ActionFrame, JokerFrame)) and not _endable(state, frame):
            return [_END[frame.player]]
        return []

    def apply(self, r, state, frame) -> None:
        end_turn(r, state)

    def describe(self, r, state) -> str:
        return "ends the turn"


def _endable(state, frame) -> bool:
    stack = state.stack
    n = len(stack)
    return (n == 1 and frame.die_taken) or (n == 2 and frame.source == "die")


class Done(Action, tag="done"):
    """Finish the Action (or bonus) in hand; unspent AP are lost."""

    RULE = Rule("Finishing an Action or a bonus gives up what is left of it. A Helper's Action must be used for at "
                "least 1 AP first.", "actions", "ap")

    def check(self, r, state, frame) -> None:
        if isinstance(frame, ActionFrame):
            if frame.source == "helper" and frame.spent == 0 and any_option(r, state, frame):
                raise refuse("a Helper must be used for something: spend at least 1 AP")
            return
        if isinstance(frame, (MoveAndPlaceFrame, BuildingBonusFrame)):
            return
        raise refuse("there is nothing to finish here")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Always allowed in an Action but a Helper's unused one; a bonus's Done is for ``check``."""
        if isinstance(frame, ActionFrame) and not (frame.source == "helper" and frame.spent == 0):
            sure.append(_DONE[frame.player])
        else:
            unsure.append(_DONE[frame.player])

    def apply(self, r, state, frame) -> None:
        pop_frame(state)

    def describe(self, r, state) -> str:
        f = state.stack[-1] if state.stack else None
        if isinstance(f, ActionFrame):
            unused = f" ({f.ap} AP unused)" if f.ap else ""
            return f"finishes the {ACTION_NAMES[f.action]} Action{unused}"
        return "finishes"


class Skip(Action, tag="skip"):
    """Decline an optional bonus."""

    RULE = Rule("Bonuses are optional: any move or placement a bonus offers may be skipped.", "actions", "map")

    def check(self, r, state, frame) -> None:
        if not isinstance(frame, _SKIPPABLE) and not getattr(frame, "skippable", False):
            raise refuse("this choice cannot be skipped")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        unsure.append(_SKIP[frame.player])

    def apply(self, r, state, frame) -> None:
        pop_frame(state)

    def describe(self, r, state) -> str:
        return "skips the bonus"


# Decisions that are optional bonuses (a module's frames say so with ``skippable = True``).
_SKIPPABLE = (MoveFrame, PlaceFrame, MoveAnywhereFrame, PickBuildingFrame)


register(TakeDie, ChooseAction, EndTurn, Done, Skip)
# The moves that finish something without doing anything: the turn, the Action or bonus in hand, a bonus declined
# (the one 'finish' key makes them; a recap tells nothing of them).
FINISHING = (EndTurn, Done, Skip)
# Actions are frozen values, so the common ones are made once per seat and shared by every listing.
_END = [EndTurn(seat) for seat in _SEATS]
_DONE = [Done(seat) for seat in _SEATS]
_SKIP = [Skip(seat) for seat in _SEATS]
