"""``h`` in a hosted game: the master's suggestion for a client's own decision, worked out on the host.

A hosted player expects the hint they get at home. At home the screen asks the opponents' process
(``opponents.worker``: ``suggest``, a master with ``HINT_BUDGET`` to think); here the host asks the
game's own opponents' process (the one its computer opponents play in, started if the game has none
yet), with the view of the seat the connection sits at, never more: a hint sees what that seat may see.

Bounded so a client cannot make the host spin: a hint only for the connection's own seat while that
seat decides, one hint under way per connection, ``HINT_RATE`` per connection, and the master's
budget; a hint that comes after the game moved on is answered "the game moved on", not shown.
"""

from __future__ import annotations

from . import protocol as P

HINT_BUDGET = "1s"  # the master's thinking for a hint, as at home (``ui.opponents.HINT_BUDGET``)
HINT_RATE = (0.34, 6)  # hints a second on average (one every 3 s: a third of a core at most), bursts of 6
# (with hints on, each decision of a turn asks one); more is refused, with why


class HintDesk:
    """The hints under way on one host: which connection asked which game's process, for which decision."""

    def __init__(self, host) -> None:
        self.host = host
        self.waiting: dict[tuple[str, int], tuple] = {}  # (game id, request) -> (connection, ref, log length)

    def ask(self, conn, msg: P.AskHint) -> None:
        def no(why: str) -> None:
            conn.send(P.Hinted(msg.game, msg.ref, error=why))

        g = self.host.games.get(msg.game)
        opened = conn.games.get(msg.game)
        if g is None or opened is None:
            return no("that game is not open here")
        seat = opened[0]
        if seat is None:
            return no("you are watching this game: hints are for the players")
        if g.retired:
            return no("the game is over")
        if self.host._lock(g.id).locked():  # (a move being written: the state after it is not told yet)
            return no("a move is being saved: ask again in a moment")
        if getattr(g, "paused", None):
            return no(f"the game is paused: {g.paused}")
        if g.session.current_player != seat:
            return no("a hint is for your own decision: it is not your turn")
        if any(c is conn for c, _, _ in self.waiting.values()):
            return no("the master is still thinking about your last hint")
        if not conn.hints.take():
            return no("you are asking for hints too fast: one every few seconds")
        process = g.process()
        if process is None:
            return no(f"{g.game.title} has no master on this host to ask")
        try:
            request = process.suggest(g.session.view(seat), seat, HINT_BUDGET)
        except OSError:  # the process died meanwhile: the host's reader starts it again when it is needed
            return no("the opponents' process stopped: ask again")
        self.waiting[(g.id, request)] = (conn, msg.ref, len(g.session.log))
        self.host.watch(g)

    def answered(self, g, answer) -> None:
        """An answer of the game's process with ``hint`` set: to the connection that asked, if it is still current."""
        asked = self.waiting.pop((g.id, answer.request), None)
        if asked is None:
            return
        conn, ref, at = asked
        if answer.error:
            conn.send(P.Hinted(g.id, ref, error=f"the master could not decide: {answer.error}"))
        elif at != len(g.session.log):
            conn.send(P.Hinted(g.id, ref, error="the game moved on while the master thought"))
        else:
            conn.send(P.Hinted(g.id, ref, answer.seat, answer.action, tuple(answer.plan), answer.gain, answer.win,
                               tuple(answer.alternative), answer.alternative_gain, answer.alternative_win))

    def lost(self, g) -> None:
        """The game's process died: every hint it owed is answered with why."""
        for key in [k for k in self.waiting if k[0] == g.id]:
            conn, ref, _ = self.waiting.pop(key)
            conn.send(P.Hinted(g.id, ref, error="the opponents' process stopped: ask again"))

    def gone(self, conn) -> None:
        """A connection left: nothing is owed to it any more."""
        for key in [k for k, v in self.waiting.items() if v[0] is conn]:
            del self.waiting[key]
