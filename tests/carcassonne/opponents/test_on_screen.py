"""Carcassonne's opponents on screen (issue 20): "They think in the opponents' worker process, never
stall the screen, show that they are thinking, `Esc` hurries them, and their moves appear one at a
time and are marked on the board"; "Hints (`h`): the master's suggestion for the tile and follower,
with why (what it completes or threatens, the points it expects)"."""

from __future__ import annotations

import time

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import Place
from tiletum_tui.games.carcassonne.ui.opponents import SeatsDriver
from tiletum_tui.games.carcassonne.ui.screen import CarcassonneScreen
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp

from ..helpers import settings

GAME = games.game("carcassonne")


async def _until(pilot, test, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, what
        await pilot.pause(0.05)


def _msg(screen) -> str:
    return str(screen.query_one("#carc-msg").content)


def _key_line(screen) -> list[str]:
    """The words of the key line (the footer's shown bindings, one a key)."""
    return [b.binding.description for b in screen.active_bindings.values() if b.binding.show]


async def test_an_opponent_seat_thinks_in_its_process_plays_one_move_at_a_time_and_is_marked(tmp_path, monkeypatch):
    monkeypatch.setattr(SeatsDriver, "pace", 0.3)
    # Seat 1 a master thinking a minute a turn (100,000 simulations, a 60 s cap): the screen must answer meanwhile, and Esc hurry it.
    seats = (Seat(player="opponent", level="master", budget="100000 60s"), PERSON)
    session = Session.new(settings(2, 5), save_dir=tmp_path, game=GAME, seats=seats)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CarcassonneScreen)
        driver = screen.opponents
        assert driver.waiting is not None and driver.process is not None  # asked, in the process
        await _until(pilot, lambda: "is thinking" in _msg(screen), 5, "no thinking line")
        assert "Esc hurries" in _msg(screen)
        await pilot.press("enter")  # the person cannot play the opponent's tile
        assert not session.log and "is deciding: Esc hurries it" in _msg(screen)
        # the key line offers what can be done while it thinks: hurry it (and the tiles), not placing
        keys = _key_line(screen)
        assert "hurry" in keys and "tiles" in keys and not {"place", "turn", "undo", "hint"} & set(keys), keys
        await pilot.press("r")  # a key out of its moment still says why
        assert not session.log and "is deciding: Esc hurries it" in _msg(screen)
        started = time.monotonic()
        await pilot.press("escape")  # hurried: it answers with the best so far, not after a minute
        await _until(pilot, lambda: len(session.log) >= 1, 20, "Esc did not hurry the master")
        assert time.monotonic() - started < 20
        assert isinstance(app.screen, CarcassonneScreen)  # Esc hurried, it did not leave the game
        await _until(pilot, lambda: len(session.log) == 2, 10, "the follower move did not follow")
        # its moves came one at a time, as its seat, and the tile it placed is marked on the board
        assert [e.seat for e in session.log] == [0, 0]
        placed = session.game.parse(session.log[0].notation)
        assert isinstance(placed, Place)
        assert driver.marked == len(session.state.placed) - 1
        assert session.state.placed[driver.marked][1:3] == (placed.x, placed.y)
        assert session.current_player == 1 and driver.waiting is None  # the person's turn: nothing asked
        await pilot.pause()
        keys = _key_line(screen)
        assert {"places", "turn", "place", "undo", "hint", "title"} <= set(keys) and "hurry" not in keys, keys
        await pilot.press("t")  # (not on the key line while placing: the message line names it) still works
        assert _msg(screen).startswith("Face down: "), _msg(screen)
        await pilot.press("enter")  # the tile placed where the cursor is: now its follower, or none
        await pilot.pause()
        keys = _key_line(screen)
        assert session.state.phase == "follower" and {"follower", "choose", "undo"} <= set(keys), keys
        assert not {"place", "turn", "score?"} & set(keys), keys


async def test_h_gives_the_masters_suggestion_with_why_and_puts_the_cursor_there(tmp_path):
    session = Session.new(settings(2, 7), save_dir=tmp_path, game=GAME, seats=(PERSON, Seat(player="opponent",
                                                                                        level="journeyman")))
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("h")
        assert "master is thinking" in _msg(screen)
        await _until(pilot, lambda: _msg(screen).startswith("Master: place"), 30, "no suggestion")
        words = _msg(screen)
        assert "It expects" in words and "points" in words
        said = words.split("Master: place ", 1)[1].split(" at ", 1)[1].split(",")
        where = (int(said[0]), int(said[1]))
        assert screen.cursor == where  # the suggestion is on the board: the cursor on its place
        await pilot.press("shift+left", "shift+left")  # away from it, then ask again
        assert screen.cursor != where
        await pilot.press("h")
        await _until(pilot, lambda: _msg(screen).startswith("Master: place"), 30, "no second suggestion")
        assert screen.cursor == where
        await pilot.press("enter")  # Enter plays the suggested place
        placed = session.game.parse(session.log[0].notation)
        assert (placed.x, placed.y) == where
        # "Enter then plays it" (the keys help): the follower it suggested is the highlighted line, so
        # Enter again deploys it, not "no follower"
        suggested = words.split(", then ", 1)[1].split(":", 1)[0].split(".", 1)[0]  # "a farmer on the field SE"
        line = suggested.replace("a ", "", 1).replace(" on the ", " ")  # the choice's line: "farmer field SE"
        assert screen._options(screen.state)[screen.choice][1] == line
        await pilot.press("enter")
        assert session.log[1].notation == f"1: {line}"  # Ann's second move: the follower suggested


async def start_from_the_form(app, pilot, players: int, levels: dict[int, str]) -> None:
    """From the title: g, the player count, who plays the seats ``levels`` names, Ctrl+S."""
    from textual.widgets import RadioButton

    await pilot.press("g")
    await pilot.pause()
    form = app.screen
    form.query_one(f"#n{players}", RadioButton).value = True
    await pilot.pause()
    for seat, level in levels.items():
        form.query_one(f"#who{seat}").value = level
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_new_game_asks_who_plays_the_other_seats(tmp_path):
    """Issue 20: "one person can play it alone": New game of Carcassonne asks who plays each seat, as
    Tiletum's form does; the journeymen chosen play theirs (and say so)."""
    (tmp_path / "new").mkdir()
    app = TiletumApp(save_dir=tmp_path / "new")
    async with app.run_test(size=(80, 24)) as pilot:
        await start_from_the_form(app, pilot, 4, {1: "journeyman", 2: "journeyman", 3: "journeyman"})
        screen = app.screen
        assert isinstance(screen, CarcassonneScreen)
        seats = screen.session.seats
        assert [s.level if s.is_opponent else "person" for s in seats] == ["person"] + ["journeyman"] * 3
        assert screen.session.current_player == 0 and not screen.opponents.busy  # you begin
        await pilot.press("enter", "0")  # your tile, no follower: then the journeymen play
        await _until(pilot, lambda: screen.session.current_player == 0 and len(screen.session.log) >= 8, 60,
                     "the journeymen did not play their turns")
        assert [e.seat for e in screen.session.log[2:8]] == [1, 1, 2, 2, 3, 3]
        screen.session.close()


async def test_each_seat_is_chosen_on_its_own(tmp_path):
    """Seats are chosen one by one (the form once asked one level for every seat after the first): a
    3-player game of a person, a master and another person at this keyboard."""
    (tmp_path / "new").mkdir()
    app = TiletumApp(save_dir=tmp_path / "new")
    async with app.run_test(size=(80, 24)) as pilot:
        await start_from_the_form(app, pilot, 3, {1: "master"})
        seats = app.screen.session.seats
        assert [s.level if s.is_opponent else "person" for s in seats] == ["person", "master", "person"]
        app.screen.session.close()
