"""Fixed environment for the learn UI tests (themes and NO_COLOR would change every snapshot)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fixed_environment(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)


def menu_path(choices, action, labels=()):
    """The labels of the menu lines that lead to ``action`` (top level first), or None."""
    for c in choices:
        if c.action == action and not c.disabled:
            return [*labels, c.label]
        found = menu_path(c.children, action, (*labels, c.label))
        if found:
            return found
    return None
