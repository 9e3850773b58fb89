"""The screens of each game the app can show, as the registry names them: the app shell and the
title screen name a game and ask here for its screens, so they hold nothing of the game itself.

A game's screens object (its entry's ``screens``) has ``name``, ``title``, ``art``, ``tagline`` and
``game(session)``, ``remote_game(model)`` (over ``tiletum host``), ``replay(session, at=, seat=,
from_final=)``, ``new_game()`` (a form dismissed with the settings), ``learn(app)``, ``rules(app)``; as
it has them ``keys(app)`` (the key help where none of its screens is open) and ``system_commands(screen)``
(the palette's lines over its screens). The default game's (the app's own, ``app.HOME``) gives the app
``app_bindings()``, ``load_user_keys()``, ``keys(app)``, ``rules_commands()`` and ``chapters_from(...)``
(the chapter list of every game's lessons)."""

from __future__ import annotations

from ...core import games


def screens_for(game_name: str):
    """The screens of a game, from its registry entry (``Entry.screens``)."""
    return games.load(games.entry(game_name).screens)


def game_names() -> tuple[str, ...]:
    """The games New game offers, in the registry's order."""
    return tuple(e.name for e in games.entries() if e.screens)
