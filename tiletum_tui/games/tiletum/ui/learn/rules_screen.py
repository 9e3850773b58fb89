"""Tiletum's rules browser (the shell's ``RulesBrowser`` over ``tiletum_tui.games.tiletum.learn.pages``) and the
command palette's "rules: fair"."""

from __future__ import annotations

from textual.command import Hit as PaletteHit, Hits, Provider

from ...learn import pages as P
from tiletum_tui.shell.ui.rules_screen import RulesBrowser
from . import open_rules


class RulesScreen(RulesBrowser):
    """Tiletum's rules. ``topic`` opens a page or section (see ``pages.topic``)."""

    def __init__(self, topic: str | None = None, section: tuple[str, str] | None = None) -> None:
        super().__init__(P, topic, section)


class RulesCommands(Provider):
    """Command palette entries: 'rules: fair' opens the best section; every section is listed by name."""

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        text = query.lower().removeprefix("rules:").strip()
        if text:
            for h in P.search(text, limit=8):
                label = f"rules: {h.heading} ({P.page(h.page).title})"
                yield PaletteHit(100 + h.score, label, lambda h=h: open_rules(self.app, section=(h.page, h.section)),
                                 help=h.snippet)
        for page in P.pages().values():
            for s in page.sections:
                label = f"rules: {s.heading}"
                score = matcher.match(label)
                if score > 0:
                    yield PaletteHit(score, matcher.highlight(label),
                                     lambda p=page.id, s=s.id: open_rules(self.app, section=(p, s)),
                                     help=page.title)
