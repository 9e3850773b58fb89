"""Opponents in a process of their own, so a screen never waits on their thinking.

``OpponentProcess`` starts one process (a fresh interpreter, safe beside a running app's
threads) that holds an ``Opponent`` per seat. The screen sends it a view (bytes: only a view ever
leaves the game) and gets an ``Answer`` back on a pipe whose file descriptor an event loop can
watch (``fileno``); ``hurry`` sends a word down the pipe, and the master's search polls the pipe
between simulations, so Esc stops the thinking at once with the best plan found so far. ``suggest`` asks a master for a seat played by a
person (the hint), with its own Opponent so it never disturbs the seat's own plan.

While nothing is asked, a level that thinks on the others' time (the grandmaster) ponders its kept tree, a
fixed number of simulations, polling the pipe between them (any message ends it at once); each request
for a move carries the actions played since the last one, which it follows that tree by.

Messages are plain tuples of strings and numbers, so nothing of the state but the view crosses over.
The process serves one game, by name: its opponents, view bytes and notation come from
``plug.for_game`` (``games.OPPONENTS``), so nothing here names a game but the default.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from multiprocessing.connection import Connection
from dataclasses import dataclass

from .base import Budget
from .plug import for_game


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
    replanned: bool = False  # a fresh plan (not the next step of the last one)
    error: str = ""
    alternative: tuple[str, ...] = ()  # the master's second-best turn (notation), for a hint's "instead"
    alternative_gain: float = 0.0
    alternative_win: float | None = None
    game: str = "tiletum"  # whose notation ``action`` is in
    target: int = 0  # the simulations the level thinks to (0: a level that does not search)
    cut: bool = False  # the time cap stopped the search at ``simulations`` of ``target`` (said on screen)

    @property
    def move(self):
        return for_game(self.game).parse(self.action)


# The child: this module by its package name (so the Answers it pickles unpickle here), serving the
# socket it inherited until it is told to stop or the socket closes (the app ended, however it ended).
_CHILD = ("import json, sys\n"
          "from multiprocessing.connection import Connection\n"
          "from tiletum_tui.shell.opponents.worker import _serve\n"
          "_serve(Connection(int(sys.argv[1])), {int(k): tuple(v) for k, v in json.loads(sys.argv[2]).items()},\n"
          "       sys.argv[3])\n")


def _serve(conn, seats: dict, game: str = "tiletum") -> None:
    """The process: answer each request until told to stop (None) or the pipe closes."""
    # Its stderr is the player's terminal: a stray warning must not draw over the game.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    sys.stderr = open(os.devnull, "w")
    plug = for_game(game)
    players = {seat: plug.opponent(seat, level, Budget.parse(budget)) for seat, (level, budget) in seats.items()}
    hinters: dict[tuple, object] = {}
    while True:
        try:
            _ponder(players, conn.poll)  # while nothing is asked: any message ends it at once
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        if msg == "hurry":  # came after the answer it was meant for
            continue
        kind, request, seat, data, budget, played = msg
        try:
            if played is None or played:  # (None: not followed from here, an undo: what was kept is let go)
                _tell(plug, players, played)
            seen = plug.decode_view(data)
            if kind == "hint":
                key = (seat, budget)
                opp = hinters.get(key) or hinters.setdefault(key, plug.opponent(seat, "master", Budget.parse(budget)))
            else:
                opp = players[seat]
            c = opp.choose(seen, conn.poll)  # anything on the pipe (Esc's "hurry") stops the search
            notation = plug.notation
            answer = Answer(request, seat, notation(c.action), tuple(notation(a) for a in c.plan), c.gain, c.win,
                            c.simulations, c.seconds, hint=kind == "hint", replanned=c.replanned,
                            alternative=tuple(notation(a) for a in c.alternative),
                            alternative_gain=c.alternative_gain, alternative_win=c.alternative_win, game=game,
                            target=c.target, cut=c.cut)
        except Exception as exc:  # a bug must not leave the screen waiting forever: say so, and play on
            answer = Answer(request, seat, _fallback(plug, data, request) if kind != "hint" else "", (), 0.0, None, 0,
                            0.0, hint=kind == "hint", error=f"{type(exc).__name__}: {exc}", game=game)
        try:
            conn.send(answer)
        except (EOFError, OSError, BrokenPipeError):
            return


def _tell(plug, players: dict, played) -> None:
    """Every opponent is told what was played since the last request (None, or notation it cannot read:
    not known, so what it kept is let go)."""
    try:
        actions = [plug.parse(p) for p in played] if played is not None else None
    except Exception:
        actions = None
    for opp in players.values():
        opp.played(actions)


def _ponder(players: dict, hurry) -> None:
    """The levels that think on the others' time do, seat by seat, until ``hurry()`` (a message came) or
    none has any left. A level that fails at it (a bug) lets its kept tree go: the game goes on."""
    for seat, opp in players.items():
        if not opp.pondering:
            continue
        try:
            if opp.ponder(hurry):
                return
        except Exception:
            opp.played(None)


def _fallback(plug, data: bytes, request: int) -> str:
    """The beginner's move (a legal one) where a level failed, so the game goes on; "" if even that fails."""
    try:
        return plug.notation(plug.fallback(plug.decode_view(data), request))
    except Exception:
        return ""


class OpponentProcess:
    """The screen's side of the opponents' process. ``seats``: seat -> (level, budget text); ``game``:
    the game's name (``games.OPPONENTS``)."""

    def __init__(self, seats: dict[int, tuple[str, str]], game: str = "tiletum") -> None:
        self._plug = for_game(game)
        # A plain subprocess on a socket pair, not multiprocessing's ``spawn``: that also starts
        # multiprocessing's resource tracker, a third interpreter (13 MB) that tracks nothing here
        # (issue 24). The messages still go through a multiprocessing Connection (pickled tuples).
        mine, theirs = socket.socketpair()
        self._conn = Connection(mine.detach())
        self._request = 0
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)}
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-B", "-c", _CHILD, str(theirs.fileno()), json.dumps({str(k): v for k, v in seats.items()}),
                 game],
                pass_fds=(theirs.fileno(),), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, env=env, close_fds=True)
        finally:
            theirs.close()

    def fileno(self) -> int:
        return self._conn.fileno()

    def ask(self, seen, seat: int, played: tuple[str, ...] | None = ()) -> int:
        """Ask the seat's opponent for its next action in view ``seen``; returns the request's number.
        ``played``: the actions (notation) played since the last ``ask``, in order, which a level that
        thinks on the others' time follows its kept tree by (None: not known, an undo or a game loaded:
        what the opponents kept is let go)."""
        return self._send("move", seen, seat, "", played)

    def suggest(self, seen, seat: int, budget: str) -> int:
        """Ask a master what it would do in ``seat``'s place (a hint for a person)."""
        return self._send("hint", seen, seat, budget, ())

    def _send(self, kind: str, seen, seat: int, budget: str, played) -> int:
        self._request += 1
        self._conn.send((kind, self._request, seat, self._plug.encode_view(seen), budget,
                         tuple(played) if played is not None else None))
        return self._request

    def hurry(self) -> None:
        try:
            self._conn.send("hurry")
        except (OSError, BrokenPipeError):
            pass

    def ready(self) -> bool:
        return self._conn.poll()

    def receive(self) -> Answer:
        return self._conn.recv()

    def close(self) -> None:
        """Stop the process (if it is thinking, the message hurries it; then it reads the stop)."""
        try:
            self._conn.send(None)
        except (OSError, BrokenPipeError):
            pass
        self._conn.close()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.terminate()
            try:
                self.process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
