"""The saves of a folder (metadata only, never a replay: what each file claims), and deleting one.
The load screen and ``tiletum saves`` show them as replaying gives them (``last_game.checked_saves``
replaces the claims and sets ``checked``). Reading goes through ``store`` (bounded, never writing)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from tiletum_tui.core.safe_text import clean
from .errors import SaveFileError
from .store import SUFFIX, is_autosave, os_problem, parse_save, read_bytes

RECORD_SUFFIX = ".record"  # records.SUFFIX (not imported: listing a folder needs no records code)


@dataclass(frozen=True)
class SaveInfo:
    """One row of the load screen. ``problem`` is set (and the rest mostly empty) for an unreadable file."""

    path: Path
    name: str  # the name the player gave, else the file's stem
    autosave: bool
    players: tuple[str, ...]
    round: int
    phase: str
    scores: tuple[int, ...]
    actions: int
    finished: bool
    created: datetime | None
    saved: datetime  # for an unreadable file, the file's modification time
    game_id: str = ""
    version: int = 0
    problem: str | None = None
    game: str = ""  # the game's title ("Tiletum", "Carcassonne")
    progress: str = ""  # how far it got, in that game's words ("round 2, action phase", "tile 14 of 72")
    checked: bool = False  # round, phase, players, scores, actions, progress and finished are the replay's


def list_saves(folder: str | os.PathLike[str], *, records: bool = True) -> list[SaveInfo]:
    """Every save in ``folder``, newest first; unreadable files are listed with their ``problem``
    (a pipe, a device or a link to one named ``*.json`` too, so the player sees why it is not a
    game). Reads metadata only (no replay). A missing folder has no saves. ``records``: game records
    (``*.record``, issue 21) too, read as the saves they describe."""
    folder = Path(folder)
    suffixes = (SUFFIX, RECORD_SUFFIX) if records else (SUFFIX,)
    try:
        entries = [e for e in os.scandir(folder)
                   if e.name.endswith(suffixes) and not e.name.startswith(".") and not _is_folder(e)]
    except OSError:
        return []
    infos = [save_info(Path(e.path)) for e in entries]
    infos.sort(key=lambda i: (i.saved, i.autosave, i.path.name), reverse=True)
    return infos


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def save_info(path: Path) -> SaveInfo:
    """What a save holds (metadata only); an unreadable file comes back with its ``problem``."""
    try:
        mtime = datetime.fromtimestamp(os.lstat(path).st_mtime, tz=timezone.utc)
    except (OSError, ValueError, OverflowError):
        mtime = datetime.fromtimestamp(0, tz=timezone.utc)
    try:
        loaded = parse_save(read_bytes(path), path, migrate=False)
    except SaveFileError as exc:
        return SaveInfo(path=path, name=path.stem, autosave=is_autosave(path), players=(), round=0, phase="",
                        scores=(), actions=0, finished=False, created=None, saved=mtime, problem=exc.problem)
    m = loaded.save.meta
    # The file's own dates are only claims: a date in the future would make a shared file "the
    # last game" for ever. It was written no later than the file system says it was.
    return SaveInfo(
        path=path, name=m.name or path.stem, autosave=m.autosave,
        players=tuple(loaded.game.player_names(loaded.settings)),  # the names the game will use
        round=m.round, phase=m.phase, scores=tuple(m.scores), actions=len(loaded.save.actions),
        finished=m.finished, created=min(_aware(m.created), mtime), saved=min(_aware(m.saved), mtime),
        game_id=m.game_id, version=loaded.version, game=loaded.game.title,
        progress=loaded.game.progress({"round": m.round, "phase": m.phase, "scores": list(m.scores)}),
    )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def delete(path: str | os.PathLike[str]) -> None:
    """Delete one save file (the load screen asks for confirmation first). Refuses anything but a
    ``.json`` file or a ``.record``; raises SaveFileError if it cannot be deleted."""
    path = Path(path)
    if path.suffix not in (SUFFIX, RECORD_SUFFIX) or path.is_dir():
        raise SaveFileError(path, "not a save file: refusing to delete it")
    try:
        path.unlink()
    except OSError as exc:
        raise SaveFileError(path, os_problem(exc, "the file cannot be deleted")) from None


SAVES_COLUMNS = ("Name", "Game", "Players", "Scores", "Saved", "Status")


UNCHECKED = "unchecked (not replayed yet)"


def record_mark(info: SaveInfo) -> str:
    """A game record (issue 21, ``*.record``) is listed and opened as a save is; its line says which it is."""
    return " (record)" if info.path.suffix == RECORD_SUFFIX else ""


def saves_table(infos: list[SaveInfo]) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """Column titles and rows of plain strings for ``tiletum saves`` (``last_game.checked_saves``:
    newest first). A file not replayed shows none of its claims: only that it is unchecked."""
    rows = []
    for info in infos:
        saved = info.saved.astimezone().strftime("%Y-%m-%d %H:%M")
        if info.problem:
            rows.append((clean(info.path.name, 80), "", "", "", saved, f"unreadable: {info.problem}"))
            continue
        if info.autosave:
            started = (info.created or info.saved).astimezone().strftime("%Y-%m-%d %H:%M")
            name = f"autosave of the game begun {started}"
        else:
            name = clean(info.name, 60) + record_mark(info)  # the file's own text: no escape reaches the terminal
        if not info.checked:
            rows.append((name, info.game, "", "", saved, UNCHECKED))  # the game it is read as; no claims
            continue
        status = "finished" if info.finished else "in progress"
        rows.append((name, f"{info.game}, {info.progress}", clean(", ".join(info.players), 200),
                     clean(" / ".join(map(str, info.scores)), 60), saved, status))
    return SAVES_COLUMNS, rows
