"""Actions: one small frozen Struct per atomic choice, with its notation, check, apply, words and rule.

Every kind of action lives in one class, in the module of its rulebook section (``turn``,
``map_actions``, ``characters``, ``contracts``, ``king``, ``tasks``, ``bonuses``):

- its fields (the first is always ``seat``: who takes it, 0-based);
- ``check`` (raise ``IllegalActionError`` with the reason) and ``apply`` (change the state);
- ``moves`` (how its moves are listed for a decision; ``engine.legal`` asks the kinds each decision
  offers) and ``near_misses`` (the refused options a player would look for, shown greyed);
- ``describe`` (the action in plain words) and ``RULE`` (the rule behind it, for explanations);
- its notation: ``verb`` + the fields in order, e.g. ``2: die 3B>4 +bonus`` (seat numbers from 1).

``notation(action)`` gives the text and ``parse(text)`` the action (``parse(notation(a)) == a``);
docs/notation.md documents both with examples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from tiletum_tui.core.bounded import NumberError, read_int
from ..data.schema import RESOURCES
from .errors import IllegalActionError, MalformedActionError

# Every Action any ruleset knows, by name (a module adds its own with ``name_action``).
ACTION_NAMES = {a: a.capitalize() for a in ("architect", "merchant", "character", "contract", "king", "joker")}


def name_action(action: str, title: str) -> None:
    """Make a module's Action known by name (to the notation, the words and the screens)."""
    ACTION_NAMES.setdefault(action, title)


@dataclass(frozen=True)
class Rule:
    """The rule behind an action or decision in one or two sentences, and where the rules browser
    explains it (a page id and a section id of ``learn.pages``)."""

    text: str
    page: str
    section: str


class Action(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="verb", gc=False):
    """Base of every action. ``seat`` is the player who takes it (an index into ``State.players``)."""

    seat: int

    RULE: ClassVar[Rule]
    # Fields written without their name in the notation and left out when empty ("" or False).
    OPTIONAL_TEXT: ClassVar[tuple[str, ...]] = ()

    # ---- the rules (each kind overrides these)
    def check(self, r, state, frame) -> None:
        raise NotImplementedError

    def apply(self, r, state, frame) -> None:
        raise NotImplementedError

    def describe(self, r, state) -> str:
        """What the action does, in words, as said of the player taking it ("moves the Merchant to Lyon").
        Call it before the action is applied."""
        raise NotImplementedError

    def ap_cost(self, r, state, frame) -> int:
        """AP this option spends (0 for choices that spend none)."""
        return 0

    # ---- how its moves are listed (``engine.legal`` calls these for the kinds a decision offers)
    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Add this kind's moves for the decision ``frame``: to ``sure`` those legal by construction
        (made only where the conditions of ``check`` hold), to ``unsure`` those ``check`` must judge."""

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        """Moves of this kind a player would look for now even when the rules refuse them."""
        return []

    # ---- notation
    @classmethod
    def verb(cls) -> str:
        return cls.__struct_config__.tag

    def args_text(self) -> list[str]:
        out = []
        for field in self.__struct_fields__[1:]:
            value = getattr(self, field)
            if field in self.OPTIONAL_TEXT and value in ("", False):
                continue
            out.append(str(value))
        return out

    @classmethod
    def from_args(cls, seat: int, args: list[str], text: str):
        fields = cls.__struct_fields__[1:]
        defaults = len(cls.__struct_defaults__)
        required = len(fields) - defaults
        if not required <= len(args) <= len(fields):
            usage = " ".join([cls.verb(), *(f"<{f}>" for f in fields)])
            raise MalformedActionError(f"'{short(text)}': expected '{usage}'")
        values = {}
        for field, arg in zip(fields, args):
            values[field] = read_field(cls, field, arg, text)
        return cls(seat, **values)


def read_field(cls, field: str, arg: str, text: str):
    """One notation word as the value of a field, checked."""
    ftype = cls.__annotations__[field]
    if ftype == "int":
        return _number(arg, field, text)
    if field in ("resource", "give", "get", "identical"):
        return _choice(arg.upper(), RESOURCES, "a Resource", text)
    if field == "piece":
        return _choice(arg.lower(), ("merchant", "architect"), "the piece", text)
    if field == "action":  # any Action but the Joker, the modules' too (a ruleset without one refuses it)
        return _choice(arg.lower(), tuple(a for a in ACTION_NAMES if a != "joker"), "the Action", text)
    return arg


def _number(word: str, what: str, text: str) -> int:
    """A number of the notation (``bounded.read_int``: digits 0-9, a few of them), else why not."""
    try:
        return read_int(word)
    except NumberError as exc:
        raise MalformedActionError(f"'{short(text)}': {what} {exc}, not '{short(word, 20)}'") from None


def _choice(value: str, allowed, what: str, text: str) -> str:
    if value not in allowed:
        raise MalformedActionError(f"'{short(text)}': {what} must be one of {', '.join(allowed)}, not '{short(value)}'")
    return value


def short(text: str, limit: int = 60) -> str:
    """A piece of input quoted back in a message: cut when long (with its length), never a control character."""
    clean = "".join(c if c.isprintable() else "?" for c in str(text))
    return clean if len(clean) <= limit else f"{clean[:limit]}… ({len(clean):,} characters)"


# The base game's kinds of action by verb; filled by ``register`` as the rule modules are imported.
BASE_KINDS: dict[str, type[Action]] = {}
# Every kind of action this program knows by verb: the base game's and every module's (a module lists
# its own in ``Module.kinds``; ``ruleset.known_modules`` adds them here, ``sync_kinds``).
KINDS: dict[str, type[Action]] = {}
OWNER: dict[str, str] = {}  # verb -> the module whose kind of action it is ("" the base game)


def register(*classes: type[Action]) -> None:
    """The base game's kinds of action (a module's are its ``Module.kinds``)."""
    for cls in classes:
        if cls.verb() in BASE_KINDS and BASE_KINDS[cls.verb()] is not cls:
            raise AssertionError(f"two kinds of action share the verb {cls.verb()!r}")
        BASE_KINDS[cls.verb()] = cls
        KINDS[cls.verb()] = cls
        OWNER[cls.verb()] = ""


def sync_kinds(modules: dict[str, tuple[type[Action], ...]]) -> None:
    """Make ``KINDS`` the base game's kinds and those of these modules (by module name)."""
    kinds, owner = dict(BASE_KINDS), dict.fromkeys(BASE_KINDS, "")
    for name, classes in modules.items():
        for cls in classes:
            if cls.verb() in kinds:
                first = owner[cls.verb()] or "the base game"
                raise AssertionError(f"two kinds of action share the verb {cls.verb()!r} ({first} and {name})")
            kinds[cls.verb()], owner[cls.verb()] = cls, name
    KINDS.clear()
    KINDS.update(kinds)
    OWNER.clear()
    OWNER.update(owner)


def kinds_of(modules: tuple[str, ...]) -> dict[str, type[Action]]:
    """The verbs of a ruleset of these modules: the base game's and theirs."""
    return {verb: cls for verb, cls in KINDS.items() if OWNER[verb] in ("", *modules)}


_SEAT = re.compile(r"^\s*(\d+)\s*:\s*")


def notation(action: Action) -> str:
    """The action's text, e.g. ``2: die 3B>4 +bonus``, ``1: move merchant LYO``, ``1: fulfil k07a S``."""
    return f"{action.seat + 1}: " + " ".join([action.verb(), *action.args_text()])


def notation_of_move(action: Action) -> str:
    """The notation without the seat (``die 3B>4 +bonus``): what a person types for the player in turn."""
    return " ".join([action.verb(), *action.args_text()])


def refuse(reason: str) -> IllegalActionError:
    return IllegalActionError(reason)
