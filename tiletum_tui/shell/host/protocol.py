"""What a client and the host say to each other: msgspec messages in length-prefixed frames.

A frame is a 4-byte big-endian length and that many bytes of msgpack, one message. Every message is
a tagged msgspec Struct (``"t"`` names it); the host decodes what a client sends strictly, as one of
``FROM_CLIENT`` only (unknown fields, wrong types and other messages are refused), and a frame longer
than ``MAX_FRAME`` is refused before it is read (issue 25: "Client and host talk over a local socket
in msgspec frames with a length prefix and a size limit").

A client never holds a full state while the game goes on: the host sends it views
(``Game.encode_view``: what its seat may see) and log entries, never settings, seeds or piles. Once
the game is over it hides nothing, and the host adds its whole record (``record``: the game's save
file), which the client replays for the final table's replay and charts (issue 39). Nothing here
names a game.
"""

from __future__ import annotations

import asyncio
import struct

import msgspec

VERSION = 3  # 2: a game over's record; a client's Trouble (issue 39). 3: play by correspondence (issue 44: Rematch,
# Resign, VoteReplace, Away, Remind; deadlines; SeatInfo.left; Opened.ended): an older client is told to update
MAX_FRAME = 256 * 1024  # bytes of one message: a view is about 20 KB, a whole log of a game ~100 KB
_HEADER = struct.Struct(">I")


class ProtocolError(ValueError):
    """A frame that is not one of the messages allowed, or too long: the connection is dropped."""


class _Msg(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, frozen=True):
    pass


# ------------------------------------------------------------------ from a client
class Hello(_Msg, tag="hello"):
    """The first message. ``name``: who the client is, heeded only on the owner's socket (``join --as``);
    on a socket the host made for an SSH session the host already knows, and ignores it."""

    version: int
    name: str = ""
    status: bool = False  # ``tiletum host --status``: only the status, then goodbye


class Open(_Msg, tag="open"):
    """Sit down at a game: at one's own seat, or watching (``watch``: always without a seat)."""

    game: str
    watch: bool = False


class Leave(_Msg, tag="leave"):
    game: str


class SeatPlan(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One seat of a new game: ``person`` (a named player), ``opponent`` (a level), or ``open``."""

    kind: str
    name: str = ""
    level: str = ""


class NewTable(_Msg, tag="new"):
    game: str  # a name from the registry (``games.NAMES``)
    seats: tuple[SeatPlan, ...]
    modules: tuple[str, ...] = ()
    # issue 44, the time per move (seconds, 0: none), the computer opponent's level that moves for a
    # seat whose time ran out, and after how many misses it keeps the seat (0: never)
    per_move: int = 0
    stand_in: str = "beginner"
    take_after: int = 0


class TakeSeat(_Msg, tag="take"):
    """Take the free seat of a table still waiting for its players."""

    table: str
    seat: int


class Act(_Msg, tag="act"):
    """A move, in the game's notation, for the seat the connection sits at (never another)."""

    game: str
    action: str
    ref: int = 0  # echoed in Accepted / Refused


class Undo(_Msg, tag="undo"):
    game: str
    redo: bool = False
    ref: int = 0


class Say(_Msg, tag="say"):
    """A line of table talk."""

    game: str
    text: str


class WebLink(_Msg, tag="weblink"):
    """Ask for one's own sign-in link of the host's web door (a new one: the host keeps only hashes,
    so the old link stops working). The answer goes to this connection only (``YourLink``)."""


class AskHint(_Msg, tag="hint"):
    """``h``: the master's suggestion for the decision in hand of the connection's own seat (the host
    works it out from that seat's view only, answers with ``Hinted``)."""

    game: str
    ref: int = 0


class LobbyAsk(_Msg, tag="lobbyask"):
    """Another page of the lobby, or the lines whose game, id or names hold ``search`` (issue 42: the
    lobby is sent a page at a time, never every game the host ever held)."""

    page: int = 0
    search: str = ""


class Rematch(_Msg, tag="rematch"):
    """Ask for (or accept) a rematch of a game over you played (issue 44, ``host/rematch.py``)."""

    game: str


class Resign(_Msg, tag="resign"):
    """Resign the game: a computer opponent plays the seat from now on (issue 44)."""

    game: str


class VoteReplace(_Msg, tag="vote"):
    """Vote a missing player's seat over to a computer opponent (issue 44)."""

    game: str
    seat: int


class Away(_Msg, tag="away"):
    """Days away (0: back): the time per move does not run for this player meanwhile (issue 44)."""

    days: int


class Remind(_Msg, tag="remind"):
    """Where this player's reminders go: an apprise URL ("" : none; issue 44)."""

    url: str


class Trouble(_Msg, tag="trouble"):
    """An unexpected error ended this client (a bug): what failed, for the host's log (issue 39: the
    player is told one line, never a traceback)."""

    text: str


class Manage(_Msg, tag="manage"):
    """The host's owner (its own socket only): ``archive`` or ``delete`` a game that is over."""

    game: str
    what: str
    under_way: bool = False  # the owner's --under-way: a game not over too (issue 44: abandoned games)


FROM_CLIENT = (Hello | Open | Leave | NewTable | TakeSeat | Act | Undo | Say | WebLink | AskHint | LobbyAsk | Manage
               | Trouble | Rematch | Resign | VoteReplace | Away | Remind)


# ------------------------------------------------------------------ from the host
class SeatInfo(msgspec.Struct, frozen=True):
    name: str
    kind: str  # person, opponent, open
    level: str = ""
    connected: bool = False
    left: str = ""  # a person's seat a computer opponent plays for good: "resigned" or "replaced" (issue 44)


class GameInfo(msgspec.Struct, frozen=True):
    """One line of the lobby: a game under way (``table`` empty) or a table waiting for players."""

    id: str
    title: str
    seats: tuple[SeatInfo, ...]
    deciding: int = -1  # the seat to decide (-1: none, the game is over or has not begun)
    since: float = 0.0  # when that decision began (seconds since the epoch)
    progress: str = ""
    waiting: bool = False  # a table with a free seat, not yet begun
    finished: bool = False
    paused: str = ""  # why the game waits for the host's disk (issue 42), "" when it goes on
    deadline: float = 0.0  # when the time of the seat deciding runs out (epoch seconds; 0: no clock, issue 44)
    speed: str = ""  # the table's time per move, in words ("3 days a move"; "": none)


class Welcome(_Msg, tag="welcome"):
    name: str
    version: int = VERSION
    host: str = ""
    watching: bool = False  # a watching link's connection: it may watch games, never play or sit down


class Offered(msgspec.Struct, frozen=True):
    """A game a table can be set up for: its name, title and the modules a table may add."""

    name: str
    title: str
    modules: tuple[tuple[str, str], ...] = ()  # (name, title)
    levels: tuple[str, ...] = ()  # its computer opponents' levels
    players: tuple[int, int] = (2, 4)  # the fewest and the most seats of a table


class Lobby(_Msg, tag="lobby"):
    """One page of the lobby, in its order: your games under way, tables with a free seat, other games
    under way, then games over (yours first, the newest first); ``total`` lines in ``pages`` pages,
    those matching ``search`` if one was asked (``LobbyAsk``)."""

    games: tuple[GameInfo, ...]
    offered: tuple[Offered, ...] = ()
    page: int = 0
    pages: int = 1
    total: int = 0
    search: str = ""
    rating: str = ""  # the connection's own ratings, in words (issue 44)


class Entry(msgspec.Struct, frozen=True):
    """A log entry as a client gets it (its events in the game's own encoding)."""

    seat: int
    text: str
    notation: str
    events: bytes
    barriers: tuple[str, ...] = ()


class Chat(msgspec.Struct, frozen=True):
    who: str
    text: str
    after: int  # the number of log entries when it was said (where it shows in the log)
    at: float


class Opened(_Msg, tag="opened"):
    """A game opened for this connection: its first view and the whole log."""

    game: str
    name: str  # the game's name in the registry
    seat: int  # -1: watching
    view: bytes
    log: tuple[Entry, ...]
    setup: bytes
    seats: tuple[SeatInfo, ...]
    chat: tuple[Chat, ...] = ()
    undo: str | None = None  # why undo is not possible now (None: it is)
    redo: str | None = "nothing to redo"
    paused: str = ""  # why the game waits for the host's disk ("": it goes on)
    record: bytes = b""  # a game over's save file (nothing is hidden then): replay and charts read it
    since: bytes = b""  # 'since your last turn' for this seat (``session.since.Since``, msgpack), made on the host
    deadline: float = 0.0  # when the deciding seat's time runs out (0: no clock; issue 44)
    ended: str = ""  # why the game ended without its end (nobody left at it: issue 44), "" if it did not


class Update(_Msg, tag="update"):
    """The game changed (anyone's move, undo, an opponent's): the log from ``start`` on, the new view."""

    game: str
    start: int
    entries: tuple[Entry, ...]
    view: bytes
    seats: tuple[SeatInfo, ...]
    undo: str | None = None
    redo: str | None = "nothing to redo"
    record: bytes = b""  # the game is over: its save file, as in ``Opened``
    since: bytes = b""  # this seat's 'since your last turn', as in ``Opened``
    deadline: float = 0.0  # as in ``Opened``


class Seats(_Msg, tag="seats"):
    """Who is connected changed (nothing else did)."""

    game: str
    seats: tuple[SeatInfo, ...]


class Paused(_Msg, tag="paused"):
    """The host cannot write the game's file (``why``), so no move is made until it can; ``why`` empty:
    it can again, and the game goes on (issue 42: a move is told only once it is on disk)."""

    game: str
    why: str = ""


class Said(_Msg, tag="said"):
    game: str
    chat: Chat


class Accepted(_Msg, tag="ok"):
    ref: int = 0


class Refused(_Msg, tag="refused"):
    why: str
    ref: int = 0


class Hinted(_Msg, tag="hinted"):
    """The master's suggestion (the fields of the opponents' process's answer, notation), or ``error``:
    why there is none (not your decision, asked too often, the game moved on while it thought)."""

    game: str
    request: int  # the ``ref`` of the AskHint it answers
    seat: int = -1
    action: str = ""
    plan: tuple[str, ...] = ()
    gain: float = 0.0
    win: float | None = None
    alternative: tuple[str, ...] = ()
    alternative_gain: float = 0.0
    alternative_win: float | None = None
    error: str = ""
    hint: bool = True
    simulations: int = 0  # how far the master thought, of its ``target``; ``cut``: the host's time cap stopped it
    target: int = 0  # short (said on the asker's screen, as at home: issue 43)
    cut: bool = False


class Status(_Msg, tag="status"):
    text: str


class Bye(_Msg, tag="bye"):
    why: str


class YourLink(_Msg, tag="yourlink"):
    """The answer to ``WebLink``: the link (empty if none), or why not."""

    url: str = ""
    why: str = ""


FROM_HOST = Welcome | Lobby | Opened | Update | Seats | Paused | Said | Accepted | Refused | Hinted | Status | Bye | YourLink

_ENCODER = msgspec.msgpack.Encoder()
_FROM_CLIENT = msgspec.msgpack.Decoder(FROM_CLIENT)
_FROM_HOST = msgspec.msgpack.Decoder(FROM_HOST)


def frame(msg: _Msg) -> bytes:
    data = _ENCODER.encode(msg)
    if len(data) > MAX_FRAME:
        raise ProtocolError(f"a message of {len(data):,} bytes is longer than the limit ({MAX_FRAME:,})")
    return _HEADER.pack(len(data)) + data


async def read_frame(reader: asyncio.StreamReader, limit: int = MAX_FRAME) -> bytes | None:
    """The next frame's bytes, or None at a clean end of the stream. Raises ProtocolError for a frame
    over ``limit`` (without reading it) and for a stream cut inside a frame."""
    try:
        header = await reader.readexactly(_HEADER.size)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise ProtocolError("the connection ended inside a frame's length") from None
        return None
    (size,) = _HEADER.unpack(header)
    if size > limit:
        raise ProtocolError(f"a frame of {size:,} bytes is longer than the limit ({limit:,})")
    try:
        return await reader.readexactly(size)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the connection ended inside a frame") from None


def decode_from_client(data: bytes):
    try:
        return _FROM_CLIENT.decode(data)
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"not a message the host takes: {exc}") from None


def decode_from_host(data: bytes):
    try:
        return _FROM_HOST.decode(data)
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"not a message a client takes: {exc}") from None


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, bursts of ``burst``. A client over it
    is flooding the host and is disconnected."""

    def __init__(self, rate: float, burst: int, clock) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
