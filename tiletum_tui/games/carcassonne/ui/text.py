"""Words and lines for the Carcassonne screen: the players' line, the latest news, the final table."""

from __future__ import annotations

from rich.text import Text

from ..engine.words import count
from .news import discarded


def player_line(state, width: int = 80) -> Text:
    """Every player's score and followers in supply; the player in turn marked ▶ (no colour needed).
    As many players a line as fit ``width`` (four or five players take two lines at 80 columns)."""
    text, used = Text(), 0
    for i, (p, score, supply) in enumerate(zip(state.players, state.scores, state.supply)):
        turn = i == state.seat and state.phase != "over"
        entry = ("▶" if turn else " ") + f"{i + 1} {p.name} {count(score, 'pt')}, {count(supply, 'follower')}"
        if used and used + 2 + len(entry) > width:
            text.append("\n")
            used = 0
        elif used:
            text.append("  ")
            used += 2
        text.append(entry, style="bold" if turn else "")
        used += len(entry)
    return text


def last_news(session) -> str:
    """The last action and what it scored, in words (the log's last entry), and a tile it drew that fit
    nowhere (into the box: the next player sees why another tile is in hand)."""
    if not session.log:
        return ("Arrows: where the tile fits · r: turn it · Enter: place · Shift+arrows: anywhere · t: tiles left · "
                "v: what it would score · x: why (not) here")
    entry = session.log[-1]
    scored = [e for e in entry.events if type(e).__name__ == "Scored"]
    names = [p.name for p in session.state.players]
    said = [f"{names[e.seat]} scores {e.points} ({e.why})" for e in scored[:3]]
    said += [discarded(e.design) for e in entry.events if type(e).__name__ == "TileDiscarded"]
    extra = "; ".join(said)
    return entry.text + (f" — {extra}" if extra else "")


COLUMNS = (("roads", ("road",)), ("cities", ("city",)), ("cloisters", ("cloister",)),
           ("unfinished", ("unfinished road", "unfinished city", "unfinished cloister")), ("farms", ("farm",)))


def final_table(state) -> Text:
    """The final table: every player's points by kind (during the game, the unfinished features at
    the end, the farms) and in all, and the winner."""
    width = max(len(p.name) for p in state.players) + 2
    text = Text("The final scoring\n\n", style="bold")
    text.append(" " * width + "".join(f"{title:>11}" for title, _ in COLUMNS) + f"{'total':>8}\n", style="bold")
    for p, score, ledger in zip(state.players, state.scores, state.ledger):
        cells = "".join(f"{sum(ledger.get(c, 0) for c in cats):>11}" for _, cats in COLUMNS)
        text.append(f"{p.name:<{width}}{cells}{score:>8}\n")
    best = max(state.scores)
    winners = [p.name for p, s in zip(state.players, state.scores) if s == best]
    text.append("\n" + " and ".join(winners) + (" win" if len(winners) > 1 else " wins") + f" with {count(best, 'point')}.\n",
                style="bold")
    return text
