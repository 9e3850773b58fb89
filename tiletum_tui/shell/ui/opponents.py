"""Computer opponents on a game's screen, the part every game shares: they think in the opponents'
process (``opponents.worker``, serving the game by name), never on the screen's thread, and play
through the screen like a person would, one move at a time.

``SeatDriver`` belongs to one game screen. After every redraw (``changed``), if the seat deciding is
an opponent's it sends the process what that seat sees and shows that it is thinking (a spinner and
the seconds spent); Esc hurries it and skips the pauses until a person decides again. Each move is
played ``pace`` seconds after the one before. If the process dies it is started again and asked once
more; a second death on the same decision plays the beginner's move, so the panel never stays at
"thinking". The process starts only when an opponent (or a hint) is first asked for.

A game's driver supplies what differs (the ``for a game`` methods): who decides, what is sent, how a
move is played and shown, its hints. Nothing here knows a rule.
"""

from __future__ import annotations

import asyncio
import time

from ..opponents.base import LEVEL_TITLES

DEFAULT_BUDGET = ""  # a searching level thinks to its own simulations, unless the seat says otherwise
HINT_BUDGET = ""  # a hint is the master's decision at its own strength (no stronger than the opponent)
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class SeatDriver:
    """Drives the opponents' seats of one game screen (see the module docstring)."""

    pace = 0.7  # seconds between two moves of the opponents (0: as fast as they come)
    game = "tiletum"  # the game's name for the opponents' process (``games.OPPONENTS``)
    hint_budget = HINT_BUDGET

    def __init__(self, screen, seats, session=None) -> None:
        self.screen = screen
        self.seats = tuple(seats)  # saves.format.Seat per seat
        # The game's session, whose clock this starts (None: a hosted game's, timed on the host).
        self.clocked = session if hasattr(session, "start_clock") else None
        self.process = None
        self.waiting: int | None = None  # the request of the move we wait for
        self.waiting_seat: int | None = None
        self.hint_request: int | None = None
        self.rushing = False  # Esc: no pauses until a person decides again
        self.closed = False
        self.last_move_at = 0.0
        self._since = 0.0  # when the thinking began
        self._spin = 0
        self._ticker = None
        self._timer = None
        self._pending = None  # (seat, action) waiting for its pause to end
        self._died_for = None  # the decision the process last died on
        self._reading = False

    # ------------------------------------------------------------ for a game
    def deciding(self) -> int | None:
        """The seat whose decision is in hand (None: nobody's, the game is over)."""
        raise NotImplementedError

    def seen(self, seat: int):
        """What is sent to the process for ``seat``'s decision."""
        raise NotImplementedError

    def name(self, seat: int) -> str:
        raise NotImplementedError

    def decision_key(self):
        """Which decision the process died on (a second death on the same one: the beginner's move)."""
        raise NotImplementedError

    def beginner(self, seat: int):
        """The beginner's move for ``seat`` (legal), played when the process died twice."""
        raise NotImplementedError

    def play(self, seat: int, action) -> None:
        """Apply an opponent's move as its seat (logged, autosaved) and show it."""
        raise NotImplementedError

    def show_thinking(self) -> None:
        """Show the thinking line (``thinking``) where the game shows it (each spinner tick)."""

    def idle(self) -> None:
        """A person decides (or nobody): called from ``changed``."""

    def hint_arrived(self, answer) -> None:
        """A hint's answer (for the request ``hint_request``)."""

    # ------------------------------------------------------------ who plays
    def plays(self, seat: int | None) -> bool:
        return seat is not None and seat < len(self.seats) and self.seats[seat].is_opponent

    def title(self, seat: int) -> str:
        level = self.seats[seat].level
        return f"{self.name(seat)} ({LEVEL_TITLES.get(level, level)})"

    hurries = True  # Esc hurries an opponent that decides (a hosted game's other seats: not from here)

    @property
    def busy(self) -> bool:
        """An opponent decides now: the keys that play wait (Esc hurries it)."""
        return self.plays(self.deciding())

    def thinking(self, seat: int) -> str:
        """The line that says an opponent decides: thinking (with the seconds), or playing its moves."""
        spent = time.monotonic() - self._since
        if self.waiting is not None and spent >= 0.3:  # (a quick answer is not worth a flicker)
            return (f"{SPINNER[self._spin % len(SPINNER)]} {self.title(seat)} is thinking… {spent:.0f} s"
                    + ("  (hurried)" if self.rushing else "  (Esc hurries)"))
        return f"{self.title(seat)} plays" + ("" if self.rushing else "  (Esc: faster)")

    # ------------------------------------------------------------ the process
    def start(self) -> None:
        """Start the opponents' process (once: it serves every seat, and the hints)."""
        if self.process is not None:
            return
        from ..opponents.worker import OpponentProcess

        seats = {i: (s.level, s.budget or DEFAULT_BUDGET) for i, s in enumerate(self.seats) if s.is_opponent}
        self.process = OpponentProcess(seats, game=self.game)
        asyncio.get_running_loop().add_reader(self.process.fileno(), self._readable)
        self._reading = True

    def close(self) -> None:
        self.closed = True
        for t in (self._timer, self._ticker):
            if t is not None:
                t.stop()
        self._drop_process()

    def _drop_process(self) -> None:
        if self.process is not None:
            if self._reading:
                try:
                    asyncio.get_running_loop().remove_reader(self.process.fileno())
                except (RuntimeError, ValueError, OSError):
                    pass
                self._reading = False
            self.process.close()
            self.process = None

    def ask_for_hint(self, seat: int) -> None:
        """Ask a master what ``seat`` (a person) should do; the answer comes to ``hint_arrived``."""
        self.start()
        self.hint_request = self.process.suggest(self.seen(seat), seat, self.hint_budget)

    # ------------------------------------------------------------ the game changed
    def changed(self) -> None:
        """After every redraw: ask the opponent whose decision it is (once)."""
        if self.closed:
            return
        if self.clocked is not None:  # the one clock of both games (issue 39): each move timed from now on
            self.clocked.start_clock()
        who = self.deciding()
        if not self.plays(who):
            self.rushing = False
            self._stop_ticker()
            self.idle()
            return
        if (self.waiting is not None and self.waiting_seat == who) or self._pending is not None:
            return  # already asked (a redraw while it thinks), or its move waits for its pause
        self.start()
        if self.hint_request is not None:  # a hint still thinking: the opponent's move comes first
            self.process.hurry()
            self.hint_request = None
        self.waiting = self.process.ask(self.seen(who), who)
        self.waiting_seat = who
        self._since = time.monotonic()
        if self._ticker is None:
            self._ticker = self.screen.set_interval(0.25, self._tick)

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _tick(self) -> None:
        self._spin += 1
        if self.waiting is not None:
            self.show_thinking()

    # ------------------------------------------------------------ Esc
    def hurry(self) -> bool:
        """Esc while an opponent decides: stop its thinking now, no pauses until a person decides. True
        if there was an opponent to hurry (else Esc does what it does otherwise)."""
        if not self.busy:
            return False
        self.rushing = True
        if self.process is not None and self.waiting is not None:
            self.process.hurry()
        if self._pending is not None and self._timer is not None:
            self._timer.stop()
            self._apply_pending()
        return True

    # ------------------------------------------------------------ answers
    def _readable(self) -> None:
        while self.process is not None and self.process.ready():
            try:
                answer = self.process.receive()
            except (EOFError, OSError):
                self._died()
                return
            self.answered(answer)

    def answered(self, answer) -> None:
        """An answer from the process: a hint asked for, or the move waited for (older ones are stale)."""
        if answer.hint:
            self.hint_answered(answer)
        elif answer.request == self.waiting:
            self.waiting = None
            self._arrived(answer)

    def hint_answered(self, answer) -> None:
        """A hint's answer, from the process or (a hosted game) the host: only the one asked for counts."""
        if answer.request == self.hint_request:
            self.hint_request = None
            self.cut_short(answer, "The hint")
            self.hint_arrived(answer)

    def cut_short(self, answer, who: str) -> None:
        """Say so when the time cap stopped a search short of its level's simulations (a level is its
        simulations, the same on every machine: a slower or busier machine than it was set for weakens
        that decision, and the player should know)."""
        if getattr(answer, "cut", False):
            self.screen.notify(f"{who} stopped thinking at its time cap: {answer.simulations} of its "
                               f"{answer.target} simulations (this machine is slower than the level was set "
                               "for: that move is weaker than the level)", severity="warning", timeout=8)

    def _died(self) -> None:
        """The process is gone (killed, out of memory): start it again and ask once more; a second
        death on the same decision plays the beginner's move (with a note), so the game goes on."""
        self._drop_process()
        self.hint_request = None  # a hint asked of the dead process: asked again when wanted
        if self.waiting is None or self.closed:
            self.screen.notify("The opponents' process stopped; it starts again when it is needed.",
                               severity="warning")
            return
        seat, self.waiting = self.waiting_seat, None
        key = self.decision_key()
        if self._died_for != key:
            self._died_for = key
            self.screen.notify(f"The opponents' process stopped. Started again: {self.title(seat)} thinks anew.",
                               severity="warning", timeout=6)
            self.changed()
            return
        self._died_for = None
        self._stop_ticker()
        move = self.beginner(seat)
        self.screen.notify(f"{self.title(seat)} could not decide (the opponents' process stopped twice): "
                           "this move is the beginner's.", severity="error", timeout=10)
        self._pending = (seat, move)
        self.screen.call_later(self._apply_pending)

    def _arrived(self, answer) -> None:
        self.cut_short(answer, self.title(answer.seat))
        if answer.error:  # a bug in a level: the process played the beginner's move instead, if it could
            self.screen.notify(f"{self.title(answer.seat)} could not decide: {answer.error}"
                               + (" (it plays a simple legal move instead)" if answer.action else ""),
                               severity="error", timeout=10)
            if not answer.action:
                return
        self._pending = (answer.seat, answer.move)
        self.show_thinking()
        wait = 0.0 if self.rushing or not self.pace else max(0.0, self.pace - (time.monotonic() - self.last_move_at))
        if wait:
            self._timer = self.screen.set_timer(wait, self._apply_pending)
        else:
            self.screen.call_later(self._apply_pending)

    def _apply_pending(self) -> None:
        pending, self._pending, self._timer = self._pending, None, None
        if pending is None or self.closed:
            return
        seat, action = pending
        if self.deciding() != seat:
            return  # the game moved on (an undo): asked again on the next redraw
        if self.screen.app.screen is not self.screen:  # a dialog is open: the move waits for its closing
            self._pending = pending
            return
        self.play(seat, action)
        self.last_move_at = time.monotonic()

    def resumed(self) -> None:
        """The screen is on top again (a dialog closed): a move that waited goes on."""
        if self._pending is not None and self._timer is None:
            self.screen.call_later(self._apply_pending)
        else:
            self.changed()
