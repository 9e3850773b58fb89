"""A guided game's progress file, for the lessons of either game: where the learner is (the step, how
much of the opponent's script is used, the chapters finished) and the moves that led there, so the
lesson resumes by replaying them through its game's engine (each lesson's screen replays its own, e.g.
``ui.learn.progress.replay``). One file per lesson
(``Lesson.progress_file``): the base tutorial's keeps its name and format (``tutorial.json``), so the
files of earlier versions read as before; every other lesson's names its lesson.

A file this version cannot use (an older tutorial's steps, a newer app's, a damaged or foreign file)
is never an error: the tutorial says it starts again, and the file is left as it is until the
learner makes a move (the screens hold their saves back until then). A byte order mark (as some
editors write) is read past, as in a save.

Two windows on one tutorial would each write the file in turn, the last one winning without a
word. So a window writes only over the file it read (or last wrote itself): when the file changed
in between, another window moved on, and ``save_progress`` refuses with ``ProgressChanged`` saying
so; this window plays on unsaved, and Learn to play resumes from the newer progress (issue 24).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from .saves.errors import SaveFileError
from .saves.safe_read import read_regular_file
from .saves.store import prepare_folder, resolve_save_dir, write_atomic

PROGRESS_FILE = "tutorial.json"
FIRST_LESSON = "base"  # the lesson whose file names no lesson (Tiletum's base tutorial, from before there were more)
# 4: the tutorial of issue 24 (questions, a taught start of round 3) and the chapters finished; 3: the tutorial
# of rules version 2 (72 steps in 9 chapters); 2: moves carry their seat ("1: die 1Y").
PROGRESS_VERSION = 4
MAX_BYTES = 1 << 20  # a real progress file is a few KB: anything far larger is not one
STARTING_AGAIN = "The tutorial starts again from the beginning; that file is left as it is until you make a move."


@dataclass
class Progress:
    step: int = 0
    scripted: int = 0
    moves: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)  # the chapters played to their end (ids)


def progress_path(app, lesson) -> Path:
    return Path(resolve_save_dir(getattr(app, "save_dir", None))) / lesson.progress_file


def load_progress(path: Path, lesson) -> tuple[Progress | None, str | None]:
    """(the saved progress, None), or (None, why it cannot be used) for a file that is there but is not
    progress of this tutorial, or (None, None) when there is none yet."""
    if not os.path.lexists(path):
        return None, None
    try:  # bounded, like a save: a regular file only (a pipe never hangs the menu), at most MAX_BYTES
        raw = read_regular_file(path, MAX_BYTES, what="tutorial progress file")
    except SaveFileError as exc:
        return None, f"Could not read {path.name}: {exc.problem}. {STARTING_AGAIN}"
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # a byte order mark is allowed, as in saves
    except (ValueError, RecursionError):
        data = None
    version = data.get("version") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool):
        return None, f"{path.name} is not tutorial progress. {STARTING_AGAIN}"
    if version < PROGRESS_VERSION:
        return None, f"Your saved progress is from an older tutorial whose steps have changed. {STARTING_AGAIN}"
    if version > PROGRESS_VERSION:
        return None, f"Your saved progress is from a newer version of Tiletum. {STARTING_AGAIN}"
    step, scripted, moves = data.get("step"), data.get("scripted"), data.get("moves")
    finished = data.get("finished", [])
    if data.get("lesson", FIRST_LESSON) != lesson.id:
        return None, f"{path.name} is progress of another lesson. {STARTING_AGAIN}"
    if not (_count(step, len(lesson.steps)) and _count(scripted, len(lesson.opponent_script))
            and isinstance(moves, list) and all(isinstance(m, str) for m in moves)
            and isinstance(finished, list) and set(finished) <= {c.id for c in lesson.chapters}):
        return None, f"{path.name} is damaged. {STARTING_AGAIN}"
    return Progress(step, scripted, moves, finished), None


def _count(n, most: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= most


class ProgressChanged(OSError):
    """The progress file changed since this window read it: another window moved on in the tutorial."""


CHANGED_ELSEWHERE = ("another Tiletum window moved on in this tutorial since this one opened it, so this "
                     "window's moves are not saved over its progress; Learn to play resumes from the newer one")


def snapshot(path: Path | None) -> bytes | None:
    """The progress file's bytes as they are now (None: no file), to tell later whether it changed."""
    if path is None or not os.path.lexists(path):
        return None
    try:
        return read_regular_file(path, MAX_BYTES, what="tutorial progress file")
    except SaveFileError as exc:
        return f"unreadable: {exc.problem}".encode()


def save_progress(path: Path, tutorial, log, seen: bytes | None | bool = False) -> bytes:
    """Write the progress (atomically: a crash leaves the old file or the new one) and return the bytes
    written. ``seen``: the file as this window last read or wrote it (``snapshot``); when the file is no
    longer that, another window wrote it, and ProgressChanged says so (nothing is written). Raises
    OSError with why."""
    if seen is not False and snapshot(path) != seen:
        raise ProgressChanged(CHANGED_ELSEWHERE)
    data = {"version": PROGRESS_VERSION, "step": tutorial.index, "scripted": tutorial.scripted,
            "moves": [e.notation for e in log], "finished": sorted(tutorial.finished)}
    if tutorial.lesson.id != FIRST_LESSON:
        data["lesson"] = tutorial.lesson.id  # (the base tutorial's file stays as earlier versions wrote it)

    try:  # as a save is written: atomically, never over anything but a regular file
        prepare_folder(path.parent)
        raw = json.dumps(data).encode("utf-8")
        write_atomic(path, raw)
    except SaveFileError as exc:
        raise OSError(exc.problem) from None
    return raw
