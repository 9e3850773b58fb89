"""The one stateful bridge between the screens (or the command line) and the rules engine.

A ``Session`` holds a game's settings, its current state and the list of actions that produced it.
``apply`` plays an action through the engine and autosaves; ``undo``/``redo`` step back and forth
within the current player's turn, never across a moment that revealed something (a dice roll, a
tile drawn or an offer refilled, a Corruption token) nor across another player's action; ``save``
writes a named save; ``load`` replays a save from its seed and checks the digest.

Issue 11 (never lose or corrupt a game): a session that autosaves holds its game's instance lock
(``saves.lock``), so a second Tiletum opening the game is told and may open it read-only or as a
copy; ``unsaved_changes`` says what quitting would lose when the autosave cannot be written, and
``save_to`` saves anywhere the player chooses.

No textual, no rich: the screens call this, and the tests drive it directly.
"""

from __future__ import annotations

import os
import secrets
from datetime import datetime, timezone
from pathlib import Path
from typing import NamedTuple

from .engine.actions import notation, parse
from .engine.errors import TiletumError
from .safe_text import clean, quote
from .safekeeping import OPEN_MODES, ReadOnlyGameError, Safekeeping
from .saves import format as fmt
from .saves import store
from .saves.errors import ReplayError, SaveFileError

_MAX_SNAPSHOTS = 64  # states kept for undo; older ones are rebuilt by replay if ever needed


def _rules():
    """The rules engine (a function so that tests can stand in a small fake)."""
    from . import engine

    return engine


class UndoError(ValueError):
    """Undo or redo is not possible now; the message is the reason (the same text as ``can_undo()``)."""


class _Step(NamedTuple):
    """What undo needs to know about one applied action."""

    actor: int | None  # who took it
    key: tuple  # (round, phase, lap, turn) before it: a change means a new turn began
    reveal: str | None  # what it revealed ("the dice were rolled"), None if nothing


def _turn_key(state) -> tuple:
    return (state.round, state.phase, getattr(state, "lap", 0), getattr(state, "turn", 0))


def _reveal_signature(state) -> tuple:
    """The parts of the board that a reveal changes, cheap to take before and after each action."""
    b = getattr(state, "board", None)
    if b is None:
        return ()
    return (
        sum(map(len, b.wheel_dice)) + 100 * state.round,  # grows only when dice are rolled
        len(b.corruption_revealed) + 10 * state.round,  # grows only when a token is revealed
        tuple(b.character_offer), len(b.character_pile),
        tuple(b.contract_offer), len(b.contract_pile),
        len(b.bonus_pile), b.king_bonus,
    )


def _describe_reveal(before: tuple, after: tuple) -> str:
    """Name what was revealed between two signatures, for the greyed-out Undo's reason."""
    parts = []
    if before and after:
        if after[0] > before[0]:  # more dice on the wheel (or a new round): dice were rolled
            parts.append("the dice were rolled")
        if after[1] > before[1]:
            parts.append("a Corruption token was revealed")
        if before[2:4] != after[2:4]:
            parts.append("the Character offer was refilled")
        if before[4:6] != after[4:6]:
            parts.append("the Contract offer was refilled")
        if before[6:8] != after[6:8]:
            parts.append("a Bonus tile was drawn")
    if not parts:
        return "something was revealed"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


class Session(Safekeeping):
    """A game in progress: ``state``, ``log`` (the actions so far), autosave, undo and redo."""

    def __init__(self, settings, state, log: list, steps: list[_Step], *, game_id: str, created: datetime,
                 save_dir: Path | None, autosave_to: Path | None, autosave: bool = True,
                 source: Path | None = None) -> None:
        self.settings = settings
        self.state = state
        self.log = log  # applied actions (engine Structs), oldest first
        self._texts = [notation(a) for a in log]
        self._steps = steps
        self.game_id = game_id
        self.created = created
        self.save_dir = save_dir  # where named saves and the autosave go
        self.autosave_path: Path | None = autosave_to  # decided at the first autosave if None
        self.autosave_enabled = autosave
        self.autosave_error: str | None = None  # a message for the screen; None after a good autosave
        self.source = source  # the file this game was loaded from, if any (never written unless an autosave)
        self._snapshots: list[tuple[int, object]] = []  # (log length, state then) for undo
        self._redo: list = []  # undone actions, the next one to redo last
        # issue 11: the instance lock, read-only mode, and which change is safely on disk
        self.read_only: str | None = None  # the reason, when this game may only be looked at
        self._lock = None  # saves.lock.GameLock while this session may write the game
        self._changes = 0  # applied, undone and redone actions so far
        self._written = 0  # ... of which the last one written to a file (autosave or a save of the game)

    # ------------------------------------------------------------ starting
    @classmethod
    def new(cls, settings, save_dir: str | os.PathLike[str] | None = None, *, autosave: bool = True) -> Session:
        """Set up a new game. ``save_dir=None`` means the default folder (``store.resolve_save_dir``);
        ``autosave=False`` writes nothing unless ``save`` is called. The first autosave is written at once."""
        state = _rules().new_game(settings)
        created = _now()
        game_id = f"{created:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
        folder = store.resolve_save_dir(save_dir)
        session = cls(settings, state, [], [], game_id=game_id, created=created, save_dir=folder,
                      autosave_to=None, autosave=autosave)
        if autosave:
            session._take_lock()
            store.remove_stale_temps(folder)
            session.autosave()
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
        save = loaded.save
        state, log, steps = _replay(save.settings, save.actions, loaded.path)
        if loaded.check_digest:
            got = _rules().digest(state)
            if got != save.digest:
                raise ReplayError(
                    loaded.path,
                    f"the replayed game does not match the saved one (digest {got[:12]}… instead of "
                    f"{save.digest[:12]}…): the file was edited, or written by a different version of the rules")
        if open_as == "read-only":
            autosave = False
        reuse = (loaded.version == fmt.CURRENT_VERSION and save.meta.autosave and store.is_autosave(loaded.path)
                 and save_dir is not None and loaded.path.parent == save_dir and open_as == "play")
        game_id, created = save.meta.game_id, save.meta.created
        if open_as == "copy":  # a new game from here on: its own id, so nothing of the original is written
            created = _now()
            game_id = f"{created:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
        session = cls(save.settings, state, log, steps, game_id=game_id, created=created,
                      save_dir=save_dir, autosave_to=loaded.path if reuse else None, autosave=autosave,
                      source=loaded.path)
        if open_as == "read-only":
            session.read_only = "this game is open read-only here"
        if autosave and save_dir is not None:
            session._take_lock(loaded.path)  # raises GameInUseError if another Tiletum plays this game
            store.remove_stale_temps(save_dir)
            if open_as == "copy":
                session.autosave()  # the copy exists as a file of its own from the start
        return session

    @classmethod
    def from_actions(cls, settings, actions, *, save_dir: str | os.PathLike[str] | None = None,
                     autosave: bool = False, game_id: str | None = None) -> Session:
        """A session for ``settings`` after ``actions`` (engine actions or their notation), e.g. a game
        played headless. Raises ReplayError naming the first action that does not apply."""
        texts = [a if isinstance(a, str) else notation(a) for a in actions]
        state, log, steps = _replay(settings, texts, Path("<actions>"))
        created = _now()
        session = cls(settings, state, log, steps, game_id=game_id or f"{created:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}",
                      created=created, save_dir=Path(save_dir) if save_dir is not None else None,
                      autosave_to=None, autosave=autosave)
        if autosave:
            session._take_lock()
            session.autosave()
        return session

    @staticmethod
    def latest_unfinished(folder: str | os.PathLike[str]) -> Path | None:
        """The newest save in ``folder`` of a game not yet over (for 'continue'), or None. Verified by
        replaying it, not taken from the file's own metadata (see ``last_game``)."""
        from .last_game import find_last_unfinished

        found = find_last_unfinished(folder)
        return found.path if found else None

    # ------------------------------------------------------------ reading the game
    @property
    def current_player(self) -> int | None:
        return _rules().current_player(self.state)

    def legal_actions(self) -> list:
        return _rules().legal_actions(self.state)

    @property
    def notation_log(self) -> list[str]:
        return list(self._texts)

    @property
    def finished(self) -> bool:
        return self.state.phase == "over"

    def digest(self) -> str:
        return _rules().digest(self.state)

    # ------------------------------------------------------------ playing
    def apply(self, action) -> list:
        """Apply an action (an engine action or its notation) and autosave; return the new Scoring
        events. An illegal or malformed action raises the engine's error and changes nothing."""
        if self.read_only:
            raise ReadOnlyGameError(self._read_only_reason())
        return self._apply(parse(action) if isinstance(action, str) else action, redoing=False)

    def _apply(self, action, *, redoing: bool) -> list:
        rules = _rules()
        before = self.state
        actor = rules.current_player(before)
        signature = _reveal_signature(before)
        after = rules.apply(before, action)  # raises before anything here changes
        reveal = None
        if after.reveals != before.reveals:
            reveal = _describe_reveal(signature, _reveal_signature(after))
        step = _Step(actor, _turn_key(before), reveal)
        if reveal is not None or (self._steps and self._steps[-1].actor != actor):
            self._snapshots.clear()
        if reveal is None:
            self._snapshots.append((len(self.log), before))
            del self._snapshots[:-_MAX_SNAPSHOTS]
        self.state = after
        self.log.append(action)
        self._texts.append(notation(action))
        self._steps.append(step)
        if redoing:
            self._redo.pop()
        else:
            self._redo.clear()
        self._after_change()
        return list(after.events[len(before.events):])

    # ------------------------------------------------------------ undo and redo
    def can_undo(self) -> str | None:
        """None if ``undo()`` is possible now, else the reason it is not (for the greyed-out key)."""
        if self.read_only:
            return self._read_only_reason()
        if not self.log:
            return "nothing to undo"
        if self.state.phase == "over":
            return "the game is over"
        step = self._steps[-1]
        if step.reveal is not None:
            return f"{step.reveal}: undo stops at a reveal"
        if step.actor != _rules().current_player(self.state):
            return f"that was {self._player_name(step.actor)}'s action: undo stops at another player's action"
        now = _turn_key(self.state)
        if step.key != now:
            began = f"the {now[1].capitalize()} phase" if step.key[1] != now[1] else "a new turn"
            return f"{began} has begun: undo stops at the end of a turn"
        return None

    def undo(self):
        """Take back the last action (see ``can_undo``); return it. Autosaves, so the file stays in step."""
        reason = self.can_undo()
        if reason is not None:
            raise UndoError(reason)
        action = self.log.pop()
        self._texts.pop()
        self._steps.pop()
        if self._snapshots and self._snapshots[-1][0] == len(self.log):
            self.state = self._snapshots.pop()[1]
        else:
            self.state = _replay(self.settings, self._texts, self.source or Path("<game>"))[0]
        self._redo.append(action)
        self._after_change()
        return action

    def can_redo(self) -> str | None:
        if self.read_only:
            return self._read_only_reason()
        return None if self._redo else "nothing to redo"

    def redo(self) -> list:
        """Play the last undone action again (the same state as before the undo); return its Scoring events."""
        if self.can_redo():
            raise UndoError(self.can_redo())
        return self._apply(self._redo[-1], redoing=True)

    # ------------------------------------------------------------ saving
    def to_save_file(self, *, name: str = "", autosave: bool = False) -> fmt.SaveFile:
        state = self.state
        meta = fmt.SaveMeta(
            game_id=self.game_id, name=name, autosave=autosave,
            players=[p.name for p in self.settings.players], round=state.round, phase=state.phase,
            scores=[p.vp for p in state.players], actions=len(self._texts), finished=state.phase == "over",
            created=self.created, saved=_now(),
        )
        return fmt.SaveFile(meta=meta, settings=self.settings, seed=self.settings.seed,
                            digest=_rules().digest(state), actions=list(self._texts))

    def save(self, name: str, *, folder: str | os.PathLike[str] | None = None) -> Path:
        """Write a named save to the save folder (or ``folder``) and return its path. Overwrites an
        earlier save of this game under that same name; never another game's save, a save of this
        game under another name ("x.json" and "x" are two saves), or an unreadable file: a free
        file name is chosen then. Never creates a folder other than the user's data folder."""
        self._refuse_if_read_only()
        folder = Path(folder) if folder is not None else (
            self.save_dir if self.save_dir is not None else store.resolve_save_dir(None))
        store.prepare_folder(folder)
        title = " ".join(name.split())
        base = store.save_path(folder, name)
        path, n = base, 1
        while store.exists_at(path) and not self._owns(path, autosave=False, name=title or base.stem):
            n += 1
            path = base.with_name(f"{base.stem}-{n}{base.suffix}")
        store.write_save(path, self.to_save_file(name=title or path.stem))
        self._written = self._changes
        return path

    def save_as(self, path: str | os.PathLike[str]) -> Path:
        """Write this game to exactly ``path`` (atomically), e.g. for ``tiletum play --save FILE``.
        Replaces nothing but a save of this game (the same game id, or the same players and seed);
        never a device, a link, a folder or another file, and never creates a folder. Raises
        SaveWriteError saying why not."""
        path = Path(path)
        store.check_replaceable(path, self.game_id, self.settings)
        store.write_save(path, self.to_save_file(name=path.stem))
        self._written = self._changes
        return path

    def autosave(self) -> Path | None:
        """Write the autosave now. A failure is kept in ``autosave_error`` (the game goes on)."""
        if not self.autosave_enabled:
            return None
        if self._lock is not None and self._lock.superseded:
            self.autosave_error = ("Autosave stopped: this game was opened again in this Tiletum, and that "
                                   "window saves it now.")
            return None
        try:
            if self.autosave_path is None:
                store.prepare_folder(self.autosave_path_folder())
                self.autosave_path = self._choose_autosave_path()
            store.write_save(self.autosave_path, self.to_save_file(autosave=True))
        except SaveFileError as exc:
            self._autosave_failed(str(exc))
            return None
        except Exception as exc:  # never let saving stop the game
            self._autosave_failed(f"{type(exc).__name__}: {clean(exc)}")
            return None
        self.autosave_error = self.autosave_problem = None
        self._written = self._changes
        return self.autosave_path

    def _after_change(self) -> None:
        self._changes += 1
        self.autosave()

    def _choose_autosave_path(self) -> Path:
        folder = self.save_dir if self.save_dir is not None else store.resolve_save_dir(None)
        base = store.autosave_path(folder, self.game_id)
        path, n = base, 1
        while path.exists() and not self._owns(path, autosave=True):
            n += 1
            path = store.autosave_path(folder, f"{self.game_id}-{n}")
        return path

    def _owns(self, path: Path, *, autosave: bool, name: str | None = None) -> bool:
        """May this session overwrite ``path``? Only a readable current-format save of this same game;
        for an autosave, only one whose actions we continue (so nothing is lost); for a named save,
        only one of that same ``name``."""
        try:
            loaded = store.read_save(path)
        except SaveFileError:
            return False
        save = loaded.save
        if loaded.version != fmt.CURRENT_VERSION or save.meta.game_id != self.game_id:
            return False
        if autosave:
            return save.meta.autosave and save.actions == self._texts[: len(save.actions)]
        return not save.meta.autosave and (name is None or " ".join(save.meta.name.split()) == name)

    def _player_name(self, index: int | None) -> str:
        if index is None or not 0 <= index < len(self.settings.players):
            return "another player"
        return self.settings.players[index].name


def _replay(settings, texts: list[str], path) -> tuple[object, list, list[_Step]]:
    """Replay ``texts`` from the settings' seed; raise ReplayError naming the first bad action."""
    rules = _rules()
    try:
        state = rules.new_game(settings)
    except Exception as exc:  # the engine's ValueError, or anything odd in hand-edited settings
        raise ReplayError(path, f"the saved settings cannot start a game: {clean(exc, 200)}") from None
    log: list = []
    steps: list[_Step] = []
    total = len(texts)
    for i, text in enumerate(texts):
        # The text is the file's own: quoted briefly, and the engine's message (which may repeat it)
        # cut short, so a megabyte of action is not echoed back three times (issue 11).
        where = f"action {i + 1} of {total} ({quote(text)})"
        try:
            action = parse(text)
        except TiletumError as exc:
            raise ReplayError(path, f"{where} is not an action: {clean(exc, 200)}", i, text) from None
        actor = rules.current_player(state)
        key = _turn_key(state)
        signature = _reveal_signature(state)
        reveals = state.reveals
        try:
            rules.apply_in_place(state, action)
        except TiletumError as exc:
            raise ReplayError(path, f"{where} is not allowed at that point of the game: {clean(exc, 200)}",
                              i, text) from None
        except Exception as exc:  # an engine bug must not take the app down with it
            raise ReplayError(path, f"{where} could not be replayed ({type(exc).__name__}: {clean(exc, 200)})",
                              i, text) from None
        reveal = _describe_reveal(signature, _reveal_signature(state)) if state.reveals != reveals else None
        log.append(action)
        steps.append(_Step(actor, key, reveal))
    return state, log, steps
