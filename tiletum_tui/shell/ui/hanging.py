"""A hanging indent for the logs: an entry's further lines begin under its words, not at the left edge.

Textual's Static wraps a long line back to column 0, under the move numbers; the logs (Tiletum's
``LogView``, Carcassonne's ``NewsPanel``) wrap their entries themselves, to their width, with this."""

from __future__ import annotations

import re

from rich.text import Text

_PREFIX = re.compile(r"\s*(?:\d+\.\s+|[①-⑳]\s+)?")  # a plain log line's margin and move number: " 48. ", "② "


def hang(out: Text, body: Text, width: int, indent: int, console) -> None:
    """Append ``body`` to ``out``, which ends ``indent`` columns into a line: wrapped to ``width``,
    every further line indented as far."""
    lines = body.wrap(console, max(width - indent, 20))
    for i, line in enumerate(lines):
        if i:
            out.append("\n" + " " * indent)
        line.rstrip()  # (the space a line was broken at)
        out.append_text(line)


def hung_lines(lines, width: int, console) -> Text:
    """Plain lines, each wrapped to ``width`` under its words (after its margin and move number)."""
    out = Text()
    for k, line in enumerate(lines):
        if k:
            out.append("\n")
        n = _PREFIX.match(line).end()
        out.append(line[:n])
        hang(out, Text(line[n:]), width, n, console)
    return out
