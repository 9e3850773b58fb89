"""The expansion on screen (issue 13): switched on at New game, its views (the Underground maps with the main
map's keyboard picking, the Silver view, the Prospector Wheel over the Action Wheel), and a whole game by keys
to the final table with the expansion's categories. (The base game's screens are tests/ui's.)"""

from __future__ import annotations

import random
import time

from textual.widgets import Checkbox, DataTable

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings
from tiletum_tui.games.tiletum.engine.silver.common import me
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen
from tiletum_tui.games.tiletum.ui.screens.new_game import NewGameScreen
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel
from tiletum_tui.games.tiletum.ui.silver.widgets import ProspectorWheelLine, SilverView
from tiletum_tui.games.tiletum.ui.silver.underground import UndergroundView

from ..ui.chooser import play_to_the_end, presses
from tiletum_tui.games.tiletum.engine.state import put

NAMES, COLOURS = ("Ann", "Bob", "Cid", "Dee"), ("red", "blue", "green", "yellow")


def _settings(players: int = 2, seed: int = 3, options=("silver.a-sides",)) -> Settings:
    return Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                    modules=("silver",), options=tuple(options))


async def test_the_new_game_form_switches_the_expansion_and_its_first_game_settings(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.read().modules == () and form.query_one("#silver-a-sides").has_class("hidden")
        form.query_one("#silver", Checkbox).value = True
        await pilot.pause()
        assert not form.query_one("#silver-a-sides").has_class("hidden")
        assert form.read().modules == ("silver",) and not form.read().options  # random sides and Technologies
        form.query_one("#silver-a-sides", Checkbox).value = True
        form.query_one("#silver-first-technologies", Checkbox).value = True
        assert form.read().options == ("silver.a-sides", "silver.first-technologies")


async def test_the_underground_view_picks_spaces_with_the_keys_like_the_main_map(tmp_path):
    session = Session.new(_settings(), save_dir=tmp_path, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and "Prospector Action: dice 3 4" in str(
            screen.query_one(ProspectorWheelLine).render())
        state = screen.model.state
        die = next(v for v in (3, 4) if state.board.wheel_dice[v - 1])
        colour = state.board.wheel_dice[die - 1][0]
        screen.choose(next(o.action for o in screen.model.options()
                           if o.legal and o.action.verb() == "die" and o.action.action == "prospector"
                           and (o.action.value, o.action.colour, o.action.target, o.action.bonus) == (die, colour, die, False)))
        await pilot.pause()
        assert screen.current_view == "underground"  # a Prospector Action shows the Underground maps
        panel = screen.query_one(DecisionPanel)

        async def open_move():
            await pilot.press(str(next(i for i, c in enumerate(panel.options) if c.key.startswith("prospect-")) + 1))
            await pilot.pause()

        await open_move()  # one space next to the Pithead: the line moves there at once
        assert me(screen.model.state, 0).prospectors["m1"] == "1A2"
        await open_move()  # two spaces: the Underground view takes the arrows, as the main map does
        under = screen.query_one(UndergroundView)
        assert under.has_focus and sorted(under.legal) == ["1A1", "1A3"] and under.cursor == "1A1"
        await pilot.press("right")
        assert under.cursor == "1A3"
        await pilot.press("enter")
        await pilot.pause()
        assert me(screen.model.state, 0).prospectors["m1"] == "1A3"
        await pilot.press("k")
        await pilot.pause()
        assert screen.current_view == "silver" and "Technology board" in str(screen.query_one(SilverView).render())


async def test_a_game_with_the_expansion_by_keys_to_the_final_table(tmp_path):
    """A 2-player game with the expansion, every choice made by keys at 80x24 (a 4-player one was played the
    same way for the issue); the final table holds the expansion's categories, as the engine's ledger does."""
    session = Session.new(_settings(seed=11, options=()), save_dir=tmp_path, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    started = time.perf_counter()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        keys = await play_to_the_end(app, pilot, random.Random(2), 4000)
        state = game.model.state
        assert state.phase == "over"
        table = app.screen.query_one(DataTable)
        rows = {row.key.value for row in table.ordered_rows}
        assert {"scoring overlay", "silver", "technology tiers", "technologies"} <= rows and "houses x pillars" not in rows
        for key in rows - {"total"}:
            assert [int(str(v)) for v in table.get_row(key)[1:]] == [p.ledger.get(key, 0) for p in state.players]
    print(f"\n{keys} keys in {time.perf_counter() - started:.1f} s")


def test_prepared_positions_for_the_tutorials_expansion_chapter():
    """Issue 13: the tutorial's expansion chapter gets prepared positions (real games, reached by legal moves)."""
    from tiletum_tui.games.tiletum.engine import legal_actions
    from tiletum_tui.games.tiletum.engine.invariants import problems
    from tiletum_tui.games.tiletum.learn.silver.positions import POSITIONS, position

    for name in POSITIONS:
        s = position(name)
        assert not problems(s) and legal_actions(s), name
    assert any(a.verb() == "die" and a.action == "prospector" for a in legal_actions(position("start")))
    assert position("prospector").stack[-1].action == "prospector"
    assert any(a.verb() == "tech" for a in legal_actions(position("technology")))
    king = position("king")
    assert king.lap == 3 and any(a.verb() == "end" for a in legal_actions(king))


async def test_a_choice_on_both_maps_shows_each_space_on_its_own_map(tmp_path):
    """A Crest's "a House in any Town" may go on the main map or underground (ruling 12): the main map marks its
    Towns, the Underground view its own; the arrows never reach a space of the other."""
    from tiletum_tui.games.tiletum.engine.state import PlaceFrame
    from tiletum_tui.games.tiletum.ui.widgets.map_view import MapView

    new = Session.new(_settings(), save_dir=tmp_path, autosave=False)
    state = new.state  # a copy of the game (the session's own cannot be changed): arranged, then played
    put(state.stack[0], "die_taken", True)
    put(state, "stack", (*state.stack, PlaceFrame(player=0, piece="merchant", anywhere=True)))
    put(me(state, 0), "prospectors", {"m1": "1A6"})
    session = Session(new.game, new.settings, [state], [], game_id=new.game_id, created=new.created,
                      save_dir=tmp_path, autosave_to=None, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        assert any(c.space == "1A6" for c in panel.options) and any(c.space == "TIL" or c.space in
                                                                     state.board.houses for c in panel.options)
        from textual.widgets import OptionList

        choices = screen.query_one("#choices", OptionList)
        under_line = next(i for i, c in enumerate(panel.options) if c.space == "1A6")
        main_line = next(i for i, c in enumerate(panel.options) if c.space and not c.space[0].isdigit())
        choices.highlighted = under_line
        await pilot.pause()
        assert screen.current_view == "underground" and screen.query_one(UndergroundView).legal == ["1A6"]
        choices.highlighted = main_line
        await pilot.pause()
        main = screen.query_one(MapView)
        assert screen.current_view == "map" and main.legal and all(not s[0].isdigit() for s in main.legal)
        for key in ("down", "right", "left", "up"):  # (the list has the focus: the map's cursor follows it)
            await pilot.press(key)
        assert screen.current_view in ("map", "underground")


async def test_a_mine_in_one_town_is_chosen_by_number_not_by_typing_its_name(tmp_path):
    """Played at 80x24: the Mine spaces of Kutna Hora read "Type a Town's name to find it" (a-z: type a
    Town), though both lines are in the one Town. The Prospector Action's "1 AP: Add a Mine ... to a
    Town" (the expansion's rules): the line says its AP as the others do, and its spaces go by number."""
    settings = Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(3)), seed=21,
                        modules=("silver",))
    session = Session.new(settings, save_dir=tmp_path, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # the yellow 3 for the Prospector Action with its Bonus tile, then a step to Kutna Hora
        await pilot.press("5", "1", "2", "1", "1")
        await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        mine = next(i for i, c in enumerate(panel.options) if c.label == "Place a Mine in Kutna Hora (1 AP)")
        # (below the Prospector's move: a line new in this decision takes the first number free, issue 41 item 3)
        await pilot.press(*presses(panel, mine))
        await pilot.pause()
        assert [c.label for c in panel.options if not c.disabled][:2] == ["Mine space 1: 1 Silver",
                                                                           "Mine space 2: 1 Silver and 1 Gold"]
        assert not panel.types_names and "Type a Town" not in str(panel.query_one("#decision-title").content)
        silver = me(session.state, 0).silver
        await pilot.press("1")
        assert me(session.state, 0).silver == silver + 1 and session.notation_log[-1] == "1: mine 1B2 1"


def test_sending_a_prospector_down_says_the_silver_is_paid():
    """Issue 41 item 6: "sends a Prospector down … (1 Silver)" read as a gain, not a cost."""
    from tiletum_tui.games.tiletum.engine import describe
    from tiletum_tui.games.tiletum.engine.silver.underground import PlaceProspector, prospector_cost

    state = Session.new(_settings(), save_dir=None, autosave=False).state
    action = PlaceProspector(0, "m2")
    words = describe(state, action)
    assert words.endswith(f"Pithead for {prospector_cost(state, 'm2')} Silver"), words
