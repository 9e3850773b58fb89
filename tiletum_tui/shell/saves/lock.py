"""One running game per save: the Tiletum that plays a game holds that game's lock.

Two Tiletums writing the autosave of one game overwrite each other's moves without a word, and it
is easy to get there: a dropped SSH session leaves the old process running, and
``tiletum --continue`` in a new terminal opens the same game. So a game is played by one process
at a time, whatever folders its files are in: ``tiletum --save-dir D2 load D/g.json`` while
another Tiletum plays ``g`` from ``D`` would write a second, diverging autosave (issue 24). So a game
has two locks, each an advisory ``flock`` on a file holding who holds it (process id, host, since
when, for the message): ``GAMEID.lock`` in the user's state folder (``paths.locks_folder``: one per
game on this computer) and ``.GAMEID.lock`` in the save folder (seen too by a Tiletum of another
user or host sharing that folder). Holding the game means holding both.

- The kernel drops a flock when its process ends, however it ends: a lock left by a killed
  process is stale at once, and the next Tiletum takes it over (writing itself in).
- Where flock is refused (some network file systems) the process id decides instead: a holder on
  this host that no longer runs is stale; one on another host is respected.
- Opening a game another Tiletum holds raises ``GameInUseError`` naming the holder; the screens
  then offer to open it read-only or as a copy (a new game, with its own autosave).
- Within one process a second session of the same game takes the lock over from the first, which
  stops autosaving (only the newest window of a game writes it).
- A folder where no lock file can be made (missing, read-only) gives no lock: no autosave can be
  written there either, and the game says so.
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tiletum_tui.core import paths
from tiletum_tui.core.safe_text import clean
from .errors import SaveFileError
from .names import sanitise_name

try:
    import fcntl
except ImportError:  # Windows: the process id decides
    fcntl = None

LOCK_SUFFIX = ".lock"
_FLOCK_UNSUPPORTED = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL, errno.EBADF}
_HELD: dict[Path, "GameLock"] = {}  # the locks this process holds, by lock file


@dataclass(frozen=True)
class Holder:
    """Who holds a lock, as written in its file (any part may be missing from a damaged file)."""

    pid: int | None = None
    host: str = ""
    since: str = ""  # ISO date and time, local

    def describe(self) -> str:
        who = f"process {self.pid}" if self.pid else "a process"
        where = "on this computer" if self.host in ("", socket.gethostname()) else f"on {clean(self.host, 40)}"
        when = ""
        try:
            moment = datetime.fromisoformat(self.since)
            when = f", since {moment:%Y-%m-%d %H:%M}"
        except (TypeError, ValueError):
            pass
        return f"{who} {where}{when}"

    def alive(self) -> bool:
        """Still running? Only knowable on this host; a holder elsewhere is assumed to be."""
        if self.host not in ("", socket.gethostname()):
            return True
        if not self.pid or self.pid == os.getpid():
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        except OSError:
            return True  # it exists, it is just not ours to signal
        return True


class GameInUseError(SaveFileError):
    """Another running Tiletum plays this game: it may be opened read-only or as a copy."""

    def __init__(self, path, game_id: str, holder: Holder) -> None:
        self.game_id, self.holder = game_id, holder
        super().__init__(path, f"this game is open in another Tiletum ({holder.describe()}); "
                               "it can be opened read-only or as a copy")


class GameLock:
    """A held lock: the machine-wide one and the save folder's (either may be missing where no file
    can be made). ``superseded`` turns true when another session of this process took it over."""

    def __init__(self, files: dict[Path, int]) -> None:
        self._files, self.superseded = files, False  # lock file -> its open, flocked descriptor

    @property
    def held(self) -> bool:
        return bool(self._files)

    def release(self) -> None:
        files, self._files = self._files, {}
        for path, fd in files.items():
            _release_file(self, path, fd)


def _release_file(owner: GameLock, path: Path, fd: int) -> None:
    if _HELD.get(path) is owner:
        del _HELD[path]
    try:
        if _same_file(fd, path):
            os.unlink(path)  # unlinked while still locked: see ``_lock_file`` for why that is safe
    except OSError:
        pass
    os.close(fd)


def lock_path(folder: str | os.PathLike[str], game_id: str) -> Path:
    """The save folder's lock of ``game_id``."""
    return Path(folder) / f".{sanitise_name(game_id)}{LOCK_SUFFIX}"


def machine_lock_path(game_id: str) -> Path:
    """The machine-wide lock of ``game_id``: one game is played by one process on this computer,
    whatever folders its saves are in (``tiletum --save-dir D2 load D/g.json`` while another plays
    it from D). In the user's state folder (``paths.locks_folder``)."""
    return paths.locks_folder() / f"{sanitise_name(game_id)}{LOCK_SUFFIX}"


def acquire(folder: str | os.PathLike[str], game_id: str) -> GameLock | None:
    """Take the locks of ``game_id``: the machine-wide one and the one in ``folder``. The lock, or None
    where no lock file can be made at all. Raises GameInUseError if another running Tiletum holds
    either (it names the file of the lock it found)."""
    wanted = [machine_lock_path(game_id), lock_path(folder, game_id)]
    mine = next((_HELD[p] for p in wanted if p in _HELD and _HELD[p].held), None)
    taken: dict[Path, int] = {}
    if mine is not None:  # this process has it: the newer session takes it over
        for path, fd in mine._files.items():
            if path in wanted:
                taken[path] = fd
            else:  # the older session's other folder: not the new one's
                _release_file(mine, path, fd)
        mine._files, mine.superseded = {}, True
    try:
        if wanted[0] not in taken:
            _prepare_locks_folder(wanted[0].parent)
        for path in wanted:
            if path not in taken:
                fd = _lock_file(path, game_id)
                if fd is not None:
                    taken[path] = fd
    except BaseException:
        for fd in taken.values():
            os.close(fd)
        raise
    if not taken:
        return None
    lock = GameLock(taken)
    for path in taken:
        _HELD[path] = lock
    return lock


def _prepare_locks_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        pass  # no machine-wide lock then: the folder's lock still holds (see ``_lock_file``)


def _lock_file(path: Path, game_id: str) -> int | None:
    """Open and flock one lock file: its descriptor, or None where it cannot be made."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(5):
        try:
            fd = os.open(path, flags, 0o644)
        except OSError:
            _respect_unwritable(path, game_id)
            return None
        try:
            if not _try_lock(fd):
                raise GameInUseError(path, game_id, _read_holder(fd))
            # A holder that released between our open() and our flock() unlinked this file: the
            # lock we hold is then on a file nobody else will open. Start again with the new file.
            if not _same_file(fd, path):
                os.close(fd)
                continue
            _write_holder(fd)
        except BaseException:
            os.close(fd)
            raise
        return fd
    return None


def held_elsewhere(folder: str | os.PathLike[str], game_id: str) -> Holder | None:
    """Who holds ``game_id``'s lock (the machine-wide one or the one in ``folder``), if another
    running Tiletum does (else None). Looks without taking it (a lock taken for the look is dropped
    at once)."""
    for path in (machine_lock_path(game_id), lock_path(folder, game_id)):
        holder = _held_elsewhere(path)
        if holder is not None:
            return holder
    return None


def _held_elsewhere(path: Path) -> Holder | None:
    if path in _HELD:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        return None if _try_lock(fd) else _read_holder(fd)
    except OSError:
        return None
    finally:
        os.close(fd)


def _try_lock(fd: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        except OSError as exc:
            if exc.errno not in _FLOCK_UNSUPPORTED:
                raise
    return not _read_holder(fd).alive()


def _respect_unwritable(path: Path, game_id: str) -> None:
    """No lock file can be made here (a read-only folder): still refuse a game held by another."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return
    try:
        if not _try_lock(fd):
            raise GameInUseError(path, game_id, _read_holder(fd))
    except OSError:
        pass
    finally:
        os.close(fd)  # closing drops any flock we just took


def _same_file(fd: int, path: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def _write_holder(fd: int) -> None:
    text = json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                       "since": datetime.now().replace(microsecond=0).isoformat(), "program": "tiletum"})
    os.ftruncate(fd, 0)
    os.pwrite(fd, text.encode() + b"\n", 0)


def _read_holder(fd: int) -> Holder:
    try:
        data = json.loads(os.pread(fd, 4096, 0))
        pid = data.get("pid")
        return Holder(pid=pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
                      host=str(data.get("host", ""))[:200], since=str(data.get("since", ""))[:40])
    except (OSError, ValueError, AttributeError, RecursionError):
        return Holder()


@atexit.register
def _release_all() -> None:
    for lock in {id(lock): lock for lock in _HELD.values()}.values():
        lock.release()
