"""What every game's new-game form does alike (``PlayersForm``) and checks before a game starts
(``form_problem``): one home, where the two forms had asked the same questions in two places (and
Tiletum's had lost the check of what a name may hold)."""

from __future__ import annotations

import random

from textual import on
from textual.screen import Screen
from textual.widgets import Button, Input, RadioSet, Select

from ..opponents.base import SEARCHING
from tiletum_tui.core.safe_text import name_problem
from ..saves.format import PERSON, Seat

# Who plays a seat, as every game's New game form and the replay's Play on ask it (a Select ``#who{i}``
# a seat); a level is its strength, the same on every machine (its simulations: docs/opponents.md), so no
# time is asked (a form that still asks one names it ``#master-time``: a cap).
SEAT_CHOICES = (("Person", "person"), ("Beginner", "beginner"), ("Journeyman", "journeyman"), ("Master", "master"),
                ("Grandmaster", "grandmaster"))


def seat_select(i: int, level: str = "person", choices: tuple = SEAT_CHOICES) -> Select:
    return Select(choices, value=level, allow_blank=False, id=f"who{i}", compact=True)


def read_seats(screen, n: int) -> tuple[Seat, ...]:
    """Who plays each of ``n`` seats on ``screen``'s Selects: a person, or an opponent of the chosen level
    (a searching level with the time cap chosen, where a screen asks one)."""
    times = screen.query("#master-time")
    budget = str(times.first(Select).value) if times else ""
    out = []
    for i in range(n):
        who = str(screen.query_one(f"#who{i}", Select).value)
        out.append(PERSON if who == "person" else
                   Seat(player="opponent", level=who, budget=budget if who in SEARCHING else ""))
    return tuple(out)


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


def form_problem(names: list[str], seed_text: str, colours: list | None = None) -> str | None:
    """Why the form cannot start a game (None if it can): every player named, no two names (or
    ``colours``, where the form lets players pick them) alike, each name one that can be shown on
    every screen (``safe_text.name_problem``), and a seed that is a number."""
    if any(not name for name in names):
        return "Every player needs a name."
    if len(set(names)) < len(names):
        return "Two players have the same name."
    if colours is not None and len(set(colours)) < len(colours):
        return "Two players have the same colour."
    problem = next((p for p in map(name_problem, names) if p), None)
    if problem:
        return problem[0].upper() + problem[1:] + "."
    if not seed_text.isdigit():
        return "The seed must be a number."
    return None


class PlayersForm(Screen):
    """What every game's new-game form does alike: the player count (a RadioSet ``#count`` of buttons
    ``#n2``...) showing as many name rows (``#row0``...), a seed with a New seed button, Back, and Start
    by the button or by Enter in a text field, and who plays each seat (``seat_select``'s ``#who{i}``). A
    game's form composes its fields with those ids and reads its settings from them (``read``);
    ``fewest``/``most`` are its player counts."""

    fewest, most = 2, 4

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random_seed()

    def on_mount(self) -> None:
        self.query_one("#count", RadioSet).focus()

    def players(self) -> int:
        pressed = self.query_one("#count", RadioSet).pressed_button
        return int(pressed.id[1:]) if pressed and pressed.id else self.fewest

    @on(RadioSet.Changed, "#count")
    def _count(self) -> None:
        n = self.players()
        for i in range(self.most):
            self.query_one(f"#row{i}").set_class(i >= n, "hidden")

    @on(Button.Pressed, "#reseed")
    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(random_seed())

    @on(Button.Pressed, "#back")
    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def on_input_submitted(self, event) -> None:
        """Enter in a text field starts the game, as a form's Enter does."""
        event.stop()
        self.action_start()

    seats: tuple[Seat, ...] = ()  # who plays each seat, read at Start (the app reads it beside the settings)

    def action_start(self) -> None:
        """Start: the game's settings (``read``, None with the problem shown) and who plays each seat."""
        settings = self.read()
        if settings is not None:
            self.seats = read_seats(self, len(settings.players))
            self.dismiss(settings)

    def read(self):
        raise NotImplementedError
