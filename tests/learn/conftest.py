"""Fixed environment for the learn UI tests (themes and NO_COLOR would change every snapshot)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fixed_environment(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
