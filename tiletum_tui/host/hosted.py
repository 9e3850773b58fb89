"""The games a host holds: each a Session (autosave and lock as any game's) in the host's folder, who
sits at which seat, its computer opponents, and tables still waiting for players.

A seat is held by the person whose login name is the seat's name in the game's settings (a table
is set up with the names of the people who took its seats), never by anything a client says; an
opponent's seat is played here, by the game's opponents' process (``games.HOSTED_OPPONENTS``), and its
moves go through the session like anyone's. Nothing here names a game: it reaches one through
``games.game(name)`` and the Session.
"""

from __future__ import annotations

import importlib
import os
import random
import secrets
import textwrap
import time
from pathlib import Path

import msgspec

from .. import games
from ..game_interface import Hosted
from ..safe_text import clean, name_problem
from ..saves import store
from ..saves.format import PERSON, Seat
from ..session import Session
from . import protocol as P

COLOURS = ("red", "blue", "green", "yellow", "black")  # the colours both games' settings take, in seat order
OPPONENT_NAMES = ("Otto", "Pia", "Quin", "Rhea")


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

    def prepare(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(self.root, 0o700)  # the socket in it is the owner's door: nobody else may reach it
        self.games.mkdir(exist_ok=True, mode=0o700)


def default_folder() -> HostFolder:
    from .. import paths

    return HostFolder(paths.user_data_folder() / "host")


def opponents_of(game_name: str):
    """(the opponents' process class, its levels) for a game, or (None, ())."""
    entry = games.HOSTED_OPPONENTS.get(game_name)
    if entry is None:
        return None, ()
    module, _, cls = entry[0].partition(":")
    return getattr(importlib.import_module(module), cls), tuple(entry[1])


class Table(msgspec.Struct, kw_only=True):
    """A game set up but not begun: some seats still open. It begins when the last is taken."""

    id: str
    game: str
    seats: list[P.SeatPlan]
    modules: tuple[str, ...] = ()
    created: float = 0.0

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
                      created=time.time())
        self.tables[table.id] = table
        self.save()
        return table


def settings_for(table: Table):
    """The game's settings for a full table, made by the game itself (nothing named here)."""
    return games.game(table.game).table_settings([(s.name, COLOURS[i]) for i, s in enumerate(table.seats)],
                                                 random.SystemRandom().randrange(1, 10**9), tuple(table.modules))


def seats_for(table: Table) -> tuple[Seat, ...]:
    return tuple(Seat(player="opponent", level=s.level) if s.kind == "opponent" else PERSON for s in table.seats)


class HostedGame:
    """One game the host holds: its session, who watches it, its chat and its opponents' process."""

    CHAT_KEPT = 200  # lines of table talk kept per game (in memory)

    def __init__(self, session: Session) -> None:
        self.session = session
        self.id = session.game_id
        self.game = session.game
        self.chat: list[P.Chat] = []
        self.opponents = None  # the opponents' process, started when an opponent first decides
        self._reading = False  # the host's loop watches the opponents' process
        self.asked: tuple | None = None  # (request, seat, log length) of the decision asked
        self.since = time.time()  # when the decision in hand began
        self._deciding = session.current_player
        self._progress: str | None = None  # the lobby's words for how far it is (until the next change)
        self.retired = False  # the game is over: its session closed (``Host._retire``), kept to be seen

    # ------------------------------------------------------------ who sits where
    def names(self) -> list[str]:
        return self.game.player_names(self.session.settings)

    def seat_of(self, name: str) -> int | None:
        """The seat the person called ``name`` holds, or None (then they may only watch)."""
        for i, n in enumerate(self.names()):
            if n == name and not self.session.seat(i).is_opponent:
                return i
        return None

    def is_opponent(self, seat: int | None) -> bool:
        return seat is not None and self.session.seat(seat).is_opponent

    def seat_infos(self, connected: set[str]) -> tuple[P.SeatInfo, ...]:
        out = []
        for i, n in enumerate(self.names()):
            s = self.session.seat(i)
            out.append(P.SeatInfo(n, "opponent" if s.is_opponent else "person", s.level,
                                  s.is_opponent or n in connected))
        return tuple(out)

    def info(self, connected: set[str]) -> P.GameInfo:
        who = self.session.current_player
        if self._progress is None:  # (a whole view and its summary: once a change, not once a lobby)
            self._progress = self.game.progress(self.game.summary(self.session.view()))
        return P.GameInfo(self.id, self.game.title, self.seat_infos(connected),
                          deciding=-1 if who is None else who, since=self.since,
                          progress=self._progress, finished=self.session.finished)

    # ------------------------------------------------------------ what a client is sent
    def entry(self, e) -> P.Entry:
        return P.Entry(e.seat, e.text, e.notation, self.game.encode_events(e.events), tuple(e.barriers))

    def view_bytes(self, seat: int | None) -> bytes:  # (``game_interface.Hosted``)
        return self.game.encode_view(self.session.view(seat))

    def reasons(self, seat: int | None) -> tuple[str | None, str | None]:
        if seat is None:
            return "you are watching this game", "you are watching this game"
        return self.session.can_undo(by=seat), self.session.can_redo(by=seat)

    def changed(self) -> None:
        """After any change: when the decision passed to another seat, its clock starts now."""
        who = self.session.current_player
        self._progress = None
        if who != self._deciding:
            self._deciding, self.since = who, time.time()

    # ------------------------------------------------------------ opponents
    def opponent_to_ask(self) -> int | None:
        """The opponent's seat whose decision it is and that was not asked yet, or None."""
        who = self.session.current_player
        if not self.is_opponent(who) or self.session.finished:
            return None
        if self.asked is not None and self.asked[1:] == (who, len(self.session.log)):
            return None
        return who

    def process(self):
        """The opponents' process of this game, started if need be (None: the game has none)."""
        if self.opponents is None:
            cls, _ = opponents_of(self.game.name)
            if cls is None:
                return None
            seats = {i: (self.session.seat(i).level, self.session.seat(i).budget or "1s")
                     for i in range(len(self.names())) if self.is_opponent(i)}
            self.opponents = cls(seats, game=self.game.name)
        return self.opponents

    def ask_opponent(self, seat: int) -> int:
        """Send the seat's view to the opponents' process (started if need be); the request's number."""
        request = self.process().ask(self.session.view(seat), seat)
        self.asked = (request, seat, len(self.session.log))
        return request

    def close(self) -> None:
        if self.opponents is not None:
            self.opponents.close()
            self.opponents = None
        if not self.retired:
            self.session.close()


def load_games(folder: HostFolder, report) -> dict[str, HostedGame]:
    """Every hosted game in the host's folder, replayed (a file that does not replay is reported, left alone)."""
    out: dict[str, HostedGame] = {}
    for path in sorted(folder.games.glob("*.json")):
        if not store.is_autosave(path):
            continue
        try:
            session = Session.load(path, save_dir=folder.games)
        except Exception as exc:  # SaveFileError, GameInUseError: say which and why, go on with the others
            report(f"not hosted: {clean(path.name, 80)}: {clean(exc, 200)}")
            continue
        game = HostedGame(session)
        try:
            game.since = path.stat().st_mtime
        except OSError:
            pass
        out[game.id] = game
    return out


def status_text(hosted: dict[str, HostedGame], tables: Tables, connected: dict[str, int],
                doors: list[str] | None = None, width: int = 80) -> str:
    """The host's live list: games, seats and who is connected, each connection with the door it
    came through, ``ann (web)`` (also ``tiletum host --status``). Each fact is wrapped to ``width``
    at word boundaries (a terminal would cut it mid-word), a seat or a connection kept whole."""
    who = [_whole(clean(d, 60)) for d in doors] if doors is not None else [_whole(n) for n in sorted(connected)]
    lines = [f"{len(hosted)} game(s), {len(tables.tables)} table(s) waiting, "
             f"{sum(connected.values())} connection(s): {', '.join(who) or 'nobody'}"]
    names = set(connected)
    for g in hosted.values():
        info = g.info(names)
        seats = "  ".join(_seat_words(s, i == info.deciding) for i, s in enumerate(info.seats))
        lines.append(f"  {g.id}  {info.title}, {info.progress}{' (over)' if info.finished else ''}:  {seats}")
    for t in tables.tables.values():
        info = t.info(names)
        seats = "  ".join(_seat_words(s, False) for s in info.seats)
        lines.append(f"  {t.id}  {info.title}, {info.progress}:  {seats}")
    wrap = wrapper(width, "      ")
    return "\n".join(w.replace(_KEEP, " ") for line in lines for w in (wrap.wrap(line) or [""]))


def wrapper(width: int, indent: str) -> textwrap.TextWrapper:
    """Lines of the host's own terminal wrapped at word boundaries (a terminal would cut them mid-word)."""
    return textwrap.TextWrapper(width=max(width, 20), subsequent_indent=indent, break_long_words=False,
                                break_on_hyphens=False)


_KEEP = "\u00a0"  # a space the wrapping keeps (textwrap breaks only at ASCII whitespace); shown as a space


def _whole(text: str) -> str:
    return text.replace(" ", _KEEP)


def _seat_words(s: P.SeatInfo, deciding: bool) -> str:
    mark = "▶" if deciding else " "
    what = f"[{s.level}]" if s.kind == "opponent" else ("●" if s.connected else "○")
    return _whole(f"{mark}{clean(s.name, 20)} {what}")

