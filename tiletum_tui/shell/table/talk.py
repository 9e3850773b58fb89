"""A game's table talk, in one home (issue 39): the lines said at its table, as a game goes on and
once it is over. A ``Table`` holds one (``Table.talk``); when the game ends the host hands the same
object to the game's lobby line (``host.hosted.FinishedGame``), where it is still said and read.

A line is said as words cleaned (control characters shown as escapes, never obeyed) and cut to a
length, kept by its owner's keeper first (the host: on disk, in its records) and only then among the
lines kept here (the last ``TALK_KEPT``), and told by the caller. No Textual, no Rich.
"""

from __future__ import annotations

import time

from tiletum_tui.core.safe_text import clean
from . import updates as U

TALK_LIMIT = 200  # characters of one line of table talk
TALK_KEPT = 200  # lines of talk kept (in memory)


class TableTalk:
    """The lines of talk of one game (``updates.Talked``, oldest first)."""

    def __init__(self, lines=()) -> None:
        self.lines: list[U.Talked] = list(lines)[-TALK_KEPT:]

    def say(self, who: str, text: str, after: int, keep=None) -> tuple[U.Talked | None, str | None]:
        """``who`` says ``text`` after ``after`` moves: (the line, None), or (None, why not): nothing
        to say, or why ``keep(line)`` (the owner's: on disk first) could not keep it."""
        words = clean(" ".join(str(text).split()), TALK_LIMIT)
        if not words:
            return None, "nothing to say"
        line = U.Talked(who=who, text=words, after=after, at=time.time())
        why = keep(line) if keep is not None else None
        if why:
            return None, why
        self.lines = (self.lines + [line])[-TALK_KEPT:]
        return line, None

    def read_back(self, lines) -> None:
        """The lines kept by the owner, read back after a restart (``who``, ``text``, ``after``, ``at``)."""
        self.lines = [U.Talked(who=c.who, text=c.text, after=c.after, at=c.at) for c in lines][-TALK_KEPT:]
