"""The engine's error family: every refusal says why, and the state is left exactly as it was."""

from ....core.errors import Refused


class TiletumError(Refused):
    """Base of every error the engine raises about an action."""


class MalformedActionError(TiletumError):
    """The text is not an action at all (unknown verb, missing or bad argument)."""


class IllegalActionError(TiletumError):
    """A well-formed action that the rules do not allow now; the message says which rule."""


class NotEnoughAPError(IllegalActionError):
    """Refused for want of AP only so far: ``common.real_refusal`` looks for a reason AP would not cure."""
