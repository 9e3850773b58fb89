"""The new-game form of Carcassonne with its second question: who plays the seats after yours (people at
this keyboard, or computer opponents of a level). The first question is ``screens.NewCarcassonneGame``'s
(players and the River); the answer's seats reach the app shell as the form's ``seats``."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...saves.format import PERSON, Seat
from .screens import NewCarcassonneGame

WHO = (("person", "People at this keyboard (hot seat)"), ("beginner", "You against beginners"),
       ("journeyman", "You against journeymen"), ("master", "You against masters (2 s a turn)"))


class NewCarcassonneSeats(NewCarcassonneGame):
    """Players and the River, then who plays the other seats; dismissed with the settings (or None)."""

    seats: tuple = ()

    def __init__(self) -> None:
        super().__init__()
        self._settings = None
        self._asking = False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.prevent_default()  # (Textual would run the first question's handler too: it runs here, once)
        if self._settings is None:  # the first question: its dismiss is caught below to ask the second
            self._asking = True
            super().on_option_list_option_selected(event)
            return
        event.stop()
        level = event.option_id or "person"
        n = len(self._settings.players)
        self.seats = () if level == "person" else (PERSON,) + (Seat(player="opponent", level=level),) * (n - 1)
        super().dismiss(self._settings)

    def dismiss(self, result=None):
        if self._asking and result is not None:
            self._asking = False
            self._settings = result
            self._ask_who()
            return None
        return super().dismiss(result)

    def _ask_who(self) -> None:
        listing = self.query_one(OptionList)
        listing.clear_options()
        listing.add_options([Option(Text(words), id=level) for level, words in WHO])
        listing.highlighted = 0
        self.query(Static).first().update("Who plays the seats after yours?")
