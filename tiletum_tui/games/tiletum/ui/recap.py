"""What happened since a seat's last turn, read from the session's log and its events.

``LogReader`` parses each log entry's notation once (the log only grows, or shrinks by undo) and
answers two questions the screen asks at every change:

- ``came_from(seat, piece)``: the space a piece last left (the decision panel marks the way back);
- ``recap(state, seat)``: since ``seat`` last played, what the others did (dice taken, pieces
  moved, tiles taken, VP gained, what the table did: dice rolled, Corruption turned up, Fairs),
  and what to mark on the map and the wheel.

Nothing here compares states: every line comes from a log entry's action, its words or its events.
Pure Python (no textual).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import parse
from ..engine.events import Scored, TileDrawn
from ..engine.map_actions import MovePiece, PlaceHouse, PlacePillar
from ..engine.ruleset import rules_for
from ..engine.table_words import corruption_words, table_event
from ..engine.turn import FINISHING, EndTurn, TakeDie
from . import text as T

PIECES = ("merchant", "architect")


@dataclass
class Recap:
    """What the others did since ``seat``'s last turn (``lines``: (seat or None for the table, text))."""

    seat: int
    lines: list[tuple[int | None, str]] = field(default_factory=list)
    vp: dict[int, list[tuple[int, str]]] = field(default_factory=dict)  # seat -> [(vp, why)]
    moved: dict[str, set[int]] = field(default_factory=dict)  # map space -> seats whose piece went there
    trail: set[str] = field(default_factory=set)  # every space a moving piece passed
    placed: dict[str, set[int]] = field(default_factory=dict)  # Town -> seats that placed a House/Pillar there
    dice: list[tuple[int, TakeDie]] = field(default_factory=list)  # (seat, the die taken)
    vp_now: dict[int, int] = field(default_factory=dict)  # seat -> VP when the recap was made
    since: object = None  # ``session.since.Since``: every VP change, its values read from the states (issue 39)
    own: str = ""  # the seat's own last move, in words (its last decision: what it set off is told after it)

    @property
    def empty(self) -> bool:
        return not self.lines


class LogReader:
    """The log's actions, parsed once, and where each piece has been."""

    def __init__(self) -> None:
        self._entries: list = []  # the LogEntry objects read so far (identity tells an undo apart)
        self._actions: list = []

    def sync(self, log: list) -> None:
        n = 0
        for mine, theirs in zip(self._entries, log):
            if mine is not theirs:
                break
            n += 1
        del self._entries[n:], self._actions[n:]
        for entry in log[n:]:
            self._entries.append(entry)
            self._actions.append(parse(entry.notation))

    @property
    def actions(self) -> list:
        return self._actions

    def came_from(self, start: str) -> dict[tuple[int, str], str]:
        """(seat, piece) -> the space the piece stood on before its last move."""
        where: dict[tuple[int, str], str] = {}
        before: dict[tuple[int, str], str] = {}
        for a in self._actions:
            if isinstance(a, MovePiece):
                key = (a.seat, a.piece)
                before[key] = where.get(key, start)
                where[key] = a.to
        return before

    def die_this_turn(self, seat: int | None) -> TakeDie | None:
        """The die ``seat`` took in the turn it is playing now, if it took one yet."""
        for entry, a in zip(reversed(self._entries), reversed(self._actions)):
            if entry.seat != seat or isinstance(a, EndTurn):
                return None
            if isinstance(a, TakeDie):
                return a
        return None

    def window(self, seat: int) -> range:
        """The entries since ``seat``'s last decision: back past its own actions of this turn, then
        back to the last action it took before them, which is in the window too (what it set off:
        a lap's Corruption, the King phase, a Fair, is told; issue 24 item 4)."""
        i = len(self._entries)
        while i > 0 and self._entries[i - 1].seat == seat:
            i -= 1
        end = i
        while i > 0 and self._entries[i - 1].seat != seat:
            i -= 1
        return range(max(i - 1, 0), end)

    def recap(self, state, seat: int, since=None) -> Recap:
        """``since``: the seat's ``session.since.Since`` (where its last decision was, read with the
        states: issue 39); without it, the window the log alone gives (``window``)."""
        r = rules_for(state.settings)
        w = T.words(r)
        names = [p.name for p in state.players]
        out = Recap(seat, since=since)
        where = {}
        span = self.window(seat) if since is None else range(min(since.start, len(self._entries)), len(self._entries))
        known = span.start + (1 if span and self._entries[span.start].seat == seat else 0)  # (its own last move)
        for a in self._actions[:known]:
            if isinstance(a, MovePiece):
                where[(a.seat, a.piece)] = a.to
        said: dict[int, list[str]] = {}
        walks: dict[tuple[int, str], list[str]] = {}

        def flush(who: int) -> None:
            parts = said.pop(who, [])
            if parts:
                out.lines.append((who, f"{names[who]} " + "; ".join(parts)))

        for i in span:
            entry, a = self._entries[i], self._actions[i]
            who = entry.seat
            if who == seat:
                if i == span.start:  # its last decision, told first, as in Carcassonne's (issue 39)
                    out.own = entry.text
                # (what it set off is told below, as the events come)
            elif isinstance(a, MovePiece):
                key = (who, a.piece)
                walk = walks.get(key)
                if walk is None:
                    walk = walks[key] = [T.PIECE[a.piece], w.space_name(where.get(key, r.start_town))]
                    said.setdefault(who, []).append(walk)  # filled in as the piece goes on
                walk.append(w.space_name(a.to))
                where[key] = a.to
                mark(out, who, a)
            elif isinstance(a, FINISHING):
                pass  # ending a turn or a bonus tells nothing new
            else:
                text = entry.text.removeprefix(names[who] + " ") if 0 <= who < len(names) else entry.text
                said.setdefault(who, []).append(text)
                mark(out, who, a)
            for e in entry.events:
                if isinstance(e, Scored) and e.vp:
                    out.vp.setdefault(e.player, []).append((e.vp, e.why))
                else:
                    table = _table_event(r, w, names, e)
                    if table:
                        for k in list(said):
                            _close_walks(said[k])
                            flush(k)
                        walks.clear()
                        out.lines.append((None, table))
            if isinstance(a, EndTurn) or i == span.stop - 1:
                _close_walks(said.get(who, []))
                walks = {k: v for k, v in walks.items() if k[0] != who}
                flush(who)
        for k in list(said):
            _close_walks(said[k])
            flush(k)
        out.vp_now = {k: state.players[k].vp for k in out.vp}
        return out


def mark(out: Recap, who: int, a) -> None:
    """What the map and the wheel mark of ``who``'s action ``a``: the piece moved and its way, the
    House or Pillar placed, the die taken (the recap, and the move a replay shows: issue 21)."""
    if isinstance(a, MovePiece):
        out.trail.add(a.to)
        out.moved.setdefault(a.to, set()).add(who)
    elif isinstance(a, TakeDie):
        out.dice.append((who, a))
    elif isinstance(a, (PlaceHouse, PlacePillar)):
        out.placed.setdefault(a.town, set()).add(who)


def move_marks(entry) -> Recap:
    """The marks of one logged move (a replay's "what changed"), without lines to tell."""
    out = Recap(entry.seat)
    mark(out, entry.seat, parse(entry.notation))
    return out


def _close_walks(parts: list) -> None:
    """A piece's walk, once the turn is told: 'moves the Merchant Tiletum → Koeln → Frankfurt'."""
    for i, part in enumerate(parts):
        if isinstance(part, list):
            parts[i] = f"moves the {part[0]} " + " → ".join(part[1:])


def _table_event(r, w, names, e) -> str:
    """An event of the table (not of one player's choice), in words, or '' (the engine's words)."""
    return table_event(r, names, e)


def drawn_words(w, e: TileDrawn) -> str:
    return f"{w.tile_name(e.tile)} was drawn to the {e.to}"


__all__ = ["LogReader", "PIECES", "Recap", "corruption_words", "drawn_words", "mark", "move_marks"]
