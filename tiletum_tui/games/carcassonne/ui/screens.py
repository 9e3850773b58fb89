"""Carcassonne's screens as the app shell asks for them (``ui.games.screens_for``): the game screen,
its replay and the new-game form."""

from __future__ import annotations

ART = r"""
  ___                                          
 / __|__ _ _ _ __ __ _ ______ ___ _ _  _ _  ___ 
| (__/ _` | '_/ _/ _` (_-<_-</ _ \ ' \| ' \/ -_)
 \___\__,_|_| \__\__,_/__/__/\___/_||_|_||_\___|
"""


class CarcassonneScreens:
    name = "carcassonne"
    title = "Carcassonne"
    art = ART

    @property
    def tagline(self) -> str:
        """The title screen's line: the game, and the modules it may be played with (", with the River")."""
        from .. import modules as registry  # start-up: the title holds this object; a screen's modules when it opens

        return ("lay the land tile by tile: cities, roads, cloisters and farms — 2 to 5 players"
                + "".join(part.headline for _name, part in registry.parts("ui")))

    def game(self, session):
        from .screen import CarcassonneScreen  # start-up: the title holds this object; a screen's modules when it opens

        return CarcassonneScreen(session)

    def remote_game(self, model):
        """The same screen over a game played through ``tiletum host`` (``host.client.RemoteModel``)."""
        # start-up: the title holds this object; a screen's modules when it opens
        from .remote import RemoteCarcassonneScreen

        return RemoteCarcassonneScreen(model)

    def replay(self, session, *, at: int | None = None, seat=None, from_final: bool = False):
        """The replay screen of a session (issue 21): read-only; its final table is drawn in it."""
        from .replay import CarcassonneReplay  # start-up: the title holds this object; a screen's modules when it opens

        return CarcassonneReplay(session, at=at, seat=seat, from_final=from_final)

    def new_game(self):
        # start-up: the title holds this object; a screen's modules when it opens
        from .new_game import NewCarcassonneGame

        return NewCarcassonneGame()

    def learn(self, app) -> None:
        """Learn to play: the app shell's chapter list, which holds Carcassonne's lesson beside Tiletum's."""
        opening = getattr(app, "open_lessons", None)
        if opening is None:
            app.notify("Learn to play is on the title screen.", markup=False)
        else:
            opening()

    def keys(self, app) -> None:
        """The app's help key where no Carcassonne screen is open (the title of `tiletum new --game
        carcassonne`): Carcassonne's keys."""
        from .shell import show_keys  # start-up: the title holds this object; a screen's modules when it opens

        show_keys(app)

    def rules(self, app) -> None:
        from .shell import open_rules  # start-up: the title holds this object; a screen's modules when it opens

        open_rules(app)


SCREENS = CarcassonneScreens()
