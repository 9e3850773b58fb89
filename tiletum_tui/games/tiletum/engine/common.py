"""Small pieces shared by the rule modules: refusing with a reason, spending AP, changing a player.

Containers of a state are never changed in place (``state.py`` says why): the helpers here
replace a player's Resources, Storehouse or ledger with new values.
"""

from __future__ import annotations

from ..data.schema import RESOURCE_NAMES
from .actions import refuse
from .errors import IllegalActionError, NotEnoughAPError
from .frozen import added, updated
from .queries import ACTION_NAMES, why_cannot_take
from .state import ActionFrame, JokerFrame, State, TurnFrame, pop_frame, put


def top_frame(state: State):
    if not state.stack:
        raise refuse("the game is over" if state.phase == "over" else "nobody is to decide now")
    return state.stack[-1]


def helper_active(state: State) -> bool:
    return any(getattr(f, "source", "") == "helper" for f in state.stack)


def tasks_open(state: State, frame) -> None:
    if state.phase != "action" or not isinstance(frame, (TurnFrame, ActionFrame, JokerFrame)):
        raise refuse("Tasks can be done only between choices of your own turn, not in the middle of this one")


def spend(frame, ap: int, what: str) -> None:
    if not isinstance(frame, ActionFrame):
        raise refuse(f"{what} needs an Action with AP")
    if frame.ap < ap:
        raise NotEnoughAPError(f"{what} costs {ap} AP and you have {frame.ap} AP left")


def real_refusal(r, state: State, action, short: NotEnoughAPError) -> IllegalActionError:
    """Why ``action`` is refused, when the AP check spoke first: a reason that more AP would not cure (no
    House in your supply, a Mine already in that Town) comes before "costs 1 AP and you have 0 left"."""
    if not isinstance(state.stack[-1], ActionFrame):
        return short
    # A check only reads the state (``apply_in_place`` checks the live game before changing it), so
    # the rich copy needs its own top frame and stack alone; everything else is shared, unchanged.
    rich = state.__copy__()
    top = state.stack[-1].__copy__()
    put(rich, "stack", (*state.stack[:-1], top))
    put(top, "ap", 1 << 10)
    try:
        action.check(r, rich, top)
    except NotEnoughAPError:
        return short
    except IllegalActionError as other:
        return other
    return short


def use_ap(frame: ActionFrame, ap: int = 1) -> None:
    """Spend AP of an Action (checked before by ``spend``); ``spent`` feeds the Helper rule."""
    put(frame, "ap", frame.ap - ap)
    put(frame, "spent", frame.spent + ap)


def action_is(frame, *names: str, what: str) -> None:
    if not isinstance(frame, ActionFrame) or frame.action not in names:
        wanted = " or ".join(ACTION_NAMES[n] for n in names)
        raise refuse(f"{what} is an option of the {wanted} Action")


def affordable(have: dict[str, int], cost: dict[str, int]) -> bool:
    return all(have.get(r, 0) >= n for r, n in cost.items())


def pay_check(have: dict[str, int], cost: dict[str, int], what: str) -> None:
    for r, n in cost.items():
        if have.get(r, 0) < n:
            raise refuse(f"{what} needs {n} {RESOURCE_NAMES[r]} and you have {have.get(r, 0)}")


def piece_at(p, piece: str) -> str:
    return p.merchant if piece == "merchant" else p.architect


def pop_spent(state, frame) -> None:
    """An Action from a Helper or effect with no AP left is over (the die's Action waits for 'end')."""
    if isinstance(frame, ActionFrame) and frame.ap <= 0 and frame.source != "die" and state.stack and state.stack[-1] is frame:
        pop_frame(state)


def can_take(r, player, tile_id: str, prefix: str = "") -> None:
    """Refuse, with the Storehouse rule that stops it, a tile this player cannot take."""
    reason = why_cannot_take(r, player, tile_id)
    if reason:
        raise refuse(prefix + reason)


# ---------------------------------------------------------------- changing a player (never in place)
def gain(p, amounts: dict[str, int]) -> None:
    """Add (or, with negative amounts, pay) Resources."""
    put(p, "resources", added(p.resources, amounts))


def gain_one(p, resource: str, n: int) -> None:
    put(p, "resources", updated(p.resources, resource, p.resources[resource] + n))


def store(p, tile_id: str) -> None:
    """A tile goes into the Storehouse (checked before by ``can_take``)."""
    put(p, "storehouse", p.storehouse + (tile_id,))


def unstore(p, tile_id: str) -> None:
    """A tile leaves the Storehouse (the first copy of that id)."""
    s = list(p.storehouse)
    s.remove(tile_id)
    put(p, "storehouse", tuple(s))


def replaced(items: tuple, index: int, value) -> tuple:
    """``items`` with one element replaced."""
    return items[:index] + (value,) + items[index + 1:]


def without(items: tuple, value) -> tuple:
    """``items`` without the first occurrence of ``value``."""
    i = items.index(value)
    return items[:i] + items[i + 1:]
