"""A Table's hints (issue 39: one hint path, at home and on the host): the master's suggestion for a
person's seat, worked out in the Table's opponents' process from that seat's view only, never more.

A hint is only for a person's own seat while that seat decides, at most one under way per seat, and
the master's budget (``Table.hint_budget``); an answer that comes after the game moved on is answered
"the game moved on", never shown as if it were current. The answer goes to that seat's subscribers as
``updates.Hinted``, with the asker's ``ref``.
"""

from __future__ import annotations

from . import updates as U

# The host's cap on a hint's thinking (its opponents' processes are shared by every table): the master's
# own simulations take about 2 s on a slow 2-core machine, so 3 s cuts a hint short only on a busy host,
# and the screen says so (``HOSTS_HINT_CAP``). At home a hint has the master's own cap.
HOSTS_HINT_SECONDS = 3


class HintPath:
    """The hints under way at one Table: request -> (seat, ref, log length)."""

    def __init__(self, table) -> None:
        self.table = table
        self.waiting: dict[int, tuple[int, int, int]] = {}

    def busy(self, seat: int) -> bool:
        return any(s == seat for s, _, _ in self.waiting.values())

    def ask(self, seat: int | None, ref: int = 0, allow=None) -> str | None:
        """Ask the master for ``seat``'s decision; None, or why not (in words). ``allow()``: the asker's
        own last say (a host's rate per connection), called only when everything else allows it."""
        t = self.table
        s = t.session
        if seat is None:
            return "you are watching this game: hints are for the players"
        if t.retired or s.finished:
            return "the game is over"
        if t.lock.locked():  # (a move being written: the state after it is not told yet)
            return "a move is being saved: ask again in a moment"
        if t.paused:
            return f"the game is paused: {t.paused}"
        if t.is_opponent(seat):
            return "a hint is for a person's seat: the computer plays this one"
        if s.current_player != seat:
            return "a hint is for your own decision: it is not your turn"
        if self.busy(seat):
            return "the master is still thinking about your last hint"
        if allow is not None and not allow():
            return "you are asking for hints too fast: one every few seconds"
        process = t.opponents.start()
        if process is None:
            return f"{s.game.title} has no master here to ask"
        try:
            request = process.suggest(s.view(seat), seat, t.hint_budget)
        except OSError:  # the process died meanwhile: it starts again when it is needed
            t.opponents._died()
            return "the opponents' process stopped: ask again"
        self.waiting[request] = (seat, ref, len(s.log))
        return None

    def answered(self, answer) -> None:
        """An answer of the process with ``hint`` set: to the seat that asked, if it is still current."""
        asked = self.waiting.pop(answer.request, None)
        if asked is None:
            return
        seat, ref, at = asked
        if answer.error:
            self._tell(seat, ref, f"the master could not decide: {answer.error}")
        elif at != len(self.table.session.log):
            self._tell(seat, ref, "the game moved on while the master thought")
        else:
            self.table.tell(U.Hinted(seat=seat, ref=ref, action=answer.action, plan=tuple(answer.plan),
                                     gain=answer.gain, win=answer.win, alternative=tuple(answer.alternative),
                                     alternative_gain=answer.alternative_gain,
                                     alternative_win=answer.alternative_win, simulations=answer.simulations,
                                     target=answer.target, cut=answer.cut))

    def _tell(self, seat: int, ref: int, why: str) -> None:
        self.table.tell(U.Hinted(seat=seat, ref=ref, error=why))

    def lost(self) -> None:
        """The process died: every hint it owed is answered with why."""
        waiting, self.waiting = self.waiting, {}
        for seat, ref, _ in waiting.values():
            self._tell(seat, ref, "the opponents' process stopped: ask again")

    def yield_to_opponent(self) -> None:
        """An opponent decides now: the hints still thinking are old news (their answers say so when
        they come), and the opponent's move comes first (the process is hurried)."""
        if self.waiting and self.table.opponents.process is not None:
            self.table.opponents.process.hurry()
