"""Actions: one small frozen Struct per atomic choice, each with a text notation that round-trips.

``notation(action)`` gives the text, ``parse(text)`` the action (``parse(notation(a)) == a``).
The notation is documented with examples in docs/notation.md.
"""

from __future__ import annotations

from typing import Union

import msgspec

from ..data.schema import ACTIONS, DIE_COLOURS, RESOURCES
from .errors import MalformedActionError


class _Action(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="verb"):
    pass


# ---- the turn
class TakeDie(_Action, tag="die"):
    """Take a die of ``value`` and ``colour``, changed to ``target`` for 2 Gold a step; maybe take its Bonus tile."""

    value: int
    colour: str
    target: int
    bonus: bool = False


class ChooseAction(_Action, tag="joker"):
    """Give the AP of a Joker (or a Helper's 'any Action') to one of the five other Actions."""

    action: str


class EndTurn(_Action, tag="end"):
    pass


class Done(_Action, tag="done"):
    """Finish the Action (or bonus) in hand; unspent AP are lost."""


class Skip(_Action, tag="skip"):
    """Decline an optional bonus."""


# ---- Action options
class MovePiece(_Action, tag="move"):
    piece: str  # "merchant" or "architect"
    to: str  # map space id


class PlaceHouse(_Action, tag="house"):
    town: str
    space: int  # House space number in the Town, from 1


class PlacePillar(_Action, tag="pillar"):
    town: str


class TakeBonus(_Action, tag="take"):
    """Take a Bonus tile from the Town where the Action's piece stands."""

    tile: str


class Hire(_Action, tag="hire"):
    """Take a Character from the offer into the Storehouse."""

    tile: str


class Refresh(_Action, tag="refresh"):
    """Discard the whole Character offer and refill it."""


class Room(_Action, tag="room"):
    """Move a Character from the Storehouse into Building ``building`` (1-6), floor ``floor`` (1-3)."""

    tile: str
    building: int
    floor: int


class TakeContract(_Action, tag="contract"):
    tile: str


class Exchange(_Action, tag="exchange"):
    give: str
    get: str


class KingStep(_Action, tag="king"):
    """Advance the King track marker one space."""


class Gain(_Action, tag="gain"):
    """Choose one Resource to gain."""

    resource: str


# ---- Tasks
class Buy(_Action, tag="buy"):
    resource: str


class Fulfil(_Action, tag="fulfil"):
    tile: str
    identical: str = ""  # the Resource paid for the 'identical Resources' part


class PlaceCrest(_Action, tag="crest"):
    tile: str
    building: int


class BuildCathedral(_Action, tag="cathedral"):
    town: str


class UseHelper(_Action, tag="use"):
    tile: str
    resource: str = ""  # for the Helper that changes the Resource a die gives


# ---- Building Bonus and the King phase
class PickBuilding(_Action, tag="building"):
    building: int


class CharacterBonus(_Action, tag="bonus"):
    tile: str


class ClaimKingTile(_Action, tag="claim"):
    pass


class DiscardKingTile(_Action, tag="discard"):
    pass


Action = Union[
    TakeDie, ChooseAction, EndTurn, Done, Skip, MovePiece, PlaceHouse, PlacePillar, TakeBonus, Hire, Refresh,
    Room, TakeContract, Exchange, KingStep, Gain, Buy, Fulfil, PlaceCrest, BuildCathedral, UseHelper,
    PickBuilding, CharacterBonus, ClaimKingTile, DiscardKingTile,
]
TASKS = (Buy, Fulfil, PlaceCrest, BuildCathedral, UseHelper)
ALL_ACTIONS: tuple[type, ...] = Action.__args__  # type: ignore[attr-defined]
_BY_VERB = {cls.__struct_config__.tag: cls for cls in ALL_ACTIONS}


def verb(action: _Action) -> str:
    return type(action).__struct_config__.tag


def notation(action: _Action) -> str:
    """The action's short text, e.g. ``die 3B>4 +bonus``, ``move merchant LYO``, ``fulfil k07a S``."""
    if isinstance(action, TakeDie):
        text = f"die {action.value}{action.colour}"
        if action.target != action.value:
            text += f">{action.target}"
        return text + (" +bonus" if action.bonus else "")
    parts = [verb(action)]
    for field in action.__struct_fields__:
        value = getattr(action, field)
        if value == "" and field in ("identical", "resource"):
            continue
        parts.append(str(value))
    return " ".join(parts)


def _check_choice(value: str, allowed, what: str, text: str) -> str:
    if value not in allowed:
        raise MalformedActionError(f"'{text}': {what} must be one of {', '.join(allowed)}, not '{value}'")
    return value


def parse(text: str) -> _Action:
    """Read an action from its notation; raise MalformedActionError saying what is wrong."""
    words = text.split()
    if not words:
        raise MalformedActionError("empty action")
    head, args = words[0].lower(), words[1:]
    if head == "die":
        return _parse_die(text, args)
    cls = _BY_VERB.get(head)
    if cls is None:
        raise MalformedActionError(f"'{text}': unknown action '{head}' (known: {', '.join(sorted(_BY_VERB))})")
    fields = cls.__struct_fields__
    required = len(fields) - len(cls.__struct_defaults__)
    if not required <= len(args) <= len(fields):
        usage = " ".join([head, *(f"<{f}>" for f in fields)])
        raise MalformedActionError(f"'{text}': expected '{usage}'")
    values = {}
    for field, arg in zip(fields, args):
        ftype = cls.__annotations__[field]
        if ftype == "int":
            try:
                values[field] = int(arg)
            except ValueError:
                raise MalformedActionError(f"'{text}': {field} must be a number, not '{arg}'") from None
        elif field in ("resource", "give", "get", "identical"):
            values[field] = _check_choice(arg.upper(), RESOURCES, "a Resource", text)
        elif field == "piece":
            values[field] = _check_choice(arg.lower(), ("merchant", "architect"), "the piece", text)
        elif field == "action":
            values[field] = _check_choice(arg.lower(), ACTIONS[:5], "the Action", text)
        else:
            values[field] = arg
    return cls(**values)


def _parse_die(text: str, args: list[str]) -> TakeDie:
    bonus = False
    if args and args[-1].lower() == "+bonus":
        bonus, args = True, args[:-1]
    if len(args) != 1:
        raise MalformedActionError(f"'{text}': expected 'die <value><colour>[><new value>] [+bonus]', e.g. 'die 3B>4 +bonus'")
    spec = args[0].upper()
    target_text = None
    if ">" in spec:
        spec, target_text = spec.split(">", 1)
    if len(spec) != 2 or not spec[0].isdigit() or spec[1] not in DIE_COLOURS:
        raise MalformedActionError(f"'{text}': a die is a value 1-6 and a colour letter ({'/'.join(DIE_COLOURS)}), e.g. '3B'")
    value = int(spec[0])
    try:
        target = int(target_text) if target_text is not None else value
    except ValueError:
        raise MalformedActionError(f"'{text}': the new value must be a number 1-6") from None
    if not (1 <= value <= 6 and 1 <= target <= 6):
        raise MalformedActionError(f"'{text}': die values run from 1 to 6")
    return TakeDie(value=value, colour=spec[1], target=target, bonus=bonus)
