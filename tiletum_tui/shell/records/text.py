"""The lines of a record: bytes to checked text, the headers and the moves, each with its line.

A record is shared, so it is untrusted: each check here stops one way a file could hurt or fool a
reader. It is at most ``MAX_BYTES`` (a finished 4-player game is about 20 KB) and no line is longer
than ``LINE_LIMIT``; it is UTF-8 text (a NUL byte or bytes that are not UTF-8 say "binary", with the
place); and it holds no control or format character (an ESC would reach the terminal when a line is
quoted back, a bidirectional override would make it read backwards): only the line breaks, tabs and a
leading byte order mark are allowed.

Layout (docs/records.md): ``[Key "value"]`` headers first (a ``"`` or ``\\`` in a value is written
``\\"``, ``\\\\``), then the moves, one a line, then a line ``end``. ``#`` starts a comment, on a line
of its own or after a move; blank lines are allowed anywhere.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from tiletum_tui.core.safe_text import quote
from .errors import RecordError

MAX_BYTES = 1024 * 1024
LINE_LIMIT = 1000  # characters: the longest move is a few dozen, a header a few hundred
END = "end"
BOM = "\ufeff"

_HEADER = re.compile(r'\[([A-Za-z][A-Za-z0-9]*)[ \t]+"((?:[^"\\]|\\.)*)"\][ \t]*(?:#.*)?$')
_ALLOWED = {"\n", "\t"}


@dataclass
class Lines:
    """A record's text taken apart: ``headers`` key -> (value, line), in the order they came; ``moves``
    (text, line); the line of ``end``."""

    headers: dict[str, tuple[str, int]] = field(default_factory=dict)
    moves: list[tuple[str, int]] = field(default_factory=list)
    end: int = 0
    last_line: int = 0


def decode(data: bytes) -> str:
    """``data`` as checked text (see the module's rules); raises RecordError saying where it fails."""
    if len(data) > MAX_BYTES:
        raise RecordError(1, 1, f"the file is too large to be a record ({len(data):,} bytes; at most "
                                f"{MAX_BYTES:,} are read)")
    if not data.strip():
        raise RecordError(1, 1, "the file is empty" if not data else "the file holds only blank space")
    nul = data.find(b"\x00")
    if nul >= 0:
        line, column = _place(data, nul)
        raise RecordError(line, column, f"a binary file, not a record (a NUL byte at offset {nul:,})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _place(data, exc.start)
        raise RecordError(line, column, f"a binary file, not a record (it is not UTF-8 text: byte "
                                        f"0x{data[exc.start]:02x} at offset {exc.start:,})") from None
    text = text.removeprefix(BOM).replace("\r\n", "\n")
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > LINE_LIMIT:
            raise RecordError(number, LINE_LIMIT + 1, f"the line is {len(line):,} characters long "
                                                      f"(a record's lines are at most {LINE_LIMIT})")
        for column, char in enumerate(line, 1):
            if char not in _ALLOWED and unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
                raise RecordError(number, column, f"a control character ({quote(char)}) has no place in a record")
    return text


def _place(data: bytes, offset: int) -> tuple[int, int]:
    return data.count(b"\n", 0, offset) + 1, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def split(text: str) -> Lines:
    """The headers, moves and ``end`` of checked text; raises RecordError for a line out of place."""
    out = Lines()
    lines = text.split("\n")
    out.last_line = len(lines) - (1 if lines and lines[-1] == "" else 0)
    # A record cut short (a copy stopped half-way) is said to be so, wherever the cut fell: its last
    # line may be half a header or half a move, which would otherwise be the error named.
    body = [(n, line.strip()) for n, line in enumerate(lines, 1) if line.strip() and not line.strip().startswith("#")]
    if body and body[0][1].startswith("[") and not any(line.split("#", 1)[0].rstrip() == END for _, line in body):
        raise RecordError(out.last_line, 1, f"the record is cut short: it ends at line {out.last_line} "
                                            f"without the line `{END}` that closes it")
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if out.end:
            raise RecordError(number, _indent(raw), f"{quote(line)} after the line `{END}` (line {out.end}), "
                                                    "which closes the record")
        if line.startswith("["):
            if out.moves:
                raise RecordError(number, _indent(raw), f"a header after the moves began (line {out.moves[0][1]}): "
                                                        "the headers come first")
            _header(out, raw, number)
            continue
        move = line.split("#", 1)[0].rstrip()  # a comment after the move
        if move == END:
            out.end = number
        elif not out.headers:
            raise RecordError(number, _indent(raw), 'not a record: it begins with the header [Record "1"], '
                                                    f"not {quote(line)}")
        else:
            out.moves.append((move, number))
    if not out.end:  # (only a text that is no record at all gets here: it began with a move)
        raise RecordError(out.last_line or 1, 1, f"the record is cut short: it ends at line {out.last_line} "
                                                 f"without the line `{END}` that closes it")
    return out


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip()) + 1


def _header(out: Lines, raw: str, number: int) -> None:
    line = raw.strip()
    m = _HEADER.match(line)
    if not m:
        column = _indent(raw) + _bad_column(line)
        raise RecordError(number, column, f'a header is written [Key "value"], not {quote(line)}')
    key, value = m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))
    if key in out.headers:
        raise RecordError(number, _indent(raw) + 1, f"the header {key} is given twice (first at line "
                                                    f"{out.headers[key][1]})")
    out.headers[key] = (value, number)


def _bad_column(line: str) -> int:
    """Where a malformed header goes wrong (0-based), for the column of its message."""
    key = re.match(r"\[[A-Za-z][A-Za-z0-9]*", line)
    if not key:
        return 1
    at = key.end()
    rest = line[at:].lstrip(" \t")
    at += len(line[at:]) - len(rest)
    if not rest.startswith('"'):
        return at
    closing = re.match(r'"(?:[^"\\]|\\.)*"', rest)
    return at + (closing.end() if closing else len(rest))


def header_line(key: str, value: str) -> str:
    return f'[{key} "' + value.replace("\\", "\\\\").replace('"', '\\"') + '"]'
