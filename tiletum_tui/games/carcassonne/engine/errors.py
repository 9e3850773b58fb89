"""Carcassonne's refusals: a malformed action (``NotationError``) or one the rules do not allow now
(``IllegalAction``); both are ``CarcassonneError``, a ValueError whose message says why."""


from ....core.errors import Refused


class CarcassonneError(Refused):
    pass


class NotationError(CarcassonneError):
    pass


class IllegalAction(CarcassonneError):
    pass
