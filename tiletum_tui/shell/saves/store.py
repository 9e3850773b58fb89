"""Where saves live and how they are written and read (listing and deleting: ``listing.py``).

- The save folder: ``--save-dir`` if given; else ``./savegames`` when run from the project folder
  (a folder whose pyproject.toml names ``tiletum-tui`` and that has a ``savegames/`` folder);
  else the user's data folder from platformdirs (``paths.user_data_folder``), the only folder a
  save may create.
- Writes are atomic: a temporary file in the same folder, written, flushed and fsynced, then
  renamed over the target (and the folder fsynced), so a killed process leaves either the old
  file or the new one, never half of one. A write never replaces anything but a regular file
  (not a device, a pipe, a folder or a symbolic link), and a new file is linked into place so a
  file that appeared meanwhile is not replaced either. Whether a regular file may be replaced
  (is it a save of this game?) is ``check_replaceable``.
- Names are sanitised: a save name can never reach outside the save folder.
- Reading is bounded (``safe_read``: regular files only, a size limit, bounded nesting) and never
  writes, moves or deletes anything.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import threading
from pathlib import Path

import msgspec

from tiletum_tui.core import paths
from .folders import PROJECT_NAME, PROJECT_SAVE_FOLDER, is_project_folder, resolve_save_dir  # noqa: F401
from tiletum_tui.core.safe_text import clean, name_problem, quote
from . import format as fmt
from . import safe_read
from .errors import CorruptSaveError, SaveFileError, SaveWriteError, UnsupportedVersionError
from .loaded import LoadedFile, seats_problem
from .lock import held_elsewhere
from .names import AUTOSAVE_PREFIX, SUFFIX, sanitise_name  # noqa: F401 (their home: names.py)
from tiletum_tui.core import games

APP_FOLDER = paths.APP_FOLDER
_TEMP_RE = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)-(?P<tid>\d+)\.tmp$")


# ---------------------------------------------------------------- the save folder
def prepare_folder(folder: str | os.PathLike[str]) -> Path:
    """Make sure saves can go into ``folder``: it must exist, except the user's data folder, which
    is ours to create. A folder the player named is never created silently (a typo in
    ``--save-dir`` or in a path typed at Ctrl+S would hide the game there); SaveWriteError says so."""
    folder = Path(folder)
    if folder.is_dir():
        return folder
    if folder.exists():
        raise SaveWriteError(folder, "it is not a folder, so no save can go in it")
    if folder == paths.user_data_folder():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveWriteError(folder, os_problem(exc, "the save folder could not be created")) from exc
        return folder
    raise SaveWriteError(folder, "no such folder: saves never create folders (create it first, or choose another)")


# ---------------------------------------------------------------- names
def save_path(folder: str | os.PathLike[str], name: str) -> Path:
    """The path of a named save in ``folder``; it always lies directly inside the folder."""
    folder = Path(folder)
    path = folder / (sanitise_name(name) + SUFFIX)
    assert path.parent == folder and path.name not in (".", "..")
    return path


def exists_at(path: str | os.PathLike[str]) -> bool:
    """Is anything at ``path`` itself (a dangling link counts: a save is never written through one)?"""
    return os.path.lexists(path)


def looks_like_path(typed: str) -> bool:
    """Did the player type a path (``~/x``, ``/mnt/usb/x``, ``./x``, ``a/b``) rather than a name?"""
    text = typed.strip()
    return text.startswith("~") or os.sep in text or bool(os.altsep and os.altsep in text)


def save_target(typed: str, base: str | os.PathLike[str]) -> tuple[Path, Path | None] | None:
    """Where a save typed at Ctrl+S goes: None for a plain name (``save_path`` in the save folder);
    else ``(folder, path)``: ``path`` None when the player named a folder (``/mnt/usb/``), else the
    exact file (``.json`` added when the name has no suffix, as ``~/x`` means ``~/x.json``). A
    relative path starts from ``base`` (the save folder, as the dialog shows)."""
    if not looks_like_path(typed):
        return None
    text = typed.strip()
    path = Path(os.path.normpath(Path(base) / Path(text).expanduser()))
    if text.endswith(("/", os.sep)) or path.is_dir():
        return path, None
    if not path.suffix:
        path = path.with_name(path.name + SUFFIX)
    return path.parent, path


def free_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if nothing is there, else the first free ``stem-2.json``, ``stem-3.json``, ...: where a
    save typed as a path goes, so it never replaces an earlier file (issue 24)."""
    path = Path(path)
    candidate, n = path, 1
    while exists_at(candidate):
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate


def autosave_path(folder: str | os.PathLike[str], game_id: str) -> Path:
    return Path(folder) / (AUTOSAVE_PREFIX + sanitise_name(game_id) + SUFFIX)


def is_autosave(path: str | os.PathLike[str]) -> bool:
    return Path(path).name.startswith(AUTOSAVE_PREFIX)


# ---------------------------------------------------------------- writing
def os_problem(exc: OSError, doing: str) -> str:
    return f"{doing}: {safe_read.os_reason(exc)}"


# link() is refused by some file systems (FAT, some network and FUSE mounts): rename instead there.
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.EXDEV, errno.ENOSYS}


def _existing_kind(path: Path) -> int | None:
    """The mode of what is at ``path`` itself (a link is not followed), None if nothing is."""
    try:
        return os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise SaveWriteError(path, os_problem(exc, "the save could not be written")) from exc


def _refuse_non_regular(path: Path, mode: int | None) -> None:
    if mode is not None and not stat.S_ISREG(mode):
        raise SaveWriteError(path, f"it is {safe_read.kind_of(mode)}, not a save file: it is not replaced")


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; raise SaveWriteError (any old file intact) on failure.

    The folder must exist (``prepare_folder``). Only a regular file is ever replaced; a missing
    ``path`` is created by linking, which fails rather than replace a file that appeared meanwhile."""
    path = Path(path)
    folder = path.parent
    mode = _existing_kind(path)
    _refuse_non_regular(path, mode)
    if not folder.is_dir():
        raise SaveWriteError(path, f"the folder {clean(folder)} does not exist: saves never create folders")
    tmp = folder / f".{path.name}.{os.getpid()}-{threading.get_ident()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        try:
            fd = os.open(tmp, flags, 0o644)
        except FileExistsError:  # left by a killed process that had our pid: ours to replace
            tmp.unlink()
            fd = os.open(tmp, flags, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if mode is None:
            _link_new(tmp, path)
        else:
            os.replace(tmp, path)
    except (OSError, SaveWriteError) as exc:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        if isinstance(exc, SaveWriteError):
            raise
        raise SaveWriteError(path, os_problem(exc, "the save could not be written")) from exc
    try:  # make the rename itself durable; not possible everywhere, and not needed for atomicity
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def _link_new(tmp: Path, path: Path) -> None:
    """Put the finished ``tmp`` at ``path``, which was free: never over something that appeared."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise SaveWriteError(path, "a file of that name appeared while the save was written: it is not replaced") from None
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        _refuse_non_regular(path, _existing_kind(path))  # as close to the rename as it can be
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def check_replaceable(path: str | os.PathLike[str], game_id: str, settings=None) -> None:
    """Raise SaveWriteError unless writing ``path`` would replace nothing but a save of this game:
    nothing there, or a readable save with ``game_id`` or (if given) the same ``settings`` (the same
    players and seed are the same game, as ``tiletum play --save`` run twice writes it). The folder
    must exist."""
    path = Path(path)
    mode = _existing_kind(path)
    if mode is None:
        if not path.parent.is_dir():
            raise SaveWriteError(path, f"the folder {clean(path.parent)} does not exist: saves never create folders")
        return
    _refuse_non_regular(path, mode)
    try:
        loaded = read_save(path)
    except SaveFileError:
        raise SaveWriteError(path, "it already holds a file that is not a readable Tiletum save: it is not "
                                   "replaced; choose another name") from None
    if loaded.save.meta.game_id != game_id and (settings is None or loaded.settings != settings):
        raise SaveWriteError(path, "it already holds the save of another game: it is not replaced; "
                                   "choose another name")
    holder = held_elsewhere(path.parent, loaded.save.meta.game_id)
    if holder is not None:  # another Tiletum is playing the game in that file: never write under it
        raise SaveWriteError(path, f"its game is open in another Tiletum ({holder.describe()}): it is not "
                                   "replaced; choose another name")


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
def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A save file's bytes: a regular file only, at most ``safe_read.MAX_SAVE_BYTES`` (never hangs on a
    pipe, never reads a device without end)."""
    from . import record_files  # (here: the title screen's start-up needs no records)

    path = Path(path)
    if path.suffix == record_files.SUFFIX:  # a game record (issue 21): its own, smaller limit
        return safe_read.read_regular_file(path, record_files.records.MAX_BYTES, what="game record")
    return safe_read.read_regular_file(path)


def read_save(path: str | os.PathLike[str]) -> LoadedFile:
    """Read and strictly decode a save of any readable version; raise a SaveFileError saying why not."""
    return parse_save(read_bytes(path), path)


def parse_save(data: bytes, path: str | os.PathLike[str], *, migrate: bool = True) -> LoadedFile:
    """Decode a save strictly. An older format is migrated to the current one, which replays its
    game (``migrate=False`` reads only what a listing needs: the metadata, without a replay). A game
    record (``record_files``, issue 21) is read as the save it describes, its moves replayed and checked."""
    from . import record_files  # (here: the title screen's start-up needs no records)

    path = Path(path)
    if record_files.is_record(path, data):
        return record_files.parse_record(data, path)
    if not data.strip():
        raise CorruptSaveError(path, "the file is empty" if not data else "the file holds only blank space")
    if len(data) > safe_read.MAX_SAVE_BYTES:
        raise CorruptSaveError(path, f"the data is too large to be a save ({len(data):,} bytes)")
    old = _old_formats()  # here: it needs the engine (start-up)
    readable = old.READABLE_VERSIONS if old is not None else (fmt.CURRENT_VERSION,)

    data = safe_read.check_json_text(data, path)
    try:
        version = fmt.read_version(data)
    except msgspec.DecodeError as exc:
        raise CorruptSaveError(path, fmt.describe_decode_error(exc)) from None
    except ValueError as exc:
        raise UnsupportedVersionError(path, str(exc)) from None
    except (RecursionError, MemoryError):  # a backstop: check_json_text bounds the nesting already
        raise CorruptSaveError(path, "not a Tiletum save: its JSON is too deeply nested or too large") from None
    if version > fmt.CURRENT_VERSION:
        raise UnsupportedVersionError(
            path, f"written by a newer version of Tiletum (save format {version}; this version reads formats "
                  f"{readable[0]} to {fmt.CURRENT_VERSION}): update Tiletum to load it")
    if version not in readable:
        known = ", ".join(map(str, readable))
        raise UnsupportedVersionError(path, f"unknown save format version {version} (known: {known})")
    try:
        if version == fmt.CURRENT_VERSION:
            save = fmt.decode_current(data)
        elif migrate:
            save = old.upgrade(data, version, path)
        else:
            save = old.listing_only(data, version, path)
    except msgspec.DecodeError as exc:
        problem = fmt.describe_decode_error(exc)
        if version != fmt.CURRENT_VERSION:
            problem += f" (in a version-{version} save)"
        raise CorruptSaveError(path, problem) from None
    except (RecursionError, MemoryError):
        raise CorruptSaveError(path, "not a Tiletum save: its JSON is too deeply nested or too large") from None
    game = games.game(save.game)
    if game is None:
        raise UnsupportedVersionError(path, f"a save of the game {quote(save.game, 40)}, which this program does not "
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
    # Since format 2 every save carries the digest of its game; an empty one would skip the check
    # that proves the replayed game is the saved one (an action removed would go unnoticed).
    if version >= 2 and not save.digest.strip():
        raise CorruptSaveError(path, "the digest is empty: a save of format 2 or later must carry the digest "
                                     "of its game, which loading checks")
    for i, name in enumerate(game.player_names(settings)):
        problem = name_problem(name)
        if problem:  # names reach every screen and message: refuse what this program never writes
            raise CorruptSaveError(path, f"player {i + 1}: {problem}")
    problem = seats_problem(save.seats, len(game.player_names(settings)))
    if problem:
        raise CorruptSaveError(path, problem)
    if save.seconds is not msgspec.UNSET and len(save.seconds) > len(save.actions):
        raise CorruptSaveError(path, f"`$.seconds` gives the times of {len(save.seconds)} moves for "
                                     f"{len(save.actions)} actions")
    return LoadedFile(path=path, save=save, version=version, game=game, settings=settings)


def _old_formats():
    """The module that reads the save formats from before a save named its game (1 and 2), from the
    registry entry of the game they were all of (``Entry.old_saves``); None if no game has any."""
    found = next((e.old_saves for e in games.entries() if e.old_saves), None)
    return games.load(found) if found else None


