"""The replay's keys, every game's (issue 21). Rows: (id, keys, action, description, shown). A game
binds them under its own prefix (``tiletum.replay-back``, ``carcassonne.replay-back``); PgUp PgDn step
by the game's larger unit (``ReplayShell.LARGER``: Tiletum's phases, Carcassonne's scorings)."""

from __future__ import annotations

REPLAY_KEYS = [
    ("replay-back", "left", "step('action',-1)", "Move back", False),
    ("replay-forward", "right", "step('action',1)", "Move on", False),
    ("replay-turn-back", "up", "step('turn',-1)", "Turn back", False),
    ("replay-turn-forward", "down", "step('turn',1)", "Turn on", False),
    ("replay-phase-back", "pageup", "step('larger',-1)", "Phase back", False),
    ("replay-phase-forward", "pagedown", "step('larger',1)", "Phase on", False),
    ("replay-start", "home", "start", "Start", False),
    ("replay-end", "end", "end", "End", False),
    ("replay-goto", "j", "pick_move", "Go to a move", False),
    ("replay-seat", "v", "next_seat", "Whose view", False),
    ("replay-play-on", "p", "play_on", "Play on from here", False),
    ("replay-charts", "c", "charts", "How it was won", False),
    ("replay-final", "e", "final", "The final table", False),
    ("replay-leave", "escape,q", "leave", "Back", False),
]

# What each does, for a game's key help (``{larger}``: the game's larger unit, "phase", "scoring").
REPLAY_HELP = {
    "replay-back": "one move back (→ one move on)",
    "replay-forward": "one move on",
    "replay-turn-back": "to the start of this turn, or the one before (↓ the next turn)",
    "replay-turn-forward": "to the start of the next turn",
    "replay-phase-back": "back to the {larger} before",
    "replay-phase-forward": "on to the next {larger}",
    "replay-start": "the game as set up (End: the last position)",
    "replay-end": "the last position",
    "replay-goto": "pick a move from the log and go there",
    "replay-seat": "whose view is shown (everything, once the game is over; else only a person's seat)",
    "replay-play-on": "a new game (a copy) from the position shown, each seat a person or an opponent",
    "replay-charts": "how it was won: VP over the game, VP by category, time per move",
    "replay-final": "at the end of a finished game: the final table",
    "replay-leave": "leave the replay (or the charts)",
}
