"""Form controls show their state by shape, not only by colour (issue 40, item 5: a River game was started
without the River by mistake, the box looking the same on and off): ☑/☐ for a check box, ◉/○ for the
player count, in both games' New game forms (the host's New table uses the same check box)."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.ui.new_game import NewCarcassonneGame
from tiletum_tui.shell.host.lobby import NewTableScreen
from tiletum_tui.shell.ui.toggles import Tick
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.screens.new_game import NewGameScreen


def mark(widget) -> str:
    return widget.render().plain.strip()[0]


async def test_the_river_box_and_the_player_count_show_their_state_by_shape(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewCarcassonneGame)
        river = form.query_one("#river")
        assert mark(river) == "☐"
        river.value = True
        await pilot.pause()
        assert mark(river) == "☑"
        assert [mark(form.query_one(f"#n{n}")) for n in range(2, 6)] == ["◉", "○", "○", "○"]
        await pilot.press("right", "space")  # 3 players
        await pilot.pause()
        assert [mark(form.query_one(f"#n{n}")) for n in range(2, 6)] == ["○", "◉", "○", "○"]


async def test_tiletum_s_new_game_shows_its_boxes_by_shape(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        boxes = list(form.query(Tick))
        assert boxes and {mark(b) for b in boxes} <= {"☐", "☑"}
        marks = [mark(form.query_one(f"#n{n}")) for n in range(2, 5)]
        assert marks.count("◉") == 1 and marks.count("○") == 2


def test_the_host_s_new_table_uses_the_shaped_box():
    import inspect

    assert "Tick(" in inspect.getsource(NewTableScreen.compose)
