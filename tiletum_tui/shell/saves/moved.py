"""Where a game's autosave went when it moved to another folder (issue 24).

When the autosave cannot be written (a full disk), Ctrl+S into another folder moves the autosave
there: the folder the game came from keeps a copy that stops at the last move written. Without a
word, ``tiletum --continue`` in that first folder would open the stale copy and play on from it.
So a move is noted on this computer, outside both folders (``paths.moves_folder``: one small file
per game, ``GAMEID.json`` holding the autosave's new path), and Continue reads "the last game" as
the game's newest autosave wherever it went on this computer (``last_game``).

A note is only a pointer: the file it names is read and replayed like any save, and a note that
cannot be read or names no save of that game is ignored. Writing one is best effort (the state
folder may be on the full disk too); it never stops the game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tiletum_tui.core import paths
from . import safe_read
from .errors import SaveFileError
from .names import sanitise_name
from .store import write_atomic

_MAX_NOTE = 8192


def _note_path(game_id: str) -> Path:
    return paths.moves_folder() / f"{sanitise_name(game_id)}.json"


def record(game_id: str, autosave: Path) -> None:
    """Note that ``game_id``'s autosave is now ``autosave`` (best effort)."""
    folder = paths.moves_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(_note_path(game_id), json.dumps({"game_id": game_id,
                                                      "autosave": os.fspath(Path(autosave).absolute())}).encode())
    except (OSError, SaveFileError):
        pass


def where(game_id: str) -> Path | None:
    """The path ``game_id``'s autosave moved to, if a move was noted (not checked: read it as a save)."""
    if not game_id:
        return None
    try:
        data = json.loads(safe_read.read_regular_file(_note_path(game_id), _MAX_NOTE))
    except (SaveFileError, OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("game_id") != game_id or not isinstance(data.get("autosave"), str):
        return None
    return Path(data["autosave"])
