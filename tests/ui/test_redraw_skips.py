"""Issue 25 (a hosted game redraws every screen at every move): the redraw skips the work that
changes nothing, and never what changes something. The map is built again only when something it
draws changed, and is then what a full redraw draws; a text widget lays the screen out again only
when its size changes, and takes its new size when it does."""

from __future__ import annotations

import random

from textual.app import App
from textual.containers import Vertical

from tiletum_tui.games.tiletum.engine import legal_actions
from tiletum_tui.shell.session import EVERY_SEAT
from tiletum_tui.shell.ui.painted import Painted
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.widgets.map_view import MapView

from .conftest import midgame_session


async def test_the_map_is_built_again_only_when_what_it_draws_changed(tmp_path):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    rng = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        view = screen.query_one(MapView)
        real_redraw, real_show = view.redraw, view.show
        built, shows = [], []
        view.redraw = lambda: (built.append(1), real_redraw())[1]

        def show(*args, **kwargs):  # each time the screen hands the map a state: is it what a redraw draws?
            before = len(built)
            real_show(*args, **kwargs)
            shown = view._drawn
            real_redraw()
            shows.append((view._drawn == shown, len(built) == before))

        view.show = show
        for _ in range(60):
            if session.finished:
                break
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await pilot.pause()
            if screen.current_view != "map":
                await pilot.press("m")
                await pilot.pause()
        assert shows and all(same for same, _ in shows)
        assert any(skipped for _, skipped in shows) and not all(skipped for _, skipped in shows)


async def test_each_thing_the_map_draws_draws_it_again(tmp_path):
    """A state that differs in one thing the map shows (a House, a Pillar, a piece, a Bonus tile, the
    round's Fair): the map shows it, as a full redraw does."""
    from msgspec.structs import replace

    from tiletum_tui.games.tiletum.engine.state import EMPTY

    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        view = app.screen.query_one(MapView)
        st, legal, cursor = view.state, list(view.legal), view.cursor
        board = st.board
        town = next(t for t, owners in board.houses.items() if EMPTY in owners)
        owners = list(board.houses[town])
        owners[owners.index(EMPTY)] = 1
        cathedral = next(t for t, owners in board.pillars.items() if EMPTY in owners)
        pillars = list(board.pillars[cathedral])
        pillars[pillars.index(EMPTY)] = 0
        elsewhere = next(t for t in board.houses if t not in (st.players[0].merchant, st.players[0].architect))
        tiles = next(t for t, lying in board.map_bonus.items() if lying)
        changed = {
            "a House": replace(st, board=replace(board, houses={**board.houses, town: tuple(owners)})),
            "a Pillar": replace(st, board=replace(board, pillars={**board.pillars, cathedral: tuple(pillars)})),
            "a Merchant": replace(st, players=[replace(st.players[0], merchant=elsewhere), *st.players[1:]]),
            "an Architect": replace(st, players=[replace(st.players[0], architect=elsewhere), *st.players[1:]]),
            "a Bonus tile": replace(st, board=replace(board, map_bonus={**board.map_bonus, tiles: ()})),
            "the round": replace(st, round=st.round + 1),
        }
        for what, state in changed.items():
            view.show(st, legal, cursor)
            drawn = view._drawn
            view.show(state, legal, cursor)
            shown = view._drawn
            assert shown != drawn, f"{what}: not shown"
            view.redraw()
            assert view._drawn == shown, what


async def test_a_cursor_not_drawn_moves_without_building_the_map_again(tmp_path):
    """The cursor is drawn where the map has the focus or on a legal space; elsewhere (a watcher's
    map, whose cursor follows the piece of the player in turn) its moves change no drawing, and the
    map is not built again; on a legal space it is, and shows there as a full redraw does."""
    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        view = app.screen.query_one(MapView)
        app.screen.set_focus(None)
        await pilot.pause()
        st, legal = view.state, list(view.legal)
        towns = [s.id for s in view.spaces if s.kind == "town" and s.id not in legal]
        built = []
        real_redraw = view.redraw
        view.redraw = lambda: (built.append(1), real_redraw())[1]
        view.show(st, [], towns[0])
        built.clear()
        view.show(st, [], towns[1])  # no legal space, no focus: the cursor is not drawn
        assert not built and view.cursor == towns[1]
        view.show(st, legal, legal[0])
        drawn = view._drawn
        view.show(st, legal, legal[1])  # on the legal spaces it is drawn: built again
        assert built and view._drawn != drawn
        shown = view._drawn
        real_redraw()  # a full redraw of the same: the same drawing
        assert view._drawn == shown


class _Texts(App):
    CSS = "Painted { width: 1fr; }"  # (as the game's text lines are: their height is their text's)

    def compose(self):
        with Vertical():
            yield Painted("one line", id="auto")
            yield Painted("below", id="below")


async def test_a_text_lays_the_screen_out_again_only_when_its_size_changed():
    app = _Texts()
    async with app.run_test(size=(40, 10)) as pilot:
        auto, below = app.query_one("#auto", Painted), app.query_one("#below", Painted)
        await pilot.pause()
        assert auto.size.height == 1 and below.region.y == 1
        layouts = []
        real = auto.refresh

        def refresh(*regions, **kw):
            layouts.append(kw.get("layout", False))
            return real(*regions, **kw)

        auto.refresh = refresh
        auto.update("another line")  # the same height: drawn, not laid out
        await pilot.pause()
        assert layouts and not any(layouts)
        auto.update("two\nlines")  # taller: laid out, and what is below moves down
        await pilot.pause()
        assert any(layouts) and auto.size.height == 2 and below.region.y == 2
        auto.update("a line far too long to fit in forty columns, so it wraps")  # still two rows
        await pilot.pause()
        assert auto.size.height == 2 and below.region.y == 2
        auto.update("short")  # one row again: what is below moves up
        await pilot.pause()
        assert auto.size.height == 1 and below.region.y == 1


async def test_a_view_drawn_as_it_shows_is_drawn_to_the_width_it_will_have(tmp_path):
    """A view drawn in the moment it shows (it changed while another was shown) is drawn to the width
    of its last layout (``ViewScroll.room``), not to a guess: the Resize that comes once it is laid out
    draws the same, so it is neither drawn nor laid out a second time."""
    from tiletum_tui.games.tiletum.ui.widgets.wheel import WheelView

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        wheel = app.screen.query_one(WheelView)
        await pilot.press("m")
        await pilot.pause()
        app.screen.model.apply(random.Random(1).choice(legal_actions(session.state)), by=EVERY_SEAT)
        await pilot.pause()
        drawn = []
        real = wheel.update
        wheel.update = lambda content, **kw: (drawn.append(content), real(content, **kw))[1]
        await pilot.press("w")  # stale: drawn as it shows
        await pilot.pause()
        await pilot.pause()
        assert len(drawn) == 2 and drawn[0] == drawn[1]  # (once as it shows, once on its Resize: the same)
        assert wheel._drawn == drawn[0]
        wheel.redraw()
        assert drawn[-1] == drawn[0]  # what a redraw at its laid-out width draws


class _Filling(App):
    """A text with no width of its own (it fills its container, as the decision's title does), and one
    inside a container of auto width (which its text's width sizes)."""

    CSS = "#measured { width: auto; height: auto; }"

    def compose(self):
        with Vertical():
            yield Painted("ann is choosing a die…", id="fills")
            with Vertical(id="measured"):
                yield Painted("short", id="inside")


async def test_a_text_filling_its_container_is_not_laid_out_again_for_its_width():
    """Issue 39 (the watchers' CPU per update): the decision's title changes its text at every move; its
    height is what the layout takes from it, unless a container measures its width (auto)."""
    app = _Filling()
    async with app.run_test(size=(60, 10)) as pilot:
        fills, inside = app.query_one("#fills", Painted), app.query_one("#inside", Painted)
        await pilot.pause()
        layouts = {"fills": [], "inside": []}
        for name, widget in (("fills", fills), ("inside", inside)):
            real = widget.refresh
            widget.refresh = (lambda real, seen: lambda *r, **kw: (seen.append(kw.get("layout", False)),
                                                                    real(*r, **kw))[1])(real, layouts[name])
        fills.update("ann is deciding: Architect Action, 6 AP left…")  # wider, one line still
        inside.update("a longer line")  # its container's width is its text's: laid out
        await pilot.pause()
        assert layouts["fills"] and not any(layouts["fills"])
        assert any(layouts["inside"])  # (inside a container of auto width: laid out again)


async def test_a_text_of_as_many_lines_of_other_lengths_is_not_measured_again():
    """Issue 39 (the watchers' CPU per update): the wheel's lines change length at most moves (a die
    taken, a player's Resources), never its number of lines. A text of as many lines as before, none
    longer than its room, keeps its height unmeasured (a measure wraps the whole text, twice); one
    with a line more is measured and takes its new height; one whose width its text gives is measured
    when its longest line changed."""
    from rich.text import Text

    app = _Filling()
    async with app.run_test(size=(60, 10)) as pilot:
        fills, inside = app.query_one("#fills", Painted), app.query_one("#inside", Painted)
        fills.update(Text("first line\nsecond"))
        inside.update(Text("a\nb"))
        await pilot.pause()
        measured = {"fills": 0, "inside": 0}
        for name, widget in (("fills", fills), ("inside", inside)):
            real = widget.get_content_height
            widget.get_content_height = (lambda real, name: lambda *a: (measured.__setitem__(name, measured[name] + 1),
                                                                         real(*a))[1])(real, name)
        fills.update(Text("the first line, longer\nsecond line"))  # two lines, other lengths
        await pilot.pause()
        assert measured["fills"] == 0 and fills.size.height == 2
        fills.update(Text("one\ntwo\nthree"))  # a line more: measured, and taller
        await pilot.pause()
        assert measured["fills"] and fills.size.height == 3
        inside.update(Text("a longer line\nb"))  # its container's width is its text's: measured
        await pilot.pause()
        assert measured["inside"]
