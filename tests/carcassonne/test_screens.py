"""Carcassonne on screen by the keyboard alone (issue 19, "The screens"): arrows between the places
where the tile fits, r to turn it, Enter to place; the follower choice by number with greyed
reasons; a refusal explained and nothing changed; whole games at the smallest and largest player
counts played by keys to the final table; Continue and New game reach it from the title."""

from __future__ import annotations

import pytest

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import new_game
from tiletum_tui.games.carcassonne.ui.screen import CarcassonneScreen
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp

from .helpers import settings
from ..title_helpers import continue_line

GAME = games.game("carcassonne")


def seed_drawing(design: str, players: int = 2) -> int:
    """The first seed whose first tile drawn is ``design``."""
    return next(s for s in range(1, 2000) if new_game(settings(players, s)).drawn == design)


def session_for(tmp_path, players=2, seed=1, river=False, autosave=False):
    return Session.new(settings(players, seed, river), save_dir=tmp_path, game=GAME, autosave=autosave)


def text_of(screen, widget: str) -> str:
    return str(screen.query_one(widget).content)


async def test_place_deploy_and_score_by_keys(tmp_path):
    session = session_for(tmp_path, seed=seed_drawing("E"))
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CarcassonneScreen)
        assert "turn 1 · Ann: place tile E" in text_of(screen, "#carc-head")
        await pilot.press("enter")  # the cursor starts where E fits: north of the city, its city facing south
        assert session.notation_log == ["1: place E at 0,-1 r2"]
        side = text_of(screen, "#carc-side")
        assert "1 knight city S" in side and "0 no follower" in side
        await pilot.press("1")  # the knight completes the city at once: 4 points, and he comes back
        assert session.state.scores == (4, 0) and session.state.supply == (7, 7)
        assert "Ann scores 4 (a completed city of 2 tiles)" in text_of(screen, "#carc-msg")
        assert "▶2 Bob 0 pts" in text_of(screen, "#carc-players")


async def test_the_longest_follower_line_shows_whole_at_80x24(tmp_path):
    """Seen at 80x24: "4 farmer field NW corne" (cut a column short of the side's 24)."""
    session = session_for(tmp_path, seed=11)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # O where the cursor starts: north of the start tile, turned 180°
        assert session.notation_log == ["1: place O at 0,-1 r2"]
        lines = text_of(app.screen, "#carc-side").splitlines()
        assert "4 farmer field NW corner" in lines


async def test_the_preview_says_what_a_placement_would_score(tmp_path):
    seed = next(s for s in range(1, 5000) if (g := new_game(settings(2, s))).drawn == "U" and g.pile[-1] == "E")
    session = session_for(tmp_path, seed=seed)
    session.apply("place U at 1,0 r1", by=session.current_player)
    session.apply("thief road E-W", by=session.current_player)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen._move_to((0, -1), screen._places(session.state))  # Bob's E north of the start
        await pilot.press("v")
        assert "Placed so, it completes a city of 2 tiles: nobody is on it" in text_of(screen, "#carc-msg")
        screen._move_to((0, 1), screen._places(session.state))
        await pilot.press("v")
        assert "completes nothing" in text_of(screen, "#carc-msg")
        assert len(session.log) == 2  # a preview changes nothing


async def test_rotate_and_a_refusal_in_words(tmp_path):
    session = session_for(tmp_path, seed=seed_drawing("V"))
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        fits = {r for x, y, r in __import__("tiletum_tui.games.carcassonne.engine.land", fromlist=["x"])
                .legal_places(session.state, "V") if (x, y) == screen.cursor}
        before = screen.rotation
        await pilot.press("r")
        assert screen.rotation in fits and (screen.rotation != before or len(fits) == 1)
        await pilot.press("shift+up", "shift+up", "shift+up")  # far from the land
        assert "Not here: the new tile must be placed with at least one edge abutting" in text_of(screen, "#carc-msg")
        await pilot.press("enter")
        assert session.log == [] and "Refused:" in text_of(screen, "#carc-msg")


async def test_a_greyed_follower_says_why(tmp_path):
    seed = next(s for s in range(1, 5000) if (g := new_game(settings(2, s))).drawn == "U" and g.pile[-1] == "U")
    session = session_for(tmp_path, seed=seed)
    for line in ("place U at 1,0 r1", "thief road E-W", "place U at 2,0 r1"):  # Bob's U continues Ann's road
        session.apply(line, by=session.current_player)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        lines = [label for _, label, _ in screen._options(session.state)]
        road = lines.index("thief road E-W")
        await pilot.press(str(road))
        assert "Not the road E-W: that road connects to a segment that already has a follower (Ann)" in text_of(
            screen, "#carc-msg")
        assert session.state.phase == "follower" and len(session.log) == 3  # nothing changed
        assert "no matter how far away" in text_of(screen, "#carc-side")  # the highlighted line's reason


@pytest.mark.parametrize("players", [2, 5])
async def test_a_whole_game_by_keys_to_the_final_table(tmp_path, players):
    session = session_for(tmp_path, players=players, seed=3, river=players == 5)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        while not session.finished:
            await pilot.press("enter" if session.state.phase == "place" else "0")
        table = text_of(app.screen, "#carc-land")
        assert "The final scoring" in table and ("wins with" in table or "win with" in table)
        for p in session.state.players:
            assert p.name in table


async def test_continue_and_new_game_reach_carcassonne(tmp_path):
    session = session_for(tmp_path, seed=5, autosave=True)
    session.apply(GAME.notation(__import__("tiletum_tui.games.carcassonne.engine", fromlist=["x"])
                                .legal_actions(session.state)[0]), by=session.current_player)
    session.close()
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "turn 1, a follower?" in await continue_line(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneScreen) and len(app.screen.session.log) == 1
        app.screen.session.close()
    app = TiletumApp(save_dir=tmp_path / "new")
    (tmp_path / "new").mkdir()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("right", "space", "ctrl+s")  # 3 players
        await pilot.pause()
        await pilot.press("enter")  # who plays the other seats: people at this keyboard
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneScreen) and len(app.screen.session.state.players) == 3
        assert not any(s.is_opponent for s in app.screen.session.seats)
        app.screen.session.close()


async def test_f10_leaves_the_game_for_the_title_as_in_tiletum(tmp_path):
    """F10 leaves a Carcassonne game as it leaves a Tiletum game or a lesson (it once did nothing here);
    the help lists it."""
    from tiletum_tui.shell.ui.title import TitleScreen

    app = TiletumApp(session=session_for(tmp_path, seed=5), save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneScreen)
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_leaving_the_game_lets_another_program_open_it(tmp_path):
    """Back to the title (Esc), the shell closes the Carcassonne game as it closes Tiletum's: the last
    autosave on disk and the game's lock let go."""
    session = session_for(tmp_path, seed=5, autosave=True)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.press("escape")
        await pilot.pause()
        assert session._lock is None
        loaded = Session.load(session.autosave_path, autosave=False)
        assert loaded.notation_log == session.notation_log
