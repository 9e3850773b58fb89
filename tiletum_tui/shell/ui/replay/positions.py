"""The positions of a game as a replay shows them: every state the session went through, each only
as a seat may see it (``game.view``), or whole once the game is over.

Issue 21: "a finished game hides nothing; an unfinished one replays only with the view of a seat, so
a replay never shows a player what the game still hides". ``view(i, seat)`` is the one door to a
position: ``EVERYTHING`` is refused (``HiddenError``) while the game is unfinished.

The states come from the session's history (``Session.positions``: it keeps every state), so no
position is computed again; the views are made once each and kept, so jumping from the first
position to the last and back costs a view each the first time and nothing after.

Stepping: by action, by turn (``game.turn_key`` changes), by phase (``summary``'s round or phase
changes: Tiletum's larger unit), by scoring (the moves that scored points: Carcassonne's), to the start
and the end. Pure Python (no textual): the replay screen and the charts of every game read it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

EVERYTHING = "everything"  # the whole state, hidden parts included: only for a finished game
UNITS = ("action", "turn", "phase", "scoring")


class HiddenError(ValueError):
    """Asked for what the game still hides (the whole state of an unfinished game)."""


class Positions:
    """Position ``i`` is the game after ``entries[i - 1]`` (0: as set up; ``last``: now)."""

    def __init__(self, session) -> None:
        self.game = session.game
        self.settings = session.settings
        self.seats = tuple(session.seats)
        self.entries = tuple(session.log)
        self.setup = tuple(session.setup_events)
        self._states = session.positions()
        self.finished = self.game.finished(self._states[-1])
        self.names = self.game.player_names(self.settings)
        self._views: dict[tuple[int, object], object] = {}
        self._summaries: dict[int, dict] = {}
        self._starts: dict[str, list[int]] = {}

    @property
    def last(self) -> int:
        return len(self._states) - 1

    def why_hidden(self, seat) -> str | None:
        """None if a replay may show the game as ``seat`` (a seat's index, or EVERYTHING), else why not."""
        if seat == EVERYTHING and not self.finished:
            return ("the game is not over: a replay shows it as a seat sees it, never what the game "
                    "still hides (the order of the piles, the face-down tokens)")
        if seat != EVERYTHING and not (isinstance(seat, int) and 0 <= seat < len(self.names)):
            return f"there is no seat {seat!r} in this game"
        return None

    def view(self, i: int, seat):
        """Position ``i`` as ``seat`` sees it (EVERYTHING: the whole state, for a finished game only).
        Made once and kept; a copy that shares nothing writable with the game."""
        key = (i, seat)
        got = self._views.get(key)
        if got is None:
            reason = self.why_hidden(seat)
            if reason:
                raise HiddenError(reason)
            state = self._states[i]
            got = self.game.clone(state) if seat == EVERYTHING else self.game.view(state, seat)
            self._views[key] = got
        return got

    def summary(self, i: int) -> dict:
        """Round, phase and every player's VP at position ``i`` (``game.summary``: the engine's own)."""
        got = self._summaries.get(i)
        if got is None:
            got = self._summaries[i] = self.game.summary(self._states[i])
        return got

    def entry(self, i: int):
        """The move that led to position ``i`` (None at the start)."""
        return self.entries[i - 1] if i > 0 else None

    def current_player(self, i: int) -> int | None:
        return self.game.current_player(self._states[i])

    # ------------------------------------------------------------ stepping
    def starts(self, unit: str) -> list[int]:
        """The positions where a turn (a phase, a scoring) begins, in order (0 always)."""
        got = self._starts.get(unit)
        if got is None:
            if unit == "turn":
                keys = [self.game.turn_key(s) for s in self._states]
            elif unit == "phase":
                keys = [(self.summary(i)["round"], self.summary(i)["phase"]) for i in range(len(self._states))]
            elif unit == "scoring":  # the position after each move that scored (Scored events with points)
                return self._starts.setdefault(unit, [0] + [i for i in range(1, len(self._states))
                                                            if scored(self.entries[i - 1])])
            else:
                keys = list(range(len(self._states)))
            got = self._starts[unit] = [0] + [i for i in range(1, len(keys)) if keys[i] != keys[i - 1]]
        return got

    def step(self, i: int, unit: str, direction: int) -> int:
        """From position ``i``, one ``unit`` forward (``direction`` 1) or back (-1), within the game.
        Back goes to the start of the turn or phase shown, or of the one before if already there."""
        if unit == "action":
            return min(max(i + direction, 0), self.last)
        starts = self.starts(unit)
        if direction > 0:
            k = bisect_right(starts, i)
            return starts[k] if k < len(starts) else self.last
        k = bisect_left(starts, i)
        return starts[k - 1] if k > 0 else 0

    # ------------------------------------------------------------ how it was won
    def vp_by_position(self) -> list[list[int]]:
        """Every player's VP at every position (from the states: ``game.summary``)."""
        return [self.summary(i)["scores"] for i in range(len(self._states))]

    def round_ends(self) -> list[tuple[int, int]]:
        """(round, the last position of that round), in order: for the VP by round."""
        out: dict[int, int] = {}
        for i in range(len(self._states)):
            out[self.summary(i)["round"]] = i
        return sorted(out.items())


def scored(entry) -> list[tuple[int, int, str]]:
    """What a logged move scored: (seat, points, why) for each score with points, in either game's
    event (Tiletum's ``Scored`` has ``player`` and ``vp``, Carcassonne's ``seat`` and ``points``)."""
    out = []
    for ev in entry.scoring:
        points = getattr(ev, "vp", None)
        points = getattr(ev, "points", 0) if points is None else points
        if points:
            out.append((getattr(ev, "player", getattr(ev, "seat", 0)), points, ev.why))
    return out


def move_times(positions: Positions) -> list[dict]:
    """Per seat: its moves, how many were timed, and their seconds (total, mean, longest; None when
    no move of it was timed: a save from before move times, a game played headless)."""
    out = []
    for seat in range(len(positions.names)):
        mine = [e for e in positions.entries if e.seat == seat]
        times = [e.seconds for e in mine if e.seconds is not None]
        out.append({"moves": len(mine), "timed": len(times), "total": sum(times) if times else None,
                    "mean": sum(times) / len(times) if times else None, "longest": max(times) if times else None})
    return out


__all__ = ["EVERYTHING", "HiddenError", "Positions", "UNITS", "move_times", "scored"]
