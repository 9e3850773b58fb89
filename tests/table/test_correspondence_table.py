"""Issue 44, "reminders, time-outs and resignations are the Table's events, the same at home and on the
host": a Table with no host under it (as the app's at home), for both games, on a clock advanced by
hand: the time of a turn, reminders (never for the seat that just moved), a time-out played by a
computer opponent of the table's level (said in the log), after N misses the seat taken for good, a
resignation, a vote, and a game with no person left ended."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.table import Table, updates as U
from tiletum_tui.shell.table.clock import ManualClock, TimeControl

GAMES = ["tiletum", "carcassonne"]
MINUTE = 60


def _table(tmp_path, game: str, *, take_after: int = 0, people=("Ann", "Bob")):
    g = games.game(game)
    settings = g.table_settings([(n, c) for n, c in zip(people, ("red", "blue", "green"))], 11)
    session = Session.new(settings, tmp_path, game=g)
    wall = ManualClock()
    table = Table(session, pace=0, time_control=TimeControl(per_move=MINUTE, stand_in="beginner",
                                                            take_after=take_after), wall=wall)
    heard: list = []
    table.subscribe(None, heard.append)
    table.start()
    return table, wall, heard


async def _until(test, what: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < end, what
        await asyncio.sleep(0.02)


def _play(table, rng, until) -> None:
    """People's moves (random, legal), each as its seat, until ``until()``."""
    while not until() and not table.session.finished:
        who = table.session.current_player
        action = rng.choice(table.game.legal_actions(table.session.view(who)))
        assert table.act(who, action) is None


@pytest.mark.parametrize("game", GAMES)
async def test_a_turn_has_its_time_and_reminders_never_go_to_the_seat_that_just_moved(tmp_path, game):
    table, wall, heard = _table(tmp_path, game)
    try:
        reminders = [u for u in heard if isinstance(u, U.Reminder)]
        assert [(r.seat, r.kind) for r in reminders] == [(0, "turn")]  # the game began at Ann's
        assert table.clock.left() == MINUTE
        _play(table, random.Random(1), lambda: len(table.session.log) > 30)
        reminders = [(i, u) for i, u in enumerate(heard) if isinstance(u, U.Reminder)][1:]
        assert reminders, "each turn that passed to another seat has its reminder"
        # each reminder is for the seat whose turn began, never for the one whose move passed it on
        changed = [u for u in heard if isinstance(u, U.Changed)]
        for i, r in reminders:
            change = next(u for u in heard[i:] if isinstance(u, U.Changed))  # (the change told after it)
            assert r.seat != change.by and r.seat == change.deciding
        assert len(reminders) < len(changed)  # (a turn of several decisions: one reminder)
        wall.advance(45)
        table.tick()
        soon = [u for u in heard if isinstance(u, U.Reminder) and u.kind == "soon"]
        assert len(soon) == 1 and soon[0].seat == table.session.current_player and soon[0].left == 15
    finally:
        table.close()
        table.session.close()


@pytest.mark.parametrize("game", GAMES)
async def test_a_time_out_is_played_by_the_computer_and_after_two_misses_it_keeps_the_seat(tmp_path, game):
    table, wall, heard = _table(tmp_path, game, take_after=2)
    rng = random.Random(2)
    try:
        wall.advance(MINUTE)
        table.tick()
        await _until(lambda: table.session.current_player != 0, "the stand-in never played Ann's turn")
        played = [e for e in table.session.log if e.seat == 0]
        assert played and all("Ann's time ran out" in e.note for e in played)
        assert any(isinstance(u, U.Talked) and "Ann's time ran out" in u.text for u in heard)
        assert not table.session.seat(0).is_opponent  # for this turn only
        _play(table, rng, lambda: table.session.current_player == 0)
        assert table.act(0, rng.choice(table.game.legal_actions(table.session.view(0)))) is None  # hers again
        _play(table, rng, lambda: table.session.current_player == 0)
        wall.advance(MINUTE)
        table.tick()  # her second miss: the computer keeps her seat
        await _until(lambda: table.session.seat(0).is_opponent, "the seat was not taken for good")
        assert [e.what for e in table.clock.record.events] == ["timeout", "replaced"]
        assert table.act(0, "x") == "Ann's seat is played by the computer"
    finally:
        table.close()
        table.session.close()


@pytest.mark.parametrize("game", GAMES)
async def test_resigning_and_a_vote_hand_seats_over_and_a_game_with_nobody_left_ends(tmp_path, game):
    table, wall, heard = _table(tmp_path, game, people=("Ann", "Bob", "Cat"))
    try:
        table.set_connected(["Ann", "Bob"])  # Cat is missing
        assert await table.vote_replace(0, 0) == "you cannot vote yourself out: resign instead"
        assert await table.vote_replace(0, 1) == "Bob is at the table now: a vote is for a missing player"
        assert await table.vote_replace(0, 2) is None
        assert not table.session.seat(2).is_opponent  # Bob has not voted yet
        assert await table.vote_replace(1, 2) is None
        assert table.session.seat(2).is_opponent and "Cat's seat was voted over" in table.clock.record.events[-1].text
        assert await table.resign(1) is None
        assert table.session.seat(1).is_opponent
        assert any(isinstance(u, U.Talked) and u.text.startswith("Bob resigned") for u in heard)
        assert not table.ended
        assert await table.resign(0) is None  # the last person leaves: the game ends
        assert table.ended and table.deciding() == (None, "over")
        assert [e.what for e in table.clock.record.events] == ["replaced", "resigned", "resigned", "ended"]
        assert await table.resign(0) == "the game is over"
    finally:
        table.close()
        table.session.close()
