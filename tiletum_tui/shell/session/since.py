"""'Since your last turn', made once for every game and every place (issue 39): for a seat, every
event between that seat's last decision and now, in order: its own move and what it set off, the
others' moves, and every automatic phase the game names (``Game.automatic``: Tiletum's King phase,
Fair, Cleanup, Corruption; Carcassonne's scorings and the River's end), each VP change with its reason
and its values read from the states at those moments (never counted back from the changes listed).

The VP a seat had "then" is the state's before that seat's last decision; each log entry's changes
start from the state before it (``game.summary``'s scores) and end at the state after it. Within one
entry the engine's scoring events (in their order) give the steps; whatever of the change no event
names (a rule that moves VP without one) is listed as such, so the values always meet the states.

Pure Python, no textual: the home screens read it from the session, a hosted client from the host
(``Since`` is a msgspec Struct: it travels in the host's frames as it is).
"""

from __future__ import annotations

import msgspec


class VpChange(msgspec.Struct, frozen=True):
    seat: int
    before: int
    after: int
    why: str


class Happened(msgspec.Struct, frozen=True):
    """One thing that happened: a seat's move (``seat``) or an automatic phase (``seat`` None), in words."""

    seat: int | None
    text: str
    vp: tuple[VpChange, ...] = ()
    own: bool = False  # the seat's own move (its last decision: what it set off is told after it)


class Since(msgspec.Struct, frozen=True):
    seat: int
    start: int  # the log index it begins at (the seat's last decision)
    happened: tuple[Happened, ...]
    then: tuple[int, ...]  # every seat's VP when ``seat`` last decided (the state's, before that move)
    now: tuple[int, ...]  # ... and now (the state's)
    # Table talk said since (a hosted game's: issue 44), "who: text" each, oldest first; a game at home has none.
    talk: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.happened

    def vp(self) -> dict[int, list[VpChange]]:
        """Every seat's VP changes, in order (only the seats whose VP changed)."""
        out: dict[int, list[VpChange]] = {}
        for h in self.happened:
            for c in h.vp:
                out.setdefault(c.seat, []).append(c)
        return out


def window(log, seat: int) -> range:
    """The log entries since ``seat``'s last decision, by the log alone (a screen without the states):
    back past its own moves at the end of the log, then back to the last move it made before the
    others', which is in the window too (what it set off is told). ``last_decision`` is exact."""
    i = len(log)
    while i > 0 and log[i - 1].seat == seat:
        i -= 1
    end = i
    while i > 0 and log[i - 1].seat != seat:
        i -= 1
    return range(max(i - 1, 0), end)


def last_decision(game, states, log, seat: int) -> int:
    """Where 'since' begins: the log index of ``seat``'s last move before the turn it plays now (its
    own moves of this turn are not "since"; its moves of an earlier turn are: a seat last to play in
    a round and first in the next was told nothing of the King phase between, issue 39)."""
    now = game.turn_key(states[-1])
    i = len(log)
    while i > 0 and log[i - 1].seat == seat and game.turn_key(states[i - 1]) == now:
        i -= 1  # (its moves of the turn it plays now)
    while i > 0 and log[i - 1].seat != seat:
        i -= 1
    return max(i - 1, 0)


def points_of(e) -> tuple[int, int] | None:
    """(seat, VP) of a scoring event of either game (Tiletum's ``Scored.player``/``vp``,
    Carcassonne's ``seat``/``points``), or None."""
    if type(e).__name__ != "Scored":
        return None
    vp = getattr(e, "vp", None)
    return (getattr(e, "player", getattr(e, "seat", 0)), getattr(e, "points", 0) if vp is None else vp)


def since(game, states, log, seat: int) -> Since:
    """``states[i]`` the game before ``log[i]`` (``Session.positions()``); see the module docstring."""
    start = last_decision(game, states, log, seat) if log else 0
    span = range(start, len(log))  # (and its own moves of the turn it plays now, if any: up to now)
    wanted = set(range(start, len(log) + 1))
    scores = {i: game.summary(states[i])["scores"] for i in wanted}  # (only the states it reads)
    out: list[Happened] = []
    for i in span:
        entry, before, after = log[i], states[i], states[i + 1]
        running = list(scores[i])
        events = list(entry.events)
        phases = dict(game.automatic(before, after, events))
        own = entry.seat == seat
        parts: list[list] = [[entry.seat, entry.text, [], own]]
        for k, e in enumerate(events):
            if k in phases:
                parts.append([None, phases[k], [], False])
            got = points_of(e)
            if got is not None and got[1]:
                who, vp = got
                parts[-1][2].append(VpChange(who, running[who], running[who] + vp, e.why))
                running[who] += vp
        if len(events) in phases:
            parts.append([None, phases[len(events)], [], False])
        for who, (was, real) in enumerate(zip(running, scores[i + 1])):
            if was != real:  # (a change no event names: the state's value all the same)
                parts[-1][2].append(VpChange(who, was, real, "other"))
        for who_, words, vp, mine in parts:
            out.append(Happened(who_, words, tuple(vp), mine))
    return Since(seat, start, tuple(out), tuple(scores[start]), tuple(scores[len(log)]))


__all__ = ["Happened", "Since", "VpChange", "last_decision", "points_of", "since", "window"]
