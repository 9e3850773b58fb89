"""What the saves of a folder really hold, by replaying them: Continue's game and the listings.

A save's metadata is only the file's claim, and saves are shared: a ``saved`` date in the future
would make one file "the last game" for ever, ``finished: true`` would hide an unfinished game,
and the round, players and scores could say anything (round 2^70). So Continue takes the saves in
the order they were written (a date no later than the file system's, see ``listing.list_saves``)
and replays each, newest first, until one really is unfinished (and is not an older save of a game
whose newer save is over); and the listings (``tiletum
saves``, the Open dialog) show each file as its replay gives it (``checked_saves``): a file that
does not replay is listed as unreadable with the reason, and one not replayed within the listing's
time budget is marked unchecked, never shown with its claims.

"The last game" is a game, not a file: when a game's autosave moved to another folder (Ctrl+S
there while this folder could not be written, ``saves.moved``), the file left here is a stale copy,
and Continue opens the game's newest autosave wherever it went on this computer (the one written
last), saying so (``moved_from``).

A replay costs a few milliseconds (``tiletum bench``); results are kept per file (by its inode,
size and modification time), so returning to the title does not replay the same files again.
"""

from __future__ import annotations

import dataclasses
import os
import time
from dataclasses import dataclass
from pathlib import Path

from .saves import listing, moved
from .saves.errors import SaveFileError

_CACHE: dict[tuple, "Replayed | str"] = {}
_CACHE_LIMIT = 1024
LISTING_BUDGET = 2.0  # seconds of replaying for one listing; the files past it are marked unchecked


@dataclass(frozen=True)
class Replayed:
    """A save as its replay shows it."""

    game_id: str
    round: int
    phase: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    actions: int
    finished: bool
    progress: str = ""  # how far it got, in its game's words (``Game.progress``)
    title: str = ""  # the game's name (Tiletum, Carcassonne)


@dataclass(frozen=True)
class LastGame:
    """An unfinished game as its replay shows it."""

    path: Path
    round: int
    players: tuple[str, ...]
    scores: tuple[int, ...]
    actions: int
    progress: str = ""  # how far it got, in its game's words ("round 2", "turn 14, placing a tile")
    moved_from: Path | None = None  # the stale copy in the folder asked about, when the game moved away
    title: str = ""  # the game's name (Tiletum, Carcassonne)

    def summary(self) -> str:
        """``round 2, Ann 12 / Bob 9``."""
        return ", ".join(self.continue_parts()[1:])

    def continue_parts(self) -> tuple[str, str, str]:
        """For the title's Continue line (issue 41, item 14: it names the game): the game's name, how far
        it got, every player's score (``Carcassonne``, ``turn 14, placing a tile``, ``Ann 12 / Bob 9``)."""
        scores = " / ".join(f"{p} {s}" for p, s in zip(self.players, self.scores))
        return self.title, self.progress or f"round {self.round}", scores


def find_last_unfinished(folder: str | os.PathLike[str], load) -> LastGame | None:
    """The newest save in ``folder`` whose replayed game is not over, or None. ``load(path)`` replays a
    save into a session (``Session.load`` without autosave: the session passes it, this module sits
    below it)."""
    ended: set[str] = set()  # games whose newest save here is over
    for info in listing.list_saves(folder, records=False):  # a record is a game shared, not one played here
        if info.problem is None:
            newer = _moved_away(info, load)
            if newer is _FINISHED:
                ended.add(info.game_id)
                continue
            if newer is not None:
                return newer
            game = replayed(info.path, load)
            if not isinstance(game, Replayed):
                continue
            if game.finished:
                ended.add(game.game_id)
            elif game.game_id not in ended:
                # (an older named save of a game played on to its end is that game's past, not an
                # unfinished game: issue 41 item 8; Open still lists it, saying the game ended later)
                return _last_game(info.path, game)
    return None


_FINISHED = object()


def _moved_away(info, load):
    """The game of ``info`` where its autosave moved to, if it moved and was written there later:
    its LastGame, ``_FINISHED`` if it ended there, else None (this folder's file is the newest)."""
    there = moved.where(info.game_id)
    if there is None or there == info.path.absolute():
        return None
    try:
        if os.stat(there).st_mtime_ns <= os.stat(info.path).st_mtime_ns:
            return None
    except OSError:
        return None
    game = replayed(there, load)
    if not isinstance(game, Replayed) or game.game_id != info.game_id:
        return None  # gone, damaged or another game's: this folder's file is what is left of the game
    return _FINISHED if game.finished else _last_game(there, game, moved_from=info.path)


def verified(path: Path, load) -> LastGame | None:
    """The game in ``path`` if it replays (digest checked) and is not over; None otherwise."""
    game = replayed(path, load)
    if not isinstance(game, Replayed) or game.finished:
        return None
    return _last_game(path, game)


def _last_game(path: Path, game: Replayed, moved_from: Path | None = None) -> LastGame:
    return LastGame(path=Path(path), round=game.round, players=game.players, scores=game.scores,
                    actions=game.actions, progress=game.progress, moved_from=moved_from, title=game.title)


def replayed(path: Path, load) -> Replayed | str:
    """What replaying ``path`` gives, or why it cannot be replayed (the problem, in words)."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return f"the file cannot be read: {exc.strerror or exc}"
    key = (os.fspath(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    if key in _CACHE:
        return _CACHE[key]
    try:
        session = load(path)
    except SaveFileError as exc:
        result = exc.problem
    else:
        summary = session.game.summary(session.state)
        result = Replayed(game_id=session.game_id, round=summary["round"], phase=summary["phase"],
                          players=tuple(session.game.player_names(session.settings)),
                          scores=tuple(summary["scores"]), actions=len(session.log), finished=session.finished,
                          progress=session.game.progress(summary), title=session.game.title)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = result
    return result


def checked_saves(folder: str | os.PathLike[str], load, budget: float = LISTING_BUDGET) -> list[listing.SaveInfo]:
    """The saves of ``folder`` (newest first) as their replays show them: round, phase, players,
    scores, actions and finished replaced by the replay's (``checked``), a file that does not replay
    listed with its ``problem``; once ``budget`` seconds of replaying are spent, the rest are left
    unchecked (``checked`` False: the listings then show none of their claims)."""
    deadline = time.monotonic() + budget
    rows = []
    ended: dict[str, str] = {}  # game id -> its final scores, from its newest save that is over
    for info in listing.list_saves(folder):
        if info.problem is None and time.monotonic() < deadline:
            game = replayed(info.path, load)
            if isinstance(game, Replayed):
                progress = game.progress
                if game.finished:
                    ended.setdefault(game.game_id, " / ".join(f"{p} {s}" for p, s in zip(game.players, game.scores)))
                elif game.game_id in ended:  # an older save of a game played on to its end (issue 41 item 8)
                    progress = f"{progress or f'round {game.round}'}, an earlier save: the game ended {ended[game.game_id]}"
                info = dataclasses.replace(info, round=game.round, phase=game.phase, players=game.players,
                                           scores=game.scores, actions=game.actions, finished=game.finished,
                                           progress=progress, checked=True)
            else:
                info = dataclasses.replace(info, problem=game)
        rows.append(info)
    return rows
