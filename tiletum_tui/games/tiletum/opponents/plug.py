"""Tiletum's computer opponents as the shell reaches them (the shape: ``shell.opponents.plug.GameOpponents``)."""

from __future__ import annotations


class TiletumOpponents:
    """Tiletum's opponents as the shell reaches them (``levels``, ``master``, ``match``, the arena's count)."""

    players = (2, 4)

    @property
    def levels(self):
        from .levels import LEVELS  # start-up: the registry's plug; the opponents when first asked

        return LEVELS

    def opponent(self, seat: int, level: str, budget):
        from .levels import Opponent  # start-up: the registry's plug; the opponents when first asked

        return Opponent(seat, level, budget)

    def encode_view(self, seen) -> bytes:
        from ..engine.views import encode_view  # start-up: the registry's plug; the opponents when first asked

        return encode_view(seen)

    def decode_view(self, data: bytes):
        from ..engine.views import decode_view  # start-up: the registry's plug; the opponents when first asked

        return decode_view(data)

    def notation(self, action) -> str:
        from ..engine import notation  # start-up: the registry's plug; the opponents when first asked

        return notation(action)

    def parse(self, text: str):
        from ..engine import parse  # start-up: the registry's plug; the opponents when first asked

        return parse(text)

    def fallback(self, seen, seed: int):
        from .levels import beginner_move  # start-up: the registry's plug; the opponents when first asked

        return beginner_move(seen, seed)

    def ruleset(self, args) -> dict:
        """``--rules``, the modules' flags and their options (as ``cli`` gathered them)."""
        # start-up: the registry's plug; the opponents when first asked
        from ..engine.ruleset import RULES_VERSIONS, known_modules

        rules = getattr(args, "rules", None)
        if rules is not None and rules not in RULES_VERSIONS:
            raise ValueError(f"--rules is a rules version this program plays ({', '.join(map(str, RULES_VERSIONS))}), "
                             f"not {rules}")
        modules = tuple(getattr(args, "modules", ()))
        bad = [m for m in modules if m not in known_modules()]
        if bad:
            raise ValueError(f"unknown module {bad[0]!r}")
        return {"rules": rules, "modules": modules, "options": tuple(getattr(args, "options", ()))}

    def settings_for(self, levels, seed: int, **ruleset):
        from .match import settings_for  # start-up: the registry's plug; the opponents when first asked

        return settings_for(levels, seed, **ruleset)

    def play_game(self, levels, seed: int, budget, **kw):
        from .match import play_game  # start-up: the registry's plug; the opponents when first asked

        return play_game(levels, seed, budget, **kw)

    @property
    def observe(self):
        from .match import count_parts  # start-up: the registry's plug; the opponents when first asked

        return count_parts

    @property
    def figures(self):
        from .match import FIGURES  # start-up: the registry's plug; the opponents when first asked

        return FIGURES

    @property
    def game(self):
        from ..engine.game import TILETUM  # start-up: the registry's plug; the opponents when first asked

        return TILETUM


TILETUM_OPPONENTS = TiletumOpponents()
