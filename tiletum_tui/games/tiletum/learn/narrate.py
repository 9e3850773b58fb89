"""What just happened, in one line each: a move as the log tells it, and what it set off.

Built from the engine's own words (``engine.describe``) and the events an ``apply`` returns, so a
narration can never say what the game did not do. The tutorial shows Rosa's moves this way as
they happen, and the events any move set off (a Corruption token turning up gets its sentence).
"""

from __future__ import annotations


from ..engine import describe as _describe
from ..engine.categories import FAIRS, KING
from ..engine.events import CorruptionRevealed, FairHeld, PhaseBegan, Scored
from ..engine.ruleset import rules_for

CORRUPTION_SENTENCE = ("Corruption: every marker on the King track slides that many spaces down "
                       "(never below the bottom), so the King phase pays less.")


def describe(state, action) -> str:
    """The action in words (``engine.describe``: a road is told by its Towns, 'road London–Brugge')."""
    return _describe(state, action)


def move_line(before, action, events=()) -> str:
    """One line for a move, told before it was applied: 'Rosa takes the blue 3 (Character Action, 4 AP)',
    with the VP it scored for its player at once."""
    vp = 0
    for e in events:
        if isinstance(e, PhaseBegan):
            break  # what a phase scored (the King track, the Fair) is told by ``event_lines``
        if isinstance(e, Scored) and e.player == action.seat:
            vp += e.vp
    return describe(before, action) + (f" (+{vp} VP)" if vp > 0 else f" ({vp} VP)" if vp < 0 else "") + "."


def event_lines(state, events) -> list[str]:
    """One line per thing a move set off that a player should notice: a lap or phase beginning, a Corruption
    token, the King phase's and the Fair's scoring."""
    r = rules_for(state.settings)
    names = [p.name for p in state.players]
    out: list[str] = []
    king: list[str] = []
    for e in events:
        if isinstance(e, CorruptionRevealed):
            if e.value:
                out.append(f"Lap {e.lap}: a Corruption token turned up {e.value}. {CORRUPTION_SENTENCE}")
            else:
                out.append(f"Lap {e.lap}: a Corruption token turned up 0: the King track stays as it is.")
        elif isinstance(e, PhaseBegan) and e.phase == "king":
            out.append(f"Round {e.round}: the King phase.")
        elif isinstance(e, PhaseBegan) and e.phase == "cleanup":
            out.append("Cleanup: the wheel's taken Bonus tiles replaced (the map's never are), new Corruption "
                       "tokens, the wheel turns one step.")
        elif isinstance(e, PhaseBegan) and e.phase == "final":
            out.append("Final scoring: Houses x Pillars, Completed Buildings, 1 VP per 4 Resources.")
        elif isinstance(e, Scored) and e.category == KING.key:
            king.append(f"{names[e.player]} {e.vp:+d}")
        elif isinstance(e, FairHeld):
            if king:
                out.append("King track scored: " + ", ".join(king) + ".")
                king = []
            who = ", ".join(names[p] for p in e.participants) or "nobody"
            out.append(f"The Fair in {r.space_name(e.town)}: {e.per} VP each time; taking part: {who}.")
        elif isinstance(e, Scored) and e.category == FAIRS.key and e.vp:
            out.append(f"  {names[e.player]} +{e.vp} VP ({e.why}).")
    if king:
        out.append("King track scored: " + ", ".join(king) + ".")
    return out


def narrate(before, action, after) -> list[str]:
    """The move's line, then what it set off (``after`` is the state ``apply`` returned)."""
    events = list(after.events)
    return [move_line(before, action, events), *event_lines(after, events)]
