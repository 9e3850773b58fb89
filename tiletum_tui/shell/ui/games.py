"""The screens of each game the app can show, as the registry names them: the app shell and the
title screen name a game and ask here for its screens, so they hold nothing of the game itself."""

from __future__ import annotations

from ...core import games


def screens_for(game_name: str):
    """The screens of a game, from its registry entry (``Entry.screens``)."""
    return games.load(games.entry(game_name).screens)


def game_names() -> tuple[str, ...]:
    """The games New game offers, in the registry's order."""
    return tuple(e.name for e in games.entries() if e.screens)
