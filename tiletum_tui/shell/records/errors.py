"""What is wrong with a record, and where: every problem names its line and column."""

from __future__ import annotations

from tiletum_tui.core.safe_text import clean

# What kind of problem it is, so a reader of files can tell them apart (as saves' errors do).
CORRUPT = "corrupt"  # not a readable record: cut short, binary, malformed, a header missing or twice
VERSION = "version"  # a record this program cannot read: another game, an unknown rules or record version
REPLAY = "replay"  # it reads, but its moves are not a game: an illegal move, a result the moves do not give


class RecordError(ValueError):
    """``str(error)`` is ``"line 12, column 3: ..."``; the problem may quote the record, so it is cleaned
    (``safe_text.clean``: bounded, never a control character)."""

    def __init__(self, line: int, column: int, problem: str, kind: str = CORRUPT) -> None:
        self.line, self.column, self.kind = line, column, kind
        self.problem = clean(problem)
        super().__init__(f"line {line}, column {column}: {self.problem}")
