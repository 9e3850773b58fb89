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
        # start-up: the title holds this object; a screen's modules when it opens
        from tiletum_tui.shell.ui.model import GameModel
        from .screens.game import GameScreen  # start-up: the title holds this object; a screen's modules when it opens

        return GameScreen(GameModel(session))

    def remote_game(self, model):
        """The same screen over a game played through ``tiletum host`` (``host.client.RemoteModel``)."""
        from .screens.game import GameScreen  # start-up: the title holds this object; a screen's modules when it opens

        return GameScreen(model)

    def replay(self, session, *, at: int | None = None, seat=None, from_final: bool = False):
        """The replay screen of a session (issue 21): read-only; from Open, e at the end opens the final table."""
        # start-up: the title holds this object; a screen's modules when it opens
        from .replay.screen import ReplayScreen

        def final(app) -> None:
            # start-up: the title holds this object; a screen's modules when it opens
            from tiletum_tui.shell.ui.model import GameModel
            from .screens.final import FinalScreen  # start-up: as above

            app.push_screen(FinalScreen(GameModel(session)))
        return ReplayScreen(session, at=at, seat=seat, from_final=from_final, final=None if from_final else final)

    def new_game(self):
        """The form that sets up a new game; it is dismissed with the game's settings (or None)."""
        # start-up: the title holds this object; a screen's modules when it opens
        from .screens.new_game import NewGameScreen

        return NewGameScreen()

    def learn(self, app) -> None:
        from .learn import learn  # start-up: the title holds this object; a screen's modules when it opens

        learn(app)

    def rules(self, app) -> None:
        from .learn import open_rules  # start-up: the title holds this object; a screen's modules when it opens

        open_rules(app)

    # -- what the app shell takes from the default game (``shell.ui.app.HOME``): its keys, the key file,
    # the key help, the rules in the palette, the chapter list that holds every game's lessons
    def app_bindings(self) -> list:
        """The app-wide keys (quit, help, theme, ...), each remappable by its id (``keymap``)."""
        from . import keymap  # start-up: the title holds this object; a screen's modules when it opens

        return keymap.bindings(keymap.APP_KEYS)

    def load_user_keys(self):
        """The player's key file: (the remapped keys, a problem to show or None)."""
        from . import keymap  # start-up: the title holds this object; a screen's modules when it opens

        return keymap.load_user_keys()

    def keys(self, app) -> None:
        """Every key, where no screen has a help of its own."""
        from .dialogs.help import HelpScreen  # start-up: the title holds this object; a screen's modules when it opens

        if not isinstance(app.screen, HelpScreen):
            app.push_screen(HelpScreen())

    def rules_commands(self):
        """The palette's provider of "rules: fair" (imported when the palette opens)."""
        # start-up: the title holds this object; a screen's modules when it opens
        from .learn.rules_screen import RulesCommands

        return RulesCommands

    def chapters_from(self, screen, lesson, at: int, finished=frozenset()) -> None:
        """The chapter list from inside a lesson of any game (its screen's ``c``)."""
        from .learn import chapters_from  # start-up: the title holds this object; a screen's modules when it opens

        chapters_from(screen, lesson, at, finished)

    def system_commands(self, screen):
        """The palette's lines over Tiletum's game screen (its views, Tasks, undo, save, notation)."""
        from .palette import system_commands  # start-up: the title holds this object; a screen's modules when it opens

        return system_commands(screen)


TILETUM_SCREENS = TiletumScreens()
