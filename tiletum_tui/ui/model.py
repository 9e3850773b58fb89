"""The one owner of the game inside the app: a Session plus the plain-language log.

Every change goes through ``GameModel.apply`` (which goes through the session, which goes through
the engine). Widgets never touch the state: they are handed it to draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import actions as A


@dataclass
class LogEntry:
    player: int  # -1 for the game itself
    text: str  # engine.describe(...) of the action, in plain language
    notation: str
    scoring: list  # Scoring events this action caused


def new_session(settings, save_dir=None):
    from ..session import Session

    return Session.new(settings, save_dir=save_dir)


class GameModel:
    """Session + log. ``apply`` returns the Scoring events to announce."""

    def __init__(self, session) -> None:
        self.session = session
        self.log: list[LogEntry] = []
        self._redo_log: list[LogEntry] = []
        self._legal_cache: tuple[object, list] | None = None
        self._replay_log()

    def _replay_log(self) -> None:
        """A loaded game: rebuild the plain-language log by replaying its actions from the start."""
        actions = list(getattr(self.session, "log", []) or [])
        if not actions:
            return
        from ..engine import apply, current_player, describe, new_game

        state = new_game(self.session.settings)
        for action in actions:
            who = current_player(state)
            text = describe(state, action)
            after = apply(state, action)
            self.log.append(LogEntry(-1 if who is None else who, text, A.notation(action),
                                     list(after.events[len(state.events):])))
            state = after

    @property
    def state(self):
        return self.session.state

    def legal(self) -> list:
        # The decision panel, the footer and the palette all ask; compute once per state. The cache
        # holds the state itself (not its id, which a later state could reuse once this one is freed).
        state = self.session.state
        if self._legal_cache is None or self._legal_cache[0] is not state:
            self._legal_cache = (state, list(self.session.legal_actions()))
        return self._legal_cache[1]

    def apply(self, action) -> list:
        from ..engine import current_player, describe

        state = self.state
        who = current_player(state)
        text = describe(state, action)
        scoring = list(self.session.apply(action))
        self.log.append(LogEntry(-1 if who is None else who, text, A.notation(action), scoring))
        self._redo_log.clear()
        return scoring

    def can_undo(self) -> str | None:
        return self.session.can_undo()

    def undo(self) -> None:
        self.session.undo()
        if self.log:
            self._redo_log.append(self.log.pop())

    def can_redo(self) -> str | None:
        return self.session.can_redo()

    def redo(self) -> list:
        events = self.session.redo()
        if self._redo_log:
            self.log.append(self._redo_log.pop())
        return list(events or [])
