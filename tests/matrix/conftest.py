"""The matrix's fixtures: fast opponents (no pause between their moves, as ``tests/opponents/test_solo_game.py``
plays), a folder for each place (the host's socket needs a short path)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _fast(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    from tiletum_tui.shell.host import connections
    from tiletum_tui.shell.ui.opponents import SeatDriver

    monkeypatch.setattr(SeatDriver, "pace", 0.0)  # (the host's pace: 0 in ``running_host``)
    monkeypatch.setattr(connections, "FRAME_RATE", (10_000.0, 10_000))  # (keys at machine speed)


@pytest.fixture
def folder():
    """A folder for the game's saves, or the host's (a Unix socket's path has at most 107 bytes)."""
    made = Path(tempfile.mkdtemp(prefix="tm-"))
    yield made
    shutil.rmtree(made, ignore_errors=True)
