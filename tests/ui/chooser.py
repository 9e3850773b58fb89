"""A simple keyboard player for the Pilot tests that play whole games (the full game, the tutorial)."""

from __future__ import annotations

import random

from tiletum_tui.games.tiletum.ui.choices import FINISH
from tiletum_tui.games.tiletum.ui.choices import presses as _presses
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel


def presses(panel: DecisionPanel, i: int) -> tuple[str, ...]:
    """The keys that pick line ``i`` (from 0) as a person types them (``choices.presses``)."""
    return tuple(_presses(panel.options, i))


def choose_key(panel: DecisionPanel, rng: random.Random) -> tuple[str, ...]:
    """A simple player: usually a random legal line by its key, sometimes the finish key."""
    legal = [i for i, c in enumerate(panel.options) if not c.disabled]
    finish = [i for i in legal if panel.options[i].key.startswith(FINISH)]
    if finish and (rng.random() < 0.35 or len(legal) == len(finish)):
        return ("e",)
    pool = [i for i in legal if i not in finish] or legal
    if not pool:
        return ("escape",) if len(panel.levels) > 1 else ("e",)
    return presses(panel, rng.choice(pool))


async def play_to_the_end(app, pilot, rng: random.Random, max_keys: int) -> int:
    """Press keys as the simple player until the final scoring table: Enter on announcements, y on
    questions. Returns the keys pressed (fails past ``max_keys``: the game did not end)."""
    from tiletum_tui.shell.ui.dialogs import ConfirmDialog
    from tiletum_tui.games.tiletum.ui.dialogs.basic import AnnounceDialog
    from tiletum_tui.games.tiletum.ui.screens.final import FinalScreen

    keys = 0
    while not isinstance(app.screen, FinalScreen):
        keys += 1
        assert keys < max_keys, "the game did not end"
        screen = app.screen
        if isinstance(screen, AnnounceDialog):
            await pilot.press("enter")
        elif isinstance(screen, ConfirmDialog):
            await pilot.press("y")
        else:
            await pilot.press(*choose_key(screen.query_one(DecisionPanel), rng))
    return keys
