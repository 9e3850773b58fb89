"""Where a learner is in any game's lesson: the step in hand, its chapter, the chapters played to their
end. Pure bookkeeping shared by every game's lesson logic (Tiletum's ``learn.tutorial``, Carcassonne's
``carcassonne.learn.tutorial``), which adds what a step accepts and why another move is refused."""

from __future__ import annotations

# Esc in every game's lesson (issue 41, item 18): it backs out of a menu, as in a game of Tiletum, and
# never leaves the lesson by itself; F10 does, saying nothing is lost.
ESC_STAYS = ("Esc backs out of a menu, and none is open: F10 leaves the lesson (it resumes at this step), "
             "c lists the chapters.")


def chapter_of(index: int, lesson):
    """The chapter a step belongs to (the last chapter once the lesson is over; None for a lesson
    without chapters)."""
    found = None
    for chapter in lesson.chapters:
        if chapter.start <= index:
            found = chapter
    return found


class LessonCursor:
    """A lesson (chapters with their ``start`` step, a tuple of ``steps``) and the learner's step in it."""

    def __init__(self, lesson, step: int = 0, finished=()) -> None:
        self.lesson, self.index = lesson, step
        # The chapters the learner has played to their end (ids), kept when a chapter is started again.
        self.finished: set[str] = set(finished)

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self):
        return None if self.done else self.lesson.steps[self.index]

    @property
    def chapter(self):
        return chapter_of(self.index, self.lesson)
