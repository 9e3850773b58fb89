"""A rules book as data, whatever the game: pages of titled sections of plain text, and a search.

Pure Python (no textual, no rich). Each game writes its own pages (Tiletum's ``learn.pages``,
Carcassonne's ``carcassonne.ui.rules_pages``); the shell's rules browser (``shell.ui.rules_screen``)
draws any book of them: an object with ``pages()``, ``page(id)``, ``topic(name)`` and ``search(query)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


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


def render(p: Page) -> str:
    """A page as plain text (what the browser shows, without styling)."""
    out = [p.title, "=" * len(p.title), p.summary, ""]
    for s in p.sections:
        out += [s.heading, "-" * len(s.heading), s.body, ""]
    return "\n".join(out)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+]+", text.lower())


def search(pages: dict[str, Page], query: str, limit: int = 20) -> list[Hit]:
    """Sections that mention every word of the query, best first (heading matches count most; a tie
    goes to the page that comes first)."""
    words = _words(query.lower().removeprefix("rules:"))
    if not words:
        return []
    order = list(pages)
    hits = []
    for p in pages.values():
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
    hits.sort(key=lambda h: (-h.score, order.index(h.page)))
    return hits[:limit]


def _snippet(body: str, word: str, width: int = 70) -> str:
    flat = " ".join(body.split())
    i = flat.lower().find(word)
    if i < 0:
        return flat[:width]
    start = max(0, i - width // 3)
    text = flat[start:start + width]
    return ("…" if start else "") + text + ("…" if start + width < len(flat) else "")


def find_topic(pages: dict[str, Page], topics: dict[str, tuple[str, str]], name: str | None) -> tuple[str, str | None]:
    """Where to open a book for a topic: a page id, "page:section", a named topic, else the best
    search hit, else the first page. Returns (page id, section id or None)."""
    first = next(iter(pages))
    if not name:
        return first, None
    key = name.strip().lower().removeprefix("rules:").strip()
    if key in pages:
        return key, None
    if ":" in key:  # "page:section", as the explanations name their rule
        page_id, _, section_id = key.partition(":")
        if page_id in pages and any(s.id == section_id for s in pages[page_id].sections):
            return page_id, section_id
    if key in topics:
        return topics[key]
    hits = search(pages, key)
    if hits:
        return hits[0].page, hits[0].section
    return first, None
