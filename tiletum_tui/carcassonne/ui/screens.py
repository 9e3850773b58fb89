"""Carcassonne's screens as the app shell asks for them (``ui.games.screens_for``): the game screen
and the new-game form."""

from __future__ import annotations

import random

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
ART = r"""
  ___                                          
 / __|__ _ _ _ __ __ _ ______ ___ _ _  _ _  ___ 
| (__/ _` | '_/ _/ _` (_-<_-</ _ \ ' \| ' \/ -_)
 \___\__,_|_| \__\__,_/__/__/\___/_||_|_||_\___|
"""


class NewCarcassonneGame(ModalScreen):
    """Players (2 to 5) and the River: one line to choose; dismissed with the settings or None."""

    BINDINGS = [Binding("escape", "cancel", "back", id="carcassonne.new-cancel")]
    DEFAULT_CSS = """
    NewCarcassonneGame { align: center middle; }
    #carc-new { width: 44; height: auto; border: round $accent; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        options = [Option(Text(f"{n} players" + (", with the River" if river else "")), id=f"{n}-{int(river)}")
                   for river in (False, True) for n in range(2, 6)]
        with Vertical(id="carc-new"):
            yield Static("New game of Carcassonne", markup=False)
            yield OptionList(*options, id="carc-new-list")
            yield Static("Players are Ann, Bob, Cid, … at one keyboard.", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        from ..engine import PlayerSetup, Settings  # here, not at the top: the title screen names this game
        from ..engine.state import COLOURS  # without importing its engine (start-up, issue 24)

        n, river = (int(x) for x in (event.option_id or "2-0").split("-"))
        seed = random.SystemRandom().randrange(1, 10**6)
        self.dismiss(Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(n)), seed=seed,
                              river=bool(river)))

    def action_cancel(self) -> None:
        self.dismiss(None)


class CarcassonneScreens:
    name = "carcassonne"
    title = "Carcassonne"
    art = ART
    tagline = "lay the land tile by tile: cities, roads, cloisters and farms — 2 to 5 players, with the River"

    def game(self, session):
        from .screen import CarcassonneScreen

        return CarcassonneScreen(session)

    def new_game(self):
        return NewCarcassonneGame()

    def learn(self, app) -> None:
        """Learn to play: the app shell's chapter list, which holds Carcassonne's lesson beside Tiletum's."""
        opening = getattr(app, "open_lessons", None)
        if opening is None:
            app.notify("Learn to play is on the title screen.", markup=False)
        else:
            opening()

    def rules(self, app) -> None:
        app.notify("The rules browser has no Carcassonne pages yet.", markup=False)


SCREENS = CarcassonneScreens()
