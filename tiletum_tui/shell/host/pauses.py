"""A hosted game whose file cannot be written is paused, never played on unsaved (issue 42).

Every change (a person's move, undo, a computer opponent's move) is made, then its autosave waited
for; when the autosave fails the change is taken back (``Session.take_back``: the game in memory is
the game in its file), the one who made it is refused with the reason, and the game is paused: each
player at it is told (``Paused``), the lobby line and the host's live list say so and the host's log
says it at once. It goes on by itself when the file can be written again, whichever comes first:
the next move tried (it is applied and written as usual), or the host's retry every
``RETRY_SECONDS`` (the game's file written again as it is). A computer opponent is not asked while
its game is paused; it is asked again when the game goes on. A part of ``server.Host``.
"""

from __future__ import annotations

import asyncio
import errno

from tiletum_tui.core.safe_text import clean
from ..saves.safe_read import os_reason
from . import protocol as P

RETRY_SECONDS = 5.0  # how often a paused game's file is tried again

# What players are told, by the OS's reason (the host's folders are nothing a player needs to see).
_REASONS = {
    errno.ENOSPC: "its disk is full",
    errno.EDQUOT: "its disk quota is used up",
    errno.EROFS: "its disk is read-only",
    errno.EFBIG: "the game's file would pass the size limit set for the host",
}


def cannot_save(failure: BaseException) -> str:
    """The words for why the host cannot write a game's file: the OS's reason, never a path."""
    cause = failure if isinstance(failure, OSError) else failure.__cause__
    if isinstance(cause, OSError):
        return f"the host cannot save: {_REASONS.get(cause.errno) or os_reason(cause)}"
    return "the host cannot save: its games' folder cannot be written"


class HostPauses:
    """``server.Host``'s paused games (it gives ``games``, ``connections``, ``report``, ``_lock``,
    ``_spawn``, ``_lobby_changed`` and ``_opponents``)."""

    _retry_task: asyncio.Task | None = None

    def _pause(self, g, failure: BaseException) -> str:
        """The game's change could not be written (and was taken back): pause it, say so; the words."""
        why = cannot_save(failure)
        if g.paused != why:
            was, g.paused = g.paused, why
            self.report(f"{g.id} {'is still' if was else 'is'} PAUSED, nothing lost: {why} "
                        f"({clean(failure, 200)}); trying again every {RETRY_SECONDS:g} s")
            self._tell_paused(g)
            self._lobby_changed()
        if self._retry_task is None or self._retry_task.done():
            self._retry_task = self._spawn(self._retry())
        return why

    def _resume(self, g) -> None:
        """The game's file was written again: it goes on (the caller asks its opponent, if any)."""
        if g.paused:
            g.paused = None
            self.report(f"{g.id} goes on: its file is written again")
            self._tell_paused(g)
            self._lobby_changed()

    def _tell_paused(self, g) -> None:
        for c in self.connections:
            if g.id in c.games:
                c.send(P.Paused(g.id, g.paused or ""))

    async def _retry(self) -> None:
        """Every few seconds, each paused game's file written again; a game that could be goes on."""
        while any(getattr(g, "paused", None) for g in self.games.values()):
            await asyncio.sleep(RETRY_SECONDS)
            for g in [g for g in self.games.values() if getattr(g, "paused", None)]:
                async with self._lock(g.id):
                    if not g.paused or g.retired:
                        continue
                    if await asyncio.to_thread(g.session.write_again) is not None:
                        continue  # (still not: said once when it paused, not every few seconds)
                    self._resume(g)
                self._opponents(g)  # an opponent whose move was refused is asked again
