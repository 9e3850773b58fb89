"""The games this program plays, by the name their saves give. The session, the saves and the app
shell reach a game only through one of these objects (see ``engine/game.py`` for the shape)."""

from __future__ import annotations


def game(name: str):
    """The game of that name, or None."""
    if name == "tiletum":
        from .engine.game import TILETUM

        return TILETUM
    return None


NAMES = ("tiletum",)
DEFAULT = "tiletum"
