"""Random games of every game and set-up the program plays, as records (issue 21: "a record round trip
over a few hundred random games (base, expansion, every player count)").

A game is cut after a random number of moves (an unfinished game is a record too), or played to the
end; the names carry the characters a header must escape (a quote, a backslash)."""

from __future__ import annotations

import functools
import random
from datetime import datetime, timezone

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne import engine as carc
from tiletum_tui.games.tiletum import engine as til

NAMES = ('Ann "the Bold"', "Bob\\Builder", "Cid", "Dee", "Eve")
SEATS = ("person", "journeyman", "master 2s", "beginner", "master 300")
DATE = datetime(2026, 12, 1, 10, 30, tzinfo=timezone.utc)


def tiletum_settings(players: int, seed: int, modules: tuple[str, ...] = (), options: tuple[str, ...] = ()):
    extra = {"options": options} if options else {}
    return til.Settings(players=tuple(til.PlayerSetup(NAMES[i], c)
                                      for i, c in zip(range(players), ("red", "blue", "green", "yellow"))),
                        seed=seed, modules=modules, **extra)


def carcassonne_settings(players: int, seed: int, river: bool = False):
    colours = ("red", "blue", "green", "yellow", "black")
    return carc.Settings(players=tuple(carc.PlayerSetup(NAMES[i], colours[i]) for i in range(players)), seed=seed,
                         river=river)


@functools.lru_cache(maxsize=None)
def random_moves(name: str, settings, stop: int | None) -> tuple[tuple[str, ...], str]:
    """The notation of a seeded random game of ``name``, ``stop`` moves long (None: to the end), and
    the digest of the state it reaches (the engine's own, played in place)."""
    engine = til if name == "tiletum" else carc
    state = engine.new_game(settings)
    if name == "carcassonne":
        state = state.clone()  # (its states are values: in place, on a writable copy)
    pick = random.Random(settings.seed)
    out = []
    while state.phase != "over" and (stop is None or len(out) < stop):
        action = pick.choice(engine.legal_actions(state))
        out.append(engine.notation(action))
        engine.apply_in_place(state, action)
    return tuple(out), engine.digest(state)


def random_games(count: int):
    """``count`` (game, settings, seats, moves, digest, finished) of every set-up in turn, one in twelve finished."""
    out = []
    setups = ([("tiletum", lambda n, s: tiletum_settings(n, s), n) for n in (2, 3, 4)]
              + [("tiletum", lambda n, s: tiletum_settings(n, s, ("silver",)), n) for n in (2, 3, 4)]
              + [("tiletum", lambda n, s: tiletum_settings(n, s, ("silver",), ("silver.a-sides",)), 4)]
              + [("carcassonne", lambda n, s: carcassonne_settings(n, s, s % 2 == 1), n) for n in (2, 3, 4, 5)])
    pick = random.Random(21)
    for i in range(count):
        name, make, players = setups[i % len(setups)]
        settings = make(players, 1000 + i)
        stop = None if i % 12 == 0 else pick.randrange(0, 60 if name == "tiletum" else 50)
        seats = tuple(pick.choice(SEATS) for _ in range(players))
        out.append((games.game(name), settings, seats, *random_moves(name, settings, stop), stop is None))
    return out
