"""The client's side of a hosted game: the link to the host, the games open at a client, and
``RemoteModel`` (in ``remote_model``, imported when the first game opens: the lobby is painted
without the engine, the session or a game's screens; connect-to-lobby, issue 25).

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
                from .remote_model import RemoteModel  # start-up: the lobby is painted first (the docstring)

                model = self.models[msg.game] = RemoteModel(self.link, msg)
                if self.opened is not None:
                    self.opened(model)
            return True
        if isinstance(msg, (P.Update, P.Seats, P.Said, P.Hinted, P.Paused)):
            model = self.models.get(msg.game)
            if model is not None:
                if isinstance(msg, P.Paused):
                    model.paused_changed(msg.why)
                elif isinstance(msg, P.Update):
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


def __getattr__(name: str):
    if name == "RemoteModel":  # (``from .client import RemoteModel``, once a game is open anyway)
        from .remote_model import RemoteModel  # start-up: the lobby is painted first (the docstring)

        return RemoteModel
    raise AttributeError(name)
