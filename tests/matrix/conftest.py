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

    try:  # the opponents' pace at home (the host's: 0 in ``running_host``); where the driver lives today
        from tiletum_tui.shell.ui.opponents import SeatDriver
    except ImportError:  # (moved: the cells still pass, paced as a person sees them)
        pass
    else:
        monkeypatch.setattr(SeatDriver, "pace", 0.0)
    monkeypatch.setattr(connections, "FRAME_RATE", (10_000.0, 10_000))  # (keys at machine speed)


@pytest.fixture
def folder():
    """A folder for the game's saves, or the host's (a Unix socket's path has at most 107 bytes)."""
    made = Path(tempfile.mkdtemp(prefix="tm-"))
    yield made
    shutil.rmtree(made, ignore_errors=True)
