"""The host's connections: one a person (or a spectator) by name, through a door (the owner's socket,
SSH, the web), each served by its own task: the hello, then every message, until it leaves.

A client that sends garbage, an oversized frame, too many frames, or a move for another seat is
told why and disconnected; nothing is applied, and the host and everyone else go on (issue 25, "Bad
input and faults"). A part of ``server.Host``.
"""

from __future__ import annotations

import asyncio
import socket
import time

from tiletum_tui.core.safe_text import clean, name_problem
from . import protocol as P
from .replays import REPLAY_RATE

HINT_RATE = (0.34, 6)  # hints a second on average (one every 3 s: a third of a core at most), bursts of 6
# (with hints on, each decision of a turn asks one); more is refused, with why
CHAT_RATE = (1.0, 5)  # lines a second on average, bursts of: more is cut off with a reason
FRAME_RATE = (20.0, 60)  # messages a second, bursts of: more is a flood, and the client is disconnected
SLOW_CLIENT = 8 * 1024 * 1024  # bytes waiting to be sent to one client: more, and it is dropped


class Connection:
    def __init__(self, host: HostConnections, writer: asyncio.StreamWriter, name: str | None, via: str = "here",
                 watching: bool = False) -> None:
        self.host, self.writer, self.name = host, writer, name
        self.via = via  # the door it came through: here (the owner's socket), ssh or web
        self.watching = watching  # a watching link's: it watches, never plays, sits down or sets a table
        self.games: dict[str, list] = {}  # game id -> [seat or None, the log entries it was sent]
        self.frames = P.RateLimit(*FRAME_RATE, time.monotonic)
        self.talk = P.RateLimit(*CHAT_RATE, time.monotonic)
        self.hints = P.RateLimit(*HINT_RATE, time.monotonic)
        self.replays = P.RateLimit(*REPLAY_RATE, time.monotonic)  # games over opened from their files
        self.lobby_page, self.lobby_search = 0, ""  # the page of the lobby it looks at (``LobbyAsk``)
        self.sent_lobby: P.Lobby | None = None  # that page, as it was sent last
        self.closed = False

    def send(self, msg) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing() or transport.get_write_buffer_size() > SLOW_CLIENT:
            self.drop()
            return
        try:
            data = P.frame(msg)
        except P.ProtocolError as exc:  # never a frame over the limit its client reads (issue 42)
            self.host.report(f"not sent to {self.name or 'a client'}: {clean(exc, 120)}")
            data = P.frame(P.Refused(f"the host's answer ({type(msg).__name__.lower()}) was too long to send: "
                                     f"{clean(exc, 120)}", getattr(msg, "ref", 0)))
        self.writer.write(data)

    def drop(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class Disconnect(Exception):
    """The client broke the protocol: said why, then disconnected."""


class HostConnections:
    """``server.Host``'s connections (it gives ``report``, ``status``, ``_spawn``, ``_lobby`` and the
    handling of each message: ``_open``, ``_act``, ``_say``, ``hints``...)."""

    def connected(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.connections:
            if c.name:
                out[c.name] = out.get(c.name, 0) + 1
        return out

    async def _owner(self, reader, writer) -> None:
        task = asyncio.current_task()
        self._tasks.add(task)
        try:
            await self.serve(reader, writer, name=None)
        except asyncio.CancelledError:
            pass  # the host is stopping
        finally:
            self._tasks.discard(task)

    def serve_socket(self, sock: socket.socket, name: str, via: str = "ssh", watching: bool = False) -> asyncio.Task:
        """Serve one end of a socket pair made for a player known already (a door's)."""
        async def run():
            reader, writer = await asyncio.open_unix_connection(sock=sock, limit=P.MAX_FRAME + 8)
            await self.serve(reader, writer, name=name, via=via, watching=watching)

        return self._spawn(run())

    def socket_for(self, name: str, via: str = "ssh", watching: bool = False) -> socket.socket:
        """A socket pair for a client process: the host serves one end as ``name`` (only watching,
        if ``watching``); the other is returned, to be inherited by the client (``tiletum join --fd N``)."""
        mine, theirs = socket.socketpair()
        self.serve_socket(mine, name, via, watching)
        return theirs

    async def serve(self, reader, writer, *, name: str | None, via: str = "here", watching: bool = False) -> None:
        conn = Connection(self, writer, name, via, watching)
        try:
            hello = await self._hello(conn, reader)
            if hello is None:
                return
            self.connections.add(conn)
            if not conn.watching:
                self._met(conn.name, conn.via)  # (the host knows them from now on: issue 44)
            self.report(f"{conn.name} connected ({conn.via}{', watching' if conn.watching else ''})")
            conn.send(P.Welcome(conn.name, host=socket.gethostname(), watching=conn.watching))
            self._send_lobby(conn)  # (its first: the others hear only if a line of theirs changed)
            self._presence_changed(conn.name)
            self._lobby_changed()
            while not conn.closed:
                data = await P.read_frame(reader)
                if data is None:
                    break
                if not conn.frames.take():
                    raise Disconnect("too many messages: slow down")
                await self._dispatch(conn, P.decode_from_client(data))
        except (P.ProtocolError, Disconnect) as exc:
            self.report(f"{conn.name or 'a client'} disconnected: {clean(exc, 120)}")
            conn.send(P.Bye(str(exc)))
        except (ConnectionError, OSError):
            pass
        finally:
            conn.drop()
            self._hints_gone(conn)
            if conn in self.connections:
                self.connections.discard(conn)
                self.report(f"{conn.name} left")
                for gid in conn.games:
                    self._seats_changed(gid)
                self._presence_changed(conn.name, set(conn.games))
                self._lobby_changed()

    def _presence_changed(self, name: str, told=()) -> None:
        """``name`` came or went: the players at their games are told (who may be voted over, issue 44),
        whether or not ``name`` had the game open."""
        for gid, g in list(self.games.items()):
            if gid not in told and getattr(g, "table", None) is not None and not g.retired and name in g.names():
                self._seats_changed(gid)

    async def _hello(self, conn: Connection, reader) -> P.Hello | None:
        data = await asyncio.wait_for(P.read_frame(reader), 30)
        if data is None:
            return None
        hello = P.decode_from_client(data)
        if not isinstance(hello, P.Hello):
            raise Disconnect("the first message must be hello")
        if hello.version != P.VERSION:
            raise Disconnect(f"this host speaks version {P.VERSION} of the protocol, not {hello.version}")
        if hello.status:
            conn.send(P.Status(self.status()))
            return None
        if conn.name is None:  # the owner's socket: the name is the owner's to choose (--as)
            problem = name_problem(hello.name)
            if problem:
                raise Disconnect(problem)
            conn.name = hello.name
        return hello

    async def _dispatch(self, conn: Connection, msg) -> None:
        if isinstance(msg, P.Hello):
            raise Disconnect("hello twice")
        if isinstance(msg, P.Open):
            await self._open(conn, msg)
        elif isinstance(msg, P.Leave):
            if conn.games.pop(msg.game, None) is not None:
                self._seats_changed(msg.game)
        elif isinstance(msg, P.NewTable):
            await self._new_table(conn, msg)
        elif isinstance(msg, P.TakeSeat):
            await self._take_seat(conn, msg)
        elif isinstance(msg, P.Act):
            await self._act(conn, msg)
        elif isinstance(msg, P.Undo):
            await self._undo(conn, msg)
        elif isinstance(msg, P.Say):
            self._say(conn, msg)
        elif isinstance(msg, P.WebLink):
            self._web_link(conn)
        elif isinstance(msg, P.AskHint):
            self._hint(conn, msg)
        elif isinstance(msg, P.LobbyAsk):
            self._lobby_ask(conn, msg)
        elif isinstance(msg, P.Rematch):
            await self._rematch(conn, msg)
        elif isinstance(msg, P.Manage):
            await self._manage(conn, msg)
        elif isinstance(msg, P.Resign):
            await self._resign(conn, msg)
        elif isinstance(msg, P.VoteReplace):
            await self._vote(conn, msg)
        elif isinstance(msg, P.Away):
            self._away(conn, msg)
        elif isinstance(msg, P.Remind):
            self._remind(conn, msg)
        elif isinstance(msg, P.Trouble):  # a client's bug: in the host's log, where it can be mended (issue 39)
            self.report(f"{conn.name}'s screen failed and closed ({conn.via}): {clean(msg.text, 400)}")

    def _web_link(self, conn: Connection) -> None:
        """A new sign-in link for the connection's own name, to it alone (never to the log)."""
        if self.web_link is None:
            conn.send(P.YourLink(why="the host's web door is not open (tiletum host --web ADDR:PORT)"))
            return
        if conn.via == "web":  # a new link would end the old one, and with it this very page
            conn.send(P.YourLink(why="this browser is signed in with your link already (a new one would close "
                                     "this page); make one from a terminal: i in tiletum join or over ssh"))
            return
        try:
            url = self.web_link(conn.name, conn.watching)
        except Exception as exc:  # InviteError: a name or an invites file the door cannot use
            conn.send(P.YourLink(why=clean(exc, 200)))
            return
        self.report(f"{conn.name} made a new {'watching' if conn.watching else 'sign-in'} link")
        conn.send(P.YourLink(url=url))
