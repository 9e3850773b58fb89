"""Record files read as saves (issue 21): ``tiletum load``, Open and ``tiletum import`` read a game record
(``tiletum_tui/shell/records``, docs/records.md) as they read a save.

A record becomes the save it describes: its moves are replayed by the rules while it is read (each
problem said with its line and column), and the save holds their digest, so the session's own replay
proves it reached the same game. Who plays each seat is checked as a save's seats are. A record
never becomes an autosave: a game opened from one autosaves to a file of its own, and its game id
comes from the record's text, so the same record opened twice is the same game (one window plays it).

Which files are records: a name ending ``.record``, or any name but ``.json`` whose text does not
begin with ``{`` (a save is JSON; a record begins with a comment or a header).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from .. import records
from ..records.errors import REPLAY, VERSION
from . import format as fmt
from .errors import CorruptSaveError, ReplayError, UnsupportedVersionError
from .loaded import LoadedFile, seats_problem

SUFFIX = records.SUFFIX


def is_record(path: Path, data: bytes) -> bool:
    if path.suffix == SUFFIX:
        return True
    if path.suffix == ".json":
        return False
    return not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def seat_of(word: str) -> fmt.Seat:
    """A record's seat ("person", "journeyman", "master 2s") as a save's."""
    if word == records.record.PERSON:
        return fmt.PERSON
    level, _, budget = word.partition(" ")
    return fmt.Seat(player="opponent", level=level, budget=budget)


def word_of(seat: fmt.Seat) -> str:
    """A save's seat as a record's word."""
    if not seat.is_opponent:
        return records.record.PERSON
    return f"{seat.level} {seat.budget}" if seat.budget else seat.level


def record_of(session) -> str:
    """A session's game (``session.Session``: its game, settings, seats, date and moves) as a record; its
    moves replayed once more, for the comments."""
    return records.write_record(session.game, session.settings, [word_of(s) for s in session.seats],
                                session.created, session.notation_log)


def parse_record(data: bytes, path: Path):
    """The save a record file describes, as ``store.LoadedFile``; a SaveFileError with the line and column."""

    try:
        record = records.read_record(data)
    except records.RecordError as exc:
        kind = {VERSION: UnsupportedVersionError, REPLAY: ReplayError}.get(exc.kind, CorruptSaveError)
        raise kind(path, f"not a readable record: {exc}") from None
    seats = [seat_of(w) for w in record.seats]
    problem = seats_problem(seats, len(seats))
    if problem:
        bad = next(i for i, s in enumerate(seats) if seats_problem([s], 1))
        raise CorruptSaveError(path, f"not a readable record: line {record.seat_lines[bad] or 1}, column 1: {problem}")
    game, final = record.game, record.final
    summary = game.summary(final)
    meta = fmt.SaveMeta(
        game_id="record-" + hashlib.sha256(data).hexdigest()[:16], name=path.stem, autosave=False,
        players=game.player_names(record.settings), round=summary["round"], phase=summary["phase"],
        scores=summary["scores"], actions=len(record.moves), finished=game.finished(final),
        created=record.date, saved=record.date)
    save = fmt.SaveFile(game=game.name, meta=meta, settings=game.encode_settings(record.settings),
                        seed=game.seed(record.settings), digest=game.digest(final), actions=list(record.moves),
                        seats=[] if all(not s.is_opponent for s in seats) else seats)
    return LoadedFile(path=path, save=save, version=fmt.CURRENT_VERSION, game=game, settings=record.settings)
