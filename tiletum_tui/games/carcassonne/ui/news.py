"""What happened, in words, read from the session's log: each entry's words (the engine's
``describe``) and the events the engine reported with it (scores, completions, followers returned,
tiles put in the box). Nothing is recomputed from states. Pure Python (no textual)."""

from __future__ import annotations

from ..engine.events import FeatureCompleted, FollowerReturned, Scored, TileDiscarded, TilePlaced
from ..engine.words import count

def discarded(design: str) -> str:
    return f"a drawn {design} fits nowhere: into the box"


_ROLE_PLURAL = {"knight": "knights", "thief": "thieves", "farmer": "farmers", "monk": "monks"}


def consequences(entry, names) -> list[str]:
    """What an action set off, from its events: completions and who scored, followers back, discards."""
    out = []
    for e in entry.events:
        if isinstance(e, FeatureCompleted):
            size = "" if e.kind == "cloister" else f" of {count(e.tiles, 'tile')}"
            out.append(f"completes a {e.kind}{size}" + ("" if e.winners else " (nobody on it)"))
        elif isinstance(e, Scored):
            out.append(f"{names[e.seat]} scores {e.points} ({e.why})")
        elif isinstance(e, FollowerReturned):
            out.append(f"{names[e.seat]}'s {e.role} goes back to the supply")
        elif isinstance(e, TileDiscarded):
            out.append(discarded(e.design))
    return out


def entry_line(entry, names, notation: bool = False) -> str:
    """One log entry: its words (or its notation) and, after a dash, what it set off."""
    if notation:
        return entry.notation
    extra = consequences(entry, names)
    return entry.text + (" — " + "; ".join(extra) if extra else "")


def log_lines(log, names, notation: bool = False, chat=()) -> list[tuple[int, str]]:
    """The whole log, oldest first: (seat, line) per entry, a turn's first line numbered (a turn
    begins where the engine reports a tile placed); table talk (a hosted game's ``chat``: ``who``,
    ``text``, ``after`` entries) where it was said, with seat -1, as Tiletum's log shows it."""
    out, turn = [], 0

    def talk(after: int) -> None:
        out.extend((-1, f"     ❝ {line.who}: {line.text}") for line in chat if line.after == after)

    talk(0)
    for k, e in enumerate(log, 1):
        placed = any(isinstance(x, TilePlaced) for x in e.events)
        turn += placed
        head = f"{turn:>3}. " if placed else "     "
        out.append((e.seat, head + entry_line(e, names, notation)))
        talk(k)
    return out


def window(log, seat: int) -> range:
    """The entries since ``seat``'s last decision: back past its own actions of this turn, then back
    to its last action before them, which is in the window too (what it set off is told)."""
    i = len(log)
    while i > 0 and log[i - 1].seat == seat:
        i -= 1
    end = i
    while i > 0 and log[i - 1].seat != seat:
        i -= 1
    return range(max(i - 1, 0), end)


ORDER = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"  # the tiles placed since a player's last turn, in order (issue 40)


def order_mark(n: int) -> str:
    """The mark of the n-th tile (from 1) placed since a player's last turn, on the land and in the recap."""
    return ORDER[n - 1] if n <= len(ORDER) else "*"


def placed_since(log, seat: int) -> list[tuple[int, int]]:
    """The cells of the tiles the others placed since ``seat`` last played, in order (the engine's
    TilePlaced events in the log)."""
    return [(e.x, e.y) for i in window(log, seat) if log[i].seat != seat
            for e in log[i].events if isinstance(e, TilePlaced)]


def since_lines(since, log, names) -> list[str]:
    """'Since your last turn' (``session.since.Since``, made from the states: issue 39) in lines: the
    seat's own last move and what it set off, the others' moves (each tile numbered as the land marks
    it), every scoring and the River's end, each VP change with its values then and after."""
    lines: list[str] = []
    moves = [h for h in since.happened if h.seat is not None]
    entries = log[len(log) - len(moves):] if moves else []  # (its moves are the last entries of the log)
    k = n = 0
    for h in since.happened:
        if h.seat is None:
            lines.append("  ▸ " + h.text)
        else:
            entry = entries[k] if k < len(entries) else None
            k += 1
            placed = entry is not None and any(isinstance(e, TilePlaced) for e in entry.events)
            n += placed and not h.own
            mark = order_mark(n) + " " if placed and not h.own else "  "
            lines.append(("Your last move: " if h.own else mark) + h.text)
        for c in h.vp:
            lines.append(f"      {names[c.seat]} {c.after - c.before:+d} ({c.why}): {c.before} → {c.after}")
    if getattr(since, "talk", ()):  # (a hosted game's table talk said since: issue 44)
        lines += ["", "Table talk since:"] + [f"  \"{line}\"" for line in since.talk]
    return lines
