"""The Carcassonne lesson, a value of the shape every lesson has (``tiletum_tui.games.tiletum.learn.lessons``), named
in ``tiletum_tui/core/games.py`` (``LESSONS``) so that Learn to play lists its chapters after Tiletum's."""

from __future__ import annotations

from dataclasses import dataclass

from . import checklist, script


@dataclass(frozen=True, eq=False)
class CarcassonneLesson:
    id: str
    title: str
    heading: str
    mark: str
    steps: tuple
    chapters: tuple
    concepts: dict
    shown_not_played: frozenset
    progress_file: str
    learner: int = script.LEARNER
    opponent: int = script.OPPONENT
    opponent_script: tuple = ()  # Rosa's moves are the chapters' own ROSA steps
    game: str = "carcassonne"
    screen: str = "tiletum_tui.games.carcassonne.ui.lesson_screen:build"


CARCASSONNE = CarcassonneLesson(
    "carcassonne", "Carcassonne", "", "C", script.STEPS,
    script.CHAPTERS, checklist.CONCEPTS, checklist.SHOWN_NOT_PLAYED, "tutorial-carcassonne.json",
)
LESSONS = (CARCASSONNE,)
