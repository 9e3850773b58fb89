"""How the shell reaches a game's opponents: the opponents' process (``worker``) and the arena hold
nothing of any game beyond its name. ``for_game(name)`` gives that game's object of this shape, from
``games.OPPONENTS`` (the one file naming the games); Tiletum's is here, beside its levels.

An object of the shape (``GameOpponents`` below) offers:
- ``levels``, ``players`` (the seats an arena game may have: low, high);
- ``opponent(seat, level, budget)``: a player whose ``choose(view, hurry)`` gives a ``base.Choice``;
- ``encode_view`` / ``decode_view``: a view as bytes and back (only a view crosses to the process);
- ``notation`` / ``parse``: the game's notation of an action; ``fallback(view, seed)``: a legal move
  (the beginner's) when a level fails;
- the arena's: ``ruleset(args)`` (the ruleset the command line names, or ValueError saying why not),
  ``settings_for(levels, seed, **ruleset)``, ``play_game(levels, seed, budget, settings=...,
  keep_actions=..., observe=...)`` (a ``base.GameResult``), ``observe`` (what the arena counts per
  seat; None: nothing), ``figures`` (which of those counts the arena prints for every game),
  ``game`` (its ``games.game`` object, for saving a game).
"""

from __future__ import annotations

import importlib
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
    from .. import games

    where = games.OPPONENTS.get(name)
    if where is None:
        raise ValueError(f"{name} has no computer opponents")
    module, _, obj = where.partition(":")
    return getattr(importlib.import_module(module), obj)


class TiletumOpponents:
    """Tiletum's opponents as the shell reaches them (``levels``, ``master``, ``match``, the arena's count)."""

    players = (2, 4)

    @property
    def levels(self):
        from .levels import LEVELS

        return LEVELS

    def opponent(self, seat: int, level: str, budget):
        from .levels import Opponent

        return Opponent(seat, level, budget)

    def encode_view(self, seen) -> bytes:
        from ..engine.views import encode_view

        return encode_view(seen)

    def decode_view(self, data: bytes):
        from ..engine.views import decode_view

        return decode_view(data)

    def notation(self, action) -> str:
        from ..engine import notation

        return notation(action)

    def parse(self, text: str):
        from ..engine import parse

        return parse(text)

    def fallback(self, seen, seed: int):
        from .levels import beginner_move

        return beginner_move(seen, seed)

    def ruleset(self, args) -> dict:
        """``--rules``, the modules' flags and their options (as ``cli`` gathered them)."""
        from ..engine.ruleset import RULES_VERSIONS, known_modules

        rules = getattr(args, "rules", None)
        if rules is not None and rules not in RULES_VERSIONS:
            raise ValueError(f"--rules is a rules version this program plays ({', '.join(map(str, RULES_VERSIONS))}), "
                             f"not {rules}")
        modules = tuple(getattr(args, "modules", ()))
        bad = [m for m in modules if m not in known_modules()]
        if bad:
            raise ValueError(f"unknown module {bad[0]!r}")
        if getattr(args, "river", False):
            raise ValueError("--river is a Carcassonne option (add --game carcassonne)")
        return {"rules": rules, "modules": modules, "options": tuple(getattr(args, "options", ()))}

    def settings_for(self, levels, seed: int, **ruleset):
        from .match import settings_for

        return settings_for(levels, seed, **ruleset)

    def play_game(self, levels, seed: int, budget, **kw):
        from .match import play_game

        return play_game(levels, seed, budget, **kw)

    @property
    def observe(self):
        from .match import count_parts

        return count_parts

    @property
    def figures(self):
        from .match import FIGURES

        return FIGURES

    @property
    def game(self):
        from ..engine.game import TILETUM

        return TILETUM


TILETUM_OPPONENTS = TiletumOpponents()
