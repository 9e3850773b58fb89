"""What the table does in Tiletum (no player's choice), in words: the dice rolled, a Corruption token
turned up, the King phase, a Fair, Cleanup, the final scoring. One home for these words: the recap
(``ui.recap``), the log and 'since your last turn' (``session.since``, through ``Game.automatic``)."""

from __future__ import annotations

from .events import CorruptionRevealed, DiceRolled, FairHeld, PhaseBegan
from .ruleset import rules_for


def corruption_words(r, names, e: CorruptionRevealed) -> str:
    """'Corruption token 2 turned up (lap 2): Ann's King marker 3 → 1, Bob's 0 → -2'."""
    track = r.tracks.king_track
    moves = [f"{names[p]} {track[a]:+d} → {track[b]:+d}" for p, a, b in e.moved]
    text = f"Lap {e.lap}: Corruption token {e.value} turned up"
    return text + (": King markers " + ", ".join(moves) if moves else ": no King marker moved")


def table_event(r, names, e) -> str:
    """An event of the table in words, or '' (an event of a player's own move)."""
    if isinstance(e, DiceRolled):
        return f"Round {e.round}: the dice were rolled onto the Action Wheel"
    if isinstance(e, CorruptionRevealed):
        return corruption_words(r, names, e)
    if isinstance(e, FairHeld):
        who = ", ".join(names[p] for p in e.participants) or "nobody"
        return f"Fair in {r.space_name(e.town)}: {who} took part"
    if isinstance(e, PhaseBegan):
        if e.phase == "king":
            return f"Round {e.round}: the King phase began"
        if e.phase == "cleanup":
            return f"Round {e.round}: Cleanup (Bonus tiles refilled, new Corruption tokens, the wheel turned)"
        if e.phase == "final":
            return "The final scoring"
    return ""


def automatic(before, after, events) -> list[tuple[int, str]]:
    """(index of the event it begins at, words) of every automatic phase among a move's ``events``."""
    r = rules_for(after.settings)
    names = [p.name for p in after.players]
    return [(k, w) for k, e in enumerate(events) if (w := table_event(r, names, e))]
