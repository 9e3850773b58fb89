"""Game records (issue 21): any game this program plays as a plain text a person can read, edit and
share, as chess players share PGN. The format is in docs/records.md.

- ``text.py``: the lines of a record (bounded, UTF-8, no control characters), its ``[Key "value"]``
  headers and its moves, each with the line it stands on; and writing them back.
- ``settings.py``: a game's settings as headers and back, read from the settings' own types
  (``msgspec.inspect``), so nothing here names a game or its modules.
- ``record.py``: a whole record: reading one checks it against the game (every move replayed, the
  result compared), writing one replays the moves for the round-and-turn comments and the result.
- ``stats.py``: tables across many finished games (win rate by seat and by level, VP by category).

Every game is reached through ``games.game(name)`` and the calls of ``game_interface.Game``. Records
are untrusted input: every problem is a ``RecordError`` naming its line and column, and nothing here
reads or writes a file (``saves/record_files.py`` does, as it reads saves).
"""

from .errors import RecordError
from .record import MAX_BYTES, SUFFIX, Record, read_record, write_record

__all__ = ["MAX_BYTES", "SUFFIX", "Record", "RecordError", "read_record", "write_record"]
