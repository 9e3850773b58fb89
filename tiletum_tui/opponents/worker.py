"""Opponents in a process of their own, so a screen never waits on their thinking.

``OpponentProcess`` starts one process (``spawn``: a fresh interpreter, safe beside a running app's
threads) that holds an ``Opponent`` per seat. The screen sends it a view (bytes: only a view ever
leaves the game) and gets an ``Answer`` back on a pipe whose file descriptor an event loop can
watch (``fileno``); ``hurry`` sets a shared flag the master's search polls, so Esc stops the
thinking at once with the best plan found so far. ``suggest`` asks a master for a seat played by a
person (the hint), with its own Opponent so it never disturbs the seat's own plan.

Messages are plain tuples of strings and numbers, so nothing of the state but the view crosses over.
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass

from ..engine import notation, parse
from ..engine.views import decode_view, encode_view
from .levels import Budget, Opponent


@dataclass(frozen=True)
class Answer:
    """An opponent's decision (or a hint), as it comes back from the process."""

    request: int  # the number of the request it answers (older answers are stale)
    seat: int
    action: str  # notation
    plan: tuple[str, ...]  # the turn's plan, notation, this action first
    gain: float
    win: float | None
    simulations: int
    seconds: float
    hint: bool = False
    error: str = ""

    @property
    def move(self):
        return parse(self.action)


def _serve(conn, hurry, seats: dict) -> None:
    """The process: answer each request until told to stop (None) or the pipe closes."""
    players = {seat: Opponent(seat, level, Budget.parse(budget)) for seat, (level, budget) in seats.items()}
    hinters: dict[tuple, Opponent] = {}
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        kind, request, seat, data, budget = msg  # (the screen cleared the hurry flag when it asked)
        try:
            seen = decode_view(data)
            if kind == "hint":
                key = (seat, budget)
                opp = hinters.get(key) or hinters.setdefault(key, Opponent(seat, "master", Budget.parse(budget)))
            else:
                opp = players[seat]
            c = opp.choose(seen, hurry.is_set)
            answer = Answer(request, seat, notation(c.action), tuple(notation(a) for a in c.plan), c.gain, c.win,
                            c.simulations, c.seconds, hint=kind == "hint")
        except Exception as exc:  # a bug must not leave the screen waiting forever: say so
            answer = Answer(request, seat, "", (), 0.0, None, 0, 0.0, hint=kind == "hint",
                            error=f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (EOFError, OSError, BrokenPipeError):
            return


class OpponentProcess:
    """The screen's side of the opponents' process. ``seats``: seat -> (level, budget text)."""

    def __init__(self, seats: dict[int, tuple[str, str]]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._hurry = ctx.Event()
        self._request = 0
        self.process = ctx.Process(target=_serve, args=(child, self._hurry, dict(seats)), daemon=True,
                                   name="tiletum-opponents")
        self.process.start()
        child.close()

    def fileno(self) -> int:
        return self._conn.fileno()

    def ask(self, seen, seat: int) -> int:
        """Ask the seat's opponent for its next action in view ``seen``; returns the request's number."""
        return self._send("move", seen, seat, "")

    def suggest(self, seen, seat: int, budget: str) -> int:
        """Ask a master what it would do in ``seat``'s place (a hint for a person)."""
        return self._send("hint", seen, seat, budget)

    def _send(self, kind: str, seen, seat: int, budget: str) -> int:
        self._request += 1
        self._hurry.clear()
        self._conn.send((kind, self._request, seat, encode_view(seen), budget))
        return self._request

    def hurry(self) -> None:
        self._hurry.set()

    def ready(self) -> bool:
        return self._conn.poll()

    def receive(self) -> Answer:
        return self._conn.recv()

    def close(self) -> None:
        """Stop the process (it ends at once if it is thinking: the flag hurries it, the pipe closes)."""
        self._hurry.set()
        try:
            self._conn.send(None)
        except (OSError, BrokenPipeError):
            pass
        self._conn.close()
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=1)
