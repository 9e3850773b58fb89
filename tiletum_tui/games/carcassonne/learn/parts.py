"""What a module adds to learning Carcassonne (its ``learn`` part, ``modules/``): the lesson's chapters
it brings (after the base game's), the concepts they teach (``checklist``), the quantities their texts
quote (``tutorial.quantity``: "KIND:REST" -> a function of REST and the state), its rules pages (read
by ``ui.rules_pages``: page id -> (title, summary, sections)) and the screen's topics that open them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


@dataclass(frozen=True)
class LearnPart:
    chapters: tuple = ()  # (Chapter, [Step, ...]) each (``learn.chapters``)
    concepts: dict[str, str] = field(default_factory=dict)
    quantities: dict[str, Callable] = field(default_factory=dict)
    pages: dict[str, tuple] = field(default_factory=dict)
    topics: dict[str, tuple[str, str]] = field(default_factory=dict)
