"""The one owner of the game inside the app: a Session, and what the screens read from it.

Every change goes through ``GameModel.apply`` (the session, then the engine). The screens never
touch a state: they are handed the *view* of the game (``engine.view``: what a seat may see, the
generator and the order of face-down piles left out), its options and the session's one log.
"""

from __future__ import annotations

from ..engine import options as engine_options


def new_session(settings, save_dir=None, seats=(), game=None):
    from ..session import Session

    return Session.new(settings, save_dir=save_dir, seats=seats, game=game)


class GameModel:
    """Session + the view and options of its current state (computed once per state)."""

    def __init__(self, session) -> None:
        self.session = session
        self._for = None  # the view the cached options belong to (the view itself, not its id)
        self._options: list | None = None

    @property
    def view(self):
        """The game as the players see it (no generator, no order of face-down piles): the session's
        view, a copy that shares nothing writable with the game (issue 18: states are values)."""
        return self.session.view()

    # The screens draw the view; ``state`` is kept as its name so every widget reads one thing.
    state = view

    @property
    def log(self) -> list:
        return self.session.log

    @property
    def setup_events(self) -> tuple:
        """What setting the game up made happen (the first dice rolled, the first Corruption token
        turned up): the events of the first state, before any action was logged."""
        return tuple(getattr(self.session, "setup_events", ()))

    def options(self) -> list:
        """Every option of the decision in hand, legal or with its reason (``engine.options``)."""
        seen = self.view
        if self._for is not seen:
            self._for, self._options = seen, engine_options(seen)
        return self._options

    def legal(self) -> list:
        return [o.action for o in self.options() if o.legal]

    # Every change says which seat asks for it (``by``): the session decides (``Session.apply``).
    def apply(self, action, *, by):
        """Apply an action for seat ``by`` through the session; return its log entry (with its events)."""
        return self.session.apply(action, by=by)

    def can_undo(self, *, by) -> str | None:
        return self.session.can_undo(by=by)

    def undo(self, *, by) -> None:
        self.session.undo(by=by)

    def can_redo(self, *, by) -> str | None:
        return self.session.can_redo(by=by)

    def redo(self, *, by):
        return self.session.redo(by=by)
