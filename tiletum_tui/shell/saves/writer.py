"""The autosave writer: writes a game's autosave on a thread of its own, in order, durably.

The screen must never wait for a disk (an fsync can take tens of milliseconds), yet the file must
never fall behind the game. So the writer holds at most one save at a time: ``submit`` hands it the
save of the action just applied, waiting only while the previous one is still being written. The
file is therefore never behind by more than the action in flight, and ``flush`` (quitting calls
it) waits until that one is on disk too. Each write is atomic (``store.write_atomic``).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable

from . import format as fmt
from .errors import SaveFileError


class AutosaveWriter:
    def __init__(self, write: Callable[[Path, bytes], None],
                 on_result: Callable[[str | None, object], None] | None = None) -> None:
        self._write = write  # store.write_atomic, or a test's stand-in
        # told after every write: None or the problem, and the job's tag (called on the writer's thread)
        self.on_result = on_result
        self._lock = threading.Condition()
        self._job: tuple[Path, fmt.SaveFile, object] | None = None
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self.error: str | None = None  # the last write's problem, None after a good write
        self.failure: Exception | None = None  # ... and the exception that said so (the host words it)
        self.written = 0  # saves written (for tests and the benchmark)

    def submit(self, path: Path, save: fmt.SaveFile, tag: object = None) -> None:
        """Write ``save`` to ``path`` soon; returns once the writer has taken it (at most one save waits).
        ``tag`` comes back with the result (the session passes which change the save holds)."""
        with self._lock:
            while self._job is not None or self._busy:
                self._lock.wait()
            self._job = (path, save, tag)
            self._closed = False  # a closed writer serves again when the game goes on
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="tiletum-autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until every submitted save is written; False if that took longer than ``timeout``."""
        with self._lock:
            return self._lock.wait_for(lambda: self._job is None and not self._busy, timeout)

    def close(self, timeout: float | None = 30.0) -> bool:
        """Flush, then stop the thread (a later ``submit`` starts one again)."""
        done = self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
        return done

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._job is None and not self._closed:
                    self._lock.wait()
                if self._job is None:
                    return
                path, save, tag = self._job
                self._job = None
                self._busy = True
            problem = failure = None
            try:
                self._write(path, fmt.encode(save))
            except SaveFileError as exc:
                problem, failure = f"Autosave failed: {exc}", exc
            except Exception as exc:  # never let saving stop the game
                problem, failure = f"Autosave failed: {type(exc).__name__}: {exc}", exc
            with self._lock:  # (set before ``flush`` returns: ``on_result`` may run after it)
                self.error, self.failure = problem, failure
                self.written += problem is None
                self._busy = False
                self._lock.notify_all()
            if self.on_result is not None:
                self.on_result(problem, tag)
