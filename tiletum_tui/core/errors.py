"""What every refusal of an action is, in every game and in the shell: a ``Refused`` (a ValueError whose
message says why, the state left as it was). The rules' errors of each game (``Game.Error``) and the
session's own (not your move, a game opened read-only) are ones, so a screen shows each the same way."""


class Refused(ValueError):
    """An action refused; the message says why."""
