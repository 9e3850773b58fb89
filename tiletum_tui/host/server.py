"""``tiletum host``: the one process that owns every hosted game; clients send moves, get views.

The host listens on a Unix socket in its folder (mode 0600, in a folder of mode 0700: whoever can
open it is trusted as the machine's owner, and says who they are with ``tiletum join --as NAME``)
and serves connections it made itself (``serve_socket``: one end of a ``socketpair`` per SSH
session, its player known from the key that logged in, so the client claims nothing).

A connection is one person (or a spectator) by name. The seat it acts for in a game is the seat of
that name, never anything it sends: a move is applied with ``Session.apply(..., by=seat)``; undo
takes back only that seat's own moves. A client that sends garbage, an oversized frame, too many
frames, or a move for another seat is told why and disconnected; nothing is applied, and the host
and everyone else go on (issue 25, "Bad input and faults").

Every change (a move here, an opponent's, undo) is on disk (the session's autosave, waited for)
before anyone is told, so a host killed with SIGKILL and started again has every game as it was.
"""

from __future__ import annotations

import asyncio
import os
import socket
import time

from .. import games
from ..game_interface import Hosted
from ..safe_text import clean, name_problem
from ..session import NotYourMoveError, Session, UndoError
from . import protocol as P
from .hints import HINT_RATE, HintDesk
from .host_opponents import HostOpponents
from .hosted import HostedGame, HostFolder, Tables, check_table, load_games, opponents_of, seats_for, settings_for, \
    status_text

CHAT_LIMIT = 200  # characters of one line of table talk
CHAT_RATE = (1.0, 5)  # lines a second on average, bursts of: more is cut off with a reason
FRAME_RATE = (20.0, 60)  # messages a second, bursts of: more is a flood, and the client is disconnected
SLOW_CLIENT = 8 * 1024 * 1024  # bytes waiting to be sent to one client: more, and it is dropped
WATCHING = "you came in with a watching link: you can watch games, not play or take a seat"


class Connection:
    def __init__(self, host: Host, writer: asyncio.StreamWriter, name: str | None, via: str = "here",
                 watching: bool = False) -> None:
        self.host, self.writer, self.name = host, writer, name
        self.via = via  # the door it came through: here (the owner's socket), ssh or web
        self.watching = watching  # a watching link's: it watches, never plays, sits down or sets a table
        self.games: dict[str, list] = {}  # game id -> [seat or None, the log entries it was sent]
        self.frames = P.RateLimit(*FRAME_RATE, time.monotonic)
        self.talk = P.RateLimit(*CHAT_RATE, time.monotonic)
        self.hints = P.RateLimit(*HINT_RATE, time.monotonic)
        self.closed = False

    def send(self, msg) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing() or transport.get_write_buffer_size() > SLOW_CLIENT:
            self.drop()
            return
        self.writer.write(P.frame(msg))

    def drop(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class Disconnect(Exception):
    """The client broke the protocol: said why, then disconnected."""


class Host(HostOpponents):
    def __init__(self, folder: HostFolder, *, pace: float = 0.6, report=None) -> None:
        self.folder = folder
        self.pace = pace  # seconds between two moves of a computer opponent (people see each one)
        self.report = report or (lambda text: None)
        self.games: dict[str, HostedGame] = {}
        self.tables: Tables | None = None
        self.connections: set[Connection] = set()
        self._servers: list = []
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self.on_change = None  # called after anything the live list shows changed
        # ``web_link(name, watch) -> url``: a new sign-in link of the web door (set when the door is open).
        self.web_link = None
        self._sent_lobby: P.Lobby | None = None  # the lobby everyone was told last
        self.hints = HintDesk(self)  # ``h`` at a hosted game: the master's suggestion, worked out here

    # ------------------------------------------------------------ starting and stopping
    async def start(self) -> None:
        self.folder.prepare()
        self.games = load_games(self.folder, self.report)
        self.tables = Tables(self.folder)
        path = str(self.folder.socket)
        if os.path.exists(path):
            if await _answers(path):
                raise RuntimeError(f"a host is already running on {clean(path)}")
            os.unlink(path)  # left by a host that was killed
        old = os.umask(0o177)
        try:
            self._servers.append(await asyncio.start_unix_server(self._owner, path=path, limit=P.MAX_FRAME + 8))
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        for g in self.games.values():
            self._retire(g)  # a game over holds nothing open
            self._opponents(g)  # a game whose opponent was thinking when the host stopped goes on

    async def close(self) -> None:
        for s in self._servers:
            s.close()
        for c in list(self.connections):
            c.send(P.Bye("the host is stopping"))
            c.drop()
        for t in list(self._tasks):
            t.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        for g in self.games.values():
            self._stop_reading(g)
            g.close()
        try:
            os.unlink(self.folder.socket)
        except OSError:
            pass

    def connected(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.connections:
            if c.name:
                out[c.name] = out.get(c.name, 0) + 1
        return out

    def status(self, width: int = 80) -> str:
        doors = sorted(f"{c.name} ({c.via}{', watching' if c.watching else ''})" for c in self.connections if c.name)
        return status_text(self.games, self.tables, self.connected(), doors, width)

    # ------------------------------------------------------------ connections
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
            self.report(f"{conn.name} connected ({conn.via}{', watching' if conn.watching else ''})")
            conn.send(P.Welcome(conn.name, host=socket.gethostname(), watching=conn.watching))
            conn.send(self._lobby())  # (its first: the others hear only if a line changed)
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
            self.hints.gone(conn)
            if conn in self.connections:
                self.connections.discard(conn)
                self.report(f"{conn.name} left")
                for gid in conn.games:
                    self._seats_changed(gid)
                self._lobby_changed()

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
            self._open(conn, msg)
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
            self.hints.ask(conn, msg)

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

    # ------------------------------------------------------------ games
    def _open(self, conn: Connection, msg: P.Open) -> None:
        g = self.games.get(msg.game)
        if g is None:
            conn.send(P.Refused("there is no such game on this host"))
            return
        seat = None if msg.watch or conn.watching else g.seat_of(conn.name)
        if not isinstance(g.game, Hosted):
            conn.send(P.Refused(f"{g.game.title} cannot be played through the host yet"))
            return
        s = g.session
        undo, redo = g.reasons(seat)
        conn.games[g.id] = [seat, list(s.log)]
        conn.send(P.Opened(g.id, g.game.name, -1 if seat is None else seat, g.view_bytes(seat),
                           tuple(g.entry(e) for e in s.log), g.game.encode_events(s.setup_events),
                           g.seat_infos(set(self.connected())), tuple(g.chat), undo, redo))
        self._seats_changed(g.id)

    def _mine(self, conn: Connection, game_id: str, ref: int) -> tuple[HostedGame, int] | None:
        """The game and the connection's seat in it, or None after telling it why not."""
        g = self.games.get(game_id)
        opened = conn.games.get(game_id)
        if g is None or opened is None:
            conn.send(P.Refused("that game is not open here", ref))
            return None
        if opened[0] is None:
            conn.send(P.Refused("you are watching this game: a spectator cannot make moves", ref))
            return None
        return g, opened[0]

    async def _act(self, conn: Connection, msg: P.Act) -> None:
        found = self._mine(conn, msg.game, msg.ref)
        if found is None:
            return
        g, seat = found
        try:
            action = g.game.parse(msg.action, seat, g.session.settings)
        except g.game.Error as exc:
            conn.send(P.Refused(f"not an action: {clean(exc, 200)}", msg.ref))
            return
        if getattr(action, "seat", seat) != seat:
            raise Disconnect(f"a move for another seat ({g.names()[action.seat] if 0 <= action.seat < len(g.names()) else '?'}) "
                             "is never yours to make")
        await self._apply(conn, g, lambda: g.session.apply(action, by=seat), msg.ref)

    async def _undo(self, conn: Connection, msg: P.Undo) -> None:
        found = self._mine(conn, msg.game, msg.ref)
        if found is None:
            return
        g, seat = found
        step = g.session.redo if msg.redo else g.session.undo
        await self._apply(conn, g, lambda: step(by=seat), msg.ref)

    async def _apply(self, conn: Connection | None, g: HostedGame, change, ref: int = 0) -> bool:
        """Make one change to a game (a move, undo, redo), have it on disk, then tell everyone."""
        async with self._lock(g.id):
            if g.retired:
                if conn is not None:
                    conn.send(P.Refused("the game is over", ref))
                return False
            try:
                change()
            except (g.game.Error, NotYourMoveError, UndoError, ValueError) as exc:
                if conn is not None:
                    conn.send(P.Refused(clean(exc, 300), ref))
                return False
            await asyncio.to_thread(g.session.flush)  # on disk before anyone hears of it
            g.changed()
        self._game_changed(g)  # (the view first: a client's move is under way until it is accepted)
        if conn is not None:
            conn.send(P.Accepted(ref))
        return True

    def _lock(self, game_id: str) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _game_changed(self, g: HostedGame) -> None:
        """Push the change to everyone at the game: the log from where theirs differs, their view."""
        seats = g.seat_infos(set(self.connected()))
        log = g.session.log
        views: dict = {}
        for c in list(self.connections):
            opened = c.games.get(g.id)
            if opened is None:
                continue
            seat, sent = opened
            start = next((i for i, (a, b) in enumerate(zip(sent, log)) if a is not b), min(len(sent), len(log)))
            if seat not in views:
                views[seat] = (g.view_bytes(seat), g.reasons(seat))
            view, (undo, redo) = views[seat]
            opened[1] = list(log)
            c.send(P.Update(g.id, start, tuple(g.entry(e) for e in log[start:]), view, seats, undo, redo))
        self._lobby_changed()
        self._retire(g)
        self._opponents(g)

    def _retire(self, g: HostedGame) -> None:
        """A game over keeps no lock, autosave writer or opponents' process: a host keeps every game it
        has played, and these were two open files (and a process) a game for as long as it ran (the
        soak test found them). Its session stays in memory, to be seen: the final table, the log."""
        if g.retired or not g.session.finished:
            return
        g.retired = True
        self._stop_reading(g)
        opponents, g.opponents, g.asked = g.opponents, None, None

        def close() -> None:
            if opponents is not None:
                opponents.close()  # (it may wait a moment for a thinking process)
            g.session.close()  # (its last autosave is on disk already: _apply waited for it)

        self._spawn(asyncio.to_thread(close))

    def _seats_changed(self, game_id: str) -> None:
        g = self.games.get(game_id)
        if g is None:
            return
        seats = g.seat_infos(set(self.connected()))
        for c in self.connections:
            if game_id in c.games:
                c.send(P.Seats(game_id, seats))

    def _say(self, conn: Connection, msg: P.Say) -> None:
        g = self.games.get(msg.game)
        if g is None or msg.game not in conn.games:
            conn.send(P.Refused("that game is not open here"))
            return
        if not conn.talk.take():
            conn.send(P.Refused("you are talking too fast: one line a second"))
            return
        # Control characters shown as escapes, never raw, and a line cut to a length (issue 25).
        text = clean(" ".join(msg.text.split()), CHAT_LIMIT)
        if not text:
            return
        line = P.Chat(conn.name, text, len(g.session.log), time.time())
        g.chat = (g.chat + [line])[-g.CHAT_KEPT:]
        for c in self.connections:
            if msg.game in c.games:
                c.send(P.Said(msg.game, line))

    # ------------------------------------------------------------ tables
    async def _new_table(self, conn: Connection, msg: P.NewTable) -> None:
        problem = WATCHING if conn.watching else check_table(msg, conn.name)
        if problem:
            conn.send(P.Refused(problem))
            return
        table = self.tables.new(msg)
        self.report(f"{conn.name} set a table of {table.game} up ({table.id})")
        conn.send(P.Accepted())
        await self._maybe_begin(table.id, conn)

    async def _take_seat(self, conn: Connection, msg: P.TakeSeat) -> None:
        if conn.watching:
            conn.send(P.Refused(WATCHING))
            return
        table = self.tables.tables.get(msg.table)
        if table is None or not 0 <= msg.seat < len(table.seats) or table.seats[msg.seat].kind != "open":
            conn.send(P.Refused("that seat is not free any more"))
            return
        if any(s.kind == "person" and s.name == conn.name for s in table.seats):
            conn.send(P.Refused("you have a seat at this table already"))
            return
        table.seats[msg.seat] = P.SeatPlan("person", conn.name)
        self.tables.save()
        conn.send(P.Accepted())
        await self._maybe_begin(table.id, conn)

    async def _maybe_begin(self, table_id: str, conn: Connection) -> None:
        table = self.tables.tables[table_id]
        if any(s.kind == "open" for s in table.seats):
            self._lobby_changed()
            return
        try:
            settings = settings_for(table)
            session = await asyncio.to_thread(Session.new, settings, self.folder.games, game=games.game(table.game),
                                              seats=seats_for(table))
        except Exception as exc:  # the game's own refusal of these settings
            del self.tables.tables[table_id]
            self.tables.save()
            conn.send(P.Refused(f"the game could not begin: {clean(exc, 200)}"))
            self._lobby_changed()
            return
        del self.tables.tables[table_id]
        self.tables.save()
        g = HostedGame(session)
        self.games[g.id] = g
        self.report(f"a game of {g.game.title} began: {', '.join(g.names())} ({g.id})")
        self._lobby_changed()
        self._opponents(g)

    def _lobby(self) -> P.Lobby:
        names = set(self.connected())
        infos = tuple(g.info(names) for g in self.games.values()) + tuple(
            t.info(names) for t in self.tables.tables.values())
        return P.Lobby(infos, offered())

    def _lobby_changed(self) -> None:
        """Tell everyone the lobby, if it changed: most moves change no line of it (the decision
        stays with the same seat), and every client redrew its lobby at every move of any game."""
        lobby = self._lobby()
        if lobby != self._sent_lobby:
            self._sent_lobby = lobby
            for c in self.connections:
                c.send(lobby)
        if self.on_change is not None:
            self.on_change()

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task


def offered() -> tuple[P.Offered, ...]:
    """The games a table can be set up for: those that can send a view to a client."""
    out = []
    for name in games.NAMES:
        game = games.game(name)
        if isinstance(game, Hosted):
            out.append(P.Offered(name, game.title, tuple(game.modules_offered()), opponents_of(name)[1],
                                 tuple(game.player_counts)))
    return tuple(out)


async def _answers(path: str) -> bool:
    """Does a host answer on this socket (or is it left over from one that was killed)?"""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_unix_connection(path), 2)
    except (OSError, asyncio.TimeoutError):
        return False
    writer.close()
    return True
