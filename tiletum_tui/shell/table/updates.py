"""What a Table tells whoever sits at it or watches it (issue 39): typed updates, one kind per fact.

A subscriber (a seat, a watcher, or a door that serves every seat: ``EVERY_SEAT``) is called with one
of these after each fact: the game changed (``Changed``: the log entries added, that seat's view, why
it may not undo or redo, whose decision it is), a line of talk (``Talked``), who is connected
(``Connected``), the master's answer to a hint (``Hinted``), an opponent thinking or having played
(``Thinking``, ``Played``), or something to tell a player that is no change of the game (``Noticed``).
Plain values: a screen, a host's frame or a test reads them alike.
"""

from __future__ import annotations

from typing import Any

import msgspec


class Update(msgspec.Struct, frozen=True, kw_only=True):
    """Every update says which seat it is for (None: a watcher; the door of ``EVERY_SEAT`` hears all)."""

    seat: int | None = None


class Changed(Update, frozen=True, kw_only=True):
    """The game changed (a move, undo, redo; whoever made it). ``start``: where the subscriber's log
    differs from the Table's; ``entries``: the log from there (session ``LogEntry`` values); ``view``:
    the game as the seat may see it (a door of every seat: as no seat in particular, ``Session.view()``); ``undo``/``redo``: why that seat may
    not (None: it may); ``deciding``: whose decision it is now (None: nobody, the game is over) and
    ``what``: whether a person, an opponent or nobody decides; ``version`` counts the Table's changes."""

    start: int
    entries: tuple = ()
    view: Any = None
    undo: str | None = None
    redo: str | None = None
    deciding: int | None = None
    what: str = "person"  # "person", "opponent" or "over"
    version: int = 0
    by: int | None = None  # the seat whose change this was (None: not known, a restart)


class Talked(Update, frozen=True, kw_only=True):
    """A line of table talk: who said it, the words, after how many log entries, when (epoch seconds)."""

    who: str
    text: str
    after: int
    at: float


class Connected(Update, frozen=True, kw_only=True):
    """Who of the seats' people is connected now (a host's doors say it)."""

    names: tuple[str, ...] = ()


class Hinted(Update, frozen=True, kw_only=True):
    """The master's suggestion for ``seat``'s decision (the opponents' process's answer, in notation),
    or ``error``: why there is none. ``ref`` is the asker's own number for it (``Table.hint``)."""

    ref: int = 0
    action: str = ""
    plan: tuple[str, ...] = ()
    gain: float = 0.0
    win: float | None = None
    alternative: tuple[str, ...] = ()
    alternative_gain: float = 0.0
    alternative_win: float | None = None
    error: str = ""
    simulations: int = 0
    target: int = 0
    cut: bool = False


class Thinking(Update, frozen=True, kw_only=True):
    """A computer opponent (``seat``, ``title``: its name and level) decides since ``since`` (the
    monotonic clock); ``hurried``: Esc hurried it (no pauses until a person decides)."""

    title: str
    since: float
    hurried: bool = False


class Played(Update, frozen=True, kw_only=True):
    """A computer opponent played (``text``: the log's words for it); ``cut``: its search was stopped
    by the time cap at ``simulations`` of ``target`` (the move is weaker than the level)."""

    title: str
    text: str
    cut: bool = False
    simulations: int = 0
    target: int = 0


class Noticed(Update, frozen=True, kw_only=True):
    """Something a player should be told that changes nothing of the game (an opponent could not
    decide, the opponents' process stopped); ``severity`` as a notification's."""

    text: str
    severity: str = "warning"


class Reminder(Update, frozen=True, kw_only=True):
    """A person's seat is owed a reminder away from the terminal (issue 44): ``kind`` "turn" (their
    turn began) or "soon" (their time runs out in ``left`` seconds); ``interval``: at most one
    reminder per game per this many seconds. The owner sends it (the host: ``host.reminders``)."""

    kind: str
    left: float | None = None
    interval: float = 3600.0


class Event(Update, frozen=True, kw_only=True):
    """One of the Table's correspondence events (issue 44), in words: a seat's time ran out, a seat
    resigned or was voted over to a computer opponent, the game ended with nobody left."""

    what: str
    text: str
