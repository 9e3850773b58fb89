"""The one owner of the game inside the app: a Session, and what the screens read from it.

Every change goes through ``GameModel.apply`` (the session, then the engine). The screens never
touch a state: they are handed the *view* of the game (``engine.view``: what a seat may see, the
generator and the order of face-down piles left out), its options and the session's one log.
"""

from __future__ import annotations

from ..engine import options as engine_options
from ..engine import view as engine_view


def new_session(settings, save_dir=None, seats=(), game=None):
    from ..session import Session

    return Session.new(settings, save_dir=save_dir, seats=seats, game=game)


class GameModel:
    """Session + the view and options of its current state (computed once per state)."""

    def __init__(self, session) -> None:
        self.session = session
        self._for = None  # the state the cached view and options belong to (the state itself, not its id)
        self._view = None
        self._options: list | None = None

    def _refresh(self) -> None:
        state = self.session.state
        if self._for is not state:
            self._for, self._view, self._options = state, engine_view(state), None

    @property
    def view(self):
        """The game as the players see it (no generator, no order of face-down piles)."""
        self._refresh()
        return self._view

    # The screens draw the view; ``state`` is kept as its name so every widget reads one thing.
    state = view

    @property
    def log(self) -> list:
        return self.session.log

    @property
    def setup_events(self) -> tuple:
        """What setting the game up made happen (the first dice rolled, the first Corruption token
        turned up): the events of the first state, before any action was logged."""
        history = getattr(self.session, "history", None)
        return tuple(history[0].events) if history else ()

    def options(self) -> list:
        """Every option of the decision in hand, legal or with its reason (``engine.options``)."""
        self._refresh()
        if self._options is None:
            self._options = engine_options(self._view)
        return self._options

    def legal(self) -> list:
        return [o.action for o in self.options() if o.legal]

    def apply(self, action):
        """Apply an action through the session; return its log entry (with the events it caused)."""
        return self.session.apply(action)

    def can_undo(self) -> str | None:
        return self.session.can_undo()

    def undo(self) -> None:
        self.session.undo()

    def can_redo(self) -> str | None:
        return self.session.can_redo()

    def redo(self):
        return self.session.redo()
