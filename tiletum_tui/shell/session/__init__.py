"""The one stateful bridge between the screens (or the command line) and a game's rules.

A ``Session`` holds one history of states (the first is the game as set up), the actions between
them and one log: an entry per action with its words and the events it caused. ``apply`` plays an
action through the rules (one check) and hands the autosave to a writer thread; ``undo``/``redo``
step back and forth within the current player's turn, never across a moment the events say revealed
something (a dice roll, a tile drawn, a token turned up) nor across another player's action;
``save`` writes a named save; ``load`` replays a save and checks its digest.

Acting as a seat (issue 18): whoever plays says which seat they act for, ``by=seat`` (or
``by=EVERY_SEAT``: the headless command, a replay, a test that plays the whole table). That is the
one way the session learns who asks: a move is taken only from the seat whose decision it is, and
undo and redo take back only that seat's own moves of its turn, never a computer opponent's or
another person's; each refusal says why in words.

States are values: the history stays here. Screens, hints and opponents get ``view()`` (what a
seat may see, a copy that shares nothing writable); ``state`` is a copy of the current state.

Issue 11 (never lose or corrupt a game): a session that autosaves holds its game's instance lock
(``saves.lock``), so a second Tiletum opening the game is told and may open it read-only or as a
copy; ``unsaved_changes`` says what quitting would lose when the autosave cannot be written, and
``save_to`` saves anywhere the player chooses (``safekeeping.py``).

The session tells nobody of a change: whoever plays it at home or on the host plays it at a
``table.Table``, which makes the change as the seat asking and then tells whoever sits at it (the
screens' model among them); a change made on the session past its Table is heard by nobody.

No textual, no rich, and nothing of Tiletum beyond its name: the rules come from ``games.game``.
Its files (saving, the autosave, which files it may overwrite) are ``saving.py``.
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from tiletum_tui.core import games
from ..last_game import checked_saves, find_last_unfinished
from tiletum_tui.core.errors import Refused
from tiletum_tui.core.safe_text import clean, quote
from ..safekeeping import OPEN_MODES, ReadOnlyGameError
from ..saves import format as fmt
from ..saves import moved, store
from ..saves.errors import ReplayError
from ..saves.writer import AutosaveWriter
from .saving import SessionSaving, _now
from .since import since


class UndoError(ValueError):
    """Undo or redo is not possible now; the message is the reason (the same text as ``can_undo()``)."""


class NotYourMoveError(Refused):
    """A move asked for by a seat whose decision it is not, or for another seat; the message says why."""


class _EverySeat:
    """``by=EVERY_SEAT``: the caller plays the whole table (the headless command, a replay, a test)."""

    def __repr__(self) -> str:
        return "EVERY_SEAT"


EVERY_SEAT = _EverySeat()


@dataclass(frozen=True)
class LogEntry:
    """One applied action: who took it, in words and in notation, and what it made happen."""

    seat: int
    text: str
    notation: str
    events: tuple
    barriers: tuple[str, ...]  # what it revealed, in words (undo never goes back across it)
    seconds: float | None = None  # how long its player took over it (issue 21), None: not known
    note: str = ""  # why this move was made, when it was not its player's choice (an opponent's fallback)

    @property
    def scoring(self) -> list:
        return [e for e in self.events if type(e).__name__ == "Scored"]


def _new_id(created: datetime) -> str:
    return f"{created:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


class Session(SessionSaving):
    """A game in progress: ``state``, the ``log``, autosave, undo and redo."""

    def __init__(self, game, settings, history: list, log: list[LogEntry], *, game_id: str, created: datetime,
                 save_dir: Path | None, autosave_to: Path | None, autosave: bool = True,
                 source: Path | None = None, seats=()) -> None:
        self.game = game
        # Who plays each seat (``fmt.Seat``: a person, or an opponent and its level); () = people only.
        self.seats: tuple[fmt.Seat, ...] = tuple(seats)
        self.settings = settings
        self._history = history  # states, oldest first: [0] is the game as set up (never handed out)
        self._view = (None, None)  # (the state, its view): made once per state
        self.log = log  # one entry per action: _history[i + 1] = after log[i]
        self.game_id = game_id
        self.created = created
        self.save_dir = save_dir  # where named saves and the autosave go
        self.autosave_path: Path | None = autosave_to  # decided at the first autosave if None
        self.autosave_enabled = autosave
        self.source = source  # the file this game was loaded from, if any (never written unless an autosave)
        self._redo: list = []  # undone actions, the next one to redo last
        self._writer = AutosaveWriter(store.write_atomic, self._autosave_done)
        self._autosave_error: str | None = None  # a message for the screen; None after a good autosave
        self.on_autosave = None  # called with None or the problem after each autosave (writer thread)
        # issue 11: the instance lock, read-only mode, and which change is safely on disk
        self.read_only: str | None = None  # the reason, when this game may only be looked at
        self._lock = None  # saves.lock.GameLock while this session may write the game
        self._changes = 0  # applied, undone and redone actions so far
        self._written = 0  # ... of which the last one written to a file (autosave or a save of the game)
        # issue 21, "the time taken per move": timed from the move before (or from ``start_clock``);
        # None until a player is shown a decision, so headless games and tests record no times.
        self._clock: float | None = None

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
            session._take_lock()
            store.remove_stale_temps(folder)
            session.autosave(wait=True)
        return session

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, save_dir: str | os.PathLike[str] | None = None,
             autosave: bool = True, open_as: str = "play") -> Session:
        """Read a save, replay it from its seed and check its digest. Raises SaveFileError (naming the
        file and the problem); the file is never changed. Autosaves go to ``save_dir`` (default: the
        file's folder): back into the same file if it is a current-format autosave, else to an autosave
        file of this game.

        ``open_as``: ``"play"`` takes the game's instance lock, raising ``saves.lock.GameInUseError``
        (which names the other Tiletum) if another running Tiletum plays it; ``"read-only"`` writes
        nothing and refuses actions; ``"copy"`` plays on as a new game with its own autosave."""
        path = Path(path)
        loaded = store.read_save(path)
        return cls._from_loaded(loaded, save_dir=Path(save_dir) if save_dir is not None else path.parent,
                                autosave=autosave, open_as=open_as)

    @classmethod
    def load_bytes(cls, data: bytes, path: str | os.PathLike[str] = "<memory>", *,
                   save_dir: str | os.PathLike[str] | None = None, autosave: bool = False) -> Session:
        """Like ``load``, from bytes already read (``path`` only names them in messages)."""
        loaded = store.parse_save(data, path)
        return cls._from_loaded(loaded, save_dir=Path(save_dir) if save_dir is not None else None,
                                autosave=autosave)

    @classmethod
    def _from_loaded(cls, loaded: store.LoadedFile, *, save_dir: Path | None, autosave: bool,
                     open_as: str = "play") -> Session:
        if open_as not in OPEN_MODES:
            raise ValueError(f"open_as must be one of {OPEN_MODES}, not {open_as!r}")
        save, game = loaded.save, loaded.game
        history, log = _replay(game, loaded.settings, save.actions, loaded.path)
        if save.seconds:  # (UNSET or empty: no move's time is known)
            log[: len(save.seconds)] = [replace(e, seconds=t) for e, t in zip(log, save.seconds)]
        if loaded.check_digest:
            got = game.digest(history[-1])
            if got != save.digest:
                raise ReplayError(
                    loaded.path,
                    f"the replayed game does not match the saved one (digest {got[:12]}… instead of "
                    f"{save.digest[:12]}…): the file was edited, or written by a different version of the rules")
        if open_as == "read-only":
            autosave = False
        if open_as == "play" and moved.where(save.meta.game_id) == loaded.path.absolute():
            save_dir = loaded.path.parent  # the game's autosave moved here (issue 24): it goes on here
        reuse = (loaded.version == fmt.CURRENT_VERSION and save.meta.autosave and store.is_autosave(loaded.path)
                 and save_dir is not None and loaded.path.parent == save_dir and open_as == "play")
        game_id, created = save.meta.game_id, save.meta.created
        if open_as == "copy":  # a new game from here on: its own id, so nothing of the original is written
            created = _now()
            game_id = _new_id(created)
        session = cls(game, loaded.settings, history, log, game_id=game_id, created=created,
                      save_dir=save_dir, autosave_to=loaded.path if reuse else None, autosave=autosave,
                      source=loaded.path, seats=save.seats)
        if open_as == "read-only":
            session.read_only = "this game is open read-only here"
        if autosave and save_dir is not None:
            session._take_lock(loaded.path)  # raises GameInUseError if another Tiletum plays this game
            store.remove_stale_temps(save_dir)
            if open_as == "copy":
                session.autosave(wait=True)  # the copy exists as a file of its own from the start
        return session

    @classmethod
    def from_actions(cls, settings, actions, *, save_dir: str | os.PathLike[str] | None = None,
                     autosave: bool = False, game=None, game_id: str | None = None, seats=()) -> Session:
        """A session for ``settings`` after ``actions`` (actions or their notation), e.g. a game played
        headless. Raises ReplayError naming the first action that does not apply."""
        game = game or games.game(games.DEFAULT)
        texts = [a if isinstance(a, str) else game.notation(a) for a in actions]
        history, log = _replay(game, settings, texts, Path("<actions>"))
        created = _now()
        session = cls(game, settings, history, log, game_id=game_id or _new_id(created), created=created,
                      save_dir=Path(save_dir) if save_dir is not None else None, autosave_to=None, autosave=autosave,
                      seats=seats)
        if autosave:
            session._take_lock()
            session.autosave()
        return session

    @staticmethod
    def latest_unfinished(folder: str | os.PathLike[str]) -> Path | None:
        """The newest save in ``folder`` of a game not yet over (for 'continue'), or None. Verified by
        replaying it, not taken from the file's own metadata (see ``last_game``)."""
        found = Session.latest_unfinished_game(folder)
        return found.path if found else None

    @staticmethod
    def latest_unfinished_game(folder: str | os.PathLike[str]):
        """The same, as ``last_game.LastGame`` (its replayed round, players and scores, for the title)."""
        return find_last_unfinished(folder, lambda path: Session.load(path, autosave=False))

    @staticmethod
    def checked_saves(folder: str | os.PathLike[str]):
        """The saves of ``folder`` as their replays show them (``last_game.checked_saves``), for listings."""
        return checked_saves(folder, lambda path: Session.load(path, autosave=False))

    # ------------------------------------------------------------ reading the game
    @property
    def state(self):
        """A copy of the current state, hidden parts included (for the headless command and tests):
        changing it changes nothing of the game. Screens, hints and opponents read ``view()``."""
        return self.game.clone(self._history[-1])

    def view(self, seat: int | None = None):
        """The game as ``seat`` (or anyone: every seat sees the same in Tiletum) may see it now: a
        copy without the hidden parts, made once per state (the same object until the game changes)."""
        state = self._history[-1]
        if self._view[0] is not state:
            self._view = (state, self.game.view(state, seat))
        return self._view[1]

    def positions(self) -> tuple:
        """Every position of the game, oldest first ([0] as set up, [i] after ``log[i - 1]``), for a
        replay (issue 21). They hold what the game hides: a replay hands out only ``game.view`` of
        them (``shell/ui/replay/positions.py``), as ``view()`` does of the last. Each is a value (both
        games' states refuse every write: issue 38), so handing out the history itself is safe."""
        return tuple(self._history)

    def since(self, seat: int):
        """'Since your last turn' for ``seat`` (``session.since``: every event, its VP read from the states)."""
        return since(self.game, self._history, self.log, seat)

    def whole_game(self) -> Session:
        """The session a replay and the charts read: this one (a hosted client's table gives the record
        the host sent: ``carcassonne.ui.remote.HostedTable``)."""
        return self

    def start_clock(self) -> None:
        """Time the moves from now on (issue 21), each from the move before it, the first from now.
        The one clock of both games (issue 39): started by the game's ``table.Table``, at home and on
        the host alike; once it runs, calling it again changes nothing (a redraw is no new move)."""
        if self._clock is None:
            self._clock = time.monotonic()

    @property
    def setup_events(self) -> tuple:
        """What setting the game up made happen (the first dice rolled, ...): before any action."""
        return tuple(self._history[0].events)

    @property
    def current_player(self) -> int | None:
        return self.game.current_player(self._history[-1])

    @property
    def actions(self) -> list:
        return [self.game.parse(e.notation, None, self.settings) for e in self.log]

    @property
    def notation_log(self) -> list[str]:
        return [e.notation for e in self.log]

    @property
    def finished(self) -> bool:
        return self.game.finished(self._history[-1])

    def digest(self) -> str:
        return self.game.digest(self._history[-1])

    def seat(self, index: int) -> fmt.Seat:
        """Who plays seat ``index`` (a person unless the game was set up with opponents)."""
        return self.seats[index] if index < len(self.seats) else fmt.PERSON

    # ------------------------------------------------------------ playing
    def apply(self, action, *, by, note: str = "") -> LogEntry:
        """Apply ``action`` (or its notation; without a seat it is ``by``'s) for the seat ``by`` and
        autosave; return its log entry. A move of a seat whose decision it is not, an illegal or a
        malformed action raises (NotYourMoveError, the rules' error) and changes nothing. ``note``
        (why the move was made, when it was not its player's choice) is kept with its log entry: the
        one way anything outside the engine adds to the history (issue 39)."""
        if self.read_only:
            raise ReadOnlyGameError(self._read_only_reason())
        if isinstance(action, str):
            action = self.game.parse(action, self.current_player if by is EVERY_SEAT else by, self.settings)
        reason = self.why_not_move(action, by=by)
        if reason:
            raise NotYourMoveError(reason)
        entry = self._apply(action)
        if note:
            entry = self.log[-1] = replace(entry, note=note)
        self._redo.clear()
        self._after_change()
        return entry

    def why_not_move(self, action, *, by) -> str | None:
        """None if seat ``by`` may make ``action`` now (its own move, its decision), else why not."""
        if by is EVERY_SEAT:
            return None
        deciding = self.current_player
        seat = getattr(action, "seat", by)  # (not an action at all: the rules say so)
        if seat != by:
            return f"you play {self._who(by)}: a move for {self._who(seat)} is not yours to make"
        if deciding != by:
            if deciding is None:
                return "nobody decides now: the game is over"
            return f"it is {self._who(deciding)}'s decision now, not yours"
        return None

    def _apply(self, action) -> LogEntry:
        before = self._history[-1]
        after = self.game.apply(before, action)  # raises before anything here changes
        entry = _entry(self.game, action, self.game.describe(before, action), after.events)
        if self._clock is not None:
            now = time.monotonic()
            entry = replace(entry, seconds=round(now - self._clock, 1))
            self._clock = now
        self._history.append(after)
        self.log.append(entry)
        return entry

    # ------------------------------------------------------------ undo and redo
    def can_undo(self, *, by) -> str | None:
        """None if seat ``by`` may take back the last move now, else the reason (for the greyed key)."""
        if self.read_only:
            return self._read_only_reason()
        if not self.log:
            return "nothing to undo"
        if self.finished:
            return "the game is over"
        last = self.log[-1]
        if by is not EVERY_SEAT and last.seat != by:
            return f"{self._who(last.seat)} made the last move: you can only take back your own moves"
        if last.barriers:
            return f"{_and(last.barriers)}: undo stops at a reveal"
        if last.seat != self.current_player:
            if by is not EVERY_SEAT:  # (asked by the seat that moved last: the words are for them)
                return (f"your turn is over: {self._who(self.current_player)} plays now (undo stops at the end "
                        "of your turn)")
            return f"that was {self._player_name(last.seat)}'s action: undo stops at another player's action"
        before, now = self._history[-2], self._history[-1]
        if self.game.turn_key(before) != self.game.turn_key(now):
            return f"{self.game.turn_began(before, now)} has begun: undo stops at the end of a turn"
        return None

    def undo(self, *, by):
        """Take back the last move of seat ``by`` (see ``can_undo``); return it. Autosaves, so the file
        stays in step."""
        reason = self.can_undo(by=by)
        if reason is not None:
            raise UndoError(reason)
        entry = self.log.pop()
        self._history.pop()
        action = self.game.parse(entry.notation, None, self.settings)
        self._redo.append(action)
        self._after_change()
        return action

    def can_redo(self, *, by) -> str | None:
        if self.read_only:
            return self._read_only_reason()
        if not self._redo:
            return "nothing to redo"
        seat = self._redo[-1].seat
        if by is not EVERY_SEAT and seat != by:
            return f"the move to redo is {self._who(seat)}'s: you can only replay your own moves"
        return None

    def redo(self, *, by) -> LogEntry:
        """Play the last undone move of seat ``by`` again (the same state as before the undo)."""
        reason = self.can_redo(by=by)
        if reason:
            raise UndoError(reason)
        entry = self._apply(self._redo[-1])
        self._redo.pop()
        self._after_change()
        return entry

    def _who(self, seat: int | None) -> str:
        """A seat in words: "Bob (journeyman)" for a computer opponent, else the player's name."""
        name = self._player_name(seat)
        if seat is not None and self.seat(seat).is_opponent:
            return f"{name} ({self.seat(seat).level})"
        return name

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
        raise ReplayError(path, f"the saved settings cannot start a game: {clean(exc, 200)}") from None
    history = [state]
    log: list[LogEntry] = []
    total = len(texts)
    for i, text in enumerate(texts):
        # The text is the file's own: quoted briefly, and the engine's message (which may repeat it)
        # cut short, so a megabyte of action is not echoed back three times (issue 11).
        where = f"action {i + 1} of {total} ({quote(text)})"
        try:
            action = game.parse(text, None, settings)
        except game.Error as exc:
            raise ReplayError(path, f"{where} is not an action: {clean(exc, 200)}", i, text) from None
        except Exception as exc:  # a notation bug must not make the whole folder unreadable (issue 42)
            raise ReplayError(path, f"{where} could not be read ({type(exc).__name__}: {clean(exc, 200)})",
                              i, text) from None
        try:
            after = game.apply(state, action)
            words = game.describe(state, action)
            state = after
        except game.Error as exc:
            raise ReplayError(path, f"{where} is not allowed at that point of the game: {clean(exc, 200)}",
                              i, text) from None
        except Exception as exc:  # a rules bug must not take the app down with it
            raise ReplayError(path, f"{where} could not be replayed ({type(exc).__name__}: {clean(exc, 200)})",
                              i, text) from None
        history.append(state)
        log.append(_entry(game, action, words, state.events))
    return history, log
