"""A session's files (``Session`` inherits this): the save file it makes, named saves, saving to
any path, the autosave handed to its writer thread, and which files a session may overwrite (only
a save of its own game; issue 11: never lose or corrupt a game). Loading is ``Session.load``."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from ..safekeeping import Safekeeping
from ..saves import format as fmt
from ..saves import store
from ..saves.errors import SaveFileError


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


class SessionSaving(Safekeeping):
    def to_save_file(self, *, name: str = "", autosave: bool = False) -> fmt.SaveFile:
        state = self._history[-1]
        summary = self.game.summary(state)
        meta = fmt.SaveMeta(
            game_id=self.game_id, name=name, autosave=autosave, players=self.game.player_names(self.settings),
            round=summary["round"], phase=summary["phase"], scores=summary["scores"], actions=len(self.log),
            finished=self.finished, created=self.created, saved=_now(),
        )
        seconds = [e.seconds for e in self.log]
        timed = {"seconds": seconds} if any(t is not None for t in seconds) else {}  # (else no field: as before)
        return fmt.SaveFile(game=self.game.name, meta=meta, settings=self.game.encode_settings(self.settings),
                            seed=self.game.seed(self.settings), digest=self.game.digest(state),
                            actions=[e.notation for e in self.log], seats=list(self.seats), **timed)

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
        changes = self._changes
        store.write_save(path, self.to_save_file(name=title or path.stem))
        self._written = changes
        return path

    def save_as(self, path: str | os.PathLike[str]) -> Path:
        """Write this game to exactly ``path`` (atomically), e.g. for ``tiletum play --save FILE``.
        Replaces nothing but a save of this game (the same game id, or the same players and seed);
        never a device, a link, a folder or another file, and never creates a folder. Raises
        SaveWriteError saying why not."""
        path = Path(path)
        store.check_replaceable(path, self.game_id, self.settings)
        changes = self._changes
        store.write_save(path, self.to_save_file(name=path.stem))
        self._written = changes
        return path

    def autosave(self, *, wait: bool = False) -> None:
        """Hand the autosave to the writer thread (see ``saves/writer.py``); a failure shows up in
        ``autosave_error`` and ``on_autosave`` (the game goes on). ``wait``: until it is written (a new
        game's first file, a copy's: the player learns at once when the folder cannot be written)."""
        if not self.autosave_enabled:
            return
        if self._lock is not None and self._lock.superseded:
            self._autosave_error = ("Autosave stopped: this game was opened again in this Tiletum, and that "
                                    "window saves it now.")
            return
        try:
            if self.autosave_path is None:
                store.prepare_folder(self.autosave_path_folder())
                self.autosave_path = self._choose_autosave_path()
        except SaveFileError as exc:
            self._not_submitted = exc
            self._autosave_done(str(exc), self._changes, prefixed=False)
            return
        self._not_submitted = None
        self._writer.submit(self.autosave_path, self.to_save_file(autosave=True), tag=self._changes)
        if wait:
            self._writer.flush()

    @property
    def autosave_error(self) -> str | None:
        """The problem of the last action's autosave (a message for the screen), None after a good
        one. Waits for that autosave if it is still being written (a write takes milliseconds)."""
        self._writer.flush()
        return self._autosave_error

    @autosave_error.setter
    def autosave_error(self, message: str | None) -> None:
        self._autosave_error = message

    def unsaved_changes(self) -> str | None:
        self._writer.flush()
        return super().unsaved_changes()

    # ------------------------------------------------------------ a change kept only once it is on disk
    # (the host, issue 42: a move is told only once it is on disk; one that cannot be written is taken
    # back, so what everyone sees is what the file holds)
    _not_submitted: Exception | None = None  # the autosave could not even be handed to the writer

    def mark(self) -> tuple:
        """Where the game is now, to come back to (``take_back``) if the next change cannot be written."""
        return list(self._history), list(self.log), list(self._redo), self._changes

    def take_back(self, mark: tuple) -> None:
        """Back to ``mark`` (the game as its file holds it): the change made since was not written."""
        history, log, redo, changes = mark
        self._history[:], self.log[:], self._redo[:] = history, log, redo
        self._changes = changes

    def save_failure(self) -> Exception | None:
        """Wait for the last autosave; why it could not be written (the exception: a SaveFileError,
        its OSError as the cause), or None when it is on disk."""
        self._writer.flush(None)
        return self._not_submitted or self._writer.failure

    def write_again(self) -> Exception | None:
        """Write the game's autosave again as it is now (after a failed one: can the disk be written
        again?); ``save_failure``'s answer."""
        self.autosave()
        return self.save_failure()

    def flush(self) -> bool:
        """Wait until the autosave of the last action is on disk."""
        return self._writer.flush()

    def close(self) -> bool:
        """Wait for the last autosave, stop the writer and let another Tiletum open the game (quitting
        and leaving a game call this)."""
        done = self._writer.close()
        super().close()
        return done

    def _autosave_done(self, problem: str | None, tag: int, *, prefixed: bool = True) -> None:
        """The writer has written the save of change ``tag`` (``problem`` None), or could not."""
        if problem is None:
            self._autosave_error = self.autosave_problem = None
            self._written = max(self._written, tag)
        else:
            self._autosave_failed(problem.removeprefix("Autosave failed: ") if prefixed else problem)
        if self.on_autosave is not None:
            self.on_autosave(self._autosave_error)

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
            loaded = store.parse_save(store.read_bytes(path), path, migrate=False)
        except SaveFileError:
            return False
        save = loaded.save
        if loaded.version != fmt.CURRENT_VERSION or save.meta.game_id != self.game_id:
            return False
        if autosave:
            mine = [e.notation for e in self.log]
            return save.meta.autosave and save.actions == mine[: len(save.actions)]
        return not save.meta.autosave and (name is None or " ".join(save.meta.name.split()) == name)
