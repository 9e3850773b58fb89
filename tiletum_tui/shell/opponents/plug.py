"""How the shell reaches a game's opponents: the opponents' process (``worker``) and the arena hold
nothing of any game beyond its name. ``for_game(name)`` gives that game's object of this shape, from
``games.OPPONENTS`` (the one file naming the games); each game's is in its own package
(Tiletum's: ``games/tiletum/opponents/plug.py``).

An object of the shape (``GameOpponents`` below) offers:
- ``levels``, ``players`` (the seats an arena game may have: low, high);
- ``opponent(seat, level, budget)``: a player whose ``choose(view, hurry)`` gives a ``base.Choice``;
- ``encode_view`` / ``decode_view``: a view as bytes and back (only a view crosses to the process);
- ``notation`` / ``parse``: the game's notation of an action; ``fallback(view, seed)``: a legal move
  (the beginner's) when a level fails;
- the arena's: ``ruleset(args)`` (the ruleset the command line names, or ValueError saying why not),
  ``settings_for(levels, seed, **ruleset)``, ``play_game(levels, seed, budget, settings=...,
  keep_actions=..., observe=...)`` (``budget``: one for all seats or one each, ``base.per_seat``) (a ``base.GameResult``), ``observe`` (what the arena counts per
  seat; None: nothing), ``game`` (its ``games.game`` object, for saving a game).
"""

from __future__ import annotations

from tiletum_tui.core import games
from typing import Any, Protocol


class GameOpponents(Protocol):
    levels: tuple[str, ...]
    players: tuple[int, int]
    observe: Any

    def opponent(self, seat: int, level: str, budget) -> Any: ...
    def encode_view(self, seen) -> bytes: ...
    def decode_view(self, data: bytes) -> Any: ...
    def notation(self, action) -> str: ...
    def parse(self, text: str) -> Any: ...
    def fallback(self, seen, seed: int) -> Any: ...
    def ruleset(self, args) -> dict: ...
    def settings_for(self, levels, seed: int, **ruleset) -> Any: ...
    def play_game(self, levels, seed: int, budget, **kw) -> Any: ...


def for_game(name: str) -> GameOpponents:
    """The opponents of the game of that name (``games.OPPONENTS``: "module:object")."""
    entry = games.entry(name)
    if entry is None or entry.opponents is None:
        raise ValueError(f"{name} has no computer opponents")
    return games.load(entry.opponents)
