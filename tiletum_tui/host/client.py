"""The client's side of a hosted game: the link to the host, and ``RemoteModel``.

``RemoteModel`` has the shape of ``ui.model.GameModel`` (view, log, options, legal, apply / undo /
redo with ``by=seat``), so the game's own screens play a hosted game unchanged; but it holds no
state, only the latest view of its seat and the log the host sent. ``apply`` sends the move in
notation and returns None: the host's answer (``Update`` for everyone at the table, or ``Refused``
for this client) reaches the screen as the model's ``Changed`` / ``Refused`` messages, the same way
a move by another player, an opponent or a reconnect does (issue 25: "a move arriving from the host
must redraw every terminal").
"""

from __future__ import annotations

import asyncio
import socket

from .. import games
from ..session import LogEntry, NotYourMoveError
from ..ui.model import GameModel
from . import protocol as P


class HostLink:
    """One connection to the host: over its socket (``path``, with a name: ``join --as``) or an
    inherited socket (``fd``: the SSH door made it, and the host knows who is at the other end)."""

    def __init__(self, *, path: str | None = None, fd: int | None = None, name: str = "") -> None:
        self.path, self.fd, self.name = path, fd, name
        self.reader = self.writer = None
        self._ref = 0

    async def connect(self) -> None:
        if self.fd is not None:
            sock = socket.socket(fileno=self.fd)
            self.fd = None  # (an inherited socket can be used once: a lost one is not made again)
            self.reader, self.writer = await asyncio.open_unix_connection(sock=sock, limit=P.MAX_FRAME + 8)
        else:
            self.reader, self.writer = await asyncio.open_unix_connection(self.path, limit=P.MAX_FRAME + 8)
        self.send(P.Hello(P.VERSION, self.name))

    @property
    def can_reconnect(self) -> bool:
        return self.path is not None

    def send(self, msg) -> None:
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(P.frame(msg))

    def next_ref(self) -> int:
        self._ref += 1
        return self._ref

    async def receive(self):
        """The host's next message, or None when the connection ended."""
        try:
            data = await P.read_frame(self.reader)
        except (P.ProtocolError, ConnectionError, OSError):
            return None
        return None if data is None else P.decode_from_host(data)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def _entries(game, entries) -> list[LogEntry]:
    return [LogEntry(e.seat, e.text, e.notation, game.decode_events(e.events), tuple(e.barriers)) for e in entries]


class RemoteModel(GameModel):
    """A game on the host, as one seat (or a spectator) sees it. See the module docstring."""

    remote = True

    def __init__(self, link: HostLink, opened: P.Opened) -> None:
        super().__init__(None)  # no session here: the host holds the game
        self.link = link
        self._game = games.game(opened.name)
        self.id = opened.game
        self.pending: int | None = None  # the ref of the move or undo sent, until the host answers
        self.hint_pending: int | None = None  # the ref of the hint asked, until the host's master answers
        self.connection = "connected"
        self._load(opened)

    def _load(self, opened: P.Opened) -> None:
        self.seat = None if opened.seat < 0 else opened.seat
        self._view = self.game.decode_view(opened.view)
        self._log = _entries(self.game, opened.log)
        self._setup = tuple(self.game.decode_events(opened.setup))
        self.seats = opened.seats
        self.chat = list(opened.chat)
        self._undo, self._redo = opened.undo, opened.redo

    # ------------------------------------------------------------ what the screens read
    @property
    def game(self):
        """The game of the table, by the name the host gave (``games.game``): its rules read the view."""
        return self._game

    @property
    def view(self):
        return self._view

    state = view

    @property
    def log(self) -> list:
        return self._log

    @property
    def setup_events(self) -> tuple:
        return self._setup

    def plays_here(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat

    def deciding(self, state, title: str) -> str:
        line = super().deciding(state, title)
        who = self.game.current_player(state)
        seat = self.seats[who] if who is not None and who < len(self.seats) else None
        if seat is None:
            return line
        if seat.kind == "opponent":
            return f"{line}  ({seat.level}, thinking on the host)"
        return line if seat.connected else f"{line}  (not connected: the game waits)"

    # ------------------------------------------------------------ what the screens ask
    def _mine(self, by) -> None:
        if self.seat is None:
            raise NotYourMoveError("you are watching this game: a spectator cannot make moves")
        if by != self.seat:
            raise NotYourMoveError("you play only your own seat here")

    def apply(self, action, *, by):
        """Send the move to the host; None (its answer comes as a message to the screen)."""
        self._mine(by)
        if self.pending is not None:
            raise NotYourMoveError("the host has not answered your last move yet")
        self.pending = self.link.next_ref()
        self.link.send(P.Act(self.id, self.game.notation(action), self.pending))
        return None

    def can_undo(self, *, by) -> str | None:
        if self.seat is None:
            return "you are watching this game"
        return self._undo if self.pending is None else "waiting for the host"

    def can_redo(self, *, by) -> str | None:
        if self.seat is None:
            return "you are watching this game"
        return self._redo if self.pending is None else "waiting for the host"

    def undo(self, *, by) -> None:
        self._step(by, redo=False)

    def redo(self, *, by):
        self._step(by, redo=True)

    def _step(self, by, redo: bool) -> None:
        self._mine(by)
        self.pending = self.link.next_ref()
        self.link.send(P.Undo(self.id, redo, self.pending))

    def say(self, text: str) -> None:
        self.link.send(P.Say(self.id, text))

    def ask_hint(self) -> int:
        """``h``: ask the host's master for this seat's decision; its ref (the answer comes as ``Hinted``)."""
        self._mine(self.seat)
        self.hint_pending = self.link.next_ref()
        self.link.send(P.AskHint(self.id, self.hint_pending))
        return self.hint_pending

    # ------------------------------------------------------------ what the host says
    def updated(self, u: P.Update) -> None:
        new = tuple(_entries(self.game, u.entries))
        self._log = self._log[: u.start] + list(new)
        self._view = self.game.decode_view(u.view)
        self.seats = u.seats
        self._undo, self._redo = u.undo, u.redo
        # The host sends the change before it accepts: while our move is under way, the change is ours.
        self._changed(new, own=self.pending is not None)

    def accepted(self, a: P.Accepted) -> None:
        if a.ref == self.pending:
            self.pending = None

    def reopened(self, opened: P.Opened) -> None:
        """The connection came back: the game as it is now (it may have moved on meanwhile)."""
        self.pending = self.hint_pending = None
        self._load(opened)
        self.connection = "connected"
        self._changed((), own=False)

    def refused(self, r: P.Refused) -> None:
        self.pending = None
        self.tell(self.Refused(r.why))

    def hinted(self, h: P.Hinted) -> None:
        if h.request == self.hint_pending:
            self.hint_pending = None
            self.tell(self.Hinted(h))

    def seats_changed(self, seats) -> None:
        self.seats = seats
        self.tell(self.Noted("seats"))

    def said(self, line: P.Chat) -> None:
        self.chat = self.chat + [line]
        self.tell(self.Noted("talk", f"{line.who}: {line.text}"))

    def lost(self, why: str) -> None:
        self.connection = why
        self.pending = self.hint_pending = None
        self.tell(self.Noted("connection", why))


class ClientGames:
    """The games open at one client: hands each message about a game to its model. ``heard``
    returns True when the message was about a game (the app handles the rest: the lobby, goodbyes)."""

    def __init__(self, link: HostLink, opened=None) -> None:
        self.link = link
        self.models: dict[str, RemoteModel] = {}
        self.opened = opened  # called with a new RemoteModel (the app shows its screen)

    def heard(self, msg) -> bool:
        if isinstance(msg, P.Opened):
            model = self.models.get(msg.game)
            if model is not None:
                model.reopened(msg)
            else:
                model = self.models[msg.game] = RemoteModel(self.link, msg)
                if self.opened is not None:
                    self.opened(model)
            return True
        if isinstance(msg, (P.Update, P.Seats, P.Said, P.Hinted)):
            model = self.models.get(msg.game)
            if model is not None:
                if isinstance(msg, P.Update):
                    model.updated(msg)
                elif isinstance(msg, P.Hinted):
                    model.hinted(msg)
                elif isinstance(msg, P.Seats):
                    model.seats_changed(msg.seats)
                else:
                    model.said(msg.chat)
            return True
        if isinstance(msg, P.Accepted):
            for model in self.models.values():
                model.accepted(msg)
            return True
        if isinstance(msg, P.Refused):
            model = next((m for m in self.models.values() if msg.ref and m.pending == msg.ref), None)
            if model is not None:
                model.refused(msg)
                return True
        return False

    def reopen(self) -> None:
        """After a reconnect: every game open here opens again, as it is now on the host."""
        for gid, model in self.models.items():
            self.link.send(P.Open(gid, watch=model.seat is None))

    def lost(self, why: str) -> None:
        for model in self.models.values():
            model.lost(why)

    def leave(self, game_id: str) -> None:
        if self.models.pop(game_id, None) is not None:
            self.link.send(P.Leave(game_id))
