"""The host's owner archives or deletes a game that is over (issue 42: "finished games can never be
removed"; a host keeps every game it has played, and its lobby and its start grew with them).

``tiletum host archive GAME`` moves the game's file from the host's ``games/`` to its ``archive/``:
the host no longer lists it, and the file is the same save, so ``tiletum load FILE`` replays it as
before. ``tiletum host delete GAME`` removes the file. Only a game over: a game under way is refused
(its players would lose it). With a host running, the command asks it over its socket (``Manage``:
the owner's socket only), so its lobby drops the line at once; without one, it works on the folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from tiletum_tui.core.safe_text import clean
from ..saves import store
from ..saves.errors import SaveFileError
from ..saves.safe_read import os_reason
from .hosted import FinishedGame

WHAT = ("archive", "delete")


class ArchiveError(Exception):
    """Why a game cannot be archived or deleted (no such game, not over, the file system said no)."""


def archive_folder(folder) -> Path:
    return folder.root / "archive"


def find_over(folder, game_id: str, under_way: bool = False) -> Path:
    """The file of the game over ``game_id`` in the host's ``games/`` (``under_way``: or not over);
    ArchiveError saying why not."""
    base = store.autosave_path(folder.games, game_id)
    candidates = [base] + sorted(folder.games.glob(base.stem + "-*" + base.suffix))
    for path in candidates:
        if not path.is_file():
            continue
        try:
            over = FinishedGame.read(path)
            if over is None:
                loaded = store.parse_save(store.read_bytes(path), path, migrate=False)
                if loaded.save.meta.game_id == game_id and under_way:
                    return path
                if loaded.save.meta.game_id == game_id:
                    raise ArchiveError(f"{clean(game_id, 40)} is not over: only a game over can be archived or "
                                       "deleted (its players would lose it)")
                continue
        except SaveFileError:
            continue
        if over.id == game_id:
            return path
    raise ArchiveError(f"there is no game {clean(game_id, 40)} on this host")


def put_away(folder, path: Path, what: str) -> Path | None:
    """Archive (the new path) or delete (None) the file of a game over; ArchiveError saying why not."""
    try:
        if what == "delete":
            path.unlink()
            return None
        shelf = archive_folder(folder)
        shelf.mkdir(mode=0o700, exist_ok=True)
        dest, n = shelf / path.name, 1
        while dest.exists():  # (never over another archived file)
            n += 1
            dest = shelf / f"{path.stem}-{n}{path.suffix}"
        os.rename(path, dest)
        return dest
    except OSError as exc:
        raise ArchiveError(f"the game's file could not be {'deleted' if what == 'delete' else 'archived'}: "
                           f"{os_reason(exc)}") from None


def done_words(game_id: str, what: str, dest: Path | None) -> str:
    if dest is None:
        return f"{clean(game_id, 40)}: deleted"
    return f"{clean(game_id, 40)}: archived to {clean(dest)} (tiletum load replays it)"
