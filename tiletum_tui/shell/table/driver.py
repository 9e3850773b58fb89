"""The one opponents' driver (issue 39): a Table's computer opponents, for every game, at home and
on the host.

After every change the Table calls ``changed``: if the seat deciding is an opponent's, the opponents'
process (``opponents.worker.OpponentProcess``, started when first needed, one for the Table's every
seat and its hints) is sent that seat's view, never more, and asked once for that decision. Its
answer is read as it comes (``loop.add_reader`` on the process's pipe: no thread, no Textual) and
played as that seat through the Table, ``pace`` seconds after the move before, unless hurried
(``hurry``: Esc at home; the thinking stops with the best plan found, no pauses until a person
decides). A process that dies is started again and asked once more; a second death on the same
decision plays the beginner's move (with a note in the log), so nobody waits at "thinking" for ever.
"""

from __future__ import annotations

import asyncio
import time

from ..opponents.base import LEVEL_TITLES
from . import updates as U

DEFAULT_BUDGET = ""  # a searching level thinks to its own simulations, unless the seat says otherwise


class OpponentsDriver:
    """The opponents' loop of one Table (see the module docstring)."""

    def __init__(self, table, pace: float = 0.7) -> None:
        self.table = table
        self.pace = pace  # seconds between two moves of the opponents (0: as fast as they come)
        self.process = None  # the opponents' process, started when first needed
        self._reading = False
        self.asked: tuple | None = None  # (request, seat, log length) of the decision asked
        self.since = 0.0  # when the decision asked began (monotonic)
        self.rushing = False  # hurried: no pauses until a person decides again
        self.last_move_at = 0.0
        self._died_for = None  # the decision the process last died on
        self._wake: asyncio.Event | None = None  # set by ``hurry``: the pace's wait ends at once
        self.pending: tuple | None = None  # (seat, action, note, answer) waiting to be played
        self.may_play = lambda: True  # the owner's gate (at home: no move under an open dialog)
        # issue 44: a person's seat whose time ran out, played this turn by an opponent: seat -> (level, note)
        self.standing_in: dict[int, tuple[str, str]] = {}
        self._known: dict = {}  # the seats the process was started with (seat -> (level, budget))
        self._told = 0  # how much of the log the process was told (a level thinking on the others' time follows it)

    # ------------------------------------------------------------ who plays
    @property
    def session(self):
        return self.table.session

    def plays(self, seat: int | None) -> bool:
        return self.table.is_opponent(seat) or (seat is not None and seat in self.standing_in)

    def level(self, seat: int) -> str:
        return self.standing_in[seat][0] if seat in self.standing_in else self.session.seat(seat).level

    def title(self, seat: int) -> str:
        level = self.level(seat)
        return f"{self.table.name(seat)} ({LEVEL_TITLES.get(level, level)})"

    def stand_in(self, seat: int, level: str, note: str) -> None:
        """A computer opponent of ``level`` plays the rest of ``seat``'s turn (its time ran out, issue
        44); each of its moves carries ``note`` in the log."""
        self.standing_in = {seat: (level, note)}
        if self.process is not None and self._known.get(seat, ("",))[0] != level:
            self._drop_process()  # (started without that seat: started again with it)
        self.changed()

    def reseated(self) -> None:
        """A seat passed to a computer opponent for good: the process is started again knowing it."""
        self.standing_in = {}
        self._drop_process()

    @property
    def busy(self) -> bool:
        """An opponent decides now."""
        return not self.session.finished and self.plays(self.session.current_player)

    @property
    def waiting(self) -> int | None:
        """The request of the move asked for and not yet answered (None: none)."""
        return self.asked[0] if self.asked is not None and self.asked[2] >= 0 else None

    # ------------------------------------------------------------ the process
    def start(self):
        """The opponents' process, started if need be (None: the game has no computer opponents)."""
        if self.process is None:
            from ..opponents.worker import OpponentProcess  # start-up: the opponents' process is started only when an opponent first decides

            try:
                from ..opponents.plug import for_game  # start-up: a game's opponents are loaded only when one first decides

                for_game(self.session.game.name)
            except ValueError:
                return None
            s = self.session
            seats = {i: (self.level(i), s.seat(i).budget or DEFAULT_BUDGET)
                     for i in range(self.table.players) if self.plays(i)}
            self._known = seats
            self.process = OpponentProcess(seats, game=s.game.name)
            self._told = len(s.log)  # (a new process keeps nothing from before)
        if not self._reading:
            try:
                asyncio.get_running_loop().add_reader(self.process.fileno(), self._readable)
                self._reading = True
            except RuntimeError:  # (no loop: asked from a test's plain code, read by ``poll``)
                pass
        return self.process

    def close(self) -> None:
        self.pending = None
        if self._wake is not None:
            self._wake.set()
        self._drop_process()

    def detach(self):
        """Stop reading the process and hand it over (to be closed off the loop: it may wait a moment)."""
        self._stop_reading()
        process, self.process, self.asked, self.pending = self.process, None, None, None
        return process

    def _stop_reading(self) -> None:
        if self._reading and self.process is not None:
            try:
                asyncio.get_running_loop().remove_reader(self.process.fileno())
            except (RuntimeError, ValueError, OSError):
                pass
        self._reading = False

    def _drop_process(self) -> None:
        process = self.detach()
        if process is not None:
            process.close()

    # ------------------------------------------------------------ the game changed
    def changed(self) -> None:
        """After every change: ask the opponent whose decision it is (once)."""
        t = self.table
        if self.session.finished and self.process is not None and self.pending is None:
            self._drop_process()  # nothing more to decide: a level thinking on the others' time stops too
        if t.closed or t.retired or t.paused or t.ended or self.session.finished:
            return
        who = self.session.current_player
        if self.standing_in and who not in self.standing_in:
            self.standing_in = {}  # (the turn a stand-in played is over)
        if not self.plays(who):
            self.rushing = False
            return
        if self.pending is not None:
            return  # its move waits for its pause (or a dialog)
        if self.asked is not None and self.asked[1:] == (who, len(self.session.log)):
            return  # already asked (a redraw while it thinks)
        process = self.start()
        if process is None:
            return
        t.hints.yield_to_opponent()
        try:
            request = process.ask(self.session.view(who), who, self._played())
        except OSError:
            self._died()
            return
        self.asked = (request, who, len(self.session.log))
        self.since = time.monotonic()
        t.tell(U.Thinking(seat=who, title=self.title(who), since=self.since, hurried=self.rushing))

    def _played(self) -> tuple[str, ...] | None:
        """The actions (notation) played since the process was last asked for a move (None: the log is
        shorter than it was told, an undo: it lets go of what it kept)."""
        log = self.session.log
        told, self._told = self._told, len(log)
        return tuple(e.notation for e in log[told:]) if told <= len(log) else None

    # ------------------------------------------------------------ hurry
    def hurry(self) -> str | None:
        """Stop the thinking of the opponent deciding now (its best plan so far is played), and no
        pauses until a person decides; None, or why there is nothing to hurry."""
        if not self.busy:
            return "no computer opponent is deciding now"
        self.rushing = True
        if self.process is not None and self.waiting is not None:
            self.process.hurry()
        if self._wake is not None:
            self._wake.set()
        elif self.pending is not None:
            self.resume()
        self.table.tell(U.Thinking(seat=self.session.current_player,
                                   title=self.title(self.session.current_player), since=self.since, hurried=True))
        return None

    # ------------------------------------------------------------ answers
    def poll(self) -> None:
        """Read what the process answered (the loop's reader calls this; a test may too)."""
        self._readable()

    def _readable(self) -> None:
        while self.process is not None and self.process.ready():
            try:
                answer = self.process.receive()
            except (EOFError, OSError):
                self._died()
                return
            if answer.hint:
                self.table.hints.answered(answer)
                continue
            if self.asked is None or answer.request != self.asked[0] or self.asked[2] < 0:
                continue  # an older question's answer
            self._arrived(answer)

    def _arrived(self, answer) -> None:
        seat = answer.seat
        if answer.error:  # a bug in a level: the process played the beginner's move instead, if it could
            self.table.tell(U.Noticed(text=f"{self.title(seat)} could not decide: {answer.error}"
                                      + (" (it plays a simple legal move instead)" if answer.action else ""),
                                      severity="error"))
            if not answer.action:
                self.asked = None
                return
        self.asked = (answer.request, seat, -1)  # answered: the next decision is asked anew
        self._queue(seat, answer.move, self.standing_in.get(seat, ("", ""))[1], answer)

    def _died(self) -> None:
        """The process is gone (killed, out of memory): start it again and ask once more; a second
        death on the same decision plays the beginner's move (with a note), so the game goes on."""
        asked = self.asked
        self._drop_process()
        self.table.hints.lost()
        t = self.table
        if asked is None or asked[2] < 0 or t.closed:
            t.tell(U.Noticed(text="The opponents' process stopped; it starts again when it is needed."))
            return
        seat = asked[1]
        key = (seat, asked[2])
        if self._died_for != key:
            self._died_for = key
            t.tell(U.Noticed(text=f"The opponents' process stopped. Started again: {self.title(seat)} thinks anew."))
            self.changed()
            return
        self._died_for = None
        why = f"{self.title(seat)} could not decide (the opponents' process stopped twice): this move is the beginner's"
        t.tell(U.Noticed(text=why + ".", severity="error"))
        from ..opponents.plug import for_game  # start-up: a game's opponents are loaded only when one first decides

        seen = self.session.view(seat)
        move = for_game(self.session.game.name).fallback(seen, len(self.session.log))
        self.asked = (0, seat, -1)
        self._queue(seat, move, why, None)

    # ------------------------------------------------------------ playing
    def _queue(self, seat: int, action, note: str, answer) -> None:
        self.pending = (seat, action, note, answer)
        wait = 0.0 if self.rushing or not self.pace else max(0.0, self.pace - (time.monotonic() - self.last_move_at))
        self.table.spawn(self._after(wait))

    async def _after(self, wait: float) -> None:
        if wait:
            self._wake = asyncio.Event()
            try:
                await asyncio.wait_for(self._wake.wait(), wait)
            except asyncio.TimeoutError:
                pass
            finally:
                self._wake = None
        await self._play()

    def resume(self) -> None:
        """The owner's gate opened again (a dialog closed at home): a move that waited goes on."""
        if self.pending is not None and self._wake is None:
            self.table.spawn(self._play())
        else:
            self.changed()

    async def _play(self) -> None:
        pending = self.pending
        t = self.table
        if pending is None or t.closed:
            return
        seat, action, note, answer = pending
        if self.session.current_player != seat:
            self.pending = None
            self.asked = None
            self.changed()  # the game moved on meanwhile (an undo): asked again
            return
        if not self.may_play():
            return  # kept: ``resume`` plays it
        self.pending = None
        why = await t.commit(lambda: self.session.apply(action, by=seat, note=note), by=seat, drive=False)
        if why is not None:
            self.asked = None
            if not t.paused:  # (a paused game's opponent is asked again when it goes on)
                self.changed()
            return
        self.last_move_at = time.monotonic()
        entry = self.session.log[-1] if self.session.log else None
        if entry is not None and entry.seat == seat:
            t.tell(U.Played(seat=seat, title=self.title(seat), text=entry.text, cut=bool(answer and answer.cut),
                            simulations=answer.simulations if answer else 0, target=answer.target if answer else 0))
        self.changed()  # the next decision: an opponent's is asked now
