"""The one owner of the game inside the app: a Session plus the plain-language log.

Every change goes through ``GameModel.apply`` (which goes through the session, which goes through
the engine). Widgets never touch the state: they are handed it to draw. ``tiletum_tui.session``
is written in parallel; until it exists ``_EngineSession`` below offers the same few methods on
top of the engine functions, so the screens are never blocked on it.
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


class _EngineSession:
    """Stand-in for ``tiletum_tui.session.Session`` (same names), used only if that module is missing."""

    def __init__(self, settings) -> None:
        from ..engine import new_game

        self.state = new_game(settings)
        self._undo: list = []
        self._redo: list = []
        self.autosave_error = None

    def legal(self):
        from ..engine import legal_actions

        return legal_actions(self.state)

    def apply(self, action):
        from ..engine import apply

        before = self.state
        self.state = apply(before, action)
        self._undo.append(before)
        self._redo.clear()
        return list(self.state.events[len(before.events):])

    def can_undo(self):
        return None if self._undo else "nothing to undo"

    def undo(self):
        self._redo.append(self.state)
        self.state = self._undo.pop()

    def can_redo(self):
        return None if self._redo else "nothing to redo"

    def redo(self):
        self._undo.append(self.state)
        self.state = self._redo.pop()

    def save(self, name):
        raise NotImplementedError("saving needs tiletum_tui.session")


def new_session(settings, save_dir=None):
    try:
        from ..session import Session
    except ImportError:  # the session module is not there yet: drive the engine directly
        return _EngineSession(settings)
    return Session.new(settings, save_dir=save_dir)


class GameModel:
    """Session + log. ``apply`` returns the Scoring events to announce."""

    def __init__(self, session) -> None:
        self.session = session
        self.log: list[LogEntry] = []
        self._redo_log: list[LogEntry] = []
        self._legal_cache: tuple[int, list] | None = None

    @property
    def state(self):
        return self.session.state

    def legal(self) -> list:
        # The decision panel, the footer and the palette all ask; compute once per state.
        key = id(self.session.state)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, list(self.session.legal()))
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

    def redo(self) -> None:
        self.session.redo()
        if self._redo_log:
            self.log.append(self._redo_log.pop())
