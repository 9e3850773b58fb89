"""A save file decoded, not yet replayed (``LoadedFile``), and the check of who plays its seats: what
``store`` reads a save into and ``record_files`` a game record."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tiletum_tui.core.safe_text import quote
from ..opponents.base import LEVELS, Budget
from . import format as fmt


@dataclass(frozen=True)
class LoadedFile:
    """A save file decoded (and migrated to the current format), not yet replayed."""

    path: Path
    save: fmt.SaveFile
    version: int  # the version the file was written in
    game: object  # the game it is a save of (``games.game``)
    settings: object  # the game's settings, decoded strictly

    @property
    def check_digest(self) -> bool:
        """Only a save migrated from format 1 has no digest (its game is replayed unchecked)."""
        return bool(self.save.digest)


def seats_problem(seats, players: int) -> str | None:
    """Why the seats of a save cannot be played (who plays each seat comes from untrusted files), or None."""
    if len(seats) > players:
        return f"`$.seats` names {len(seats)} seats for a game of {players} players"
    for i, seat in enumerate(seats):
        if seat.is_opponent and seat.level not in LEVELS:
            return f"seat {i + 1}: unknown opponent level {quote(seat.level, 20)} (known: {', '.join(LEVELS)})"
        if seat.budget:
            try:
                Budget.parse(seat.budget)
            except ValueError as exc:
                return f"seat {i + 1}: {exc}"
    return None
