"""``tiletum host``: the one process that owns every hosted game; clients send moves, get views.

The host listens on a Unix socket in its folder (mode 0600, in a folder of mode 0700: whoever can
open it is trusted as the machine's owner, and says who they are with ``tiletum join --as NAME``)
and serves connections it made itself (``serve_socket``: one end of a ``socketpair`` per SSH
session, its player known from the key that logged in, so the client claims nothing).

A connection is one person (or a spectator) by name. The seat it acts for in a game is the seat of
that name, never anything it sends: a move is applied with ``Session.apply(..., by=seat)``; undo
takes back only that seat's own moves. Serving a connection (its hello, its messages, a client that
breaks the protocol) is ``connections.HostConnections``; what each message does to a game or a
table is here.

Every change (a move here, an opponent's, undo) is on disk (the session's autosave, waited for)
before anyone is told, so a host killed with SIGKILL and started again has every game as it was; a
change that cannot be written is taken back and its game paused until it can (``pauses``). The
lobby is sent a page at a time (``host_lobby``).
"""

from __future__ import annotations

import asyncio
import os

import msgspec

from tiletum_tui.core import games
from tiletum_tui.core.game_interface import Hosted
from tiletum_tui.core.safe_text import clean
from ..saves.errors import SaveFileError
from ..session import EVERY_SEAT, NotYourMoveError, Session, UndoError
from ..table import updates as U
from ..table.talk import TALK_LIMIT
from . import protocol as P
from .connections import Connection, Disconnect, HostConnections
from .correspondence import HostCorrespondence, control_of
from .host_lobby import HostLobby
from .host_records import HostRecords, WaitingTables
from .rematch import HostRematch, kept_for
from .pauses import HostPauses, cannot_save
from .hosted import FinishedGame, HostedGame, HostFolder, check_table, entry, load_games, opponents_of, \
    record_of, seats_for, since_bytes, settings_for, status_text
from .reminders import Reminders
from .replays import Replays
from ..table.clock import SystemClock

CHAT_LIMIT = TALK_LIMIT  # characters of one line of table talk (its talk cuts it: ``table.talk``)
# A hint's answer as the Table told it, in the protocol's frame: the fields both have (the Table's
# ``ref`` is the frame's ``request``), so a field added to both reaches the asker without a copy here.
HINT_FIELDS = frozenset(P.Hinted.__struct_fields__) & frozenset(U.Hinted.__struct_fields__)
WATCHING = "you came in with a watching link: you can watch games, not play or take a seat"


class Host(HostConnections, HostLobby, HostPauses, HostRecords, HostRematch, HostCorrespondence):
    def __init__(self, folder: HostFolder, *, pace: float = 0.6, report=None, table_seed: int | None = None,
                 wall=None) -> None:
        self.folder = folder
        self.wall = wall or SystemClock()  # the clock of the time per move (issue 44; a test's advances by hand)
        # Every table's seed: the system's randomness, or (benches and tests only, never a client's
        # choice: a player who chose the seed would choose the deal) ``table_seed`` for every table,
        # so the same seats and moves make the same game in every run (``tiletum bench --host``'s A/B).
        self.table_seed = table_seed
        self.pace = pace  # seconds between two moves of a computer opponent (people see each one)
        self.report = report or (lambda text: None)
        self.games: dict[str, HostedGame | FinishedGame] = {}  # a game over: its lobby line, replayed when opened
        self.tables: WaitingTables | None = None
        self.connections: set[Connection] = set()
        self._servers: list = []
        self._locks: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()
        self._retiring: set[asyncio.Task] = set()  # games over being let go (their lock, their process)
        self.on_change = None  # called after anything the live list shows changed
        # ``web_link(name, watch) -> url``: a new sign-in link of the web door (set when the door is open).
        self.web_link = None
        self.offered = offered()  # the games a table can be set up for (the lobby's New game)
        self._hinting: dict[tuple[str, int], Connection] = {}  # (game, seat) -> who asked its hint in flight
        self.replays = Replays()  # games over, replayed from their files when somebody opens one
        self.reminders = Reminders(folder, self.report, self.wall)  # issue 44: reminders outside the terminal

    # ------------------------------------------------------------ starting and stopping
    async def start(self) -> None:
        self.folder.prepare()
        self._open_records()  # (host.db: an older folder imported once, issue 44)
        self.reminders.open(self.records)  # (where reminders go and when each was sent: host.db too)
        self.games = load_games(self.folder, self.report, self.wall)
        self._after_load()
        self.tables = WaitingTables(self.folder, self.records)
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
        for g in list(self.games.values()):
            if isinstance(g, HostedGame):
                self._seat(g)
                self._retire(g)  # a game over holds nothing open
                g.table.start()  # a game whose opponent was thinking when the host stopped goes on
        self._spawn(self._ticking())  # the time per move (issue 44)

    async def close(self) -> None:
        for s in self._servers:
            s.close()
        for c in list(self.connections):
            c.send(P.Bye("the host is stopping"))
            c.drop()
        retiring = [t for t in self._retiring if not t.done()]
        if retiring:  # (a game that has just ended lets go of its lock before the host does: never cut short)
            await asyncio.wait(retiring, timeout=5)
        for t in list(self._tasks):
            t.cancel()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        for g in self.games.values():
            g.close()
        self.reminders.close()
        try:
            os.unlink(self.folder.socket)
        except OSError:
            pass
        self._close_records()

    def status(self, width: int = 80) -> str:
        doors = sorted(f"{c.name} ({c.via}{', watching' if c.watching else ''})" for c in self.connections if c.name)
        return status_text(self.games, self.tables, self.connected(), doors, width)

    # ------------------------------------------------------------ games
    async def _open(self, conn: Connection, msg: P.Open) -> None:
        g = self.games.get(msg.game)
        if g is None:
            conn.send(P.Refused("there is no such game on this host"))
            return
        seat = None if msg.watch or conn.watching else g.seat_of(conn.name)
        if not isinstance(g.game, Hosted):
            conn.send(P.Refused(f"{g.game.title} cannot be played through the host yet"))
            return
        if isinstance(g, FinishedGame):
            s = await self._replayed(conn, g)
            if s is None or conn.closed or self.games.get(g.id) is not g:
                return
        else:
            s = g.session
            async with self._lock(g.id):
                pass  # (not in the middle of a change: a change is told once it is on disk)
            if conn.closed:
                return
            if self.games.get(g.id) is not g:  # it ended (or was archived) meanwhile: open what it is now
                return await self._open(conn, msg)
        undo, redo = g.reasons(seat)
        conn.games[g.id] = [seat, list(s.log)]
        conn.send(P.Opened(g.id, g.game.name, -1 if seat is None else seat, g.game.encode_view(s.view(seat)),
                           tuple(entry(g.game, e) for e in s.log), g.game.encode_events(s.setup_events),
                           g.seat_infos(set(self.connected())), tuple(g.chat), undo, redo,
                           getattr(g, "paused", None) or "", record_of(s), since_bytes(s, seat, g.chat),
                           g.deadline() if isinstance(g, HostedGame) else 0.0,
                           g.ended if isinstance(g, FinishedGame) else g.table.ended))
        self._seats_changed(g.id)

    async def _replayed(self, conn: Connection, g: FinishedGame):
        """A game over's session, replayed from its file (``replays``), or None after telling why not."""
        if not self.replays.kept(g.id) and not conn.replays.take():
            conn.send(P.Refused("you are opening games that are over too fast: one a second"))
            return None
        try:
            return await self.replays.session(g)
        except SaveFileError as exc:
            self.report(f"{clean(g.id, 40)} could not be opened: {clean(exc, 200)}")
            # (the problem, not the file's path: the host's folders are nothing a player needs to see)
            conn.send(P.Refused(f"this game could not be opened: {clean(exc.problem, 300)} (its file is kept as it is)"))
            return None

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
        if g.retired:
            conn.send(P.Refused("the game is over", ref))
            return None
        why = g.table.person_refusal(opened[0])  # (resigned, or a computer opponent plays this turn: issue 44)
        if why:
            conn.send(P.Refused(why, ref))
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
        await self._apply(conn, g, lambda: g.session.apply(action, by=seat), msg.ref, seat)

    async def _undo(self, conn: Connection, msg: P.Undo) -> None:
        found = self._mine(conn, msg.game, msg.ref)
        if found is None:
            return
        g, seat = found
        step = g.session.redo if msg.redo else g.session.undo
        await self._apply(conn, g, lambda: step(by=seat), msg.ref, seat)

    async def _apply(self, conn: Connection, g: HostedGame, change, ref: int = 0, by: int | None = None) -> bool:
        """Make one change to a game (a move, undo, redo) through its Table: kept, told, then answered."""
        why = await g.table.commit(change, by=by)
        if why is not None:
            conn.send(P.Refused(why, ref))
            return False
        conn.send(P.Accepted(ref))
        return True

    async def _keep(self, g: HostedGame, table, change) -> str | None:
        """The host's keeping of a Table's change (``Table.keep``): made, on disk, or taken back and
        the game paused (``pauses``); None, or why not in words. Told afterwards, by the Table."""
        async with table.lock:
            if g.retired:
                return "the game is over"
            mark = g.session.mark()
            try:
                change()
            except (g.game.Error, NotYourMoveError, UndoError, ValueError) as exc:
                return clean(exc, 300)
            failure = await asyncio.to_thread(g.session.save_failure)  # on disk before anyone hears of it
            if failure is not None:  # not on disk: taken back, refused, the game paused (``pauses``)
                g.session.take_back(mark)
                why = self._pause(g, failure)
                return f"{why}: not done, nothing is lost; the game is paused until the host can save again"
            g.changed()
            self._resume(g)
        return None

    def _seat(self, g: HostedGame) -> None:
        """A hosted game's Table behind the host's doors: its changes kept here, its updates told."""
        g.table.keep = lambda table, change: self._keep(g, table, change)
        g.table.keep_talk = lambda line: self._keep_talk_line(g.id, line)  # on disk before anyone hears it
        self._clock_kept(g)
        g.table.opponents.pace = self.pace
        g.table.subscribe(EVERY_SEAT, lambda u: self._heard(g, u))

    def _heard(self, g: HostedGame, u) -> None:
        """What the game's Table told: to the connections at that game, as the protocol's frames."""
        if isinstance(u, U.Changed):
            self._game_changed(g)
        elif isinstance(u, U.Hinted):
            conn = self._hinting.pop((g.id, u.seat), None)
            if conn is None or conn.closed or g.id not in conn.games:
                return
            conn.send(P.Hinted(g.id, u.ref, **{name: value for name, value in msgspec.structs.asdict(u).items()
                                               if name in HINT_FIELDS}))
        elif isinstance(u, U.Talked):
            line = P.Chat(u.who, u.text, u.after, u.at)
            for c in self.connections:
                if g.id in c.games:
                    c.send(P.Said(g.id, line))
        elif isinstance(u, U.Noticed) and u.severity == "error":
            self.report(f"{g.id}: {clean(u.text, 200)}")
        elif isinstance(u, (U.Reminder, U.Event)):
            self._correspondence_heard(g, u)

    def _hint(self, conn: Connection, msg: P.AskHint) -> None:
        """``h`` at a hosted game: the Table's master, from the connection's own seat's view only,
        one at a time per seat and ``HINT_RATE`` per connection (a client cannot make the host spin)."""
        g = self.games.get(msg.game)
        opened = conn.games.get(msg.game)
        if g is None or opened is None:
            conn.send(P.Hinted(msg.game, msg.ref, error="that game is not open here"))
            return
        if not isinstance(g, HostedGame):
            conn.send(P.Hinted(msg.game, msg.ref, error="the game is over"))
            return
        seat = opened[0]
        why = g.table.hint(seat, msg.ref, allow=conn.hints.take)
        if why is not None:
            conn.send(P.Hinted(msg.game, msg.ref, error=why))
            return
        self._hinting[(g.id, seat)] = conn

    def _hints_gone(self, conn: Connection) -> None:
        """A connection left: nothing is owed to it any more."""
        for key in [k for k, c in self._hinting.items() if c is conn]:
            del self._hinting[key]

    def _opponents(self, g: HostedGame) -> None:
        """Its computer opponent is asked, if it decides (a game going on after a pause)."""
        g.table.opponents.changed()

    def _lock(self, game_id: str) -> asyncio.Lock:
        g = self.games.get(game_id)
        if isinstance(g, HostedGame):
            return g.table.lock  # (one change at a time: the Table's)
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _game_changed(self, g: HostedGame) -> None:
        """Push the change to everyone at the game: the log from where theirs differs, their view."""
        seats = g.seat_infos(set(self.connected()))
        log = g.session.log
        record = record_of(g.session)  # (a game over only: once for every client)
        views: dict = {}
        for c in list(self.connections):
            opened = c.games.get(g.id)
            if opened is None:
                continue
            seat, sent = opened
            start = next((i for i, (a, b) in enumerate(zip(sent, log)) if a is not b), min(len(sent), len(log)))
            if seat not in views:
                views[seat] = (g.view_bytes(seat), g.reasons(seat), g.since_bytes(seat))
            view, (undo, redo), since = views[seat]
            opened[1] = list(log)
            c.send(P.Update(g.id, start, tuple(g.entry(e) for e in log[start:]), view, seats, undo, redo, record,
                            since, g.deadline()))
        self._lobby_changed()
        self._retire(g)

    def _retire(self, g: HostedGame) -> None:
        """A game over keeps no lock, autosave writer or opponents' process: a host keeps every game it
        has played, and these were two open files (and a process) a game for as long as it ran (the
        soak test found them). Nor its session: its lobby line (``FinishedGame``) takes its place, and
        the session is kept with the last games opened (``replays``), then replayed from the file."""
        if g.retired or not (g.session.finished or g.table.ended):
            return
        g.retired = True
        opponents = g.table.opponents.detach()
        g.table.close()
        self.games[g.id] = FinishedGame.of(g)
        self._game_over(g)  # its index line and the ratings (``host_records``), then the lobby from them
        self.replays.keep(g.id, g.session)
        self._lobby_changed()

        def close() -> None:
            if opponents is not None:
                opponents.close()  # (it may wait a moment for a thinking process)
            g.session.close()  # (its last autosave is on disk already: _apply waited for it)

        task = self._spawn(asyncio.to_thread(close))
        self._retiring.add(task)
        task.add_done_callback(self._retiring.discard)

    def _seats_changed(self, game_id: str) -> None:
        g = self.games.get(game_id)
        if g is None:
            return
        seats = g.seat_infos(set(self.connected()))
        if isinstance(g, HostedGame):  # (the Table's ``Connected``; its doors here send ``Seats``)
            g.table.set_connected(s.name for s in seats if s.kind == "person" and s.connected)
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
        # The game's talk cleans it (control characters as escapes, cut to a length) and keeps it on disk
        # first (``host_records``): a game's Table, which tells everyone at it (``_heard``); a game over,
        # its lobby line holding the same talk (handed over by its Table), told here.
        if isinstance(g, HostedGame):
            why = g.table.say(conn.name, msg.text)
        else:
            line, why = g.talk.say(conn.name, msg.text, g.moves, lambda line: self._keep_talk_line(g.id, line))
            if line is not None:
                chat = P.Chat(line.who, line.text, line.after, line.at)
                for c in self.connections:
                    if msg.game in c.games:
                        c.send(P.Said(msg.game, chat))
        if why and why != "nothing to say":
            conn.send(P.Refused(why))

    # ------------------------------------------------------------ tables
    async def _new_table(self, conn: Connection, msg: P.NewTable) -> None:
        problem = WATCHING if conn.watching else check_table(msg, conn.name) or self.unknown_seat(msg)
        if problem:
            conn.send(P.Refused(problem))
            return
        try:
            table = self.tables.new(msg)
        except SaveFileError as exc:  # (the table is not kept: nobody was told of it)
            conn.send(P.Refused(f"{cannot_save(exc)}: the table was not set"))
            return
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
        kept = kept_for(table, msg.seat, conn.name)  # (a rematch's seat: its person's only)
        if kept:
            conn.send(P.Refused(kept))
            return
        kept_seat = table.seats[msg.seat]
        table.seats[msg.seat] = P.SeatPlan("person", conn.name)
        try:
            self.tables.save()
        except SaveFileError as exc:
            table.seats[msg.seat] = kept_seat
            conn.send(P.Refused(f"{cannot_save(exc)}: the seat was not taken"))
            return
        conn.send(P.Accepted())
        await self._maybe_begin(table.id, conn)

    async def _maybe_begin(self, table_id: str, conn: Connection) -> None:
        table = self.tables.tables[table_id]
        if any(s.kind == "open" for s in table.seats):
            self._lobby_changed()
            return
        try:
            settings = settings_for(table, self.table_seed)
            session = await asyncio.to_thread(Session.new, settings, self.folder.games, game=games.game(table.game),
                                              seats=seats_for(table))
            failure = session.save_failure()
            if failure is not None:  # a game begins with its file, or not at all (issue 42)
                session.close()
                raise ValueError(cannot_save(failure))
        except Exception as exc:  # the game's own refusal of these settings
            del self.tables.tables[table_id]
            self._save_tables()
            conn.send(P.Refused(f"the game could not begin: {clean(exc, 200)}"))
            self._lobby_changed()
            return
        del self.tables.tables[table_id]
        self._save_tables()
        g = HostedGame(session, self.pace, control=control_of(table), wall=self.wall)
        self._seat(g)
        g.table.clock.save()  # (its time per move on disk with it: issue 44)
        self.games[g.id] = g
        self._begun(g)
        self.report(f"a game of {g.game.title} began: {', '.join(g.names())} ({g.id})")
        g.table.start()  # (its first seat's time begins: the lobby shows it)
        self._lobby_changed()

    def _save_tables(self) -> None:
        try:
            self.tables.save()
        except SaveFileError as exc:  # (a table begun or dropped may come back at the next start)
            self.report(f"the list of waiting tables could not be written: {clean(exc, 200)}")

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
