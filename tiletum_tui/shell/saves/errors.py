"""The save-file error family: every message names the file and says what is wrong with it.

``str(error)`` is ready for the screen: ``"savegames/x.json: the file is empty"``. Reading a file
never changes it: a file that gives one of these errors is left exactly as it was.

The file name and the problem may quote the file's own content, so both pass through
``safe_text.clean``: a message is bounded in length and never carries a control character.
"""

from __future__ import annotations

import os

from tiletum_tui.core.safe_text import clean, clean_path


class SaveFileError(Exception):
    """A save file cannot be read, replayed or written. ``path`` is the file, ``problem`` the reason."""

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = os.fspath(path)
        self.problem = clean(problem)
        super().__init__(f"{clean_path(self.path)}: {self.problem}")


class CorruptSaveError(SaveFileError):
    """Not a readable save: empty, truncated, not JSON, wrong types, unknown or missing fields."""


class UnsupportedVersionError(SaveFileError):
    """The format version is missing, unknown, or newer than this program reads."""


class ReplayError(SaveFileError):
    """The file reads, but its game does not replay: an illegal action, or a digest that does not match."""

    def __init__(self, path, problem: str, index: int | None = None, action: str | None = None) -> None:
        super().__init__(path, problem)
        self.index = index  # 0-based index of the action that failed, if one did
        self.action = action  # its text


class SaveWriteError(SaveFileError):
    """Writing a save failed (full disk, unwritable folder); any earlier file of that name is intact."""
