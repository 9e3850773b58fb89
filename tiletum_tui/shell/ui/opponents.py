"""Computer opponents on a game's screen, the part every game shares: the screen *shows* them; the
game's ``table.Table`` (the screen's model's, run here in the app's own process and loop, issue 39)
drives them, as the host's Tables do: its one opponents' driver asks the opponents' process for the
seat deciding, with that seat's view only, and plays its answer as that seat after the pace; Esc
hurries it (``Table.hurry``); a process that dies twice plays the beginner's move.

``SeatDriver`` belongs to one game screen and listens to its Table: while an opponent thinks it shows
a spinner and the seconds spent (``Thinking``); an opponent's move reaches the screen as every change
does, through the model (``updates.Changed``), and the screen hands it to ``seen`` before it redraws,
so the one redraw shows the move where it happened; ``Played`` only says when the time cap cut its
thinking short; a hint's answer goes to the screen (``Hinted``). After every redraw (``changed``) the
Table is told to look at the game: an opponent whose decision it is is asked once.

A game's driver supplies what differs (the ``for a game`` methods): who decides, how a move is shown,
its hints. Nothing here knows a rule.
"""

from __future__ import annotations

import time

from ..opponents.base import LEVEL_TITLES
from ..session import EVERY_SEAT
from ..table import updates as U
from ..table.hints import HOSTS_HINT_SECONDS

HINT_BUDGET = ""  # a hint is the master's decision at its own strength (no stronger than the opponent)
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class _Hint:
    """A Table's hint answer (``updates.Hinted``) with the opponents' process's names (``request``)."""

    def __init__(self, u) -> None:
        self.request, self.hint = u.ref, True
        for name in ("seat", "action", "plan", "gain", "win", "alternative", "alternative_gain", "alternative_win",
                     "error", "simulations", "target", "cut"):
            setattr(self, name, getattr(u, name))


SLOWER_MACHINE = "this machine is slower than the level was set for: that move is weaker than the level"
HOSTS_HINT_CAP = (f"the host gives a hint {HOSTS_HINT_SECONDS} s at most and is busy: the suggestion is weaker "
                  "than the master's own move")


def say_cut_short(screen, answer, who: str, why: str = SLOWER_MACHINE) -> None:
    """Say so when the time cap stopped a search short of its level's simulations (a level is its
    simulations, the same on every machine: a slower or busier machine than it was set for, or the
    host's cap on a hint, weakens that decision, and the player should know). ``answer``: an
    opponent's move or a hint, at home or from the host; ``why``: why it was cut."""
    if getattr(answer, "cut", False):
        screen.notify(f"{who} stopped thinking at its time cap: {answer.simulations} of its "
                      f"{answer.target} simulations ({why})", severity="warning", timeout=8)


class SeatDriver:
    """Shows the opponents' seats of one game screen, driven by its Table (see the module docstring)."""

    pace = 0.7  # seconds between two moves of the opponents (0: as fast as they come)
    game = "tiletum"  # the game's name for the opponents' process (``games.OPPONENTS``)
    hint_budget = HINT_BUDGET

    def __init__(self, screen, seats) -> None:
        self.screen = screen
        self.seats = tuple(seats)  # saves.format.Seat per seat
        # The game's Table, the screen's model's (None: a hosted game's, played on the host): it times
        # the moves, drives the opponents and works out the hints, at this screen's pace.
        self.table = getattr(getattr(screen, "model", None), "table", None)
        if self.table is not None:
            self.table.opponents.pace = self.pace
            self.table.hint_budget = self.hint_budget
            self.table.opponents.may_play = lambda: self.screen.app.screen is self.screen
            self._sub = self.table.subscribe(EVERY_SEAT, self._heard)
        self.hint_request: int | None = None
        self._hint_ref = 0
        self.closed = False
        self._spin = 0
        self._ticker = None

    # ------------------------------------------------------------ the Table's, shown here
    @property
    def process(self):
        return None if self.table is None else self.table.opponents.process

    @property
    def waiting(self) -> int | None:
        return None if self.table is None else self.table.opponents.waiting

    @property
    def rushing(self) -> bool:
        return self.table is not None and self.table.opponents.rushing

    @property
    def last_move_at(self) -> float:
        return 0.0 if self.table is None else self.table.opponents.last_move_at

    # ------------------------------------------------------------ for a game
    def deciding(self) -> int | None:
        """The seat whose decision is in hand (None: nobody's, the game is over)."""
        raise NotImplementedError

    def name(self, seat: int) -> str:
        raise NotImplementedError

    def seen(self, entries) -> str | None:
        """A change of the game (its log ``entries``), before the screen draws it: an opponent's move
        shown where it happened (a game's own). Returns the view to show it in, if the game has views."""
        return None

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
        spent = time.monotonic() - (self.table.opponents.since if self.table is not None else 0.0)
        if self.waiting is not None and spent >= 0.3:  # (a quick answer is not worth a flicker)
            return (f"{SPINNER[self._spin % len(SPINNER)]} {self.title(seat)} is thinking… {spent:.0f} s"
                    + ("  (hurried)" if self.rushing else "  (Esc hurries)"))
        return f"{self.title(seat)} plays" + ("" if self.rushing else "  (Esc: faster)")

    def close(self) -> None:
        self.closed = True
        self._stop_ticker()
        if self.table is not None:
            self.table.unsubscribe(self._sub)
            self.table.close()

    def ask_for_hint(self, seat: int) -> None:
        """Ask the Table's master what ``seat`` (a person) should do; the answer comes to ``hint_arrived``."""
        if self.table is None:
            return
        self._hint_ref += 1
        why = self.table.hint(seat, self._hint_ref)
        if why is None:
            self.hint_request = self._hint_ref
        elif "still thinking" not in why:
            self.screen.notify(f"No suggestion: {why}", severity="warning")

    # ------------------------------------------------------------ the game changed
    def changed(self) -> None:
        """After every redraw: the Table looks at the game (an opponent deciding is asked, once)."""
        if self.closed:
            return
        who = self.deciding()
        if not self.plays(who):
            self._stop_ticker()
            self.idle()
        if self.table is not None:
            self.table.opponents.changed()

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _tick(self) -> None:
        self._spin += 1
        if self.waiting is not None:
            self.show_thinking()

    def _heard(self, u) -> None:
        """What the Table told: shown here (a change of the game reaches the screen through its model)."""
        if self.closed:
            return
        if isinstance(u, U.Thinking):
            if self._ticker is None:
                self._ticker = self.screen.set_interval(0.25, self._tick)
            self.show_thinking()
        elif isinstance(u, U.Played):  # (the move itself was the model's change: ``seen``)
            self.cut_short(u, u.title)
            if not self.busy:
                self._stop_ticker()
        elif isinstance(u, U.Hinted):
            self.hint_answered(_Hint(u))
        elif isinstance(u, U.Noticed):
            self.screen.notify(u.text, severity=u.severity, timeout=10 if u.severity == "error" else 6)

    # ------------------------------------------------------------ Esc
    def hurry(self) -> bool:
        """Esc while an opponent decides: stop its thinking now, no pauses until a person decides. True
        if there was an opponent to hurry (else Esc does what it does otherwise)."""
        if not self.busy or self.table is None:
            return False
        self.table.hurry()
        return True

    # ------------------------------------------------------------ answers
    def answered(self, answer) -> None:
        """An answer of the master for a hint asked (the process's, or the host's)."""
        if answer.hint:
            self.hint_answered(answer)

    def hint_answered(self, answer, why: str = SLOWER_MACHINE) -> None:
        """A hint's answer, from the Table or (a hosted game, ``why`` its cap) the host: only the one
        asked for counts."""
        if answer.request == self.hint_request:
            self.hint_request = None
            say_cut_short(self.screen, answer, "The hint", why)
            self.hint_arrived(answer)

    def cut_short(self, answer, who: str) -> None:
        say_cut_short(self.screen, answer, who)

    def resumed(self) -> None:
        """The screen is on top again (a dialog closed): a move that waited goes on."""
        if self.table is not None and not self.closed:
            self.table.opponents.resume()
