"""A complete 2-player game from the title screen to the final scoring table, by key presses only."""

from __future__ import annotations

import random
import time

from textual.widgets import DataTable

from tiletum_tui.ui.app import TiletumApp
from tiletum_tui.ui.dialogs.basic import AnnounceDialog, ConfirmDialog
from tiletum_tui.ui.screens.final import FinalScreen
from tiletum_tui.ui.screens.game import GameScreen
from tiletum_tui.ui.widgets.decision import DecisionPanel

from .chooser import choose_key

MAX_KEYS = 1500


async def test_full_game_by_keys(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    rng = random.Random(5)
    keys = 0
    started = time.perf_counter()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("n")  # title: New game
        await pilot.pause()
        while app.focused is None or app.focused.id != "seed":
            await pilot.press("tab")
            keys += 1
        await pilot.press(*["backspace"] * 8, "7", "enter")  # seed 7, Enter starts the game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), app.screen
        game = app.screen
        while not isinstance(app.screen, FinalScreen):
            keys += 1
            assert keys < MAX_KEYS, "the game did not end"
            screen = app.screen
            if isinstance(screen, AnnounceDialog):
                await pilot.press("enter")
            elif isinstance(screen, ConfirmDialog):
                await pilot.press("y")
            else:
                await pilot.press(choose_key(screen.query_one(DecisionPanel), rng))
        state = game.model.state
        assert state.phase == "over"
        table = app.screen.query_one(DataTable)
        total = table.get_row("total")
        assert [int(str(v)) for v in total[1:]] == [p.vp for p in state.players]
        for row in table.ordered_rows:
            if row.key.value != "total":  # every scoring category, as the engine's ledger has it
                assert [int(str(v)) for v in table.get_row(row.key)[1:]] == [p.ledger.get(row.key.value, 0) for p in state.players]
        assert state.players[state.winner].name in str(app.screen.query_one("#final-title").render())
    print(f"\n{keys} keys in {time.perf_counter() - started:.1f} s")
