"""Carcassonne's opponents as the shell reaches them (``games.OPPONENTS``; the shape:
``tiletum_tui.games.tiletum.opponents.plug``): the opponents' process and the arena name no game of their own."""

from __future__ import annotations

from .. import modules as registry
from ..engine import notation, parse, wire
from ..engine.game import CARCASSONNE
from ..engine.state import RULES_VERSIONS, State
from . import match
from .levels import LEVELS, Opponent, beginner_move


class CarcassonneOpponents:
    levels = LEVELS
    players = (2, 5)
    observe = staticmethod(match.count_parts)
    figures = match.FIGURES

    def opponent(self, seat: int, level: str, budget) -> Opponent:
        return Opponent(seat, level, budget)

    def encode_view(self, seen) -> bytes:
        """A view as bytes for the opponents' process: the game's own strict codec (``engine.wire``, as
        for a client of the host), which refuses a full state: only a view leaves the game."""
        return wire.encode_view(seen)

    def decode_view(self, data: bytes) -> State:
        return wire.decode_view(data)

    def notation(self, action) -> str:
        return notation(action)

    def parse(self, text: str):
        return parse(text)

    def fallback(self, seen, seed: int):
        return beginner_move(seen, seed)

    def ruleset(self, args) -> dict:
        """The modules its command line named (``args.modules``: the front door's ``ruleset``) and
        ``--rules``; a module this program does not have is refused by name."""
        named = tuple(getattr(args, "modules", ()) or ())
        unknown = [m for m in named if registry.entry(m) is None]
        if unknown or getattr(args, "options", ()):
            raise ValueError(f"Carcassonne has no module {(unknown or ['option'])[0]!r} "
                             f"(its modules: {', '.join(registry.names())})")
        rules = getattr(args, "rules", None)
        if rules is not None and rules not in RULES_VERSIONS:  # (its versions: the engine's, not a word here)
            raise ValueError(f"--rules is a rules version of Carcassonne this program plays "
                             f"({', '.join(map(str, RULES_VERSIONS))}), not {rules}")
        return {"modules": named, **({"rules": rules} if rules is not None else {})}

    def settings_for(self, levels, seed: int, **ruleset):
        return match.settings_for(levels, seed, **ruleset)

    def play_game(self, levels, seed: int, budget, **kw):
        return match.play_game(levels, seed, budget, **kw)

    @property
    def game(self):
        return CARCASSONNE


OPPONENTS = CarcassonneOpponents()
