"""Issue 39 ("the screens redraw only what an update changed"), for Carcassonne: every screen at a
hosted table draws every move, whoever made it. The land and the side panel are drawn as rows of
coloured runs (``shell.ui.rows.RowsView``): what they show must be exactly what Textual shows of the
same text, character by character and colour by colour, before and after moves, at two sizes; a move
repaints only the rows it changed; the message line's news lays nothing out again unless its height
changes; and the key line says the keys of the moment without mounting a widget per key."""

from __future__ import annotations

import random
from contextlib import asynccontextmanager

import pytest
from textual.content import Content
from textual.visual import Visual

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import legal_actions
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.keyline import BindingsLine
from tiletum_tui.shell.ui.rows import RowsView

from ..ui.test_move_in_one_frame import _counting
from .helpers import settings

GAME = games.game("carcassonne")


def _cells(strips, widget) -> list[list[tuple]]:
    """Each row as its characters, each with the style it is drawn in (a selection's offsets left out),
    less the blank cells at its end (the widget's background, as Textual pads every row)."""
    blank = (" ", widget.visual_style.rich_style.clear_meta_and_links())
    rows = []
    for strip in strips:
        row = [(ch, seg.style.clear_meta_and_links() if seg.style else None) for seg in strip for ch in seg.text]
        while row and row[-1] == blank:
            row.pop()
        rows.append(row)
    return rows


def _as_textual_draws(widget: RowsView, app) -> list:
    """The widget's content (the rows' text) as Textual renders a Static's text."""
    content = Content.from_rich_text(widget.content, app.console)
    return Visual.to_strips(widget, content, widget.content_size.width, widget.content_size.height,
                            widget.visual_style)


async def _settled(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


@asynccontextmanager
async def on_screen(tmp_path, river: bool, size=(80, 24)):
    """A two-player hot-seat Carcassonne game (seed 4) on screen at ``size``, its first frames drawn:
    (the app, its pilot, the session)."""
    session = Session.new(settings(2, 4, river), save_dir=tmp_path, game=GAME, autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=size) as pilot:
        await _settled(pilot)
        yield app, pilot, session


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_land_and_the_side_draw_what_textual_draws_of_their_text(tmp_path, size):
    rng = random.Random(5)
    async with on_screen(tmp_path, river=True, size=size) as (app, pilot, session):
        screen = app.screen
        for _ in range(8):  # placing and choosing a follower, a few turns
            for name in ("#carc-land", "#carc-side"):
                widget = screen.query_one(name, RowsView)
                assert widget._shown is not None, f"{name} is not drawn as rows"
                height = widget.content_size.height
                rows = [widget.render_line(y) for y in range(height)]
                whole = _as_textual_draws(widget, app)
                assert _cells(rows, widget)[:len(whole)] == _cells(whole, widget), name
                assert not any(_cells(rows, widget)[len(whole):]), name  # (below the text: blank)
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await _settled(pilot)


async def test_a_move_repaints_only_the_rows_of_the_land_and_side_it_changed(tmp_path):
    rng = random.Random(7)
    async with on_screen(tmp_path, river=False) as (app, pilot, session):
        screen = app.screen
        widgets = {name: screen.query_one(name, RowsView) for name in ("#carc-land", "#carc-side")}
        calls: dict = {name: [] for name in widgets}
        for name, widget in widgets.items():
            _counting(widget, calls[name])
        kept = {name: 0 for name in widgets}
        for _ in range(16):
            before = {name: (list(w._shown), w.size) for name, w in widgets.items()}
            for got in calls.values():
                got.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)  # as a host's update
            await _settled(pilot)
            for name, widget in widgets.items():
                rows, size = before[name]
                if widget.size != size:
                    continue  # (resized: drawn anew)
                now = widget._shown
                changed = {y for y in range(max(len(rows), len(now)))
                           if y >= len(rows) or y >= len(now) or rows[y] != now[y]}
                assert set(calls[name]) <= changed, (name, sorted(set(calls[name])), sorted(changed))
                kept[name] += len(calls[name]) < widget.size.height
        assert all(kept.values()), kept  # each kept some of its rows as they were at most moves


async def test_news_on_the_message_line_lays_the_screen_out_again_only_when_its_height_changes(tmp_path):
    """The message line's height is set by the screen (the lines its words take, two at least); news
    of another length in as many lines changes no size, so it lays nothing out again (it laid the
    whole screen out, and drew it whole, at every update of a watching screen)."""
    rng = random.Random(7)
    async with on_screen(tmp_path, river=False) as (app, pilot, session):
        screen = app.screen
        msg = screen.query_one("#carc-msg")
        layouts: list = []
        real = msg.refresh

        def refresh(*regions, layout=False, **kwargs):
            layouts.append(layout)
            return real(*regions, layout=layout, **kwargs)

        msg.refresh = refresh
        news = 0
        for _ in range(16):
            before, height = str(msg.content), msg.styles.height
            layouts.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await _settled(pilot)
            if msg.styles.height != height or str(msg.content) == before:
                continue
            news += 1
            assert not any(layouts), (before, str(msg.content))
        assert news  # (moves changed the line's words in as many lines)


async def test_the_key_line_says_the_keys_of_the_moment_without_mounting_a_widget(tmp_path):
    """Placing, the key line names turning and placing; choosing a follower, the follower's keys; the
    line is one widget drawn again, not a widget per key mounted again at each change of moment."""
    async with on_screen(tmp_path, river=False) as (app, pilot, session):
        screen = app.screen
        widgets = {id(w) for w in screen.query("*")}
        line = screen.query_one(BindingsLine)
        placing = str(line.content)
        assert "r turn" in placing and "⏎ place" in placing and "follower" not in placing, placing
        await pilot.press("enter")  # the tile placed: the follower's moment
        await _settled(pilot)
        choosing = str(line.content)
        assert "↑↓ follower" in choosing and "⏎ choose" in choosing and "r turn" not in choosing, choosing
        assert {id(w) for w in screen.query("*")} == widgets  # nothing mounted, nothing removed


async def test_news_of_another_number_of_lines_is_drawn_in_the_frame_that_lays_it_out(tmp_path):
    """The message line taking another number of lines gives the land another height: the screen is laid
    out once and drawn in that layout's frame (the land, the side and the message line were drawn again
    in a frame of their own after it: about half of a watching screen's updates, where the news of the
    last move takes one line or two)."""
    rng = random.Random(7)
    async with on_screen(tmp_path, river=False) as (app, pilot, session):
        screen = app.screen
        msg, land = screen.query_one("#carc-msg"), screen.query_one("#carc-land")
        frames: list = []
        real = app._display

        def display(screen, update):
            frames.append(update)
            return real(screen, update)

        app._display = display
        resized = 0
        for i in range(6):
            screen.message = "Short news." if i % 2 else "Long news, " * 24  # (two lines, then four)
            height = land.size.height
            frames.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await _settled(pilot)
            assert land.size.height != height  # (the land's room changed with the message line's)
            resized += 1
            assert len(frames) == 1, (i, len(frames))
        assert resized
