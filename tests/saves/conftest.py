"""Helpers for the save tests: seeded random games (issue 4, "Tests": "many seeded random games").

A random game: repeatedly pick a random legal action with random.Random(seed) until the game is over.
The helpers are reached through the ``games`` fixture (no import of test modules needed).
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, apply_in_place, legal_actions, new_game, notation
from tiletum_tui.shell.session import EVERY_SEAT

FIXTURES = Path(__file__).parent / "fixtures"
COLOURS = ("red", "blue", "green", "yellow")
NAMES = ("Agnes", "Bertram", "Clothilde", "Dietrich")


class Games:
    fixtures = FIXTURES

    @staticmethod
    def settings(players: int = 2, seed: int = 1) -> Settings:
        return Settings(players=tuple(PlayerSetup(name=NAMES[i], colour=COLOURS[i]) for i in range(players)),
                        seed=seed)

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def random_game(players: int, seed: int) -> tuple[str, ...]:
        """The notation of every action of a seeded random game, from setup to the end."""
        state = new_game(Games.settings(players, seed))
        pick = random.Random(seed)
        texts = []
        while state.phase != "over":
            action = pick.choice(legal_actions(state))
            texts.append(notation(action))
            apply_in_place(state, action)
        return tuple(texts)

    @staticmethod
    def play(session, texts) -> None:
        """Apply the actions, then wait for the autosave of the last one (it is written on a thread)."""
        for text in texts:
            session.apply(text, by=EVERY_SEAT)
        session.flush()


@pytest.fixture
def games() -> type[Games]:
    return Games
