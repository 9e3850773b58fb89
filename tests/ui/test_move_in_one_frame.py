"""Issue 39, "Measured in tiletum bench": the screens redraw only what an update changed, and a move
reaches the terminal in one frame. What a player sees: the map marks the spaces of the decision the
panel shows as soon as the move is drawn (never the decision before's); a part of the screen that did
not change (another seat's empty list of choices) is not painted again; the map first shown is drawn
once, not drawn and then drawn again at another scale."""

from __future__ import annotations

import random

from tiletum_tui.games.tiletum.engine import legal_actions
from tiletum_tui.games.tiletum.ui.widgets.choice_list import ChoiceList
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel
from tiletum_tui.games.tiletum.ui.widgets.map_view import MapView
from tiletum_tui.shell.session import EVERY_SEAT
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.painted import Painted

from .conftest import SETTINGS, make_session, midgame_session, on_screen


def _layouts(screen) -> list:
    """The screen's layouts from now on, one entry each (Textual's signal that the screen was laid out)."""
    layouts: list = []
    screen.screen_layout_refresh_signal.subscribe(screen, layouts.append, immediate=True)
    return layouts


def _counting(widget, calls: list) -> None:
    """Count the lines the widget renders (Textual asks for those of a widget that was refreshed; the
    others it keeps)."""
    real = widget.render_line

    def render_line(y):
        calls.append(y)
        return real(y)

    widget.render_line = render_line


async def test_the_map_marks_the_new_decisions_spaces_when_the_move_is_drawn(tmp_path):
    """Each move's redraw ends with the map marking the spaces the decision panel's lines point at:
    the marks are drawn with the rest of the move, not in a later frame after the panel's lines."""
    session = midgame_session(tmp_path)  # Ann's Merchant Action: moves on the map
    app = TiletumApp(session=session)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        view, panel = screen.query_one(MapView), screen.query_one(DecisionPanel)
        checked = 0
        for _ in range(30):
            if session.finished:
                break
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            # (no pause: what the move's redraw left, as the frame that follows it draws it)
            if screen.current_view == "map":
                pointed = [c.space for c in panel.options if c.space and not c.disabled]
                assert view.legal == pointed
                checked += bool(pointed)
            await pilot.pause()
            if screen.current_view != "map":
                await pilot.press("m")
                await pilot.pause()
        assert checked >= 3  # (moves whose decision pointed at spaces were among them)


async def test_an_empty_list_of_choices_is_not_painted_again_when_it_stays_empty(tmp_path):
    """While another seat decides, the decision panel shows a line and no choices: a new line there
    (the next move of that seat) paints the line, not the empty list under it."""
    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        panel.show("Bob is choosing a die…", [])
        await pilot.pause()
        await pilot.pause()
        lists, titles = [], []
        _counting(screen.query_one(ChoiceList), lists)
        _counting(screen.query_one("#decision-title", Painted), titles)
        panel.show("Bob is choosing an Action…", [])
        await pilot.pause()
        await pilot.pause()
        assert titles  # the new line is drawn
        assert not lists  # the list, empty before and after, is not


async def test_the_map_first_shown_is_drawn_once(tmp_path):
    """The map, not shown since the game began, is drawn once when it first shows, at the scale it
    keeps (not first at a guessed scale and again when its view is laid out)."""
    from tiletum_tui.shell.session import Session

    app = TiletumApp(session=Session.new(SETTINGS, save_dir=tmp_path, autosave=False))  # on the wheel
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.current_view == "wheel"
        view = app.screen.query_one(MapView)
        drawn = []
        real = view.redraw
        view.redraw = lambda: (drawn.append(view.scale), real())[1]
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        assert len(drawn) == 1, drawn
        scale = view.scale
        view._rescale()  # at the size it has now: the scale it was drawn at
        assert view.scale == scale == drawn[0]


async def test_a_new_decision_of_another_number_of_lines_does_not_lay_the_screen_out(tmp_path):
    """The list of choices has the room the panel gives it, however many lines a decision has: a new
    decision of a player's (five lines after three, say) paints the panel, it does not lay the whole
    screen out again (Textual did at every change of the list's length: issue 39, a player's screen
    laid out at most of its decisions)."""
    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        menu = [c for c in panel.levels[0] if not c.is_group]
        assert len(menu) >= 4, menu
        panel.show("Ann's decision", menu[:2])
        await pilot.pause()
        await pilot.pause()
        layouts, lines = _layouts(screen), []
        for n in (4, 3, 2, 4):
            panel.show("Ann's decision", menu[:n])
            await pilot.pause()
            await pilot.pause()
            lines.append(panel.query_one(ChoiceList).option_count)
        assert lines == [4, 3, 2, 4]  # each decision's lines are there
        assert not layouts


async def test_a_move_drawn_on_the_log_lays_the_screen_out_once(tmp_path):
    """The log shown, each move adds its lines: the log grows and the screen is laid out once for it,
    the view's scrolling found in that layout, not in a second one and a frame of its own after it
    (issue 39: Textual laid the screen out again when a view's scrolling size changed, so a view
    whose drawing grew or shrank took two or three layouts and frames a move)."""
    session = midgame_session(tmp_path)
    rng = random.Random(5)
    async with on_screen(session) as (pilot, screen):
        layouts = _layouts(screen)
        checked = 0
        for _ in range(20):
            if session.finished:
                break
            screen.action_view("log")
            for _ in range(3):
                await pilot.pause()
            layouts.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            for _ in range(3):
                await pilot.pause()
            if screen.current_view == "log":
                assert len(layouts) <= 2, len(layouts)  # its room, then its scroll to the newest line
                checked += bool(layouts)
        assert checked >= 3  # (moves that grew the log, with the log shown)


async def test_the_wheel_keeps_its_height_from_move_to_move(tmp_path):
    """The wheel names the die taken this turn and the dice taken since the player in turn last
    played in two lines whatever they hold ("has taken no die yet", "none"), so a die taken or a turn
    ended repaints those lines and does not grow or shrink the wheel: a drawing that changes height
    lays the whole screen out again, on every screen at a hosted table that shows the wheel (issue 39,
    "the screens redraw only what an update changed"). Only the King track's stacks change its height."""
    from tiletum_tui.games.tiletum.ui.widgets.wheel import WheelView

    session = make_session(tmp_path)
    rng = random.Random(3)
    async with on_screen(session) as (pilot, screen):
        wheel = screen.query_one(WheelView)
        heights, taken = set(), 0
        for _ in range(30):
            screen.action_view("wheel")
            await pilot.pause()
            state = session.state
            stacks = max((len(s) for s in state.board.king_track), default=0)
            heights.add(wheel.render().plain.count("\n") - stacks)
            taken += wheel.turn_die is not None
            screen.model.apply(rng.choice(legal_actions(state)), by=EVERY_SEAT)
            await pilot.pause()
        assert 0 < taken < 30  # (moves with a die taken this turn and moves without were drawn)
        assert len(heights) == 1, heights


async def test_a_decision_that_changes_the_sides_height_lays_the_screen_out_once(tmp_path):
    """Under the views (80x24) the side grows for a long menu and shrinks back for a short one (issue
    41 item 2): such a move lays the screen out once, the views above and the side below placed in
    that one layout, not a second time for the sizes the first one found (the side's, the views',
    their scrollbars': issue 39, a player's screen took two layouts and frames at most of its own
    decisions). A scrollbar that comes or goes still lays it out (the room for the lines changes)."""
    session = make_session(tmp_path)
    rng = random.Random(3)
    async with on_screen(session) as (pilot, screen):
        side = screen.query_one("#side")
        layouts = _layouts(screen)

        toggled = []  # a scrollbar came or went
        for widget in screen.query("*"):
            if widget.is_scrollable:
                screen.watch(widget, "show_vertical_scrollbar", lambda _: toggled.append(1), init=False)
        checked = 0
        for _ in range(40):
            height, view = side.size.height, screen.current_view
            layouts.clear()
            toggled.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            for _ in range(4):
                await pilot.pause()
            if side.size.height != height and screen.current_view == view and not toggled:
                assert len(layouts) == 1, len(layouts)
                checked += 1
        assert checked >= 5  # (moves that grew or shrank the side, the view the same)


async def test_the_player_in_turn_changing_recolours_the_side_without_restyling_what_is_in_it(tmp_path):
    """The side and the status line wear the colour of the player deciding (their left border). When
    the turn passes, the border takes the next player's colour and nothing else is restyled: as a
    class on the side, Textual applied the whole style sheet again to every widget in the side (the
    strip, the panel, its list) at every change of the player in turn, on every screen at a hosted
    table (issue 39)."""
    from tiletum_tui.games.tiletum.engine import current_player
    from tiletum_tui.games.tiletum.ui.widgets.status import StatusBar

    session = make_session(tmp_path)
    rng = random.Random(3)
    async with on_screen(session) as (pilot, screen):
        side, status = screen.query_one("#side"), screen.query_one(StatusBar)
        restyled, real = [], pilot.app.update_styles
        pilot.app.update_styles = lambda node=None, **kw: (restyled.append(node), real(node, **kw))[1]
        colours, changes = {}, 0
        for _ in range(30):
            who = current_player(session.state)
            colours.setdefault(who, side.styles.border_left[1])
            assert status.styles.border_left[1] == colours[who]
            restyled.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await pilot.pause()
            if current_player(session.state) != who:
                changes += 1
                assert not [n for n in restyled if n is side or n is status], restyled
        assert changes >= 3 and len(set(colours.values())) == 2  # (each player's own colour)
