"""The guided games, each a value: the base game's tutorial and the Prospect for Silver lesson.

A ``Lesson`` holds everything ``tutorial`` needs to run one guided game: its settings (seed, players,
modules), which seat is the learner and which Rosa, the steps in chapters, Rosa's scripted moves and
the checklist of concepts its MOVE steps must teach. The scripts themselves are data modules
(``tutorial_script``, ``tutorial_silver_script``); ``tutorial`` works on any lesson (the base one by
default), and the screens list ``LESSONS`` in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import Settings
from . import tutorial_checklist, tutorial_script, tutorial_silver_checklist, tutorial_silver_script
from .tutorial_script import Chapter, Step


@dataclass(frozen=True, eq=False)
class Lesson:
    id: str
    title: str  # what the chapter list calls it
    settings: Settings
    learner: int  # the learner's seat
    opponent: int  # Rosa's seat
    steps: tuple[Step, ...]
    chapters: tuple[Chapter, ...]
    opponent_script: tuple[str, ...]  # Rosa's moves while the lesson runs (then the opponent policy)
    concepts: dict[str, str]  # the checklist: concept id -> what the learner must come away knowing
    shown_not_played: frozenset[str]  # concepts a KEY step may teach without a move
    progress_file: str  # its progress file in the save directory (one per lesson)


BASE = Lesson(
    "base", "Tiletum", tutorial_script.SETTINGS, tutorial_script.LEARNER, tutorial_script.OPPONENT,
    tutorial_script.STEPS, tutorial_script.CHAPTERS, tutorial_script.OPPONENT_SCRIPT,
    tutorial_checklist.CONCEPTS, tutorial_checklist.SHOWN_NOT_PLAYED, "tutorial.json",
)
SILVER = Lesson(
    "silver", "Prospect for Silver (the expansion)", tutorial_silver_script.SETTINGS,
    tutorial_silver_script.LEARNER, tutorial_silver_script.OPPONENT, tutorial_silver_script.STEPS,
    tutorial_silver_script.CHAPTERS, tutorial_silver_script.OPPONENT_SCRIPT, tutorial_silver_checklist.CONCEPTS,
    tutorial_silver_checklist.SHOWN_NOT_PLAYED, "tutorial-silver.json",
)
LESSONS: tuple[Lesson, ...] = (BASE, SILVER)


def lesson(lesson_id: str) -> Lesson:
    found = next((x for x in LESSONS if x.id == lesson_id), None)
    if found is None:
        raise KeyError(f"no lesson {lesson_id!r} (known: {', '.join(x.id for x in LESSONS)})")
    return found


def lesson_with_chapter(chapter_id: str) -> Lesson:
    """The lesson a chapter belongs to (chapter ids are unique over all lessons)."""
    found = next((x for x in LESSONS if any(c.id == chapter_id for c in x.chapters)), None)
    if found is None:
        raise KeyError(f"no tutorial chapter {chapter_id!r}")
    return found
