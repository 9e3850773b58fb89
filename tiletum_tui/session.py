"""The one stateful bridge between the screens (or the command line) and a game's rules.

A ``Session`` holds one history of immutable states (the first is the game as set up), the actions
between them and one log: an entry per action with its words and the events it caused. ``apply``
plays an action through the rules (one check) and hands the autosave to a writer thread;
``undo``/``redo`` step back and forth within the current player's turn, never across a moment the
events say revealed something (a dice roll, a tile drawn, a token turned up) nor across another
player's action; ``save`` writes a named save; ``load`` replays a save and checks its digest.

No textual, no rich, and nothing of Tiletum beyond its name: the rules come from ``games.game``.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from . import games
from .saves import format as fmt
from .saves import store
from .saves.errors import ReplayError, SaveFileError
from .saves.writer import AutosaveWriter


class UndoError(ValueError):
    """Undo or redo is not possible now; the message is the reason (the same text as ``can_undo()``)."""


@dataclass(frozen=True)
class LogEntry:
    """One applied action: who took it, in words and in notation, and what it made happen."""

    seat: int
    text: str
    notation: str
    events: tuple
    barriers: tuple[str, ...]  # what it revealed, in words (undo never goes back across it)

    @property
    def scoring(self) -> list:
        return [e for e in self.events if type(e).__name__ == "Scored"]


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def _new_id(created: datetime) -> str:
    return f"{created:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


class Session:
    """A game in progress: ``state``, the ``log``, autosave, undo and redo."""

    def __init__(self, game, settings, history: list, log: list[LogEntry], *, game_id: str, created: datetime,
                 save_dir: Path | None, autosave_to: Path | None, autosave: bool = True,
                 source: Path | None = None, seats=()) -> None:
        self.game = game
        # Who plays each seat (``fmt.Seat``: a person, or an opponent and its level); () = people only.
        self.seats: tuple[fmt.Seat, ...] = tuple(seats)
        self.settings = settings
        self.history = history  # states, oldest first: history[0] is the game as set up
        self.log = log  # one entry per action: history[i + 1] = after log[i]
        self.game_id = game_id
        self.created = created
        self.save_dir = save_dir  # where named saves and the autosave go
        self.autosave_path: Path | None = autosave_to  # decided at the first autosave if None
        self.autosave_enabled = autosave
        self.source = source  # the file this game was loaded from, if any (never written unless an autosave)
        self._redo: list = []  # undone actions, the next one to redo last
        self._writer = AutosaveWriter(store.write_atomic, self._autosave_done)
        self._setup_error: str | None = None  # choosing the autosave's path failed
        self.on_autosave = None  # called with None or the problem after each autosave (writer thread)

    # ------------------------------------------------------------ starting
    @classmethod
    def new(cls, settings, save_dir: str | os.PathLike[str] | None = None, *, autosave: bool = True,
            game=None, seats=()) -> Session:
        """Set up a new game. ``save_dir=None`` means the default folder (``store.resolve_save_dir``);
        ``autosave=False`` writes nothing unless ``save`` is called. The first autosave is written at once."""
        game = game or games.game(games.DEFAULT)
        state = game.new_game(settings)
        created = _now()
        folder = store.resolve_save_dir(save_dir)
        session = cls(game, settings, [state], [], game_id=_new_id(created), created=created, save_dir=folder,
                      autosave_to=None, autosave=autosave, seats=seats)
        if autosave:
            store.remove_stale_temps(folder)
            session.autosave()
        return session

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, save_dir: str | os.PathLike[str] | None = None,
             autosave: bool = True) -> Session:
        """Read a save, replay it from its seed and check its digest. Raises SaveFileError (naming the
        file and the problem); the file is never changed. Autosaves go to ``save_dir`` (default: the
        file's folder): back into the same file if it is a current-format autosave, else to an autosave
        file of this game."""
        path = Path(path)
        loaded = store.read_save(path)
        return cls._from_loaded(loaded, save_dir=Path(save_dir) if save_dir is not None else path.parent,
                                autosave=autosave)

    @classmethod
    def load_bytes(cls, data: bytes, path: str | os.PathLike[str] = "<memory>", *,
                   save_dir: str | os.PathLike[str] | None = None, autosave: bool = False) -> Session:
        """Like ``load``, from bytes already read (``path`` only names them in messages)."""
        loaded = store.parse_save(data, path)
        return cls._from_loaded(loaded, save_dir=Path(save_dir) if save_dir is not None else None,
                                autosave=autosave)

    @classmethod
    def _from_loaded(cls, loaded: store.LoadedFile, *, save_dir: Path | None, autosave: bool) -> Session:
        save, game = loaded.save, loaded.game
        history, log = _replay(game, loaded.settings, save.actions, loaded.path)
        if loaded.check_digest:
            got = game.digest(history[-1])
            if got != save.digest:
                raise ReplayError(
                    loaded.path,
                    f"the replayed game does not match the saved one (digest {got[:12]}… instead of "
                    f"{save.digest[:12]}…): the file was edited, or written by a different version of the rules")
        if autosave and save_dir is not None:
            store.remove_stale_temps(save_dir)
        reuse = (loaded.version == fmt.CURRENT_VERSION and save.meta.autosave and store.is_autosave(loaded.path)
                 and save_dir is not None and loaded.path.parent == save_dir)
        return cls(game, loaded.settings, history, log, game_id=save.meta.game_id, created=save.meta.created,
                   save_dir=save_dir, autosave_to=loaded.path if reuse else None, autosave=autosave,
                   source=loaded.path, seats=save.seats)

    @classmethod
    def from_actions(cls, settings, actions, *, save_dir: str | os.PathLike[str] | None = None,
                     autosave: bool = False, game=None, seats=()) -> Session:
        """A session for ``settings`` after ``actions`` (actions or their notation), e.g. a game played
        headless. Raises ReplayError naming the first action that does not apply."""
        game = game or games.game(games.DEFAULT)
        texts = [a if isinstance(a, str) else game.notation(a) for a in actions]
        history, log = _replay(game, settings, texts, Path("<actions>"))
        created = _now()
        session = cls(game, settings, history, log, game_id=_new_id(created), created=created,
                      save_dir=Path(save_dir) if save_dir is not None else None, autosave_to=None, autosave=autosave,
                      seats=seats)
        if autosave:
            session.autosave()
        return session

    @staticmethod
    def latest_unfinished(folder: str | os.PathLike[str]) -> Path | None:
        """The newest readable save in ``folder`` of a game not yet over (for 'continue'), or None."""
        for info in store.list_saves(folder):
            if info.problem is None and not info.finished:
                return info.path
        return None

    # ------------------------------------------------------------ reading the game
    @property
    def state(self):
        return self.history[-1]

    @property
    def current_player(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def actions(self) -> list:
        return [self.game.parse(e.notation) for e in self.log]

    @property
    def notation_log(self) -> list[str]:
        return [e.notation for e in self.log]

    @property
    def finished(self) -> bool:
        return self.game.finished(self.state)

    def digest(self) -> str:
        return self.game.digest(self.state)

    def seat(self, index: int) -> fmt.Seat:
        """Who plays seat ``index`` (a person unless the game was set up with opponents)."""
        return self.seats[index] if index < len(self.seats) else fmt.PERSON

    # ------------------------------------------------------------ playing
    def apply(self, action) -> LogEntry:
        """Apply an action (or its notation; without a seat it is the current player's) and autosave;
        return its log entry. An illegal or malformed action raises the rules' error and changes nothing."""
        if isinstance(action, str):
            action = self.game.parse(action, self.current_player)
        entry = self._apply(action)
        self._redo.clear()
        self._after_change()
        return entry

    def _apply(self, action) -> LogEntry:
        before = self.state
        after = self.game.apply(before, action)  # raises before anything here changes
        entry = _entry(self.game, action, self.game.describe(before, action), after.events)
        self.history.append(after)
        self.log.append(entry)
        return entry

    # ------------------------------------------------------------ undo and redo
    def can_undo(self) -> str | None:
        """None if ``undo()`` is possible now, else the reason it is not (for the greyed-out key)."""
        if not self.log:
            return "nothing to undo"
        if self.finished:
            return "the game is over"
        last = self.log[-1]
        if last.barriers:
            return f"{_and(last.barriers)}: undo stops at a reveal"
        if last.seat != self.current_player:
            return f"that was {self._player_name(last.seat)}'s action: undo stops at another player's action"
        before, now = self.history[-2], self.state
        if self.game.turn_key(before) != self.game.turn_key(now):
            return f"{self.game.turn_began(before, now)} has begun: undo stops at the end of a turn"
        return None

    def undo(self):
        """Take back the last action (see ``can_undo``); return it. Autosaves, so the file stays in step."""
        reason = self.can_undo()
        if reason is not None:
            raise UndoError(reason)
        entry = self.log.pop()
        self.history.pop()
        action = self.game.parse(entry.notation)
        self._redo.append(action)
        self._after_change()
        return action

    def can_redo(self) -> str | None:
        return None if self._redo else "nothing to redo"

    def redo(self) -> LogEntry:
        """Play the last undone action again (the same state as before the undo); return its log entry."""
        if not self._redo:
            raise UndoError("nothing to redo")
        entry = self._apply(self._redo[-1])
        self._redo.pop()
        self._after_change()
        return entry

    # ------------------------------------------------------------ saving
    def to_save_file(self, *, name: str = "", autosave: bool = False) -> fmt.SaveFile:
        state = self.state
        summary = self.game.summary(state)
        meta = fmt.SaveMeta(
            game_id=self.game_id, name=name, autosave=autosave, players=self.game.player_names(self.settings),
            round=summary["round"], phase=summary["phase"], scores=summary["scores"], actions=len(self.log),
            finished=self.finished, created=self.created, saved=_now(),
        )
        return fmt.SaveFile(game=self.game.name, meta=meta, settings=self.game.encode_settings(self.settings),
                            seed=self.game.seed(self.settings), digest=self.game.digest(state),
                            actions=[e.notation for e in self.log], seats=list(self.seats))

    def save(self, name: str) -> Path:
        """Write a named save to the save folder and return its path. Overwrites an earlier save of this
        game with that name; never another game's save or an unreadable file (a free name is chosen)."""
        folder = self.save_dir if self.save_dir is not None else store.resolve_save_dir(None)
        base = store.save_path(folder, name)
        path, n = base, 1
        while path.exists() and not self._owns(path, autosave=False):
            n += 1
            path = base.with_name(f"{base.stem}-{n}{base.suffix}")
        store.write_save(path, self.to_save_file(name=name.strip() or path.stem))
        return path

    def save_as(self, path: str | os.PathLike[str]) -> Path:
        """Write this game to exactly ``path`` (atomically), e.g. for ``tiletum play --save FILE``.
        Raises SaveWriteError if it cannot be written."""
        path = Path(path)
        store.write_save(path, self.to_save_file(name=path.stem))
        return path

    def autosave(self) -> None:
        """Hand the autosave to the writer thread (see ``saves/writer.py``); a failure shows up in
        ``autosave_error`` and ``on_autosave`` (the game goes on)."""
        if not self.autosave_enabled:
            return
        try:
            if self.autosave_path is None:
                self.autosave_path = self._choose_autosave_path()
        except SaveFileError as exc:
            self._setup_error = f"Autosave failed: {exc}"
            self._autosave_done(self._setup_error)
            return
        self._setup_error = None
        self._writer.submit(self.autosave_path, self.to_save_file(autosave=True))

    @property
    def autosave_error(self) -> str | None:
        """The problem of the last action's autosave (a message for the screen), None after a good
        one. Waits for that autosave if it is still being written (a write takes milliseconds)."""
        self._writer.flush()
        return self._setup_error or self._writer.error

    def flush(self) -> bool:
        """Wait until the autosave of the last action is on disk."""
        return self._writer.flush()

    def close(self) -> bool:
        """Wait for the last autosave and stop the writer (quitting calls this)."""
        return self._writer.close()

    def _autosave_done(self, problem: str | None) -> None:
        if self.on_autosave is not None:
            self.on_autosave(problem)

    def _after_change(self) -> None:
        self.autosave()

    def _choose_autosave_path(self) -> Path:
        folder = self.save_dir if self.save_dir is not None else store.resolve_save_dir(None)
        base = store.autosave_path(folder, self.game_id)
        path, n = base, 1
        while path.exists() and not self._owns(path, autosave=True):
            n += 1
            path = store.autosave_path(folder, f"{self.game_id}-{n}")
        return path

    def _owns(self, path: Path, *, autosave: bool) -> bool:
        """May this session overwrite ``path``? Only a readable current-format save of this same game;
        for an autosave, only one whose actions we continue (so nothing is lost)."""
        try:
            loaded = store.parse_save(store.read_bytes(path), path, migrate=False)
        except SaveFileError:
            return False
        save = loaded.save
        if loaded.version != fmt.CURRENT_VERSION or save.meta.game_id != self.game_id:
            return False
        if autosave:
            mine = [e.notation for e in self.log]
            return save.meta.autosave and save.actions == mine[: len(save.actions)]
        return not save.meta.autosave

    def _player_name(self, index: int | None) -> str:
        names = self.game.player_names(self.settings)
        if index is None or not 0 <= index < len(names):
            return "another player"
        return names[index]


def _and(parts) -> str:
    parts = list(parts)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _entry(game, action, text: str, events) -> LogEntry:
    return LogEntry(seat=action.seat, text=text, notation=game.notation(action), events=tuple(events),
                    barriers=tuple(game.barriers(events)))


def _replay(game, settings, texts: list[str], path) -> tuple[list, list[LogEntry]]:
    """Replay ``texts`` from the settings' seed; raise ReplayError naming the first bad action."""
    try:
        state = game.new_game(settings)
    except Exception as exc:  # the rules' ValueError, or anything odd in hand-edited settings
        raise ReplayError(path, f"the saved settings cannot start a game: {exc}") from None
    history = [state]
    log: list[LogEntry] = []
    total = len(texts)
    for i, text in enumerate(texts):
        where = f"action {i + 1} of {total} ('{text[:60]}')"
        try:
            action = game.parse(text)
        except game.Error as exc:
            raise ReplayError(path, f"{where} is not an action: {exc}", i, text) from None
        try:
            after = game.apply(state, action)
            words = game.describe(state, action)
            state = after
        except game.Error as exc:
            raise ReplayError(path, f"{where} is not allowed at that point of the game: {exc}", i, text) from None
        except Exception as exc:  # a rules bug must not take the app down with it
            raise ReplayError(path, f"{where} could not be replayed ({type(exc).__name__}: {exc})", i, text) from None
        history.append(state)
        log.append(_entry(game, action, words, state.events))
    return history, log
