"""Where saves live and how they are written, read, listed and deleted.

- The save folder: ``--save-dir`` if given; else ``./savegames`` when run from the project folder
  (a folder whose pyproject.toml names ``tiletum-tui`` and that has a ``savegames/`` folder);
  else the user's data folder, ``$XDG_DATA_HOME/tiletum`` (``~/.local/share/tiletum``).
- Writes are atomic: a temporary file in the same folder, written, flushed and fsynced, then
  renamed over the target (and the folder fsynced), so a killed process leaves either the old
  file or the new one, never half of one.
- Names are sanitised: a save name can never reach outside the save folder.
- Reading never writes, moves or deletes anything.
"""

from __future__ import annotations

import errno
import os
import re
import threading
import tomllib
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import msgspec

from . import format as fmt
from .errors import CorruptSaveError, SaveFileError, SaveWriteError, UnsupportedVersionError
from .. import games
from .migrate import READABLE_VERSIONS, listing_only, upgrade

SUFFIX = ".json"
AUTOSAVE_PREFIX = "autosave-"
PROJECT_NAME = "tiletum-tui"
PROJECT_SAVE_FOLDER = "savegames"
APP_FOLDER = "tiletum"
_TEMP_RE = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-(?P<tid>\d+)\.tmp$")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


# ---------------------------------------------------------------- the save folder
def resolve_save_dir(cli_arg: str | os.PathLike[str] | None = None, *, cwd: str | os.PathLike[str] | None = None,
                     environ: dict[str, str] | None = None) -> Path:
    """The folder saves go to (not created here: writing a save creates it)."""
    if cli_arg is not None and os.fspath(cli_arg) != "":
        return Path(cli_arg).expanduser()
    here = Path(cwd) if cwd is not None else Path.cwd()
    if is_project_folder(here):
        return here / PROJECT_SAVE_FOLDER
    env = os.environ if environ is None else environ
    data_home = env.get("XDG_DATA_HOME", "")
    base = Path(data_home) if data_home and Path(data_home).is_absolute() else Path.home() / ".local" / "share"
    return base / APP_FOLDER


def is_project_folder(folder: Path) -> bool:
    if not (folder / PROJECT_SAVE_FOLDER).is_dir():
        return False
    try:
        with open(folder / "pyproject.toml", "rb") as f:
            return tomllib.load(f).get("project", {}).get("name") == PROJECT_NAME
    except (OSError, tomllib.TOMLDecodeError):
        return False


# ---------------------------------------------------------------- names
def sanitise_name(name: str) -> str:
    """A safe file stem from what the player typed: letters, digits, space, '-', '_' and '.' only,
    no leading dot, at most 60 characters, never empty, never an autosave's or a device's name."""
    text = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", name))
    text = "".join(c if (c.isalnum() or c in " -_.") else "-" for c in text)
    text = re.sub(r"\.{2,}", ".", text)
    text = re.sub(r"-{2,}", "-", text).strip(" .-_")
    text = text[:60].rstrip(" .-_")
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)].rstrip(" .-_")
    if not text:
        text = "save"
    if text.lower().startswith(AUTOSAVE_PREFIX.rstrip("-")):
        text = "saved " + text
    if text.split(".")[0].lower() in _RESERVED:
        text = "save " + text
    return text


def save_path(folder: str | os.PathLike[str], name: str) -> Path:
    """The path of a named save in ``folder``; it always lies directly inside the folder."""
    folder = Path(folder)
    path = folder / (sanitise_name(name) + SUFFIX)
    assert path.parent == folder and path.name not in (".", "..")
    return path


def autosave_path(folder: str | os.PathLike[str], game_id: str) -> Path:
    return Path(folder) / (AUTOSAVE_PREFIX + sanitise_name(game_id) + SUFFIX)


def is_autosave(path: str | os.PathLike[str]) -> bool:
    return Path(path).name.startswith(AUTOSAVE_PREFIX)


# ---------------------------------------------------------------- writing
def _os_problem(exc: OSError, doing: str) -> str:
    reasons = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EACCES: "permission denied",
        errno.EPERM: "permission denied",
        errno.EROFS: "the file system is read-only",
        errno.ENOENT: "no such file or folder",
        errno.EISDIR: "it is a folder, not a file",
        errno.ENOTDIR: "a part of the path is not a folder",
    }
    reason = reasons.get(exc.errno, exc.strerror or type(exc).__name__)
    return f"{doing}: {reason}"


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically; raise SaveWriteError (the old file intact) on failure."""
    path = Path(path)
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        raise SaveWriteError(path, _os_problem(exc, "the save could not be written")) from exc
    try:  # make the rename itself durable; not possible everywhere, and not needed for atomicity
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def write_save(path: str | os.PathLike[str], save: fmt.SaveFile) -> int:
    """Encode and write atomically; return the file size."""
    data = fmt.encode(save)
    write_atomic(path, data)
    return len(data)


def remove_stale_temps(folder: str | os.PathLike[str]) -> int:
    """Delete temporary files left by killed processes (only ours, only of dead processes)."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        m = _TEMP_RE.match(entry.name)
        if not m or not m.group("name").endswith(SUFFIX) or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(m.group("pid"))
        if pid == os.getpid() or _alive(pid):
            continue
        try:
            os.unlink(entry.path)
            removed += 1
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# ---------------------------------------------------------------- reading
@dataclass(frozen=True)
class LoadedFile:
    """A save file decoded (and migrated to the current format), not yet replayed."""

    path: Path
    save: fmt.SaveFile
    version: int  # the version the file was written in
    game: object  # the game it is a save of (``games.game``)
    settings: object  # the game's settings, decoded strictly

    @property
    def check_digest(self) -> bool:
        """Only a save migrated from format 1 has no digest (its game is replayed unchecked)."""
        return bool(self.save.digest)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    path = Path(path)
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > fmt.MAX_BYTES:
                raise CorruptSaveError(path, f"the file is too large to be a save ({size:,} bytes)")
            return f.read()
    except IsADirectoryError:
        raise SaveFileError(path, "it is a folder, not a save file") from None
    except OSError as exc:
        raise SaveFileError(path, _os_problem(exc, "the file cannot be read")) from None


def read_save(path: str | os.PathLike[str]) -> LoadedFile:
    """Read and strictly decode a save of any readable version; raise a SaveFileError saying why not."""
    return parse_save(read_bytes(path), path)


def parse_save(data: bytes, path: str | os.PathLike[str], *, migrate: bool = True) -> LoadedFile:
    """Decode a save strictly. An older format is migrated to the current one, which replays its
    game (``migrate=False`` reads only what a listing needs: the metadata, without a replay)."""
    path = Path(path)
    if not data.strip():
        raise CorruptSaveError(path, "the file is empty" if not data else "the file holds only blank space")
    try:
        version = fmt.read_version(data)
    except msgspec.DecodeError as exc:
        raise CorruptSaveError(path, fmt.describe_decode_error(exc)) from None
    except ValueError as exc:
        raise UnsupportedVersionError(path, str(exc)) from None
    if version > fmt.CURRENT_VERSION:
        raise UnsupportedVersionError(
            path, f"written by a newer version of Tiletum (save format {version}; this version reads formats "
                  f"{READABLE_VERSIONS[0]} to {fmt.CURRENT_VERSION}): update Tiletum to load it")
    if version not in READABLE_VERSIONS:
        known = ", ".join(map(str, READABLE_VERSIONS))
        raise UnsupportedVersionError(path, f"unknown save format version {version} (known: {known})")
    try:
        if version == fmt.CURRENT_VERSION:
            save = fmt.decode_current(data)
        elif migrate:
            save = upgrade(data, version, path)
        else:
            save = listing_only(data, version, path)
    except msgspec.DecodeError as exc:
        problem = fmt.describe_decode_error(exc)
        if version != fmt.CURRENT_VERSION:
            problem += f" (in a version-{version} save)"
        raise CorruptSaveError(path, problem) from None
    game = games.game(save.game)
    if game is None:
        raise UnsupportedVersionError(path, f"a save of the game '{save.game[:40]}', which this program does not "
                                            f"play (it plays {', '.join(games.NAMES)})")
    try:
        settings = game.decode_settings(save.settings)
    except msgspec.DecodeError as exc:
        raise CorruptSaveError(path, fmt.describe_decode_error(exc).replace("`$", "`$.settings")) from None
    if save.seed != game.seed(settings):
        raise CorruptSaveError(path, f"the seed {save.seed} does not match the settings' seed {game.seed(settings)}")
    rules = getattr(settings, "rules", None)
    if rules is not None and rules not in game.rules_versions:
        raise UnsupportedVersionError(
            path, f"played under rules version {rules}, which this version of Tiletum does not know (it knows "
                  f"{', '.join(map(str, game.rules_versions))}): update Tiletum to load it")
    return LoadedFile(path=path, save=save, version=version, game=game, settings=settings)


# ---------------------------------------------------------------- listing and deleting
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


def list_saves(folder: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every save in ``folder``, newest first; unreadable files are listed with their ``problem``.
    Reads metadata only (no replay). A missing folder has no saves."""
    folder = Path(folder)
    try:
        entries = [e for e in os.scandir(folder)
                   if e.name.endswith(SUFFIX) and not e.name.startswith(".") and e.is_file()]
    except OSError:
        return []
    infos = [save_info(Path(e.path)) for e in entries]
    infos.sort(key=lambda i: (i.saved, i.autosave, i.path.name), reverse=True)
    return infos


def save_info(path: Path) -> SaveInfo:
    """What a save holds (metadata only); an unreadable file comes back with its ``problem``."""
    try:
        loaded = parse_save(read_bytes(path), path, migrate=False)
    except SaveFileError as exc:
        try:
            mtime = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)
        except OSError:
            mtime = datetime.fromtimestamp(0, tz=timezone.utc)
        return SaveInfo(path=path, name=path.stem, autosave=is_autosave(path), players=(), round=0, phase="",
                        scores=(), actions=0, finished=False, created=None, saved=mtime, problem=exc.problem)
    m = loaded.save.meta
    return SaveInfo(
        path=path, name=m.name or path.stem, autosave=m.autosave, players=tuple(m.players), round=m.round,
        phase=m.phase, scores=tuple(m.scores), actions=len(loaded.save.actions), finished=m.finished,
        created=_aware(m.created), saved=_aware(m.saved), game_id=m.game_id, version=loaded.version,
    )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def delete(path: str | os.PathLike[str]) -> None:
    """Delete one save file (the load screen asks for confirmation first). Refuses anything but a
    ``.json`` file; raises SaveFileError if it cannot be deleted."""
    path = Path(path)
    if path.suffix != SUFFIX or path.is_dir():
        raise SaveFileError(path, "not a save file: refusing to delete it")
    try:
        path.unlink()
    except OSError as exc:
        raise SaveFileError(path, _os_problem(exc, "the file cannot be deleted")) from None


SAVES_COLUMNS = ("Name", "Players", "Round", "Scores", "Saved", "Status")


def saves_table(folder: str | os.PathLike[str]) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """Column titles and rows of plain strings for ``tiletum saves`` (newest first)."""
    rows = []
    for info in list_saves(folder):
        saved = info.saved.astimezone().strftime("%Y-%m-%d %H:%M")
        if info.problem:
            rows.append((info.path.name, "", "", "", saved, f"unreadable: {info.problem}"))
            continue
        if info.autosave:
            started = (info.created or info.saved).astimezone().strftime("%Y-%m-%d %H:%M")
            name = f"autosave of the game begun {started}"
        else:
            name = info.name
        status = "finished" if info.finished else "in progress"
        rows.append((name, ", ".join(info.players), str(info.round),
                     " / ".join(map(str, info.scores)), saved, status))
    return SAVES_COLUMNS, rows
