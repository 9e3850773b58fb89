"""The Prospect for Silver lesson, a value (``lessons.Lesson``) on the expansion's learn part
(``part``): its script is ``script``, its checklist ``checklist``."""

from __future__ import annotations

from . import checklist, script
from ..lessons import Lesson

SILVER = Lesson(
    "silver", "Prospect for Silver (the expansion)", script.SETTINGS,
    script.LEARNER, script.OPPONENT, script.STEPS,
    script.CHAPTERS, script.OPPONENT_SCRIPT, checklist.CONCEPTS,
    checklist.SHOWN_NOT_PLAYED, "tutorial-silver.json",
    heading="Prospect for Silver (the expansion): a game of its own, against Rosa", mark="S",
)
