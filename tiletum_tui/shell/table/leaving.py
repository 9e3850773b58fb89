"""Leaving a game at a Table (issue 44): a seat's time runs out, a player resigns, the others vote a
missing player's seat over to a computer opponent, and a game with no person left is ended.

Tiletum and Carcassonne both go on without a player who leaves: the seat is played by a computer
opponent of the table's stand-in level (``clock.TimeControl.stand_in``), under the player's name. A
seat handed over is a change of the game's seats, kept (the host: on disk, in the game's own file)
before anyone is told; what happened is one of the Table's events (``clock.Record.events``), told
to everyone at the table as a line of its talk and an ``updates.Event``.
"""

from __future__ import annotations

from ..opponents.base import LEVEL_TITLES
from ..saves.format import Seat
from . import updates as U

TABLE = "table"  # who says the Table's events in its talk


def _level_words(level: str) -> str:
    return LEVEL_TITLES.get(level, level)


LEFT = ("resigned", "replaced")  # the events by which a person's seat passes to a computer opponent for good


def left_seats(record) -> dict[int, str]:
    """The seats a computer opponent plays for good since their person left (a ``clock.Record``):
    seat -> "resigned" or "replaced" (voted over, or taken after its misses)."""
    return {e.seat: e.what for e in record.events if e.what in LEFT}


def plays_for(left: str, level: str, over: bool = False) -> str:
    """Who plays a seat a computer opponent plays, in words: its level ("beginner"), or, its person
    having left (``left``), that the person no longer plays it: "resigned: beginner plays" (a game
    over: "resigned: beginner played"). One wording for the lobby, the game and the host's list."""
    if not left:
        return level
    return f"{left}: {level} {'played' if over else 'plays'}"


def people(table) -> list[int]:
    """The seats still played by a person."""
    return [i for i in range(table.players) if not table.is_opponent(i)]


def told(table, what: str, seat: int, text: str) -> None:
    table.clock.happened(what, seat, text)
    table.tell(U.Event(seat=seat, what=what, text=text))
    table.say(TABLE, text)


async def hand_over(table, seat: int, level: str, what: str, text: str) -> str | None:
    """``seat`` is played by a computer opponent of ``level`` from now on, for good: kept, then told."""
    s = table.session
    before = s.seats

    def change() -> None:
        seats = [s.seat(i) for i in range(table.players)]
        seats[seat] = Seat(player="opponent", level=level)
        s.seats = tuple(seats)
        s.autosave()  # (the seats are in the game's own file: a host started again has them)

    table.opponents.reseated()
    why = await table.commit(change, by=None, drive=False)
    if why is not None:
        s.seats = before
        return why
    table.clock.record.votes.pop(seat, None)
    told(table, what, seat, text)
    if not people(table):
        end(table, f"nobody is left at the table: the game ended after {len(s.log)} moves")
    else:
        table.opponents.changed()
    return None


def end(table, why: str) -> None:
    """The game ends without its end (no person left): nothing more is played; its owner retires it."""
    table.clock.record.ended = why
    table.opponents.close()
    told(table, "ended", -1, why)
    table.publish(None)


async def timed_out(table, seat: int, misses: int) -> None:
    """``seat``'s time ran out (its ``misses``-th time): the table's choice applies."""
    control = table.clock.control
    name, level = table.name(seat), control.stand_in
    if control.take_after and misses >= control.take_after:
        await hand_over(table, seat, level, "replaced",
                        f"{name}'s time ran out {misses} times: a computer opponent ({_level_words(level)}) "
                        "plays the seat from now on")
        return
    note = f"{name}'s time ran out: a computer opponent ({_level_words(level)}) made this move"
    told(table, "timeout", seat, f"{name}'s time ran out: a computer opponent ({_level_words(level)}) "
                                 f"plays this turn ({misses} miss{'es' if misses != 1 else ''})")
    table.opponents.stand_in(seat, level, note)
    table.publish(None)  # (who decides now: a computer opponent, for this turn)


async def resign(table, seat) -> str | None:
    """``seat``'s person resigns: the game goes on, the seat played by a computer opponent."""
    why = _a_person(table, seat)
    if why:
        return why
    level = table.clock.control.stand_in
    return await hand_over(table, seat, level, "resigned",
                           f"{table.name(seat)} resigned: a computer opponent ({_level_words(level)}) plays the seat")


async def vote(table, voter, seat: int) -> str | None:
    """``voter``'s seat votes ``seat`` (a person not at the table now) over to a computer opponent; it
    passes when every other person at the game has voted so."""
    why = _a_person(table, voter)
    if why:
        return why
    if not isinstance(seat, int) or not 0 <= seat < table.players or table.is_opponent(seat):
        return "that seat is not a person's"
    if seat == voter:
        return "you cannot vote yourself out: resign instead"
    name = table.name(seat)
    if name in table.connected:
        return f"{name} is at the table now: a vote is for a missing player"
    votes = table.clock.vote(seat, table.name(voter))
    needed = [table.name(i) for i in people(table) if i != seat]
    missing = [n for n in needed if n not in votes]
    if missing:
        table.say(TABLE, f"{table.name(voter)} votes to hand {name}'s seat to a computer opponent "
                         f"(waiting for {', '.join(missing)})")
        return None
    level = table.clock.control.stand_in
    return await hand_over(table, seat, level, "replaced",
                           f"{name}'s seat was voted over to a computer opponent ({_level_words(level)})")


def _a_person(table, seat) -> str | None:
    if seat is None or not isinstance(seat, int):
        return "you are watching this game: only a player can do that"
    if table.retired or table.ended or table.session.finished:
        return "the game is over"
    if table.is_opponent(seat):
        return f"{table.name(seat)}'s seat is played by the computer"
    return None
