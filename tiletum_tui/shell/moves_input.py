"""Moves for ``tiletum play``, one per line, read with bounds: no line longer than a move could be,
no more input than a game could need, UTF-8 checked with a position.

``--script /dev/zero`` used to read until memory ran out, and a 10 MB line on standard input was
quoted back twice. Lines are read at most ``LINE_LIMIT`` bytes at a time, so a line that does not
end there is refused at once; the whole input is bounded by ``TOTAL_LIMIT``. A pipe or a terminal
is fine (``--script -``, ``--script <(...)``); a folder, a missing file or a closed standard input
is an ``InputProblem`` saying so.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

from .cli_guard import InputProblem
from tiletum_tui.core.safe_text import clean, quote

LINE_LIMIT = 1000  # bytes: the longest move is a few dozen; comments may run on
TOTAL_LIMIT = 8 * 1024 * 1024  # a whole game is a few thousand lines
BOM = b"\xef\xbb\xbf"


def read_moves(script: str | None) -> Iterator[tuple[int, str]]:
    """(line number, text) of every line of ``script`` (None or "-": standard input)."""
    if script in (None, "-"):
        if sys.stdin is None or sys.stdin.closed:
            raise InputProblem("standard input is closed: give the moves with --script FILE, "
                               "or finish with --random SEED")
        name, stream, owned = "standard input", sys.stdin.buffer, False
    else:
        name = clean(script)
        try:
            stream, owned = open(script, "rb"), True
        except FileNotFoundError:
            raise InputProblem(f"{name}: no such file (the --script file of moves)") from None
        except IsADirectoryError:
            raise InputProblem(f"{name}: it is a folder, not a file of moves") from None
        except OSError as exc:
            raise InputProblem(f"{name}: cannot be read ({clean(exc.strerror or exc)})") from None
    try:
        yield from _lines(stream, name)
    except OSError as exc:
        raise InputProblem(f"{name}: cannot be read ({clean(exc.strerror or exc)})") from None
    finally:
        if owned:
            stream.close()


def _lines(stream, name: str) -> Iterator[tuple[int, str]]:
    total = 0
    number = 0
    while True:
        raw = stream.readline(LINE_LIMIT + 1)
        if not raw:
            return
        number += 1
        total += len(raw)
        if total > TOTAL_LIMIT:
            raise InputProblem(f"{name}: more than {TOTAL_LIMIT:,} bytes of moves (a whole game is far less)")
        if len(raw) > LINE_LIMIT and not raw.endswith(b"\n"):
            raise InputProblem(f"{name}: line {number} is longer than {LINE_LIMIT:,} bytes "
                               f"(it begins {quote(raw[:20].decode('utf-8', 'replace'))}): a move is a few words")
        if number == 1 and raw.startswith(BOM):
            raw = raw[len(BOM):]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputProblem(f"{name}: line {number} is not UTF-8 text (byte 0x{raw[exc.start]:02x} "
                               f"at column {exc.start + 1})") from None
        yield number, text
