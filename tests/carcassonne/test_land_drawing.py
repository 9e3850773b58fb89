"""The land as a picture (issue 40): every follower drawn on its own segment and every pennant shown, at
every tile size and every turn of every design; separate features drawn apart."""

from __future__ import annotations

import pytest

from tiletum_tui.games.carcassonne.data import load
from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles
from tiletum_tui.games.carcassonne.engine.tiles import DELTA, turned
from tiletum_tui.games.carcassonne.ui import draw

DESIGNS = [d.id for d in load().land + river_tiles().designs]
SIZES = sorted({*draw.SIZES, (draw.BIG_W, draw.BIG_H), *draw.BIG_SIZES})


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_follower_is_drawn_on_its_own_segment(size):
    """Issue 40, item 1: a follower on any segment a follower can take (every kind but the river) shows
    its mark inside that segment's drawing, at every size, every turn, every design; the pennant stays."""
    w, h = size
    for design in DESIGNS:
        for r in range(4):
            t = turned(design, r)
            cmap = draw.char_map(design, r, w, h)
            for seg, kind in enumerate(t.kinds):
                if kind == "river":
                    continue
                lines = draw.tile_lines(design, r, w, h, followers=[(seg, "7")])
                marks = [(x, y) for y, line in enumerate(lines) for x, ch in enumerate(line) if ch == "7"]
                assert len(marks) == 1, (design, r, seg, lines)
                x, y = marks[0]
                assert cmap[y][x][1] == seg, f"{design} r{r} {t.names[seg]} at {size}: the mark is off its segment"
                if t.segments[seg].pennant:
                    assert draw.PENNANT in "".join(lines), (design, r, lines)


def test_the_farmer_between_d_s_city_and_road_shows():
    """The case the issue found: D's field between its city and its road, at 5×3, turned any way."""
    for r in range(4):
        t = turned("D", r)
        field = next(i for i, n in enumerate(t.names) if "field" in n and t.segments[i].cities)
        assert "1" in "".join(draw.tile_lines("D", r, followers=[(field, "1")]))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_pennant_shows(size):
    for design in DESIGNS:
        for r in range(4):
            pennants = sum(1 for s in turned(design, r).segments if s.pennant)
            assert "".join(draw.tile_lines(design, r, *size)).count(draw.PENNANT) == pennants, (design, r)


def _city_cells(design, r, w, h):
    return {(x, y): seg for y, row in enumerate(draw.char_map(design, r, w, h))
            for x, (_, seg, role) in enumerate(row) if role in ("city", "wall", "pennant")}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_two_cities_of_one_tile_never_touch(size):
    """I (two caps on adjacent sides: two cities) is not N (one city on two sides): no character of one
    city is beside a character of the other."""
    for design in DESIGNS:
        for r in range(4):
            cells = _city_cells(design, r, *size)
            for (x, y), seg in cells.items():
                for dx, dy in DELTA:
                    other = cells.get((x + dx, y + dy))
                    assert other is None or other == seg, (design, r, size)
    assert draw.tile_lines("I", 0) != draw.tile_lines("N", 1)


@pytest.mark.parametrize("size", draw.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_cities_on_neighbouring_tiles_touch_only_where_they_join(size):
    """Two cities that meet along a tile edge without joining are told apart: across the edge between two
    tiles that fit side by side, a city's character touches another city's only where both hold that
    edge (and so join)."""
    w, h = size
    edges = {(d, r): turned(d, r).edges for d in DESIGNS for r in range(4)}
    for (a, ra), ea in edges.items():
        ca = _city_cells(a, ra, w, h)
        east = {y: seg for (x, y), seg in ca.items() if x == w - 1}
        south = {x: seg for (x, y), seg in ca.items() if y == h - 1}
        for (b, rb), eb in edges.items():
            if ea[1] == eb[3]:  # b east of a
                cb = _city_cells(b, rb, w, h)
                for y, seg in east.items():
                    if (0, y) in cb:
                        assert turned(a, ra).seg_at[4] == seg and \
                            turned(b, rb).seg_at[10] == cb[(0, y)], (a, ra, b, rb, size)
            if ea[2] == eb[0]:  # b south of a
                cb = _city_cells(b, rb, w, h)
                for x, seg in south.items():
                    if (x, 0) in cb:
                        assert turned(a, ra).seg_at[7] == seg and turned(b, rb).seg_at[1] == cb[(x, 0)], \
                            (a, ra, b, rb, size)


def test_a_road_s_end_at_a_city_gate_a_crossing_a_bridge_and_a_cloister_read_as_such():
    """Issue 40, item 2: the road into T's city ends at a gate; L's roads meet at a crossing; R5's road
    bridges the river; R10's cloister stands beside the river, not across it; R6's road and river do not
    meet."""
    for w, h in SIZES:
        assert draw.GATE in "".join(draw.tile_lines("T", 0, w, h))
        assert draw.CROSSING in "".join(draw.tile_lines("L", 0, w, h))
        assert draw.BRIDGE in "".join(draw.tile_lines("R5", 0, w, h))
        r10 = draw.char_map("R10", 0, w, h)
        river_column = [row[w // 2][2] for row in r10]
        assert river_column == ["river"] * h, (w, h)
        r6 = draw.char_map("R6", 0, w, h)
        roles = {(x, y): role for y, row in enumerate(r6) for x, (_, _, role) in enumerate(row)}
        for (x, y), role in roles.items():
            if role == "river":
                assert all(roles.get((x + dx, y + dy)) != "road" for dx, dy in DELTA), (w, h)


# ---------------------------------------------------------------- the land on screen: size, frame, colour
def _session(tmp_path, actions: int, seed: int = 4):
    import random

    from tiletum_tui.core import games
    from tiletum_tui.games.carcassonne.engine import legal_actions, notation
    from tiletum_tui.shell.session import Session

    from .helpers import settings

    session = Session.new(settings(2, seed), save_dir=tmp_path, game=games.game("carcassonne"), autosave=False)
    pick = random.Random(seed)
    while len(session.log) < actions:
        session.apply(notation(pick.choice(legal_actions(session.state))), by=session.current_player)
    return session


@pytest.mark.parametrize("size,tile,wide", [((80, 24), (5, 3), False), ((200, 50), (9, 5), True)],
                         ids=["80x24", "200x50"])
async def test_tiles_grow_with_the_terminal(tmp_path, size, tile, wide):
    """Issue 40, item 4: 5×3 tiles at 80×24, 9×5 at 200×50, the side panel (and its large tile) wider."""
    from tiletum_tui.games.carcassonne.ui import land as landview
    from tiletum_tui.shell.ui.app import TiletumApp

    app = TiletumApp(session=_session(tmp_path, 10))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        land = app.screen.query_one("#carc-land")
        assert landview.tile_size(land.size.width, land.size.height) == tile
        side = app.screen.query_one("#carc-side")
        assert (side.size.width > 30) is wide
        start = app.screen.session.state.placed[0]
        # the start tile's drawing at that size is on the land
        drawn = draw.tile_lines(start.design, start.rotation, *tile,
                                followers=draw.followers_on(app.screen.state, 0))
        shown = "\n".join(line.text for line in land.render_lines(land.region.reset_offset))
        assert drawn[1] in shown
        big = draw.tile_lines(app.screen.state.drawn, app.screen.rotation, *landview.big_size(side.size.width - 2))
        side_text = "\n".join(line.text for line in side.render_lines(side.region.reset_offset))
        assert big[-1] in side_text


def test_the_land_keeps_its_frame_while_it_still_fits():
    """Issue 40, item 4: the frame stays from turn to turn (the spring no longer moves left five columns a
    turn); only a tile outside it moves it."""
    from tiletum_tui.games.carcassonne.ui import land as landview

    assert landview.axis(None, 0, 0, 2, 10) == -3  # centred the first time
    assert landview.axis(-3, 4, 0, 4, 10) == -3  # the land grew by two columns: the same frame (centred: -2)
    assert landview.axis(-3, -3, -3, 3, 10) == -3
    assert landview.axis(-3, 7, 0, 7, 10) == -1  # a column beyond the frame: the frame moves


def _luminance(hex_colour: str) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


async def test_the_land_s_colours_come_from_the_theme_and_read_in_light_and_dark(tmp_path):
    """Issue 40, item 3: fields, cities, roads, cloisters, the river in the theme's colours, each readable on
    the theme's background (contrast at least 3:1, as for graphics) in the dark theme and the light one;
    fields, cities, roads, the river and cloisters in different colours (at 256 colours too, and at 16 on
    the dark theme); each follower a chip of its
    player's colour, its number readable on it; and without colour (NO_COLOR) no palette at all: the
    characters alone tell things apart (the tests above)."""
    from rich.color import ColorSystem

    from tiletum_tui.games.carcassonne.ui import land as landview
    from tiletum_tui.shell.ui.app import TiletumApp

    session = _session(tmp_path, 10)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = {}
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            background = app.theme_variables["background"]
            roles, seats = landview.palette(app, session.state.players)
            by_role = dict(zip(landview.ROLES, roles))
            for role, style in by_role.items():
                assert _contrast(style.color.triplet.hex, background) >= 3, (theme, role)
            kinds = [by_role[r].color.triplet.hex for r in ("field", "city", "road", "river", "cloister")]
            assert len(set(kinds)) == 5, theme
            assert len({by_role[r].color.downgrade(ColorSystem.EIGHT_BIT).number
                        for r in ("field", "city", "road", "river", "cloister")}) == 5, theme  # 256 colours
            if theme == "textual-dark":  # 16 colours: still five colours on the dark theme
                assert len({by_role[r].color.downgrade(ColorSystem.STANDARD).number
                            for r in ("field", "city", "road", "river", "cloister")}) == 5
            for p, chip in zip(session.state.players, seats):
                assert chip.bgcolor.triplet.hex == landview.PLAYER_HUES[p.colour]
                assert _contrast(chip.color.triplet.hex, chip.bgcolor.triplet.hex) >= 4.5
            seen[theme] = kinds
        assert seen["textual-dark"] != seen["textual-light"]  # (from the theme, not fixed)
        # the land on screen redrawn in the new theme's colours (its field in the light theme's green)
        land = app.screen.query_one("#carc-land")
        spans = land.content.spans if hasattr(land.content, "spans") else []
        assert any(str(span.style).find(seen["textual-light"][0]) >= 0 for span in spans)
        app.no_color = True
        assert landview.palette(app, session.state.players) is None


def _shown(widget) -> list[str]:
    return [line.text for line in widget.render_lines(widget.region.reset_offset)]


async def test_the_tiles_placed_since_your_last_turn_are_numbered_on_the_land_and_in_the_recap(tmp_path):
    """Issue 40, item 6: with three players, the two tiles the others placed since your last turn carry ① and
    ② on the land (in their top-left corner, in the order placed), and the recap (s) names them so."""
    import random

    from tiletum_tui.core import games
    from tiletum_tui.games.carcassonne.engine import legal_actions, notation
    from tiletum_tui.games.carcassonne.ui import land as landview, news
    from tiletum_tui.shell.session import Session
    from tiletum_tui.shell.ui.app import TiletumApp

    from .helpers import settings

    session = Session.new(settings(3, 9), save_dir=tmp_path, game=games.game("carcassonne"), autosave=False)
    pick = random.Random(9)
    while len(session.log) < 24:
        session.apply(notation(pick.choice(legal_actions(session.state))), by=session.current_player)
    seat = session.current_player
    cells = news.placed_since(session.log, seat)
    assert len(cells) == 2
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        land = screen.query_one("#carc-land")
        lines = _shown(land)
        ox, oy = screen.origin
        w, h = landview.tile_size(land.size.width, land.size.height)
        for n, (x, y) in enumerate(cells, 1):
            if (x, y) != screen.cursor:
                assert lines[(y - oy) * h][(x - ox) * w] == news.order_mark(n), (n, x, y)
        await pilot.press("s")
        await pilot.pause()
        placing = [line for line in app.screen.lines if " places " in line]
        assert [line[0] for line in placing] == ["①", "②"]
        for line, (x, y) in zip(placing, cells):
            assert f"at {x},{y}" in line


async def test_g_shows_the_coordinates_along_the_land_s_edges(tmp_path):
    """Issue 40, item 6: g shows each column's x along the top and each row's y down the left, as the log
    names cells; g again hides them."""
    from tiletum_tui.games.carcassonne.ui import land as landview
    from tiletum_tui.shell.ui.app import TiletumApp

    app = TiletumApp(session=_session(tmp_path, 6))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        land = app.screen.query_one("#carc-land")
        before = _shown(land)
        await pilot.press("g")
        await pilot.pause()
        lines = _shown(land)
        ox, oy = app.screen.origin
        w, h = landview.tile_size(land.size.width - landview.GUTTER, land.size.height - 1)
        columns = (land.size.width - landview.GUTTER) // w
        assert lines[0].split() == [str(ox + c) for c in range(columns)]
        assert lines[1 + h // 2][:landview.GUTTER].strip() == str(oy)
        await pilot.press("g")
        await pilot.pause()
        assert _shown(land)[0] == before[0]


async def test_f_shows_the_feature_under_the_cursor_across_the_land_with_its_followers_and_worth(tmp_path):
    """Issue 40, item 7: on a placed tile, f picks a segment and the whole feature is lit across the land (every
    tile of it), the message naming its followers and what it scores now, as the engine's scoring counts it
    (``scoring.worth``); f again: the tile's next segment."""
    from tiletum_tui.games.carcassonne.engine.scoring import worth
    from tiletum_tui.games.carcassonne.ui import feature
    from tiletum_tui.shell.ui.app import TiletumApp

    for seed in range(3, 30):  # (the first seeded game with a knight or thief on a feature of several tiles)
        session = _session(tmp_path / str(seed), 40, seed=seed)
        state = session.view()
        f = next((f for f in state.followers if f.role in ("knight", "thief")
                  and len(state.tiles[state.find(f.node)]) > 1), None)
        if f is not None:
            break
    p = state.placed[f.tile]
    w = worth(state, f.node)
    app = TiletumApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.cursor = (p.x, p.y)
        for _ in range(len(feature.segments_at(state, (p.x, p.y)))):
            await pilot.press("f")
            if screen.feature == ((p.x, p.y), f.node - p.base):
                break
        message = str(screen.query_one("#carc-msg").content)
        assert state.players[f.seat].name in message and f"{w.points}" in message
        assert f"the {w.kind} at {w.at[0]},{w.at[1]}" in message
        lit = screen._lit
        assert set(lit) == set(state.tiles[state.find(f.node)])  # every tile of the feature
        assert all(state.find(state.placed[i].base + s) == state.find(f.node) for i, segs in lit.items() for s in segs)
        await pilot.press("f")
        assert screen.feature != ((p.x, p.y), f.node - p.base)


async def test_f_at_the_final_table_shows_the_final_scoring_feature_by_feature(tmp_path):
    """Issue 40, item 8: at the final table f steps through the final scoring's features, each lit on the
    land with the engine's words ("the city at 3,2 of 4 tiles: Ann 2 farmers, Bob 1 → Ann +4"), then the
    table again."""
    import random

    from tiletum_tui.core import games
    from tiletum_tui.games.carcassonne.engine import legal_actions, notation
    from tiletum_tui.games.carcassonne.ui import feature
    from tiletum_tui.shell.session import Session
    from tiletum_tui.shell.ui.app import TiletumApp

    from .helpers import settings

    session = Session.new(settings(2, 5), save_dir=tmp_path, game=games.game("carcassonne"), autosave=False)
    pick = random.Random(5)
    while not session.finished:
        session.apply(notation(pick.choice(legal_actions(session.state))), by=session.current_player)
    names = [p.name for p in session.state.players]
    items = feature.final_items(session.log[-1], names)
    assert items and any(" farmer" in words and "→" in words for words, _ in items)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        land = screen.query_one("#carc-land")
        assert "The final scoring" in "\n".join(_shown(land))
        for k, (words, nodes) in enumerate(items):
            await pilot.press("f")
            message = str(screen.query_one("#carc-msg").content)
            assert f"{k + 1}/{len(items)}" in message and words[:40] in message.replace("\n", " ")
            assert screen._lit == feature.lit_map(session.view(), nodes)
            assert "The final scoring" not in "\n".join(_shown(land))
        await pilot.press("f")
        assert "The final scoring" in "\n".join(_shown(land))


def test_a_numbered_recap_line_goes_on_under_its_words():
    """The recap's numbered lines (item 6) wrap under their words, not under the number."""
    from rich.console import Console

    from tiletum_tui.shell.ui.hanging import hung_lines

    text = hung_lines(["① Bob places L (city on one side, three roads meeting at a crossing) at 1,4"], 40, Console())
    lines = text.plain.split("\n")
    assert len(lines) > 1 and all(line.startswith("  ") for line in lines[1:])
