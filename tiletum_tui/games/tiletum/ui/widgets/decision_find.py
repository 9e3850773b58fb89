"""The decision panel's finding a line by name: typing the first letters of a Town's name highlights its
line, like a file picker (``DecisionPanel``'s ``typed``, ``finding`` and ``found``; Enter chooses it)."""

from __future__ import annotations

from textual.widgets import OptionList

from ..choices import Choice


def matches(choices: list[Choice], typed: str, inside: bool = True) -> list[int]:
    """Indices of the legal lines whose name starts with what was typed (else, ``inside``, contains it)."""
    t = typed.casefold()
    named = [(i, c) for i, c in enumerate(choices) if c.name and not c.disabled]
    found = [i for i, c in named if c.name.casefold().startswith(t)]
    return found or [i for i, c in named if inside and t in c.name.casefold()]


class FindingByName:
    """What ``DecisionPanel`` does with letters typed (its ``options``, ``typed``, ``finding``, ``found``
    and ``_render_title`` are the panel's)."""

    def find(self, letters: str) -> bool:
        """Add letters to the name being typed and highlight the first line it finds; False (nothing
        changed) if no line's name fits. A first letter typed without '/' finds a name it starts
        (e finishes, o opens no view, where no Town starts with them)."""
        typed = self.typed + letters
        found = matches(self.options, typed, inside=bool(self.typed or self.finding))
        if not found:
            return False
        self.typed, self.found = typed, True
        self.query_one(OptionList).highlighted = found[0]
        self._render_title()
        return True

    def typed_elsewhere(self, letters: str, where: str) -> None:
        """The name typed fits no line here but a Town of the map (``where``: its name): the map
        cursor went there; Enter will only stop the finding."""
        self.typed, self.found = self.typed + letters, False
        self._render_title(where)

    def start_finding(self) -> None:
        self.finding, self.typed, self.found = True, "", False
        self._render_title()

    def unfind(self) -> None:
        """Backspace: one letter less."""
        self.typed = self.typed[:-1]
        found = matches(self.options, self.typed) if self.typed else []
        self.found = bool(found)
        if found:
            self.query_one(OptionList).highlighted = found[0]
        self._render_title()
