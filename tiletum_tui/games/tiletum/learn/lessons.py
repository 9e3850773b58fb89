"""The guided games, each a value (a ``Lesson``): its script of steps in chapters, the checklist of
concepts its moves must teach, its progress file and the screen that plays it.

Every lesson, of either game, has the fields the chapter list and the progress file read: ``id``,
``title``, ``heading`` (the chapter list's line above its chapters; "" for the first lesson, which
has none), ``mark`` (its chapters' prefix there: "" or "S", "C"), ``steps``, ``chapters`` (each with
``id``, ``title``, ``start``), ``concepts``, ``opponent_script``, ``progress_file``, ``game`` and
``screen`` (``"module:function"``: ``build(app, restart=, chapter=, lesson=)`` makes its screen).

Where they come from: Tiletum's base tutorial is here; a module adds its lessons on its ``learn``
part (``learn.parts.LearnPart.lessons``); another game names its lessons in ``tiletum_tui/core/games.py``
(``LESSONS``). No file here names a module or another game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..engine.state import Settings
from . import tutorial_checklist, tutorial_script
from .tutorial_script import Chapter, Step
from .parts import learn_parts
from tiletum_tui.core import games


@dataclass(frozen=True, eq=False)
class Lesson:
    """A guided game of Tiletum against Rosa (``tutorial`` runs it on the game screen)."""

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
    heading: str = ""  # the chapter list's line above its chapters ("": the first lesson, none)
    mark: str = ""  # its chapters' prefix in the chapter list ("S": S1, S2, ...)
    game: str = "tiletum"
    screen: str = "tiletum_tui.games.tiletum.ui.learn.tutorial_screen:build"


BASE = Lesson(
    "base", "Tiletum", tutorial_script.SETTINGS, tutorial_script.LEARNER, tutorial_script.OPPONENT,
    tutorial_script.STEPS, tutorial_script.CHAPTERS, tutorial_script.OPPONENT_SCRIPT,
    tutorial_checklist.CONCEPTS, tutorial_checklist.SHOWN_NOT_PLAYED, "tutorial.json",
)


def tiletum_lessons() -> tuple[Lesson, ...]:
    """Tiletum's lessons: the base tutorial, then each module's (its learn part's ``lessons``)."""
    return (BASE, *[x for part in learn_parts() for x in part.lessons])


def every_lesson() -> tuple:
    """Every lesson of every game, in the chapter list's order: each game's own, as its registry entry
    names them (``Entry.lessons``: a tuple, or a function giving one)."""
    found = []
    for entry in games.entries():
        if entry.lessons:
            lessons = games.load(entry.lessons)
            found += list(lessons() if callable(lessons) else lessons)
    return tuple(found)


def __getattr__(name: str):
    if name == "LESSONS":  # (built on use: a module's learn part imports this file for ``Lesson``)
        return tiletum_lessons()
    raise AttributeError(name)


def lesson(lesson_id: str):
    found = next((x for x in every_lesson() if x.id == lesson_id), None)
    if found is None:
        raise KeyError(f"no lesson {lesson_id!r} (known: {', '.join(x.id for x in every_lesson())})")
    return found


def lesson_with_chapter(chapter_id: str):
    """The lesson a chapter belongs to (chapter ids are unique over all lessons)."""
    found = next((x for x in every_lesson() if any(c.id == chapter_id for c in x.chapters)), None)
    if found is None:
        raise KeyError(f"no tutorial chapter {chapter_id!r}")
    return found


def build_screen(app, found, **kwargs):
    """The screen that plays lesson ``found`` (its ``screen``), built with ``kwargs``."""
    module, _, name = found.screen.partition(":")
    return getattr(importlib.import_module(module), name)(app, lesson=found, **kwargs)
