"""Keeping a game safe on disk (issue 11): one running game per save, read-only and copies,
what quitting would lose, and saving anywhere the player chooses.

``Session`` inherits this; it holds only what these need of it (``game_id``, ``settings``,
``state``, ``save_dir``, ``autosave_path``, ``autosave_error``, ``autosave_enabled``,
``read_only``, ``_lock``, ``_changes`` and ``_written``, ``save``, ``save_as``, ``autosave``),
so the same methods can sit on any session that autosaves.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import Refused
from .saves import lock as instance_lock
from .saves import moved, store
from .saves.errors import SaveFileError


class ReadOnlyGameError(Refused):
    """An action in a game opened read-only (another Tiletum plays it). A refusal (``core.errors``), so
    that every screen that shows a refused action shows this reason the same way."""


OPEN_MODES = ("play", "read-only", "copy")


class Safekeeping:
    """The issue-11 half of a Session (see the module's docstring)."""

    autosave_problem: str | None = None  # why the last autosave failed ("FILE: the disk is full")

    def _autosave_failed(self, problem: str) -> None:
        self.autosave_problem = problem
        self.autosave_error = (f"Autosave failed: {problem}. The game goes on, but it is not saved: "
                               "Ctrl+S saves it anywhere you choose.")

    def unsaved_changes(self) -> str | None:
        """What quitting now would lose (None if nothing): the changes since the last file written,
        when this game is meant to be autosaved. A game opened read-only or without autosave has
        nothing to lose."""
        if not self.autosave_enabled or self.read_only or self._written == self._changes:
            return None
        n = self._changes - self._written
        what = "the last change is" if n == 1 else f"the last {n} changes are"
        return f"{what} not saved (the autosave failed: {self.autosave_problem or 'not written yet'})"

    def close(self) -> None:
        """Done with this game (back to the title, quitting): let another Tiletum open it."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def autosave_path_folder(self) -> Path:
        return self.save_dir if self.save_dir is not None else store.resolve_save_dir(None)

    def _take_lock(self, opened: Path | None = None) -> None:
        """Hold this game's instance lock; GameInUseError (naming ``opened``, the save being opened)
        if another running Tiletum plays it."""
        folder = self.autosave_path_folder()
        try:
            store.prepare_folder(folder)  # the user data folder may not exist yet: the lock goes in it
        except SaveFileError:
            pass  # the autosave will say why nothing can be written there
        try:
            self._lock = instance_lock.acquire(folder, self.game_id)
        except instance_lock.GameInUseError as exc:
            if opened is None:
                raise
            raise instance_lock.GameInUseError(opened, exc.game_id, exc.holder) from None

    def _move_autosave(self, folder: Path) -> None:
        """The autosave cannot be written where it was: write it in ``folder`` from now on."""
        try:
            new_lock = instance_lock.acquire(folder, self.game_id)
        except SaveFileError:
            return  # held there by another Tiletum: leave things as they are
        if self._lock is not None:
            self._lock.release()
        self._lock, self.save_dir, self.autosave_path = new_lock, folder, None
        self.autosave()
        if self.autosave_path is not None:  # Continue in the old folder finds the game here (saves.moved)
            moved.record(self.game_id, self.autosave_path)

    def _default_name(self) -> str:
        names = " vs ".join(self.game.player_names(self.settings))
        return f"{names}, {self.game.progress(self.game.summary(self.state))}"

    def _read_only_reason(self) -> str:
        return f"{self.read_only}: open it as a copy to play on"

    def _refuse_if_read_only(self) -> None:
        if self.read_only:
            raise ReadOnlyGameError(self._read_only_reason())

    def save_to(self, typed: str) -> Path:
        """Save where the player typed (Ctrl+S): a name goes to the save folder (``save``); a path
        (``~/x``, ``/mnt/usb/``, ``old/x.json``; relative to the save folder) goes there, a folder
        path into that folder. A path never replaces a file: ``x.json`` typed as a name, then ``./x``
        or the folder's absolute path ``/…/x`` are different words for one file, so when something is
        there already the save gets the next free name (``x-2.json``), as the dialog shows before
        (``store.free_path``; issue 24).
        If the autosave is failing, it follows the game to the folder it was saved in, so the
        moves after this one are kept too (``autosave_error`` says whether that worked)."""
        self._refuse_if_read_only()
        target = store.save_target(typed, self.autosave_path_folder())
        if target is None:
            return self.save(typed)
        folder, path = target
        if path is None:
            store.prepare_folder(folder)
            path = store.save_path(folder, self._default_name())
        path = store.free_path(path)
        self.save_as(path)
        if self.autosave_error and self.autosave_enabled and path.parent != self.save_dir:
            self._move_autosave(path.parent)
        return path

