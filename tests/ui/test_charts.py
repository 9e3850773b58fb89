"""How it was won (issue 21): "a chart of each player's VP over the game (by round, or by action), VP
by category at the end, and per player the time taken per move and the Actions chosen; drawn in the
terminal ..., readable at 80×24, colour-blind safe (markers or letters as well as colours)"; "snapshots
of the charts at 80×24 and 120×40".
"""

from __future__ import annotations

import json

import pytest

from tiletum_tui.games.tiletum.engine import parse
from tiletum_tui.games.tiletum.engine.turn import TakeDie
from tiletum_tui.shell.saves import format as fmt
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.replay.charts import ChartsScreen, letters, tiletum_charts
from tiletum_tui.games.tiletum.ui.replay.positions import Positions, actions_chosen, move_times

from .replay_helpers import engine_states
from .test_replay import played

SIZES = [(80, 24), (120, 40)]
IDS = lambda s: f"{s[0]}x{s[1]}"  # noqa: E731


@pytest.fixture(scope="module")
def timed4():
    """A finished 4-player game whose moves took known times (as a save with ``seconds`` gives them)."""
    session = played()
    raw = json.loads(fmt.encode(session.to_save_file(name="timed")))
    raw["seconds"] = [round(1 + (k * 7) % 13 + (k % 4) * 0.3, 1) for k in range(len(raw["actions"]))]
    return Session.load_bytes(json.dumps(raw).encode(), "<timed>")


def test_vp_over_the_game_is_the_engines_vp_at_every_position(timed4):
    """"VP history must come from the engine's events/state": every position's VP is the state's."""
    truth = engine_states(timed4)
    assert Positions(timed4).vp_by_position() == [[p.vp for p in s.players] for s in truth]


def test_each_player_chose_an_action_with_each_die_taken(timed4):
    """Rounds and turns: "Action — everyone takes three turns, one die each", four rounds: twelve
    Actions each in a finished game, one for every die the log says the player took."""
    counts = actions_chosen(Positions(timed4), "everything")
    dice = [sum(1 for e in timed4.log if e.seat == seat and isinstance(parse(e.notation), TakeDie)) for seat in range(4)]
    assert [sum(c.values()) for c in counts] == dice == [12, 12, 12, 12]


def test_times_per_player_are_the_logs_and_untimed_moves_show_a_dash(timed4):
    rows = move_times(Positions(timed4))
    for seat, row in enumerate(rows):
        mine = [e.seconds for e in timed4.log if e.seat == seat]
        assert row["moves"] == row["timed"] == len(mine) and row["longest"] == max(mine)
        assert row["total"] == pytest.approx(sum(mine))
    untimed = move_times(Positions(played(moves=30)))
    assert all(r["timed"] == 0 and r["total"] is None for r in untimed)


def test_category_letters_are_distinct():
    titles = ["Start", "King track", "Fairs", "Contracts", "Cathedrals", "Crest spaces", "Characters"]
    assert len(set(letters(titles))) == len(titles) and letters(titles)[:2] == ["S", "K"]


async def test_the_final_table_opens_the_charts_and_the_keys_turn_the_pages(timed4):
    app = TiletumApp(session=timed4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        charts = app.screen
        assert isinstance(charts, ChartsScreen) and charts.page == "vp"
        await pilot.press("2")
        await pilot.pause()
        body = "\n".join(strip.text for strip in charts._compositor.render_strips())
        for p in charts.state.players:  # each player's bar ends with the final VP
            assert f"{p.name} " in body and f" {p.vp} VP" in body
        await pilot.press("4")
        assert charts.page == "actions"
        await pilot.press("tab")
        assert charts.page == "vp"
        await pilot.press("escape")
        assert type(app.screen).__name__ == "FinalScreen"


def _chart_app(session, page: str):
    app = TiletumApp()

    async def open_charts(pilot):
        await pilot.pause()
        app.push_screen(tiletum_charts(Positions(session)))
        await pilot.pause()
        app.screen.action_show(page)
        await pilot.pause()
    return app, open_charts


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("page", ["vp", "categories", "times", "actions"])
def test_chart_snapshots(snap_compare, timed4, size, page):
    app, before = _chart_app(timed4, page)
    assert snap_compare(app, terminal_size=size, run_before=before)


def test_the_vp_axis_is_marked_in_whole_points():
    """VP are whole numbers: the axis read 0.0, 4.2, 8.3 ... 25.0 (80x24); now 0, 5, 10 ... 25."""
    from tiletum_tui.shell.ui.replay.charts import whole_ticks

    assert whole_ticks([0, 25]) == [0, 5, 10, 15, 20, 25]
    assert whole_ticks([7, 14]) == [0, 5, 10]  # from 0, as the chart starts
    assert whole_ticks([-3, 4]) == [-2, 0, 2, 4]


async def test_the_category_bars_are_drawn_at_the_scale_they_state(timed4):
    """Issue 41 item 9: the chart said "a letter per VP" and drew 203 VP with 55 letters."""
    import re

    app = TiletumApp(session=timed4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        body = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        found = re.search(r"a letter per (\d+ )?VP", body)
        assert found
        per = int(found.group(1) or 1)
        for p in app.screen.state.players:
            bar = next(line for line in body.split("\n") if f" {p.name} " in f" {line}" and line.rstrip().endswith(f" {p.vp} VP"))
            letters_ = re.sub(r"^\s*\d+ \S+\s+", "", bar.strip()).rsplit(" ", 2)[0].strip()
            drawn = sum(v for v in p.ledger.values() if v > 0)  # (VP lost are not drawn)
            assert abs(len(letters_) * per - drawn) <= per * 4, (bar, per, drawn)  # (each category rounds once)


@pytest.mark.parametrize("page", ["1", "3"])
async def test_the_players_key_is_outside_the_chart_never_over_its_points(timed4, page):
    """Issue 21 ("readable at 80×24"): played in tmux, the times page's key of the players ("11 1 Ann")
    was drawn inside the chart, in its top left corner, where Ann's slowest stretch (29 s, the chart's
    highest point) went: the point was hidden under the key. The key (each player's number, the marker
    of their line, and name) is a line of its own above the chart, on the VP page as on the times page."""
    app = TiletumApp(session=timed4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        await pilot.press(page)
        await pilot.pause()
        lines = [strip.text for strip in app.screen._compositor.render_strips()]
        for seat, p in enumerate(app.screen.state.players):
            key = [line for line in lines if f"{seat + 1} {p.name}" in line]
            assert key, f"no key for {p.name}"
            assert not any(frame in line for line in key for frame in "│┤┌└"), key  # not inside the chart
