"""An action read from its notation (``parse``): the verbs of the base game and of every module the
registry names (``ruleset.known_modules``), or of one game's ruleset."""

from __future__ import annotations

from tiletum_tui.core.bounded import move_too_long
from .actions import _SEAT, KINDS, OWNER, Action, _number, short
from .errors import MalformedActionError
from .ruleset import known_modules


def parse(text: str, seat: int | None = None, rules=None) -> Action:
    """Read an action from its notation; raise MalformedActionError saying what is wrong.

    The seat comes first (``2: die 3B``, numbered from 1). Without it, ``seat`` (0-based) is used:
    the headless command and the tutorial pass the player who is to decide. With ``rules`` (a game's
    ruleset) only its verbs are known: a base game refuses an expansion's verb here, as unknown;
    without, every verb this program knows is read."""
    if not isinstance(text, str):
        raise MalformedActionError("an action is a line of text")
    too_long = move_too_long(text)
    if too_long:  # (not quoted back: whoever read the line quotes it already, briefly)
        raise MalformedActionError(too_long)
    m = _SEAT.match(text)
    body = text[m.end():] if m else text
    if m:
        seat = _number(m.group(1), "the seat", text) - 1
        if seat < 0:
            raise MalformedActionError(f"'{short(text)}': seats are numbered from 1")
    elif seat is None:
        raise MalformedActionError(f"'{short(text)}': say whose action it is, e.g. '1: {short(body.strip(), 40)}'")
    words = body.split()
    if not words:
        raise MalformedActionError("empty action")
    head, args = words[0].lower(), words[1:]
    if rules is None:
        known_modules()  # (every module's verbs, as the registry names them now)
    verbs = KINDS if rules is None else rules.verbs
    cls = verbs.get(head)
    if cls is None:
        if head in KINDS:  # a module's verb, in a game without that module
            module = known_modules()[OWNER[head]]
            raise MalformedActionError(f"'{short(text)}': unknown action '{head}' in this game: it is an action of "
                                       f"{module.title or module.name}, which this game is played without")
        raise MalformedActionError(f"'{short(text)}': unknown action '{short(head, 20)}' (known: {', '.join(sorted(verbs))})")
    return cls.from_args(seat, args, text)
