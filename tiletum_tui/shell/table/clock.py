"""Play by correspondence at a Table (issue 44): the time per move, days away, the time-outs, the
seats that resign or are voted over to a computer opponent, and the reminders a seat is owed. These
are the Table's events, the same at home and on the host.

The time runs for the person whose decision it is, from when the decision passed to their seat (or
from the end of their days away) until it passes to another seat; each decision of that turn is
theirs to make in the same time. When it runs out the table's choice applies: a computer opponent of
the chosen level (``TimeControl.stand_in``) makes the rest of that turn (said in the log and to the
table), and after ``take_after`` misses it takes the seat for good. What must outlive the process
(the deadline, the misses, days away, votes, what happened) is one ``Record``, handed after each
change to the Table's keeper (``MoveClock.keep``: the host writes it beside the game's file). The
clock is injected (``SystemClock``; ``ManualClock`` in tests, advanced by hand); nothing here waits:
the owner calls ``tick`` now and then (the host: every few seconds; a test: after advancing).
"""

from __future__ import annotations

import time

import msgspec

from tiletum_tui.core.safe_text import clean
from . import updates as U

DAY = 86400
# The speeds a table may be set up with (seconds a move; 0: no limit), as Yucata's and BGA's, and a
# real-time one of minutes.
SPEEDS = (0, 5 * 60, DAY, 3 * DAY, 7 * DAY)
STAND_IN = "beginner"  # the level of the stand-in when the table chose none
REMIND_EVERY = 3600.0  # at most one reminder per game per this (less for a faster table: ``interval``)
AWAY_MOST = 30  # days away at once


def speed_words(seconds: float) -> str:
    """How a table's time per move is said: "no time limit", "3 days a move", "5 minutes a move"."""
    if not seconds:
        return "no time limit"
    if seconds % DAY == 0:
        n = int(seconds // DAY)
        return f"{n} day{'s' if n != 1 else ''} a move"
    n = max(1, round(seconds / 60))
    return f"{n} minute{'s' if n != 1 else ''} a move"


def left_words(seconds: float) -> str:
    """Time left, short, as the lobby and a game's status show it: "2d 3h", "5h 10m", "4m", "30s"."""
    s = max(0, int(seconds))  # (rounded up to the unit shown: a fresh 3-day move shows 3d 0h, not 2d 23h)
    if s > DAY - 3600:
        h = -(-s // 3600)
        return f"{h // 24}d {h % 24}h"
    if s > 3600 - 60:
        m = -(-s // 60)
        return f"{m // 60}h {m % 60}m"
    if s >= 60:
        return f"{-(-s // 60)}m"
    return f"{s}s"


class TimeControl(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A table's pace, chosen when it is set up: seconds a move (0: none), the level of the computer
    opponent that moves for a seat whose time ran out, and after how many misses it keeps the seat
    (0: never)."""

    per_move: int = 0
    stand_in: str = STAND_IN
    take_after: int = 0

    def problem(self, levels) -> str | None:
        if self.per_move < 0 or self.per_move > 30 * DAY:
            return "a time per move is between none and 30 days"
        if self.per_move and self.per_move < 60:
            return "a time per move is at least a minute"
        if self.per_move and self.stand_in not in levels:
            return f"there is no computer opponent of level {clean(self.stand_in, 20)} to stand in"
        if not 0 <= self.take_after <= 99:
            return "the misses before a computer opponent keeps a seat are 0 (never) to 99"
        return None


class SystemClock:
    """The wall clock (seconds since the epoch): deadlines are kept on disk and outlive the process."""

    @staticmethod
    def now() -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told (tests)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class Event(msgspec.Struct, frozen=True):
    """One of the Table's events, as kept: when, what ("timeout", "resigned", "replaced", "ended"),
    the seat, and the words told to the table."""

    at: float
    what: str
    seat: int
    text: str


class Record(msgspec.Struct, kw_only=True):
    """What a Table's correspondence keeps on disk with its game."""

    control: TimeControl = msgspec.field(default_factory=TimeControl)
    turn_of: int = -1  # the seat whose time runs (-1: nobody's)
    deadline: float = 0.0  # when it runs out (0: no clock now)
    began: float = 0.0  # when that seat's turn began
    warned: bool = False  # the "time runs out" reminder of this turn is sent
    misses: dict[int, int] = msgspec.field(default_factory=dict)
    away: dict[str, float] = msgspec.field(default_factory=dict)  # a person's name -> away until
    votes: dict[int, list[str]] = msgspec.field(default_factory=dict)  # a seat -> who voted it over
    events: list[Event] = msgspec.field(default_factory=list)
    ended: str = ""  # why the game ended without its end (nobody left at it)


def decode(data: bytes) -> Record:
    return msgspec.json.decode(data, type=Record)


def encode(record: Record) -> bytes:
    return msgspec.json.encode(record)


class MoveClock:
    """One Table's correspondence (see the module docstring)."""

    def __init__(self, table, control: TimeControl | None = None, *, clock=None, record: Record | None = None) -> None:
        self.table = table
        self.clock = clock or SystemClock()
        self.record = record if record is not None else Record(control=control or TimeControl())
        self.keep = None  # ``keep(record)``: the owner's (on disk); None: kept in memory only (at home)

    @property
    def control(self) -> TimeControl:
        return self.record.control

    def now(self) -> float:
        return self.clock.now()

    def save(self) -> None:
        if self.keep is not None:
            self.keep(self.record)

    # ------------------------------------------------------------ the time
    def left(self) -> float | None:
        """Seconds left to the seat deciding (None: no clock runs)."""
        r = self.record
        if not r.deadline or r.turn_of < 0:
            return None
        return r.deadline - self.now()

    def interval(self) -> float:
        """At most one reminder per game per this many seconds."""
        per = self.control.per_move
        return min(REMIND_EVERY, per / 3) if per else REMIND_EVERY

    def warn_before(self) -> float:
        """How long before a seat's time runs out it is reminded."""
        return min(self.control.per_move / 4, 12 * 3600)

    def changed(self, by) -> None:
        """After every change: a turn that passed to another seat begins its time (and its reminder,
        never for the seat that just moved)."""
        t = self.table
        who, what = t.deciding()
        r = self.record
        if what != "person" or who is None:
            if r.turn_of != -1 or r.deadline:
                r.turn_of, r.deadline, r.warned = -1, 0.0, False
                self.save()
            return
        if who == r.turn_of:
            return
        now = self.now()
        start = max(now, r.away.get(t.name(who), 0.0))
        r.turn_of, r.began, r.warned = who, start, False
        r.deadline = start + self.control.per_move if self.control.per_move else 0.0
        self.save()
        if who != by and start == now:  # (none for the seat that just moved, nor for a player away)
            t.tell(U.Reminder(seat=who, kind="turn", left=self.left(), interval=self.interval()))

    def away(self, name: str, days: int) -> str | None:
        """``name`` is away for ``days`` from now (0: back): their time does not run meanwhile."""
        if not 0 <= days <= AWAY_MOST:
            return f"days away are 0 (back) to {AWAY_MOST}"
        r = self.record
        now = self.now()
        until = now + days * DAY if days else 0.0
        before = r.away.get(name, 0.0)
        if until:
            r.away[name] = until
        else:
            r.away.pop(name, None)
        t = self.table
        if r.deadline and r.turn_of >= 0 and t.name(r.turn_of) == name and self.control.per_move:
            # the clock stops while away: what was left of the time is left when they are back
            start = max(now, before)
            left = r.deadline - start if r.deadline > start else r.deadline - now
            r.deadline = max(now, until) + max(0.0, min(left, self.control.per_move))
            r.warned = False
        self.save()
        return None

    def away_until(self, name: str) -> float:
        until = self.record.away.get(name, 0.0)
        return until if until > self.now() else 0.0

    def tick(self) -> None:
        """What time has made due: a seat whose time ran out (the table's choice applies), a reminder
        before it does."""
        t = self.table
        r = self.record
        if t.closed or t.retired or t.paused or not r.deadline or r.turn_of < 0:
            return
        who, what = t.deciding()
        if who != r.turn_of or what != "person":
            return
        now = self.now()
        if now >= r.deadline:
            r.deadline = 0.0  # (this turn's time-out applies once)
            r.misses[who] = r.misses.get(who, 0) + 1
            self.save()
            t.timed_out(who, r.misses[who])
        elif not r.warned and now >= r.deadline - self.warn_before():
            r.warned = True
            self.save()
            t.tell(U.Reminder(seat=who, kind="soon", left=r.deadline - now, interval=self.interval()))

    # ------------------------------------------------------------ the record of events
    def happened(self, what: str, seat: int, text: str) -> None:
        self.record.events.append(Event(self.now(), what, seat, text))
        self.save()

    def vote(self, seat: int, voter: str) -> list[str]:
        votes = self.record.votes.setdefault(seat, [])
        if voter not in votes:
            votes.append(voter)
        self.save()
        return votes
