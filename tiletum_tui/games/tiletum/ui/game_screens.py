"""Tiletum's screens as the app shell reaches them (``shell.ui.games.screens_for``): its game,
replay, New game form, lessons and rules."""

from __future__ import annotations

TILETUM_ART = r"""
 _____ _ _      _
|_   _(_) | ___| |_ _   _ _ __ ___
  | | | | |/ _ \ __| | | | '_ ` _ \
  | | | | |  __/ |_| |_| | | | | | |
  |_| |_|_|\___|\__|\__,_|_| |_| |_|
"""


class TiletumScreens:
    name = "tiletum"
    title = "Tiletum"
    art = TILETUM_ART
    tagline = "a game of merchants, cathedrals and Fairs — 2 to 4 players, at one keyboard or against the computer"

    def game(self, session):
        """The screen that plays a session of this game."""
        from tiletum_tui.shell.ui.model import GameModel
        from .screens.game import GameScreen

        return GameScreen(GameModel(session))

    def remote_game(self, model):
        """The same screen over a game played through ``tiletum host`` (``host.client.RemoteModel``)."""
        from .screens.game import GameScreen

        return GameScreen(model)

    def replay(self, session, *, at: int | None = None, seat=None, from_final: bool = False):
        """The replay screen of a session (issue 21): read-only; from Open, e at the end opens the final table."""
        from .replay.screen import ReplayScreen

        def final(app) -> None:
            from tiletum_tui.shell.ui.model import GameModel
            from .screens.final import FinalScreen

            app.push_screen(FinalScreen(GameModel(session)))
        return ReplayScreen(session, at=at, seat=seat, from_final=from_final, final=None if from_final else final)

    def new_game(self):
        """The form that sets up a new game; it is dismissed with the game's settings (or None)."""
        from .screens.new_game import NewGameScreen

        return NewGameScreen()

    def learn(self, app) -> None:
        from .learn import learn

        learn(app)

    def rules(self, app) -> None:
        from .learn import open_rules

        open_rules(app)


TILETUM_SCREENS = TiletumScreens()
