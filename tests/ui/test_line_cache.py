"""Issue 25 (a hosted game redraws every screen at every move): the large drawings and texts (the
map, the wheel, the board, the offers, the log) render each of their lines apart and keep a line's
strips while it stays the same (``shell.ui.painted.LineCached``). What they show must be exactly
what Textual's own rendering of the whole text shows (``Widget._render_content``), before and after
moves, at two of the snapshots' sizes; and a line that did not change is not rendered again."""

from __future__ import annotations

import random

import pytest
from textual.visual import Visual
from textual.widget import Widget

from tiletum_tui.games.tiletum.engine import legal_actions
from tiletum_tui.shell.session import EVERY_SEAT
from tiletum_tui.shell.ui.painted import LineCached
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.widgets.map_view import MapView

from .conftest import make_session, midgame_session, on_screen
from .test_move_in_one_frame import _counting

VIEWS = {"map": "m", "wheel": "w", "board": "b", "offers": "o", "log": "l"}


def _both_renders(widget) -> tuple[list, list]:
    """The widget's strips as the line cache renders them, and as Textual renders the whole text."""
    widget._dirty_regions.add(widget.size.region)
    LineCached._render_content(widget)
    cached = list(widget._render_cache.lines)
    widget._dirty_regions.add(widget.size.region)
    Widget._render_content(widget)
    whole = list(widget._render_cache.lines)
    return cached, whole


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("view", VIEWS)
async def test_line_cached_drawings_render_as_textual_does(tmp_path, size, view):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    rng = random.Random(3)
    async with app.run_test(size=size) as pilot:
        await pilot.press(VIEWS[view])
        await pilot.pause()
        screen = app.screen
        for _ in range(6):  # the drawing before and after moves (the lines that changed and the rest)
            drawn = [w for w in screen.query(LineCached) if w.size.width and w.size.height and w.display]
            assert drawn, "no line-cached drawing is on screen"
            for widget in drawn:
                cached, whole = _both_renders(widget)
                assert len(cached) == len(whole) == widget.size.height
                assert [list(s) for s in cached] == [list(s) for s in whole], f"{type(widget).__name__} differs"
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await pilot.pause()
            await pilot.press(VIEWS[view])
            await pilot.pause()


async def test_an_unchanged_line_is_not_rendered_again(tmp_path, monkeypatch):
    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        view = app.screen.query_one(MapView)
        view._dirty_regions.add(view.size.region)
        LineCached._render_content(view)  # every line kept
        rendered = []
        real = Visual.to_strips

        def counting(widget, visual, *args, **kwargs):
            rendered.append(visual.plain)
            return real(widget, visual, *args, **kwargs)

        monkeypatch.setattr(Visual, "to_strips", counting)
        assert view.legal  # (a Merchant Action: the cursor is drawn on the legal spaces)
        view.set_cursor(next(s for s in view.legal if s != view.cursor))  # the cursor moves: a few lines change
        view._dirty_regions.add(view.size.region)
        LineCached._render_content(view)
        assert 0 < len(rendered) < view.size.height / 2


@pytest.mark.parametrize("view", VIEWS)
async def test_a_text_becomes_the_content_textual_makes_of_it(tmp_path, view):
    """``Painted.update`` hands Textual the Content of a Text with its Rich styles converted once
    (``Painted._content_of``): the same text and spans, style for style, as Textual's own
    ``Content.from_rich_text``, on every text widget of the screen, before and after moves."""
    from rich.text import Text
    from textual.content import Content

    from tiletum_tui.shell.ui.painted import Painted

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    rng = random.Random(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(VIEWS[view])
        await pilot.pause()
        screen = app.screen
        checked = 0
        for _ in range(6):
            for widget in screen.query(Painted):
                if not isinstance(widget.content, Text):
                    continue
                ours, textual = widget.visual, Content.from_rich_text(widget.content, console=app.console)
                assert ours.plain == textual.plain
                assert [tuple(s) for s in ours.spans] == [tuple(s) for s in textual.spans], type(widget).__name__
                checked += 1
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await pilot.pause()
            await pilot.press(VIEWS[view])
            await pilot.pause()
        assert checked > 20


async def test_a_move_repaints_only_the_lines_of_the_wheel_it_changed(tmp_path):
    """Issue 39 ("the screens redraw only what an update changed"): the wheel on screen, a move that
    changes some of its lines (a die taken, the player in turn's AP) repaints those lines, not the
    ten on screen: Textual renders and composes again every line of a widget refreshed whole, on
    every screen at a hosted table that shows the wheel."""
    from tiletum_tui.games.tiletum.ui.widgets.wheel import WheelView

    session = make_session(tmp_path)
    rng = random.Random(3)
    async with on_screen(session) as (pilot, screen):
        wheel = screen.query_one(WheelView)
        calls: list = []
        _counting(wheel, calls)
        partly = 0
        for _ in range(20):
            screen.action_view("wheel")
            for _ in range(3):
                await pilot.pause()
            before = [(line.plain, tuple(line.spans)) for line in wheel.visual.split("\n", allow_blank=True)]
            room = wheel.parent.size
            calls.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            for _ in range(3):
                await pilot.pause()
            if screen.current_view != "wheel" or wheel.size.height != len(before) or wheel.parent.size != room:
                continue  # (another view, or the view resized by the side below it: lines shown anew)
            after = [(line.plain, tuple(line.spans)) for line in wheel.visual.split("\n", allow_blank=True)]
            changed = {y for y, (a, b) in enumerate(zip(before, after)) if a != b}
            assert set(calls) <= changed, (sorted(set(calls)), sorted(changed))
            partly += bool(calls)
        assert partly  # (a move changed lines on screen, and repainted them)


async def test_a_move_repaints_only_the_line_of_the_player_strip_it_changed(tmp_path):
    """Issue 39 ("the screens redraw only what an update changed"): the strip of the player in turn has
    two lines (Resources and AP; Supply, Bonus AP and Storehouse). A move that changes one of them
    repaints that line, not both: every screen at a hosted table draws the strip at every move."""
    from tiletum_tui.games.tiletum.ui.widgets.strip import PlayerStrip

    session = make_session(tmp_path)
    rng = random.Random(3)
    async with on_screen(session) as (pilot, screen):
        strip = screen.query_one(PlayerStrip)
        calls: list = []
        _counting(strip, calls)
        one = 0
        for _ in range(30):
            await pilot.pause()
            before = strip.content.plain.split("\n")
            calls.clear()
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            for _ in range(3):
                await pilot.pause()
            after = strip.content.plain.split("\n")
            if len(before) != len(after) or pilot.app.screen is not screen:
                for _ in range(3):  # (an announcement: closed)
                    if pilot.app.screen is not screen:
                        await pilot.press("enter")
                        await pilot.pause()
                continue
            changed = {y for y, (a, b) in enumerate(zip(before, after)) if a != b}
            assert set(calls) <= changed, (sorted(set(calls)), sorted(changed), before, after)
            one += len(changed) == 1
        assert one  # (moves changed one line of the two, and repainted it alone)


@pytest.mark.parametrize("view", ["wheel", "map"])
async def test_a_drawing_redrawn_line_by_line_shows_what_textual_shows_over_a_game(tmp_path, view):
    """Issue 39: a line-cached drawing's lines are made from its text line by line, a line the same as
    the one at its place before kept as it was (``LineCached._content_of``). Over twenty moves each
    drawing on screen (the view, the strip of the player in turn) shows exactly the lines Textual
    splits its whole text into, and renders them as Textual renders the whole text."""
    session = make_session(tmp_path)
    rng = random.Random(11)
    async with on_screen(session) as (pilot, screen):
        checked = 0
        for _ in range(20):
            await pilot.press(VIEWS[view])
            await pilot.pause()
            for widget in [w for w in screen.walk_children() if isinstance(w, LineCached)]:  # (the strip's
                # first base is SceneView: a query by class name does not find it)
                if not (widget.size.width and widget.size.height and widget.display) or widget._split[0] is None:
                    continue
                whole = widget.visual.split("\n", allow_blank=True)
                lines = widget._lines_of(widget.visual)
                assert [(x.plain, list(x.spans)) for x in lines] == [(x.plain, list(x.spans)) for x in whole], \
                    type(widget).__name__
                cached, rendered = _both_renders(widget)
                assert [list(s) for s in cached] == [list(s) for s in rendered], type(widget).__name__
                checked += 1
            screen.model.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            await pilot.pause()
            for _ in range(3):  # (an announcement: closed)
                if pilot.app.screen is not screen:
                    await pilot.press("enter")
                    await pilot.pause()
        assert checked >= 30


def test_a_drawing_is_the_text_rich_builds():
    """Issue 39: the wheel is built with ``Drawing`` (its pieces' control codes checked once, not once a
    piece): the Text it makes is the one Rich's own appends make, piece for piece, control codes too."""
    from rich.style import Style
    from rich.text import Text

    from tiletum_tui.shell.ui.drawing import Drawing

    red = Style(color="red")
    styled = Text("die", style=Style(bold=True))
    styled.stylize(red, 1, 2)
    for pieces in ([("Action Wheel", "bold"), ("\n", None), (styled, None), ("", red), (" 3 AP", red)],
                   [(Text(""), None), ("a\x07b", red), ("\r\n", None), (Text("x\ty", style=red), None)]):
        ours, rich = Drawing(), Text()
        for piece, style in pieces:
            ours.append(piece, style) if isinstance(piece, str) else ours.append_text(piece)
            rich.append(piece, style) if isinstance(piece, str) else rich.append_text(piece)
            assert ours.rows == rich.plain.count("\n")
        made = ours.text()
        assert (made.plain, made.spans, made.style) == (rich.plain, rich.spans, rich.style)


async def test_a_decision_drawn_again_renders_none_of_its_lines_again(tmp_path, monkeypatch):
    """Issue 39: the decision panel's list is filled anew at every decision (Textual then forgets every
    line it rendered); a line that comes back as it was at its place is not rendered again. The same
    decision drawn again (as after a refusal from the host) renders none of its lines."""
    from textual.visual import Visual

    from tiletum_tui.games.tiletum.ui.widgets.choice_list import ChoiceList

    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        lines = screen.query_one(ChoiceList)
        rendered: list = []
        real = Visual.to_strips

        def counting(widget, visual, *args, **kwargs):
            if widget is lines:
                rendered.append(visual.plain)
            return real(widget, visual, *args, **kwargs)

        monkeypatch.setattr(Visual, "to_strips", staticmethod(counting))
        screen.refresh_game(keep=True)  # the same decision, its lines shown anew
        await pilot.pause()
        await pilot.pause()
        assert lines.option_count > 3 and rendered == []


async def test_the_key_lines_keys_are_links_and_no_other_text_has_one(tmp_path):
    """Issue 39: the drawings and texts render without Textual's styling of links (it copied every
    segment of every line to style the links in them): none has a link, so each renders as it did with
    it, strip for strip. The key line's keys are links (a click runs the key's action): styled as such."""
    from tiletum_tui.shell.ui.keyline import KeyLine
    from tiletum_tui.shell.ui.painted import Painted

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        checked = 0
        for widget in [w for w in app.screen.walk_children() if isinstance(w, Painted)]:
            if not (widget.size.width and widget.size.height and widget.display):
                continue
            widget._dirty_regions.add(widget.size.region)
            widget._render_content()
            now = [list(s) for s in widget._render_cache.lines]
            if isinstance(widget, KeyLine):
                links = [seg for seg in widget._render_cache.lines[0] if seg.style and seg.style.meta.get("@click")]
                assert widget.auto_links and links and all(seg.style == seg.style + widget.link_style for seg in links)
                continue
            widget.auto_links = True
            widget._dirty_regions.add(widget.size.region)
            widget._render_content()
            assert [list(s) for s in widget._render_cache.lines] == now, type(widget).__name__
            widget.auto_links = False
            checked += 1
        assert checked >= 5
