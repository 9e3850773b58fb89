"""What a module adds to the words of the game (its ``learn`` part in ``tiletum_tui/games/tiletum/registry.py``):
its effects in words, the kinds of action a hint tries, its rules pages and their topics, and its
components on the Cards & Components page, its lessons. The base files here ask these parts, never a module by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import registry


@dataclass(frozen=True)
class LearnPart:
    # effect kind (a msgspec Struct of the module's data) -> words(effect, pick) (``words.effect_words``;
    # ``pick(long, short)`` chooses the rules pages' sentence or the screens' short one)
    effect_words: dict[type, Callable] = field(default_factory=dict)
    hint_kinds: tuple[type, ...] = ()  # kinds of action that can complete something (``hints``)
    pages: dict[str, Callable] = field(default_factory=dict)  # rules page id -> page(catalogue), after the base's
    topics: dict[str, tuple[str, str]] = field(default_factory=dict)  # context help: name -> (page, section)
    components: Callable | None = None  # sections(catalogue) for Cards & Components (() without its components)
    lessons: tuple = ()  # its guided games (``lessons.Lesson``), listed after the base tutorial's chapters


def learn_parts() -> list[LearnPart]:
    return [part for _, part in registry.parts("learn")]
