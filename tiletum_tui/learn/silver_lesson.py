"""The Prospect for Silver lesson, a value (``lessons.Lesson``) on the expansion's learn part
(``silver_part``): its script is ``tutorial_silver_script``, its checklist ``tutorial_silver_checklist``."""

from __future__ import annotations

from . import tutorial_silver_checklist, tutorial_silver_script
from .lessons import Lesson

SILVER = Lesson(
    "silver", "Prospect for Silver (the expansion)", tutorial_silver_script.SETTINGS,
    tutorial_silver_script.LEARNER, tutorial_silver_script.OPPONENT, tutorial_silver_script.STEPS,
    tutorial_silver_script.CHAPTERS, tutorial_silver_script.OPPONENT_SCRIPT, tutorial_silver_checklist.CONCEPTS,
    tutorial_silver_checklist.SHOWN_NOT_PLAYED, "tutorial-silver.json",
    heading="Prospect for Silver (the expansion): a game of its own, against Rosa", mark="S",
)
