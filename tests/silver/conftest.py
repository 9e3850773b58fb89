"""Scenario helpers for the expansion's tests: a game with Prospect for Silver, and arranging it.

Scenarios play on the A sides (the first game's, ``silver.a-sides``) so the spaces named below are
on the table (docs/silver.md, the maps' tables): map 1 Kutna Hora is the starting map, ``1A1`` its
Pithead, ``1A2`` Royal Adit, ``1A3`` Kutna Hora (a Town with a Silver Cathedral), ``1A4`` Crown Vault
(the King's Tablet), ``1A6`` Malin, ``1A8`` Old Shaft (the Prospector's Tablet); map 2 Schwaz costs 1
Silver, map 3 Freiberg 2. In round 1 the Prospector Action lies beside die values 3 and 4, the
movement icon beside 1 and 6.
"""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, new_game
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.state import ActionFrame, TurnFrame, put

from ..engine.conftest import (  # noqa: F401  (shared with the base game's scenarios)
    act, clear_wheel, give_action, king_track_at, legal, put_die, quiet_corruption, replaced, set_res,
    to_king_phase,
)

COLOURS = ("red", "blue", "green", "yellow")
NAMES = ("Ann", "Bob", "Cid", "Dee")
A_SIDES = "silver.a-sides"
FIRST_TECH = "silver.first-technologies"


def settings(players: int = 2, seed: int = 1, options=(A_SIDES,), rules: int = 2) -> Settings:
    kw = {"options": tuple(options)} if options else {}
    return Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                    modules=("silver",), rules=rules, **kw)


def game(players: int = 2, seed: int = 1, options=(A_SIDES,), rules: int = 2):
    return new_game(settings(players, seed, options, rules))


def silver(state, player: int, n: int) -> None:
    put(me(state, player), "silver", n)


def prospector_at(state, player: int, space: str) -> None:
    """Put the player's Prospector of that space's map on it."""
    p = me(state, player)
    put(p, "prospectors", {**p.prospectors, "m" + space[0]: space})


def technologies(state, *names: str, player: int | None = None, **tiers: int) -> None:
    """Put these Technologies on the board (``technologies(s, "architect", ...)``) and/or set a player's tiers."""
    s = sv(state)
    if names:
        put(s, "technologies", tuple(f"tech-{n}" for n in names))
        for p in s.players:
            put(p, "technology", {t: 0 for t in s.technologies})
    if player is not None:
        p = me(state, player)
        put(p, "technology", {**p.technology, **{f"tech-{k}": v for k, v in tiers.items()}})


def prospector_action(state, ap: int, source: str = "die") -> ActionFrame:
    """The current player holds a Prospector Action with ``ap`` AP."""
    frame = give_action(state, "prospector", ap)
    put(frame, "source", source)
    return frame


def turn_with_die_taken(state) -> TurnFrame:
    frame = state.stack[0]
    put(frame, "die_taken", True)
    put(state, "stack", state.stack[:1])
    return frame
