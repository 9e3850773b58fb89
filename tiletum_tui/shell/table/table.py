"""One Table for every game and every door (issue 39): a game's Session, its seats, its computer
opponents' loop and pace, the move clock, hints, table talk, and for each seat what it has not yet
seen. The host is Tables behind its doors; the app at home runs one in its own process, for every
session it plays (a game, a lesson, the tutorial): the screens' model (``shell.ui.model``) sits at it
as a door of every seat, and hears every change from it alone.

A Table is acted on as a seat: ``act``, ``undo``, ``redo``, ``hint``, ``say``, ``hurry``, each
returning None or why not in words. Who may act is decided from the seat asking (the Session's
``by=seat``), never from anything a client claims. Whoever sits at it (a seat, a watcher, or a door
serving every seat: ``EVERY_SEAT``) ``subscribe``s and is called with typed ``updates`` after each fact,
whoever caused it: a person here, an opponent, another player.

A change is made, then kept, then told: at home at once; on the host ``keep`` waits for the change to
be on disk (and takes it back if it cannot be: the host's pauses) before anyone hears of it. No
Textual, no Rich: it runs under any asyncio loop, and without one for what needs none.
"""

from __future__ import annotations

import asyncio

from tiletum_tui.core.safe_text import clean
from ..session import EVERY_SEAT, NotYourMoveError, UndoError
from . import leaving
from . import updates as U
from .clock import MoveClock
from .driver import OpponentsDriver
from .hints import HintPath
from .talk import TableTalk

WATCHER_REASONS = ("you are watching this game", "you are watching this game")  # why not undo, redo


class _Subscription:
    __slots__ = ("seat", "callback", "sent")

    def __init__(self, seat, callback, sent: list) -> None:
        self.seat, self.callback, self.sent = seat, callback, sent


class Table:
    """A game's table (see the module docstring). ``pace``: seconds between two moves of the computer
    opponents; ``hint_budget``: the master's thinking for a hint (the opponents' ``Budget`` text)."""

    def __init__(self, session, *, pace: float = 0.7, hint_budget: str = "", clock: bool = True,
                 time_control=None, wall=None, record=None) -> None:
        self.session = session
        self.game = session.game
        self.hint_budget = hint_budget
        self.lock = asyncio.Lock()  # one change at a time (kept, then told)
        self.keep = None  # ``async keep(table, change) -> why not or None``: the host's (on disk first)
        self.keep_talk = None  # ``keep_talk(line) -> why not or None``: the host's (talk on disk first)
        self.talk = TableTalk()  # (its one home: handed to the game's lobby line once it is over)
        self.connected: tuple[str, ...] = ()
        self.paused: str | None = None  # why no move can be kept now (the host's disk): set by its keeper
        self.retired = False  # the game is over and let go (the host keeps a lobby line in its place)
        self.closed = False
        self.version = 0
        self._subs: list[_Subscription] = []
        self._tasks: set = set()
        self.opponents = OpponentsDriver(self, pace)
        self.hints = HintPath(self)
        # issue 44: the time per move, days away, time-outs, resignations (``clock``, ``leaving``)
        self.clock = MoveClock(self, time_control, clock=wall, record=record)
        if clock:
            session.start_clock()  # the one clock of both games: each move timed from the one before

    # ------------------------------------------------------------ who sits where
    @property
    def players(self) -> int:
        return len(self.game.player_names(self.session.settings))

    def name(self, seat: int) -> str:
        names = self.game.player_names(self.session.settings)
        return names[seat] if seat is not None and 0 <= seat < len(names) else "another player"

    @property
    def ended(self) -> str:
        """Why the game ended without its end (nobody left at it: issue 44), or ""."""
        return self.clock.record.ended

    def kind(self, seat: int) -> str:
        """Who plays ``seat``: "person" or "opponent" (a Table begins with every seat taken)."""
        return "opponent" if self.session.seat(seat).is_opponent else "person"

    def is_opponent(self, seat: int | None) -> bool:
        return seat is not None and seat is not EVERY_SEAT and 0 <= seat < self.players \
            and self.session.seat(seat).is_opponent

    def deciding(self) -> tuple[int | None, str]:
        """Whose decision it is, and whether a "person", an "opponent" or nobody ("over") decides."""
        if self.session.finished or self.ended:
            return None, "over"
        who = self.session.current_player
        return who, "opponent" if self.opponents.plays(who) else "person"

    def since(self, seat: int):
        """What ``seat`` has not yet seen: every event since its last decision (``Session.since``)."""
        return self.session.since(seat)

    def reasons(self, seat) -> tuple[str | None, str | None]:
        """Why ``seat`` may not undo, redo now (None: it may); a watcher may do neither."""
        if seat is None:
            return WATCHER_REASONS
        return self.session.can_undo(by=seat), self.session.can_redo(by=seat)

    # ------------------------------------------------------------ updates
    def subscribe(self, seat, callback, *, told: int | None = None) -> _Subscription:
        """``callback(update)`` after each fact for ``seat`` (None: a watcher; ``EVERY_SEAT``: a door
        that hears every seat's). ``told``: how much of the log it holds already (default: all)."""
        sub = _Subscription(seat, callback, list(self.session.log if told is None else self.session.log[:told]))
        self._subs.append(sub)
        return sub

    def unsubscribe(self, sub) -> None:
        if sub in self._subs:
            self._subs.remove(sub)

    def tell(self, update: U.Update) -> None:
        """To whoever the update is for: a seat's own (``Hinted``) to that seat's subscribers and the
        doors of every seat; anything else to everyone."""
        own = isinstance(update, U.Hinted)
        for sub in list(self._subs):
            if not own or sub.seat is EVERY_SEAT or sub.seat == update.seat:
                sub.callback(update)

    def publish(self, by: int | None = None) -> None:
        """The game changed: each subscriber is told the log from where it differs and its seat's view."""
        self.version += 1
        by = by if isinstance(by, int) else None  # (EVERY_SEAT: a lesson's or a replay's whole table)
        self.clock.changed(by)  # (a turn that passed to another seat: its time begins, its reminder)
        log = self.session.log
        who, what = self.deciding()
        seen: dict = {}
        for sub in list(self._subs):
            sent = sub.sent
            start = next((i for i, (a, b) in enumerate(zip(sent, log)) if a is not b), min(len(sent), len(log)))
            sub.sent = list(log)
            seat = sub.seat
            if seat not in seen:  # (a door of every seat: the view of no seat in particular, the app's at home)
                view = self.session.view(None if seat is EVERY_SEAT else seat)
                seen[seat] = (view, (None, None) if seat is EVERY_SEAT else self.reasons(seat))
            view, (undo, redo) = seen[seat]
            sub.callback(U.Changed(seat=None if seat is EVERY_SEAT else seat, start=start, entries=tuple(log[start:]),
                                   view=view, undo=undo, redo=redo, deciding=who, what=what, version=self.version,
                                   by=by))

    # ------------------------------------------------------------ acting as a seat
    def _refusal(self, seat) -> str | None:
        if self.keep is not None:  # (a host's Table: each change kept on disk first, through ``commit``)
            raise RuntimeError("this Table keeps its changes before telling them: use commit")
        if seat is None:
            return "you are watching this game: a spectator cannot make moves"
        if self.retired:
            return "the game is over"
        return self.person_refusal(seat)

    def person_refusal(self, seat) -> str | None:
        """Why a person at ``seat`` may not act now though it is a person's seat (issue 44): the game
        ended with nobody left, or a computer opponent plays the turn their time ran out in."""
        if self.ended:
            return "the game is over"
        if self.is_opponent(seat):
            return f"{self.name(seat)}'s seat is played by the computer"
        if seat in self.opponents.standing_in:
            return "your time ran out: a computer opponent plays this turn for you"
        return None

    def act(self, seat, action, note: str = "") -> str | None:
        """Make ``action`` (or its notation) as ``seat``: None, or why not (the rules', or whose it is)."""
        if isinstance(action, str) and self._refusal(seat) is None:
            try:
                action = self.game.parse(action, seat, self.session.settings)
            except self.game.Error as exc:
                return f"not an action: {clean(exc, 200)}"
        return self._words(lambda: self.apply(seat, action, note))

    def undo(self, seat) -> str | None:
        """Take back ``seat``'s own last move of its turn: None, or why not (an opponent's move since…)."""
        return self._words(lambda: self.step(seat, "undo"))

    def redo(self, seat) -> str | None:
        return self._words(lambda: self.step(seat, "redo"))

    # The same, for a caller that wants the session's own errors raised (a screen's model, whose
    # screen says each in its own way): the rules' error, ``NotYourMoveError``, ``UndoError``.
    def apply(self, seat, action, note: str = ""):
        """``act``, raising why not; returns the move's log entry."""
        why = self._refusal(seat)
        if why:
            raise NotYourMoveError(why)
        # (the note only when there is one: a lesson's session in front of the game takes none)
        entry = self.session.apply(action, by=seat, note=note) if note else self.session.apply(action, by=seat)
        self._told(seat)
        return entry

    def step(self, seat, verb: str):
        """``undo`` or ``redo`` (``verb``), raising why not; returns what the session's step returns."""
        why = self._refusal(seat)
        if why:
            raise UndoError(why)
        done = self.session.undo(by=seat) if verb == "undo" else self.session.redo(by=seat)
        self._told(seat)
        return done

    def _words(self, do) -> str | None:
        try:
            do()
        except (self.game.Error, NotYourMoveError, UndoError, ValueError) as exc:
            return clean(exc, 300)
        return None

    def _told(self, by) -> None:
        self.publish(by)
        self.opponents.changed()

    def change(self, change, *, by=None) -> str | None:
        """Make one change now and tell everyone (a Table whose changes are kept at once: at home)."""
        why = self._words(change)
        if why is None:
            self._told(by)
        return why

    async def commit(self, change, *, by=None, drive: bool = True) -> str | None:
        """One change, kept (``keep``: on the host, on disk before anyone hears of it), then told."""
        if self.keep is None:
            why = self._words(change)
        else:
            why = await self.keep(self, change)
        if why is None:
            self.publish(by)
            if drive:
                self.opponents.changed()
        return why

    def hint(self, seat, ref: int = 0, allow=None) -> str | None:
        """Ask the master for ``seat``'s decision (a person's seat, while it decides, one at a time):
        None (the answer comes as ``updates.Hinted``), or why not."""
        return self.hints.ask(seat, ref, allow)

    def say(self, who: str, text: str) -> str | None:
        """A line of table talk from ``who`` (a seat's person, a watcher): cleaned and cut to a length,
        kept with the game, told to everyone at it."""
        line, why = self.talk.say(who, text, len(self.session.log), self.keep_talk)
        if why:
            return why
        self.tell(line)
        return None

    def hurry(self) -> str | None:
        """Hurry the computer opponent deciding (Esc): None, or why there is none to hurry."""
        return self.opponents.hurry()

    # ------------------------------------------------------------ by correspondence (issue 44)
    async def resign(self, seat) -> str | None:
        """``seat``'s person resigns: recorded, the game goes on with a computer opponent in the seat."""
        return await leaving.resign(self, seat)

    async def vote_replace(self, voter, seat: int) -> str | None:
        """``voter`` votes the missing person of ``seat`` over to a computer opponent."""
        return await leaving.vote(self, voter, seat)

    def away(self, name: str, days: int) -> str | None:
        """``name`` marks ``days`` away (0: back): their time does not run meanwhile."""
        return self.clock.away(name, days)

    def tick(self) -> None:
        """What time made due (a time-out, a reminder): the owner calls it now and then."""
        self.clock.tick()

    def timed_out(self, seat: int, misses: int) -> None:
        self.spawn(leaving.timed_out(self, seat, misses))

    def set_connected(self, names) -> None:
        names = tuple(sorted(names))
        if names != self.connected:
            self.connected = names
            self.tell(U.Connected(names=names))

    # ------------------------------------------------------------ running
    def start(self) -> None:
        """Begin (or go on after a restart): an opponent whose decision it is is asked; the time of a
        person's begins (a restart keeps the deadline it had)."""
        self.clock.changed(None)
        self.opponents.changed()

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def close(self) -> None:
        """Stop the opponents' loop and its process (the session is its owner's to close)."""
        self.closed = True
        for t in list(self._tasks):
            t.cancel()
        self.opponents.close()
