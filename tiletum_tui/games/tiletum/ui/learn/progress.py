"""The Tiletum tutorial's progress: the file itself (reading, writing, two windows) is the lessons'
shared ``tiletum_tui.shell.lesson_progress``; here, replaying the saved moves into a game of the lesson."""

from __future__ import annotations

from ...engine import TiletumError, current_player
from ...engine.reading import parse
from ...learn import tutorial as T
from tiletum_tui.shell import lesson_progress as shared
from tiletum_tui.shell.lesson_progress import (CHANGED_ELSEWHERE, MAX_BYTES, PROGRESS_FILE, PROGRESS_VERSION, STARTING_AGAIN,
                                Progress, ProgressChanged, save_progress, snapshot)
from tiletum_tui.shell.session import EVERY_SEAT

__all__ = ["CHANGED_ELSEWHERE", "MAX_BYTES", "PROGRESS_FILE", "PROGRESS_VERSION", "STARTING_AGAIN", "Progress",
           "ProgressChanged", "load_progress", "progress_path", "replay", "save_progress", "snapshot"]


def progress_path(app, lesson=T.BASE):
    return shared.progress_path(app, lesson)


def load_progress(path, lesson=T.BASE):
    return shared.load_progress(path, lesson)


def replay(model, progress: Progress, lesson: T.Lesson = T.BASE) -> tuple[T.Tutorial, str | None]:
    """Play the saved moves into ``model`` (a new game of the tutorial's settings): the tutorial at its
    saved step, or (a new tutorial, why not) when the moves do not lead to a position of the lesson."""
    try:
        for move in progress.moves:  # the learner's and Rosa's moves as they were played
            model.apply(parse(move), by=EVERY_SEAT)
    except (TiletumError, ValueError, TypeError, KeyError) as exc:
        return T.Tutorial(lesson=lesson), f"The saved moves could not be replayed ({exc}). {STARTING_AGAIN}"
    tut = T.Tutorial(progress.step, progress.scripted, lesson, progress.finished)
    step, state = tut.step, model.state
    if step is not None and step.kind == T.MOVE and current_player(state) == lesson.learner \
            and T.step_action(state, step, lesson) is None:
        return T.Tutorial(lesson=lesson), f"The saved moves do not lead to step {tut.index + 1}. {STARTING_AGAIN}"
    return tut, None
