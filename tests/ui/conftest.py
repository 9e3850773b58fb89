"""Shared helpers for the UI tests: a fixed game, and a key-only chooser that plays it."""

from __future__ import annotations

import random
from contextlib import asynccontextmanager

import pytest

from tiletum_tui.games.tiletum.engine import apply, legal_actions, new_game
from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings
from tiletum_tui.shell.session import EVERY_SEAT

SEED = 7
SETTINGS = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=SEED)


@pytest.fixture(autouse=True)
def _fixed_environment(monkeypatch):
    # Environment themes and NO_COLOR would change every snapshot (stack notes).
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)


def make_session(tmp_path, settings=SETTINGS, moves: int = 0, seed: int = 1):
    """A Session (no autosave files outside tmp_path), advanced ``moves`` random legal actions."""
    from tiletum_tui.shell.session import Session

    session = Session.new(settings, save_dir=tmp_path, autosave=False)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.state.phase == "over":
            break
        acts = legal_actions(session.state)
        session.apply(rng.choice(acts), by=EVERY_SEAT)
    return session


def midgame_session(tmp_path):
    """A fixed mid-game position for snapshots: round 2, lap 2, Ann holds a Merchant Action with AP
    to spend, and both Storehouses hold tiles (random legal play from a fixed seed until then)."""
    from tiletum_tui.games.tiletum.engine.state import ActionFrame
    from tiletum_tui.shell.session import Session

    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    rng = random.Random(6)
    for _ in range(400):
        st = session.state
        top = st.stack[-1] if st.stack else None
        if (st.round, st.lap) == (2, 2) and isinstance(top, ActionFrame) and top.action == "merchant" and top.ap >= 2:
            return session
        session.apply(rng.choice(legal_actions(st)), by=EVERY_SEAT)
    raise AssertionError("no mid-game position found: the engine's play changed")


def turn_start_session(tmp_path):
    """The mid-game position played on (randomly, fixed seed) until Ann's next turn begins: Bob has
    played a turn since hers (for 'since your last turn')."""
    from tiletum_tui.games.tiletum.engine.events import TurnBegan

    session = midgame_session(tmp_path)
    rng = random.Random(4)
    for _ in range(400):
        session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
        last = session.log[-1]
        if any(isinstance(e, TurnBegan) and e.player == 0 for e in last.events) and session.state.phase == "action":
            return session
    raise AssertionError("Ann's turn never came back: the engine's play changed")


def session_where(tmp_path, found, seed: int = 1, games: int = 40, settings=SETTINGS):
    """A session played at random (fixed seeds) until ``found(state)`` holds for the state in hand."""
    from tiletum_tui.shell.session import Session

    for game in range(seed, seed + games):
        session = Session.new(settings, save_dir=tmp_path, autosave=False)
        rng = random.Random(game)
        while not session.finished:
            if found(session.state):
                return session
            session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
    raise AssertionError("no such position in many random games: the engine's play changed")


def arranged(session):
    """A test shortcut before the screen opens: the session's position as a copy that the test may
    change in place, installed as the session's current state (the session hands out only copies)."""
    from tiletum_tui.games.tiletum.engine import clone

    state = clone(session._history[-1])
    session._history[-1] = state
    return state


def finished_session(tmp_path, seed: int = 2):
    return make_session(tmp_path, moves=10_000, seed=seed)


__all__ = ["SETTINGS", "arranged", "make_session", "midgame_session", "session_where", "turn_start_session", "apply", "new_game"]


def log_unwrapped(text: str) -> str:
    """The game log's text with each hanging line joined to the line above (the log wraps an entry and
    indents its further lines under its words): an entry, and what it made happen, on one line."""
    import re

    return re.sub(r"\n {7}(?=\S)", " ", text)


@asynccontextmanager
async def on_screen(session):
    """The app on ``session`` at 80x24, its first frame drawn: (the Pilot, the game screen)."""
    from tiletum_tui.shell.ui.app import TiletumApp

    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield pilot, app.screen
