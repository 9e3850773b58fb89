"""A whole game record: reading one (checked against the game, move by move) and writing one.

Reading is strict, because a record is untrusted and hand-edited: every header the format knows
and no other, each once; the game and the versions this program knows; a seat list matching
``Players``; every move legal where it stands (the engine's reason otherwise, with the line); and the
``Result`` header what the moves give, so a record cut short or edited without its result is refused
rather than read as another game. Writing replays the moves once, for the round-and-turn comments
(``Game.turn_label``) and the result, and gives the text reading accepts; ``write(read(t)) == t`` for
any text ``write`` gave (the round trip, issue 21).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone

from tiletum_tui.core import games
from tiletum_tui.core.safe_text import name_problem, quote
from . import settings as heads
from . import text as lines
from .errors import CORRUPT, REPLAY, VERSION, RecordError

SUFFIX = ".record"  # what ``tiletum export`` suggests, and what the Open dialog lists beside the saves
MAX_BYTES = lines.MAX_BYTES
FORMAT = "1"  # the record format's version (the ``Record`` header)
UNFINISHED = "unfinished"
PERSON = "person"
_SEAT = re.compile(r"[a-z]+(?: [0-9A-Za-z.]+){0,2}$")  # "person", "journeyman", "master 2s", "master 300 5s"
_OWN = ("Record", "Game", "Date", "Result")  # the record's own headers; the rest are the game's settings


@dataclass(frozen=True)
class Record:
    """A record read and replayed: the game, its settings, who played each seat, the moves."""

    game: object  # ``games.game(name)``
    settings: object
    seats: tuple[str, ...]  # per seat: "person", or an opponent's level and budget ("master 2s")
    date: datetime  # when the game was set up (UTC)
    moves: tuple[str, ...]  # the game's notation, oldest first
    final: object  # the state the moves lead to
    result: str  # the Result header: the scores and the winners, or "unfinished"
    seat_lines: tuple[int, ...] = ()  # the line of each seat's Seat header (for a reader's messages)
    move_lines: tuple[int, ...] = ()
    labels: tuple = ()  # (the turn label, the seat) before each move, as the replay found them

    def text(self) -> str:
        """The record as ``write_record`` writes it (without another replay)."""
        return _write(self.game, self.settings, self.seats, self.date, self.moves, self.labels, self.final)


# ---------------------------------------------------------------- reading
def read_record(data: bytes | str) -> Record:
    """The record in ``data``, replayed and checked; RecordError (line, column, why) if it is not one."""
    text = lines.decode(data.encode("utf-8") if isinstance(data, str) else data)
    parts = lines.split(text)
    h = parts.headers
    used = set(_OWN)
    version = _required(h, "Record")
    if version[0] != FORMAT:
        raise RecordError(version[1], 1, f"record format {quote(version[0])} is unknown to this program (it reads "
                                         f"format {FORMAT}): update Tiletum to read it", VERSION)
    name, name_line = _required(h, "Game")
    game = games.game(name)
    if game is None:
        raise RecordError(name_line, 1, f"a record of the game {quote(name, 40)}, which this program does not play "
                                        f"(it plays {', '.join(games.NAMES)})", VERSION)
    settings = heads.from_headers(game, h, used)
    names = game.player_names(settings)
    for i, player in enumerate(names):
        problem = name_problem(player)
        if problem:
            raise RecordError(h.get(f"Player{i + 1}", ("", 1))[1], 1, f"seat {i + 1}: {problem}")
    seats, seat_lines = _seats(h, len(names), used)
    date = _date(*_required(h, "Date"))
    result, result_line = _required(h, "Result")
    unknown = [k for k in h if k not in used]
    if unknown:
        key = unknown[0]
        raise RecordError(h[key][1], 2, f"unknown header {key} (a record of {game.title} has "
                                        f"{', '.join(_known(game, len(names)))})")
    labels: list = []
    final = _replay(game, settings, parts.moves, h["Players"][1] if "Players" in h else 1, labels=labels)
    given = result_of(game, settings, final)
    if result != given:
        last = parts.moves[-1][1] if parts.moves else parts.end
        if given == UNFINISHED:
            problem = (f"Result says {quote(result, 80)}, but the game is not over after the last move (line "
                       f"{last}): the record is cut short, or its Result should be \"{UNFINISHED}\"")
        else:
            problem = f"Result says {quote(result, 80)}, but the moves give {quote(given, 120)}"
        raise RecordError(result_line, 1, problem, REPLAY)
    return Record(game=game, settings=settings, seats=seats, date=date, moves=tuple(m for m, _ in parts.moves),
                  final=final, result=result, seat_lines=seat_lines, move_lines=tuple(n for _, n in parts.moves),
                  labels=tuple(labels))


def _required(h: dict, key: str) -> tuple[str, int]:
    if key not in h:
        raise heads.missing(key, h)
    return h[key]


def _known(game, players: int) -> list[str]:
    s = heads.shape(game.Settings)
    return ["Record", "Game", *s.keys, "Date", heads.PLAYERS, *(f"{f.key}N" for f in s.seat_fields), "SeatN",
            "Result"]


def _seats(h: dict, players: int, used: set[str]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    seats, where = [], []
    for n in range(1, players + 1):
        value, line = h.get(f"Seat{n}", (PERSON, 0))
        used.add(f"Seat{n}")
        if not _SEAT.match(value):
            raise RecordError(line, 1, f"Seat{n} is \"{PERSON}\" or an opponent's level (and budget), "
                                       f"e.g. \"master 2s\", not {quote(value)}")
        seats.append(value)
        where.append(line)
    extra = sorted(k for k in h if re.fullmatch(r"Seat[0-9]+", k) and k not in used)
    if extra:
        raise RecordError(h[extra[0]][1], 1, f"Players says {players} seats, but there is a header {extra[0]}")
    return tuple(seats), tuple(where)


def _date(value: str, line: int) -> datetime:
    try:
        date = datetime.fromisoformat(value)
    except ValueError:
        date = None
    if date is None or date.tzinfo is None:
        raise RecordError(line, 1, f"Date must be a time in UTC like \"2026-12-01T10:00:00Z\", not {quote(value)}")
    return date.astimezone(timezone.utc)


def _replay(game, settings, moves: list[tuple[str, int]], setup_line: int, labels: list | None):
    """The state after ``moves`` (each checked by the rules); ``labels`` gets the turn label before each."""
    try:
        state = game.new_game(settings)
    except Exception as exc:  # the rules' refusal of the set-up (a player count, a module), in its words
        raise RecordError(setup_line, 1, f"these settings cannot start a game of {game.title}: {exc}", REPLAY) from None
    for text, line in moves:
        try:
            action = game.parse(text, None, settings)
        except game.Error as exc:
            raise RecordError(line, 1, f"{quote(text)} is not a move of {game.title}: {exc}", REPLAY) from None
        if labels is not None:
            labels.append((game.turn_label(state), action.seat))
        try:
            state = game.apply(state, action)
        except game.Error as exc:
            raise RecordError(line, 1, f"the move {quote(text)} is not allowed there: {exc}", REPLAY) from None
        except Exception as exc:  # a rules bug must not take the reader down with it
            raise RecordError(line, 1, f"the move {quote(text)} could not be replayed ({type(exc).__name__}: "
                                       f"{exc})", REPLAY) from None
    return state


def result_of(game, settings, state) -> str:
    """The Result header of a game at ``state``: "Ann 54, Bob 48: Ann wins", or "unfinished"."""
    if not game.finished(state):
        return UNFINISHED
    names = game.player_names(settings)
    scores = game.summary(state)["scores"]
    won = [names[i] for i in game.winners(state)]
    wins = "nobody wins" if not won else (f"{won[0]} wins" if len(won) == 1 else f"{' and '.join(won)} win")
    return ", ".join(f"{n} {s}" for n, s in zip(names, scores)) + f": {wins}"


# ---------------------------------------------------------------- writing
def write_record(game, settings, seats, date: datetime, moves) -> str:
    """The record of a game: headers, then the moves with a comment where each turn begins, then
    ``end``. ``seats``: per seat "person" or "LEVEL [BUDGET]" (missing ones are people). Raises
    RecordError if a move does not replay (line numbers are then those of ``moves``, from 1)."""
    labels: list = []
    moves = list(moves)
    final = _replay(game, settings, [(m, i + 1) for i, m in enumerate(moves)], 1, labels)
    return _write(game, settings, seats, date, moves, labels, final)


def _write(game, settings, seats, date: datetime, moves, labels, final) -> str:
    table, per_seat = heads.to_headers(settings)
    rules = [(k, v) for k, v in table if k == "Rules"]
    out = [f"# A game of {game.title}, recorded by Tiletum in the terminal (the format: docs/records.md)",
           lines.header_line("Record", FORMAT), lines.header_line("Game", game.name)]
    out += [lines.header_line(k, v) for k, v in rules + [kv for kv in table if kv[0] != "Rules"]]
    stamp = date.astimezone(timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    out.append(lines.header_line("Date", stamp))
    names = game.player_names(settings)
    if heads.shape(type(settings)).seats:  # settings with an entry per player: their count first
        out.append(lines.header_line(heads.PLAYERS, str(len(per_seat))))
    seats = list(seats) + [PERSON] * (len(names) - len(seats))
    for n, seat in enumerate(seats[:len(names)], 1):
        out += [lines.header_line(f"{k}{n}", v) for k, v in (per_seat[n - 1] if n <= len(per_seat) else ())]
        out.append(lines.header_line(f"Seat{n}", seat))
    out += [lines.header_line("Result", result_of(game, settings, final)), ""]
    shown = None
    for move, (label, seat) in zip(moves, labels):
        if label != shown:
            who = names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
            out.append(f"# {label}: {who}")
            shown = label
        out.append(move)
    out.append(lines.END)
    return "\n".join(out) + "\n"


__all__ = ["CORRUPT", "MAX_BYTES", "REPLAY", "Record", "SUFFIX", "VERSION", "read_record", "write_record"]
