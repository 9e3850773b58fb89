"""A complete 2-player game from the title screen to the final scoring table, by key presses only."""

from __future__ import annotations

import random
import time

from textual.widgets import DataTable

from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen

from .chooser import play_to_the_end

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
        keys += await play_to_the_end(app, pilot, rng, MAX_KEYS - keys)
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
