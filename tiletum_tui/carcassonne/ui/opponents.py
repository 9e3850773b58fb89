"""Computer opponents on the Carcassonne screen: they think in the opponents' process (``opponents.worker``,
serving this game by name), never on the screen's thread, and play through the session like a person
would, one move at a time.

``SeatsDriver`` belongs to one ``CarcassonneScreen``. After every redraw, if the seat in turn is an
opponent's it sends the process that seat's view and the message line says it is thinking (a spinner
and the seconds spent); Esc hurries it and skips the pauses until a person decides again. Each move is
applied as that seat (logged, autosaved), ``pace`` seconds after the one before, and marked on the
board: the cursor goes to the tile it placed, drawn highlighted. ``h`` asks a master what the person
deciding should do (``explain``: the tile and follower, what it completes or goes for, the points it
expects) and puts the cursor and the tile's turn on the suggested place, so Enter plays it.
"""

from __future__ import annotations

import asyncio
import time

from ...opponents.base import LEVEL_TITLES
from ..engine import Place, parse
from ..opponents.explain import explain
from ..opponents.levels import beginner_move, decision_seed

DEFAULT_BUDGET = "2s"  # the master's thinking per decision, unless the seat says otherwise
HINT_BUDGET = "1s"
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class SeatsDriver:
    pace = 0.7  # seconds between two moves of the opponents (0: as they come)

    def __init__(self, screen) -> None:
        self.screen = screen
        self.session = screen.session
        self.process = None
        self.waiting: int | None = None  # the request of the move we wait for
        self.waiting_seat: int | None = None
        self.hint_request: int | None = None
        self.hint_for = None  # the decision the hint was asked for
        self.rushing = False
        self.closed = False
        self.last_move_at = 0.0
        self.marked: int | None = None  # the placement of the opponents' last tile (highlighted)
        self._since = 0.0
        self._spin = 0
        self._ticker = None
        self._timer = None
        self._pending = None
        self._died_for = None

    # ------------------------------------------------------------ who plays
    def plays(self, seat: int | None) -> bool:
        return seat is not None and self.session.seat(seat).is_opponent

    def title(self, seat: int) -> str:
        level = self.session.seat(seat).level
        return f"{self.session.state.players[seat].name} ({LEVEL_TITLES.get(level, level)})"

    @property
    def busy(self) -> bool:
        """An opponent decides now: the keys that play wait (Esc hurries it)."""
        return self.plays(self.session.current_player)

    def refusal(self) -> str:
        seat = self.session.current_player
        return f"{self.title(seat)} is deciding: Esc hurries it."

    # ------------------------------------------------------------ the process
    def _start(self) -> None:
        if self.process is not None:
            return
        from ...opponents.worker import OpponentProcess

        seats = {i: (s.level, s.budget or DEFAULT_BUDGET) for i, s in enumerate(self.session.seats) if s.is_opponent}
        self.process = OpponentProcess(seats, game="carcassonne")
        asyncio.get_running_loop().add_reader(self.process.fileno(), self._readable)

    def close(self) -> None:
        self.closed = True
        for t in (self._ticker, self._timer):
            if t is not None:
                t.stop()
        self._drop()

    def _drop(self) -> None:
        if self.process is not None:
            try:
                asyncio.get_running_loop().remove_reader(self.process.fileno())
            except (RuntimeError, ValueError, OSError):
                pass
            self.process.close()
            self.process = None

    # ------------------------------------------------------------ the game changed
    def changed(self) -> None:
        """After every redraw: ask the opponent whose decision it is (once)."""
        if self.closed:
            return
        who = self.session.current_player
        if not self.plays(who):
            self.rushing = False
            self._stop_ticker()
            return
        if self.waiting is not None or self._pending is not None:
            return
        self._start()
        if self.hint_request is not None:  # a hint still thinking: the opponent's move comes first
            self.process.hurry()
            self.hint_request = None
        self.waiting = self.process.ask(self.session.view(who), who)
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
        if self.waiting is not None:  # (a line the screen said meanwhile stays, under the spinner)
            said = self.screen.message
            self.screen.show_message(self.status() + (f"\n{said}" if said else ""))

    def status(self) -> str:
        """The message line while an opponent decides."""
        seat = self.session.current_player
        if not self.plays(seat):
            return ""
        spent = time.monotonic() - self._since
        if self.waiting is not None and spent >= 0.3:
            return (f"{SPINNER[self._spin % len(SPINNER)]} {self.title(seat)} is thinking… {spent:.0f} s"
                    + ("  (hurried)" if self.rushing else "  (Esc hurries)"))
        return f"{self.title(seat)} plays" + ("" if self.rushing else "  (Esc: faster)")

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
            if answer.hint:
                self._hint_arrived(answer)
            elif answer.request == self.waiting:
                self.waiting = None
                self._arrived(answer)

    def _died(self) -> None:
        """The process is gone: start it again and ask once more; a second death on the same decision
        plays the beginner's move (legal), with a note, so the game goes on."""
        self._drop()
        self.hint_request = None
        if self.waiting is None or self.closed:
            return
        seat, self.waiting = self.waiting_seat, None
        key = (self.session.state.turn, self.session.state.phase)
        if self._died_for != key:
            self._died_for = key
            self.screen.notify(f"The opponents' process stopped. Started again: {self.title(seat)} thinks anew.",
                               severity="warning", timeout=6)
            self.changed()
            return
        self._died_for = None
        seen = self.session.view(seat)
        move = beginner_move(seen, decision_seed(seen, seat, "beginner"))
        self.screen.notify(f"{self.title(seat)} could not decide (the opponents' process stopped twice): "
                           "this move is the beginner's.", severity="error", timeout=10)
        self._pending = (seat, move)
        self.screen.call_later(self._apply_pending)

    def _arrived(self, answer) -> None:
        if answer.error:
            self.screen.notify(f"{self.title(answer.seat)} could not decide: {answer.error}"
                               + (" (it plays a simple legal move instead)" if answer.action else ""),
                               severity="error", timeout=10)
            if not answer.action:
                return
        self._pending = (answer.seat, parse(answer.action))
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
        if self.session.current_player != seat:
            return
        if self.screen.app.screen is not self.screen:  # a dialog is open: the move waits for its closing
            self._pending = pending
            return
        self.session.apply(action, by=seat)  # as that seat: logged, autosaved
        self.last_move_at = time.monotonic()
        if isinstance(action, Place):
            self.marked = len(self.session.state.placed) - 1
            self.screen.cursor = (action.x, action.y)  # the board shows where it went
        self.screen.message = ""
        self.screen.refresh_all()

    def resumed(self) -> None:
        """The screen is on top again (a dialog closed): a move that waited goes on."""
        if self._pending is not None and self._timer is None:
            self.screen.call_later(self._apply_pending)
        else:
            self.changed()

    # ------------------------------------------------------------ h: the master's suggestion
    def ask_hint(self) -> str:
        """Ask a master what the person deciding should do; the words say what happens meanwhile."""
        who = self.session.current_player
        if who is None:
            return "The game is over."
        if self.plays(who):
            return self.refusal()
        self._start()
        state = self.session.state
        self.hint_for = (state.turn, state.phase, len(self.session.log))
        self.hint_request = self.process.suggest(self.session.view(who), who, HINT_BUDGET)
        return "The master is thinking about your tile… (1 s)"

    def _hint_arrived(self, answer) -> None:
        if answer.request != self.hint_request:
            return
        self.hint_request = None
        state = self.session.state
        if (state.turn, state.phase, len(self.session.log)) != self.hint_for:
            return  # the decision changed meanwhile
        if answer.error:
            self.screen.show_message(f"No suggestion: {answer.error}")
            return
        plan = [parse(a) for a in answer.plan]
        seen = self.session.view(answer.seat)
        place = plan[0] if isinstance(plan[0], Place) else None
        deploy = plan[-1]
        alternative = [parse(a) for a in answer.alternative]
        words = explain(seen, place, deploy, answer.gain, answer.win, alternative, answer.alternative_gain,
                        answer.alternative_win)
        self.screen.show_suggestion(place, deploy, words)

