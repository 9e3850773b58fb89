"""Issue 39, "One Table in the shell (no Textual in it)": a game's session, its seats, the opponents'
loop, hints, talk and what each seat has not yet seen, acted on as a seat and told through typed
updates. Run under a bare asyncio loop, no screen, for both games."""

from __future__ import annotations

import asyncio
import time

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.table import Table, updates as U

GAMES = ["tiletum", "carcassonne"]


def _table(tmp_path, game: str, *, pace: float = 0.0, level: str = "beginner") -> Table:
    g = games.game(game)
    settings = g.table_settings([("Otto", "red"), ("Ann", "blue")], 11)
    session = Session.new(settings, tmp_path, game=g, seats=(Seat(player="opponent", level=level), PERSON))
    return Table(session, pace=pace, hint_budget="3")


async def _until(test, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.02)


async def _annes_turn(table: Table, heard: list) -> None:
    """Otto (the computer, seat 0) plays through the Table until Ann (seat 1) decides."""
    table.start()
    await _until(lambda: table.session.current_player == 1 and not table.opponents.busy, "Otto never played")


@pytest.mark.parametrize("game", GAMES)
async def test_an_opponents_seat_plays_through_the_table_and_every_seat_is_told(tmp_path, game):
    table = _table(tmp_path, game)
    ann, watcher = [], []
    table.subscribe(1, ann.append)
    table.subscribe(None, watcher.append)
    try:
        await _annes_turn(table, ann)
        otto = [e for e in table.session.log if e.seat == 0]
        assert otto, "the opponent's moves are in the session's log, as seat 0's"
        thinking = [u for u in ann if isinstance(u, U.Thinking)]
        played = [u for u in ann if isinstance(u, U.Played)]
        assert thinking and thinking[0].seat == 0 and "Otto" in thinking[0].title
        assert [p.text for p in played] == [e.text for e in otto]
        changed = [u for u in ann if isinstance(u, U.Changed)]
        assert all(c.by == 0 for c in changed)
        told = [e for c in changed for e in c.entries]
        assert told == list(table.session.log)  # every entry once, in order
        assert changed[-1].deciding == 1 and changed[-1].what == "person"
        assert changed[-1].view is not None
        assert [type(u) for u in watcher if isinstance(u, U.Changed)] and \
            [u for u in watcher if isinstance(u, U.Changed)][-1].undo == "you are watching this game"
        assert table.session.log[0].seconds is not None  # the one clock: the Table times the moves
    finally:
        table.close()
        table.session.close()


@pytest.mark.parametrize("game", GAMES)
async def test_a_move_is_taken_only_from_the_seat_whose_decision_it_is(tmp_path, game):
    table = _table(tmp_path, game, pace=60.0)  # Otto's move waits a minute: his decision stands
    try:
        g, s = table.game, table.session
        otto_move = g.legal_actions(s.view(0))[0]
        # Ann (seat 1) sends Otto's move: refused, and said why; nothing changes.
        why = table.act(1, otto_move)
        assert why is not None and "Otto" in why and "not yours" in why
        assert not s.log
        assert table.act(None, otto_move) == "you are watching this game: a spectator cannot make moves"
        assert table.act(0, otto_move) == "Otto's seat is played by the computer"
        assert table.act(1, "no such move") .startswith("not an action")
        assert not s.log
    finally:
        table.close()
        s.close()


@pytest.mark.parametrize("game", GAMES)
async def test_undo_is_refused_after_an_opponents_move_with_the_reason(tmp_path, game):
    table = _table(tmp_path, game)
    try:
        await _annes_turn(table, [])
        why = table.undo(1)
        assert why == "Otto (beginner) made the last move: you can only take back your own moves"
        assert table.reasons(1)[0] == why
        n = len(table.session.log)
        assert table.undo(0) == "Otto's seat is played by the computer" and len(table.session.log) == n
    finally:
        table.close()
        table.session.close()


@pytest.mark.parametrize("game", GAMES)
async def test_a_hint_is_for_a_persons_seat_while_it_decides_one_at_a_time(tmp_path, game):
    table = _table(tmp_path, game, pace=60.0)
    ann, otto = [], []
    table.subscribe(1, ann.append)
    table.subscribe(0, otto.append)
    try:
        assert table.hint(0) == "a hint is for a person's seat: the computer plays this one"
        assert table.hint(1) == "a hint is for your own decision: it is not your turn"
        assert table.hint(None) == "you are watching this game: hints are for the players"
        table.opponents.pace = 0.0
        await _annes_turn(table, ann)
        assert table.hint(1, ref=7) is None
        assert table.hint(1) == "the master is still thinking about your last hint"
        await _until(lambda: any(isinstance(u, U.Hinted) for u in ann), "no hint came")
        (hint,) = [u for u in ann if isinstance(u, U.Hinted)]
        assert not hint.error and hint.seat == 1 and hint.ref == 7
        assert table.game.parse(hint.action, 1, table.session.settings) in table.game.legal_actions(table.session.view(1))
        assert not [u for u in otto if isinstance(u, U.Hinted)]  # told to Ann's seat alone
    finally:
        table.close()
        table.session.close()


@pytest.mark.parametrize("game", GAMES)
async def test_since_is_made_per_seat_and_talk_reaches_everyone(tmp_path, game):
    table = _table(tmp_path, game)
    heard = []
    table.subscribe(None, heard.append)
    try:
        await _annes_turn(table, [])
        mine = table.since(1)
        assert mine == table.session.since(1) and mine.seat == 1
        assert [h.text for h in mine.happened if h.seat == 0]  # Otto's moves, which Ann has not seen yet
        assert table.since(0).seat == 0
        assert table.say("Ann", "  good\x1bmove ") is None
        (line,) = [u for u in heard if isinstance(u, U.Talked)]
        assert line.who == "Ann" and "\x1b" not in line.text and line.after == len(table.session.log)
        assert table.say("Ann", "   ") == "nothing to say"
    finally:
        table.close()
        table.session.close()


async def test_hurry_stops_the_pace_and_a_process_that_dies_twice_plays_the_beginners_move(tmp_path):
    table = _table(tmp_path, "tiletum", level="master")
    table.session.seats = (Seat(player="opponent", level="master", budget="100000 60s"), PERSON)
    try:
        table.start()
        await _until(lambda: table.opponents.waiting is not None, "Otto was never asked")
        first = table.opponents.process
        first.process.kill()
        await _until(lambda: table.opponents.process is not None and table.opponents.process is not first
                     and table.opponents.waiting is not None, "not asked again")
        assert not table.session.log
        table.opponents.process.process.kill()
        await _until(lambda: table.session.log, "no move after the second death")
        assert "beginner" in table.session.log[0].note
    finally:
        table.close()
        table.session.close()


@pytest.mark.parametrize("game", GAMES)
async def test_hurry_plays_the_opponents_move_at_once_and_says_why_when_nobody_thinks(tmp_path, game):
    table = _table(tmp_path, game, pace=60.0)  # a minute between two of Otto's moves
    try:
        table.start()
        await _until(lambda: table.session.log and table.opponents.pending is not None, "Otto's second move")
        assert len(table.session.log) == 1  # it waits for its pace
        assert table.hurry() is None
        await _until(lambda: len(table.session.log) > 1, "hurried, Otto still waited", seconds=5)
        await _until(lambda: table.session.current_player == 1, "Otto never finished")
        assert table.hurry() == "no computer opponent is deciding now"
    finally:
        table.close()
        table.session.close()
