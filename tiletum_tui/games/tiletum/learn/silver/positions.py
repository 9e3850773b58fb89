"""Prepared positions of a game with Prospect for Silver, for the Silver screens' tests (the expansion's lesson,
``script``, plays its own game): each is a real game reached by legal moves from a fixed seed.

``position(name)`` returns the state; ``POSITIONS`` says what each shows. Pure Python, like the tutorial.
"""

from __future__ import annotations

from ...engine import apply, legal_actions, new_game
from ...engine.state import PlayerSetup, Settings

# A first game with the expansion, as its text recommends: the A sides and the first-game Technologies.
SETTINGS = Settings(players=(PlayerSetup("Alex", "red"), PlayerSetup("Rosa", "blue")), seed=7, modules=("silver",),
                    options=("silver.a-sides", "silver.first-technologies"))

POSITIONS = {
    "start": "Alex's first turn: a die beside the Prospector Action feeds it or the Action Wheel's Action",
    "prospector": "Alex holds a Prospector Action: move, take a Bonus tile, place a Mine, a Pillar or a House",
    "technology": "Rosa's first turn: she starts with 1 Silver, enough for tier I of a Technology (a Task)",
    "king": "the last turn of round 1: ending it brings the Mines' income and the King phase",
}


def _first(state, test):
    return next(a for a in legal_actions(state) if test(a))


def position(name: str):
    """A prepared position (see ``POSITIONS``)."""
    if name not in POSITIONS:
        raise KeyError(f"no prepared position {name!r} (known: {', '.join(POSITIONS)})")
    s = new_game(SETTINGS)
    if name == "start":
        return s
    if name == "prospector":
        return apply(s, _first(s, lambda a: a.verb() == "die" and a.action == "prospector" and not a.bonus))
    if name == "technology":
        return _take_die_and_end(s)
    while not (s.lap == 3 and s.turn == len(s.players) - 1):
        s = _take_die_and_end(s)
    return apply(s, _first(s, lambda a: a.verb() == "die" and not a.bonus))


def _take_die_and_end(s):
    """One plain turn: the first die (no Bonus tile), its Action left unspent, the turn ended."""
    s = apply(s, _first(s, lambda a: a.verb() == "die" and not a.bonus))
    if s.stack[-1].__struct_config__.tag == "joker":
        s = apply(s, legal_actions(s)[0])
    return apply(s, _first(s, lambda a: a.verb() == "end"))
