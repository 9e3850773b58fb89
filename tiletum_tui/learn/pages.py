"""The rules pages as data: pages of titled sections, plain text, searchable.

Pure Python (no textual, no rich): the rules browser draws these, the tests read them, and context
help (F1 on a part of the game screen) finds its section through ``TOPICS``. The prose lives in
``texts.py``; Cards & Components is generated from the catalogue in ``cards.py`` so it can never
disagree with the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .parts import learn_parts


@dataclass(frozen=True)
class Section:
    id: str
    heading: str
    body: str  # paragraphs separated by blank lines; lines starting "- " are bullets

    @property
    def text(self) -> str:
        return f"{self.heading}\n{self.body}"


@dataclass(frozen=True)
class Page:
    id: str
    title: str
    summary: str
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(f"page {self.id!r} has no section {section_id!r}")


@dataclass(frozen=True)
class Hit:
    page: str
    section: str
    heading: str
    snippet: str
    score: int


# The base game's pages, then the modules' (``parts.LearnPart.pages``: an expansion's page).
_MODULE_PAGES = {pid: make for part in learn_parts() for pid, make in part.pages.items()}
PAGE_ORDER = ("rounds", "actions", "cards", "scoring", *_MODULE_PAGES)


_BUILT: dict[int, tuple[object, dict[str, Page]]] = {}  # id(catalogue) -> (catalogue, its pages)


def pages(cat=None) -> dict[str, Page]:
    """Every rules page by id, in reading order, for a catalogue (default: the current rules')."""
    cat = cat if cat is not None else default_catalogue()
    built = _BUILT.get(id(cat))
    if built is None:  # catalogues live as long as the program (the rulesets keep them)
        from . import cards, texts

        made = {p.id: p for p in texts.written_pages(cat)}
        made["cards"] = cards.cards_page(cat)
        made.update({pid: make(cat) for pid, make in _MODULE_PAGES.items()})
        built = _BUILT[id(cat)] = (cat, {pid: made[pid] for pid in PAGE_ORDER})
    return built[1]


def default_catalogue():
    """The catalogue of a new game of the base game under the current rules."""
    from ..engine.ruleset import rules_for
    from ..engine.state import Settings
    from ..engine.versions import RULES_VERSION

    return rules_for(Settings(players=(), seed=0, rules=RULES_VERSION)).cat


def page(page_id: str, cat=None) -> Page:
    return pages(cat)[page_id]


def render(p: Page) -> str:
    """A page as plain text (what the browser shows, without styling)."""
    out = [p.title, "=" * len(p.title), p.summary, ""]
    for s in p.sections:
        out += [s.heading, "-" * len(s.heading), s.body, ""]
    return "\n".join(out)


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
    if not name:
        return PAGE_ORDER[0], None
    key = name.strip().lower().removeprefix("rules:").strip()
    if key in pages():
        return key, None
    if ":" in key:  # "page:section", as the explanations name their rule
        page_id, _, section_id = key.partition(":")
        if page_id in pages() and any(s.id == section_id for s in pages()[page_id].sections):
            return page_id, section_id
    if key in TOPICS:
        return TOPICS[key]
    hits = search(key)
    if hits:
        return hits[0].page, hits[0].section
    return PAGE_ORDER[0], None


# ---------------------------------------------------------------- search
def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+]+", text.lower())


def search(query: str, limit: int = 20) -> list[Hit]:
    """Sections that mention every word of the query, best first (heading matches count most)."""
    words = _words(query.lower().removeprefix("rules:"))
    if not words:
        return []
    hits = []
    for p in pages().values():
        for s in p.sections:
            head, body = s.heading.lower(), s.body.lower()
            if not all(w in head or w in body for w in words):
                continue
            head_words = _words(head)
            # A word in the heading counts most; the body's count is capped so a long list
            # (Cards & Components) cannot outrank the section that is about the word.
            score = sum(20 * (w in head_words) + min(body.count(w), 5) for w in words)
            score += 10 * (" ".join(w for w in head_words if w != "the") == " ".join(words))
            hits.append(Hit(p.id, s.id, s.heading, _snippet(s.body, words[0]), score))
    hits.sort(key=lambda h: (-h.score, PAGE_ORDER.index(h.page)))
    return hits[:limit]


def _snippet(body: str, word: str, width: int = 70) -> str:
    flat = " ".join(body.split())
    i = flat.lower().find(word)
    if i < 0:
        return flat[:width]
    start = max(0, i - width // 3)
    text = flat[start:start + width]
    return ("…" if start else "") + text + ("…" if start + width < len(flat) else "")
