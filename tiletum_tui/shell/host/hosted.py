"""The games a host holds: each a Session (autosave and lock as any game's) in the host's folder, who
sits at which seat, its computer opponents, and tables still waiting for players.

A seat is held by the person whose login name is the seat's name in the game's settings (a table
is set up with the names of the people who took its seats), never by anything a client says; an
opponent's seat is played here, by the game's opponents' process (``games.HOSTED_OPPONENTS``), and its
moves go through the session like anyone's. Nothing here names a game: it reaches one through
``games.game(name)`` and the Session.
"""

from __future__ import annotations

import os
import random
import secrets
import textwrap
import time
from pathlib import Path

import msgspec

from tiletum_tui.core import games, paths
from tiletum_tui.core.game_interface import Hosted
from tiletum_tui.core.safe_text import clean, name_problem

from ..saves import format as fmt
from ..saves import store
from ..saves.format import PERSON, Seat
from ..session import Session
from ..table import WATCHER_REASONS
from ..table import Table as GameTable
from ..table.leaving import left_seats, plays_for
from ..table.clock import TimeControl, speed_words
from ..table.hints import HOSTS_HINT_SECONDS
from ..table.talk import TableTalk
from . import protocol as P
from .correspondence import read_record
from .talk import since_talk

COLOURS = ("red", "blue", "green", "yellow", "black")  # the colours both games' settings take, in seat order
OPPONENT_NAMES = ("Otto", "Pia", "Quin", "Rhea")
OVER_LISTED = 5  # games over in the host's live list and --status (the newest; the rest counted)


class HostFolder:
    """Where a host keeps everything: ``games/`` (the hosted games' autosaves), ``tables.json`` (tables
    waiting for players), ``host.sock`` (the owner's socket), the SSH door's host key, and the web
    door's sign-in links (``web-invites.json``, hashes only) and address (``web-url``, for the links
    ``tiletum host invite`` prints)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root).expanduser()
        self.games = self.root / "games"
        self.tables = self.root / "tables.json"
        self.socket = self.root / "host.sock"
        self.host_key = self.root / "ssh_host_key"
        self.web_invites = self.root / "web-invites.json"
        self.web_url = self.root / "web-url"
        self.correspondence = self.root / "correspondence"  # each game's time per move, misses, events (issue 44)
        self.reminders = self.root / "reminders.json"  # where reminders went before host.db (imported once: issue 44)

    def prepare(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(self.root, 0o700)  # the socket in it is the owner's door: nobody else may reach it
        self.games.mkdir(exist_ok=True, mode=0o700)


def default_folder() -> HostFolder:
    return HostFolder(paths.user_data_folder() / "host")


def opponents_of(game_name: str):
    """(the opponents' process class, its levels) for a game, or (None, ())."""
    entry = games.entry(game_name)
    if entry is None or not entry.hosted_levels or entry.opponents is None:
        return None, ()
    # one process serves every game: it reaches the game's levels through its entry's ``opponents``
    from ..opponents.worker import OpponentProcess

    return OpponentProcess, tuple(entry.hosted_levels)


class Table(msgspec.Struct, kw_only=True):
    """A game set up but not begun: some seats still open. It begins when the last is taken."""

    id: str
    game: str
    seats: list[P.SeatPlan]
    modules: tuple[str, ...] = ()
    created: float = 0.0
    per_move: int = 0  # the time per move it was set up with (issue 44), and its choice when it runs out
    stand_in: str = "beginner"
    take_after: int = 0

    def info(self, connected: set[str]) -> P.GameInfo:
        title = games.game(self.game).title
        seats = tuple(P.SeatInfo(s.name or "(open)", s.kind, s.level, s.kind == "person" and s.name in connected)
                      for s in self.seats)
        return P.GameInfo(self.id, title, seats, since=self.created, waiting=True,
                          progress=f"waiting for {sum(s.kind == 'open' for s in self.seats)} more")


def check_table(msg: P.NewTable, by: str) -> str | None:
    """Why a new table cannot be set (None if it can)."""
    game = games.game(msg.game)
    if game is None:
        return f"there is no game called {clean(msg.game, 30)}"
    if not isinstance(game, Hosted):
        return f"{game.title} cannot be played through the host yet"
    low, high = game.player_counts
    if not low <= len(msg.seats) <= high:
        return f"{game.title} is for {low} to {high} players, not {len(msg.seats)}"
    _, levels = opponents_of(msg.game)
    names = []
    for i, s in enumerate(msg.seats):
        if s.kind not in ("person", "opponent", "open"):
            return f"seat {i + 1}: a seat is a person, an opponent or open, not {clean(s.kind, 20)}"
        if s.kind == "opponent" and s.level not in levels:
            return f"seat {i + 1}: {game.title} has no opponent of level {clean(s.level, 20)}" if levels else \
                f"{game.title} has no computer opponents"
        if s.kind == "person":
            problem = name_problem(s.name)
            if problem:
                return f"seat {i + 1}: {problem}"
            names.append(s.name)
    if by not in names and not any(s.kind == "open" for s in msg.seats):
        return "you set a table up for yourself: give yourself a seat (or leave one open)"
    if len(set(names)) != len(names):
        return "one person cannot sit at two seats"
    problem = TimeControl(per_move=msg.per_move, stand_in=msg.stand_in, take_after=msg.take_after).problem(levels)
    if problem:
        return problem
    known = dict(game.modules_offered())
    unknown = [m for m in msg.modules if m not in known]
    if unknown:
        return f"{game.title} has no module {clean(unknown[0], 30)}"
    return None


class Tables:
    """The tables waiting for players, kept in ``tables.json`` (written whole, atomically)."""

    def __init__(self, folder: HostFolder) -> None:
        self.folder = folder
        self.tables: dict[str, Table] = {}
        if folder.tables.exists():
            try:
                for t in msgspec.json.decode(folder.tables.read_bytes(), type=list[Table]):
                    self.tables[t.id] = t
            except (msgspec.DecodeError, OSError):
                pass  # a damaged list of waiting tables loses those tables, never a game under way

    def save(self) -> None:
        store.write_atomic(self.folder.tables, msgspec.json.encode(list(self.tables.values())))

    def new(self, msg: P.NewTable) -> Table:
        seats = [s if s.kind != "opponent" else P.SeatPlan("opponent", OPPONENT_NAMES[i % 4], s.level)
                 for i, s in enumerate(msg.seats)]
        table = Table(id=f"t-{secrets.token_hex(4)}", game=msg.game, seats=seats, modules=tuple(msg.modules),
                      created=time.time(), per_move=msg.per_move, stand_in=msg.stand_in, take_after=msg.take_after)
        self.tables[table.id] = table
        try:
            self.save()
        except Exception:  # (not kept: nobody may be told of a table the host cannot hold)
            del self.tables[table.id]
            raise
        return table


def settings_for(table: Table, seed: int | None = None):
    """The game's settings for a full table, made by the game itself (nothing named here). Its seed is
    the system's randomness, unless given (the host's ``table_seed``: benches and tests only)."""
    seed = random.SystemRandom().randrange(1, 10**9) if seed is None else seed
    return games.game(table.game).table_settings([(s.name, COLOURS[i]) for i, s in enumerate(table.seats)],
                                                 seed, tuple(table.modules))


def seats_for(table: Table) -> tuple[Seat, ...]:
    return tuple(Seat(player="opponent", level=s.level) if s.kind == "opponent" else PERSON for s in table.seats)


HINT_BUDGET = f"{HOSTS_HINT_SECONDS}s"  # a hosted player's hint (``h``): the master's simulations, a cap (shared)


def entry(game, e) -> P.Entry:
    """A log entry as a client is sent it."""
    return P.Entry(e.seat, e.text, e.notation, game.encode_events(e.events), tuple(e.barriers))


def since_bytes(session, seat: int | None, chat=()) -> bytes:
    """A seat's 'since your last turn' (``Session.since``) as a client is sent it (issue 39), with the
    table talk said since (issue 44: ``talk.since_talk``)."""
    if seat is None:
        return b""

    return msgspec.msgpack.encode(since_talk(session.since(seat), chat))


def record_of(session) -> bytes:
    """A game over's whole record, its save file (issue 39: a remote final table's replay and charts
    read it); b"" while it goes on (a client never holds a state the game still hides)."""
    if not session.finished:
        return b""

    return fmt.encode(session.to_save_file())


class Seated:
    """Who sits where in a game the host holds (``HostedGame``, ``FinishedGame``): from ``names()``
    and ``seat(i)`` (a person, or an opponent and its level)."""

    def names(self) -> list[str]:
        raise NotImplementedError

    def seat(self, index: int) -> Seat:
        raise NotImplementedError

    def seat_of(self, name: str) -> int | None:
        """The seat the person called ``name`` holds, or None (then they may only watch)."""
        for i, n in enumerate(self.names()):
            if n == name and not self.seat(i).is_opponent:
                return i
        return None

    def is_opponent(self, seat: int | None) -> bool:
        return seat is not None and self.seat(seat).is_opponent

    def left(self) -> dict[int, str]:
        """The seats a computer opponent plays for good since their person left (issue 44):
        seat -> "resigned" or "replaced"."""
        return {}

    def seat_infos(self, connected: set[str]) -> tuple[P.SeatInfo, ...]:
        """Who sits where; a person's seat a computer opponent plays for good since its person
        resigned or was voted over says so (``SeatInfo.left``: "ann (resigned: beginner plays)")."""
        out, left = [], self.left()
        for i, n in enumerate(self.names()):
            s = self.seat(i)
            out.append(P.SeatInfo(n, "opponent" if s.is_opponent else "person", s.level,
                                  s.is_opponent or n in connected, left.get(i, "") if s.is_opponent else ""))
        return tuple(out)


class Talking:
    """A game's table talk as the host's doors send it (``protocol.Chat``): its one home is the game's
    ``table.talk.TableTalk`` (``talk``), the Table's while it is played, the lobby line's once over."""

    talk: TableTalk

    @property
    def chat(self) -> list[P.Chat]:
        """The table talk, as a client is sent it."""
        return [P.Chat(t.who, t.text, t.after, t.at) for t in self.talk.lines]

    @chat.setter
    def chat(self, lines) -> None:
        """The talk read back from the host's records after a restart (``host_records``)."""
        self.talk.read_back(lines)


class HostedGame(Talking, Seated):
    """One game the host holds: a ``table.Table`` (its session, the one opponents' driver, hints and
    talk) behind the host's doors, and its lobby line. Its changes are kept by the host (on disk
    before anyone hears of them: ``Host._keep``) and told through the Table's updates."""

    def __init__(self, session: Session, pace: float = 0.6, *, control=None, wall=None, record=None) -> None:
        # (its clock of each move's time starts: issue 39; its time per move, issue 44: ``table.clock``)
        self.table = GameTable(session, pace=pace, hint_budget=HINT_BUDGET, time_control=control, wall=wall,
                               record=record)
        self.session = session
        self.id = session.game_id
        self.game = session.game
        self.since = time.time()  # when the decision in hand began
        self._deciding = session.current_player
        self._progress: str | None = None  # the lobby's words for how far it is (until the next change)
        self._finished = session.finished  # (the lobby's: as of the last change on disk, ``changed``)

    # The Table's: the game is over (its session closed, a FinishedGame in its place: ``Host._retire``);
    # why its file cannot be written (``pauses``): no move until it can.
    retired = property(lambda self: self.table.retired, lambda self, v: setattr(self.table, "retired", v))
    paused = property(lambda self: self.table.paused, lambda self, v: setattr(self.table, "paused", v))

    @property
    def talk(self) -> TableTalk:
        return self.table.talk

    # ------------------------------------------------------------ who sits where
    def names(self) -> list[str]:
        return self.game.player_names(self.session.settings)

    def seat(self, index: int) -> Seat:
        return self.session.seat(index)

    @property
    def moves(self) -> int:
        return len(self.session.log)

    def left(self) -> dict[int, str]:
        return left_seats(self.table.clock.record)  # (the Table's events: resigned, replaced)

    def seat_infos(self, connected: set[str]) -> tuple[P.SeatInfo, ...]:
        """As any game's, but a seat a computer opponent plays this turn (its time ran out: issue 44)
        is shown as that opponent's while it plays."""
        infos = super().seat_infos(connected)
        standing = self.table.opponents.standing_in
        who = self.session.current_player  # (its turn over, the seat is its person's again)
        return tuple(P.SeatInfo(s.name, "opponent", standing[i][0], True) if i in standing and i == who else s
                     for i, s in enumerate(infos)) if standing else infos

    def info(self, connected: set[str]) -> P.GameInfo:
        """Its lobby line, as of its last change on disk (``changed``), never one still being written."""
        who = self._deciding
        if self._progress is None:  # (a whole view and its summary: once a change, not once a lobby)
            self._progress = self.game.progress(self.game.summary(self.session.view()))
        clock = self.table.clock
        return P.GameInfo(self.id, self.game.title, self.seat_infos(connected),
                          deciding=-1 if who is None else who, since=self.since,
                          progress=self._progress, finished=self._finished or bool(self.table.ended),
                          paused=self.paused or "", deadline=self.deadline(),
                          speed=speed_words(clock.control.per_move) if clock.control.per_move else "")

    def deadline(self) -> float:
        """When the time of the seat deciding runs out (0: no clock runs now; issue 44)."""
        r = self.table.clock.record
        return r.deadline if r.turn_of == self.session.current_player and not self.session.finished else 0.0

    # ------------------------------------------------------------ what a client is sent
    def entry(self, e) -> P.Entry:
        return entry(self.game, e)

    def view_bytes(self, seat: int | None) -> bytes:  # (``game_interface.Hosted``)
        return self.game.encode_view(self.session.view(seat))

    def since_bytes(self, seat: int | None) -> bytes:
        """``seat``'s 'since your last turn', made by the Table from the states, with the table talk
        said since (a watcher: none)."""
        return b"" if seat is None else since_bytes(self.session, seat, self.chat)

    def reasons(self, seat: int | None) -> tuple[str | None, str | None]:
        return self.table.reasons(seat)

    def changed(self) -> None:
        """After any change, once it is on disk: its lobby line (who decides, how far it is, over or
        not) as of now; when the decision passed to another seat, its clock starts now."""
        who = self.session.current_player
        self._progress = self.game.progress(self.game.summary(self.session.view()))
        self._finished = self.session.finished
        if who != self._deciding:
            self._deciding, self.since = who, time.time()

    def close(self) -> None:
        self.table.close()
        if not self.retired:
            self.session.close()


class FinishedGame(Talking, Seated):
    """A game over, as the host keeps it: its lobby line (the game, who sat where, how far it got,
    when it ended) and its file, never its replay. A host keeps every game it has played, and a
    replayed game is its whole history of states (about 1.3 MB a game): the host started slower and
    grew by that much with each game over. Its moves are replayed from the file, read-only, only
    when somebody opens it (``replays.Replays``). The file is never written again."""

    retired = True  # (as a HostedGame's: the game is over, nothing is applied to it)
    opponents = None

    def __init__(self, game_id: str, game, path: Path, names: list[str], seats: tuple[Seat, ...], progress: str,
                 since: float, moves: int, talk: TableTalk | None = None, left: dict[int, str] | None = None,
                 ended: str = "") -> None:
        self.id, self.game, self.path = game_id, game, path
        self.ended = ended  # why it ended without its end (nobody left at it: issue 44), or "": its file is not over
        self._names, self._seats = list(names), tuple(seats)
        self._left = dict(left or {})  # (who left which seat: from the game's correspondence record, issue 44)
        self.progress, self.since, self.moves = progress, since, moves
        self.talk = talk if talk is not None else TableTalk()  # (the Table's, handed over: ``of``)

    @classmethod
    def of(cls, g: HostedGame) -> FinishedGame:
        """A game that has just ended (its last move on disk), in place of its session."""
        return cls(g.id, g.game, g.session.autosave_path, g.names(), tuple(g.seat(i) for i in range(len(g.names()))),
                   g.info(set()).progress, g.since, g.moves, g.talk, g.left(), g.table.ended)

    @classmethod
    def read(cls, path: Path) -> FinishedGame | None:
        """The game over in the file ``path``, from its metadata and settings (no replay), or None if
        the file says its game is not over. Raises SaveFileError (the file is never changed)."""
        loaded = store.parse_save(store.read_bytes(path), path, migrate=False)
        meta = loaded.save.meta
        if not meta.finished:
            return None
        game = loaded.game
        names = game.player_names(loaded.settings)
        seats = tuple(loaded.save.seats[i] if i < len(loaded.save.seats) else PERSON for i in range(len(names)))
        progress = game.progress({"round": meta.round, "phase": meta.phase, "scores": list(meta.scores)})
        try:
            since = path.stat().st_mtime  # (the file was last written by the game's last move)
        except OSError:
            since = meta.saved.timestamp()
        return cls(meta.game_id, game, path, names, seats, progress, since, len(loaded.save.actions))

    def names(self) -> list[str]:
        return self._names

    def seat(self, index: int) -> Seat:
        return self._seats[index] if 0 <= index < len(self._seats) else PERSON

    def left(self) -> dict[int, str]:
        return self._left

    def info(self, connected: set[str]) -> P.GameInfo:
        return P.GameInfo(self.id, self.game.title, self.seat_infos(connected), since=self.since,
                          progress=self.progress, finished=True)

    def reasons(self, seat: int | None) -> tuple[str | None, str | None]:
        """Why not undo, redo: as a session of a game over says (``Session.can_undo``, ``can_redo``)."""
        return WATCHER_REASONS if seat is None else ("the game is over", "nothing to redo")

    def close(self) -> None:
        pass  # (nothing open: no session, no lock, no process)


def load_games(folder: HostFolder, report, wall=None) -> dict[str, HostedGame | FinishedGame]:
    """Every hosted game in the host's folder: a game under way replayed (its Session, as it was), a
    game over only read for its lobby line (``FinishedGame``); a file that cannot be read is
    reported and left alone."""
    out: dict[str, HostedGame | FinishedGame] = {}
    for path in sorted(folder.games.glob("*.json")):
        if not store.is_autosave(path):
            continue
        try:
            over = FinishedGame.read(path)
            if over is not None:
                record = read_record(folder, over.id, report)  # (who left which seat; none: no clock)
                over._left = left_seats(record) if record is not None else {}
                out[over.id] = over
                continue
            session = Session.load(path, save_dir=folder.games)
        except Exception as exc:  # SaveFileError, GameInUseError: say which and why, go on with the others
            report(f"not hosted: {clean(path.name, 80)}: {clean(exc, 200)}")
            continue
        game = HostedGame(session, wall=wall, record=read_record(folder, session.game_id, report))
        try:
            game.since = path.stat().st_mtime
        except OSError:
            pass
        out[game.id] = game
    return out


def status_text(hosted: dict[str, HostedGame | FinishedGame], tables: Tables, connected: dict[str, int],
                doors: list[str] | None = None, width: int = 80) -> str:
    """The host's live list: games, seats and who is connected, each connection with the door it
    came through, ``ann (web)`` (also ``tiletum host --status``). Each fact is wrapped to ``width``
    at word boundaries (a terminal would cut it mid-word), a seat or a connection kept whole."""
    who = [_whole(clean(d, 60)) for d in doors] if doors is not None else [_whole(n) for n in sorted(connected)]
    lines = [f"{len(hosted)} game(s), {len(tables.tables)} table(s) waiting, "
             f"{sum(connected.values())} connection(s): {', '.join(who) or 'nobody'}"]
    names = set(connected)
    over = sorted((g for g in hosted.values() if isinstance(g, FinishedGame)), key=lambda g: -g.since)
    shown = [g for g in hosted.values() if not isinstance(g, FinishedGame)] + over[:OVER_LISTED]
    for g in shown:
        info = g.info(names)
        seats = "  ".join(_seat_words(s, i == info.deciding, info.finished) for i, s in enumerate(info.seats))
        paused = f" PAUSED ({info.paused})" if info.paused else ""
        lines.append(f"  {g.id}  {info.title}, {info.progress}{' (over)' if info.finished else ''}{paused}:  {seats}")
    for t in tables.tables.values():
        info = t.info(names)
        seats = "  ".join(_seat_words(s, False) for s in info.seats)
        lines.append(f"  {t.id}  {info.title}, {info.progress}:  {seats}")
    if len(over) > OVER_LISTED:  # (a host keeps every game: the list stays a screenful, issue 42)
        lines.append(f"  and {len(over) - OVER_LISTED:,} more game(s) over (tiletum host archive GAME, "
                     "delete GAME)")
    wrap = wrapper(width, "      ")
    return "\n".join(w.replace(_KEEP, " ") for line in lines for w in (wrap.wrap(line) or [""]))


def wrapper(width: int, indent: str) -> textwrap.TextWrapper:
    """Lines of the host's own terminal wrapped at word boundaries (a terminal would cut them mid-word)."""
    return textwrap.TextWrapper(width=max(width, 20), subsequent_indent=indent, break_long_words=False,
                                break_on_hyphens=False)


_KEEP = "\u00a0"  # a space the wrapping keeps (textwrap breaks only at ASCII whitespace); shown as a space


def _whole(text: str) -> str:
    return text.replace(" ", _KEEP)


def _seat_words(s: P.SeatInfo, deciding: bool, over: bool = False) -> str:
    mark = "▶" if deciding else " "
    what = f"[{plays_for(s.left, s.level, over)}]" if s.kind == "opponent" else ("●" if s.connected else "○")
    return _whole(f"{mark}{clean(s.name, 20)} {what}")

