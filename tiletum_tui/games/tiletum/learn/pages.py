"""The rules pages as data: pages of titled sections, plain text, searchable.

Pure Python (no textual, no rich): the rules browser draws these, the tests read them, and context
help (F1 on a part of the game screen) finds its section through ``TOPICS``. The prose lives in
``texts.py``; Cards & Components is generated from the catalogue in ``cards.py`` so it can never
disagree with the game.
"""

from __future__ import annotations

from tiletum_tui.core import rulebook
from tiletum_tui.core.rulebook import Hit, Page, Section, render  # noqa: F401 - the pages' shapes, as the tests name them
from . import cards, texts
from .parts import learn_parts
from ..engine.ruleset import rules_for
from ..engine.state import Settings
from ..engine.versions import RULES_VERSION


# The base game's pages, then the modules' (``parts.LearnPart.pages``: an expansion's page).
_MODULE_PAGES = {pid: make for part in learn_parts() for pid, make in part.pages.items()}
PAGE_ORDER = ("rounds", "actions", "cards", "scoring", *_MODULE_PAGES)


_BUILT: dict[int, tuple[object, dict[str, Page]]] = {}  # id(catalogue) -> (catalogue, its pages)


def pages(cat=None) -> dict[str, Page]:
    """Every rules page by id, in reading order, for a catalogue (default: the current rules')."""
    cat = cat if cat is not None else default_catalogue()
    built = _BUILT.get(id(cat))
    if built is None:  # catalogues live as long as the program (the rulesets keep them)
        made = {p.id: p for p in texts.written_pages(cat)}
        made["cards"] = cards.cards_page(cat)
        made.update({pid: make(cat) for pid, make in _MODULE_PAGES.items()})
        built = _BUILT[id(cat)] = (cat, {pid: made[pid] for pid in PAGE_ORDER})
    return built[1]


def default_catalogue():
    """The catalogue of a new game of the base game under the current rules."""
    return rules_for(Settings(players=(), seed=0, rules=RULES_VERSION)).cat


def page(page_id: str, cat=None) -> Page:
    return pages(cat)[page_id]


# ---------------------------------------------------------------- context help
# A part of the game screen (widget id), an action class name or a plain word -> (page, section).
TOPICS: dict[str, tuple[str, str]] = {
    "status": ("rounds", "overview"),
    "wheel": ("rounds", "turn"), "wheel-view": ("rounds", "turn"),
    "die": ("rounds", "turn"), "dice": ("rounds", "turn"),
    "change": ("rounds", "change"),
    "map": ("actions", "map"), "map-view": ("actions", "map"),
    "board": ("actions", "buildings"), "board-view": ("actions", "buildings"),
    "offers": ("actions", "character"), "offers-view": ("actions", "character"),
    "log": ("scoring", "during"), "log-view": ("scoring", "during"),
    "decision": ("rounds", "turn"), "choices": ("rounds", "turn"), "decision-title": ("rounds", "turn"),
    "tasks": ("actions", "tasks"), "storehouse": ("rounds", "storehouse"),
    "king": ("rounds", "king"), "king track": ("rounds", "king"), "fair": ("rounds", "fair"),
    "cleanup": ("rounds", "cleanup"), "corruption": ("rounds", "action-phase"),
    "architect": ("actions", "architect"), "merchant": ("actions", "merchant"),
    "character": ("actions", "character"), "contract": ("actions", "contract"), "joker": ("actions", "joker"),
    "crest": ("actions", "crest"), "cathedral": ("actions", "cathedral"), "helper": ("actions", "helper"),
    "completed": ("actions", "completed"), "final": ("scoring", "final"), "scoring": ("scoring", "final"),
    # the modules' (``parts.LearnPart.topics``)
    **{name: where for part in learn_parts() for name, where in part.topics.items()},
}


def topic(name: str | None) -> tuple[str, str | None]:
    """Where to open the rules for a topic: (page id, section id or None). Unknown topics: search."""
    return rulebook.find_topic(pages(), TOPICS, name)


def search(query: str, limit: int = 20) -> list[Hit]:
    """Sections that mention every word of the query, best first (heading matches count most)."""
    return rulebook.search(pages(), query, limit)
