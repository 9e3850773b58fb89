"""Which game Continue opens: the newest unfinished one, proved unfinished by replaying it.

A save's metadata is only the file's claim, and saves are shared: a ``saved`` date in the future
would make one file "the last game" for ever, ``finished: true`` would hide an unfinished game,
and the round, players and scores could say anything. So Continue takes the saves in the order
they were written (a date no later than the file system's, see ``listing.list_saves``) and replays
each, newest first, until one really is unfinished; what the title shows about it (round, players,
scores) comes from that replayed game, not from the file.

A replay costs a few milliseconds (``tiletum bench``); results are kept per file (by its inode,
size and modification time), so returning to the title does not replay the same files again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .saves import listing
from .saves.errors import SaveFileError

_CACHE: dict[tuple, "LastGame | None"] = {}
_CACHE_LIMIT = 1024


@dataclass(frozen=True)
class LastGame:
    """An unfinished game as its replay shows it."""

    path: Path
    round: int
    players: tuple[str, ...]
    scores: tuple[int, ...]
    actions: int
    progress: str = ""  # how far it got, in its game's words ("round 2", "turn 14, placing a tile")

    def summary(self) -> str:
        """For the title's Continue line: ``round 2, Ann 12 / Bob 9``."""
        scores = " / ".join(f"{p} {s}" for p, s in zip(self.players, self.scores))
        return f"{self.progress or f'round {self.round}'}, {scores}"


def find_last_unfinished(folder: str | os.PathLike[str], load) -> LastGame | None:
    """The newest save in ``folder`` whose replayed game is not over, or None. ``load(path)`` replays a
    save into a session (``Session.load`` without autosave: the session passes it, this module sits
    below it)."""
    for info in listing.list_saves(folder):
        if info.problem is None:
            game = verified(info.path, load)
            if game is not None:
                return game
    return None


def verified(path: Path, load) -> LastGame | None:
    """The game in ``path`` if it replays (digest checked) and is not over; None otherwise."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    key = (os.fspath(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    if key in _CACHE:
        return _CACHE[key]
    try:
        session = load(path)
    except SaveFileError:
        result = None
    else:
        summary = session.game.summary(session.state)
        result = None if session.finished else LastGame(
            path=Path(path), round=summary["round"], players=tuple(session.game.player_names(session.settings)),
            scores=tuple(summary["scores"]), actions=len(session.log), progress=session.game.progress(summary))
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = result
    return result
