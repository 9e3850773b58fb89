"""The form for a new game of Carcassonne, as Tiletum's New game asks (issue 19: "the title screen,
`tiletum new` ... serve Carcassonne exactly as they serve Tiletum"): 2 to 5 players with their names,
the River on or off, and the seed. Tab moves between fields; Ctrl+S, or Enter in a name or the seed,
starts; Esc goes back. Dismissed with the Settings, or None."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, RadioButton, RadioSet, Static

from ...safe_text import name_problem
from ...saves.format import PERSON, Seat
from ..data import load
from ..engine import PlayerSetup, Settings
from ..engine.state import COLOURS

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
# Who plays the seats after the first (issue 20: "one person can play it alone").
WHO = (("person", "people at this keyboard"), ("beginner", "beginners"), ("journeyman", "journeymen"),
       ("master", "masters (2 s a turn)"))


def random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class NewCarcassonneGame(Screen):
    DEFAULT_CSS = "NewCarcassonneGame { align: center middle; }"
    BINDINGS = [
        Binding("escape", "cancel", "Back", id="carcassonne.form-back"),
        Binding("ctrl+r", "reseed", "New seed", id="carcassonne.form-reseed"),
        Binding("ctrl+s", "start", "Start", id="carcassonne.form-start"),
    ]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random_seed()

    def compose(self) -> ComposeResult:
        lo, hi = load().players
        with VerticalScroll(id="form"):
            yield Static("New game of Carcassonne", classes="dialog-title", markup=False)
            yield Static("Tab moves between fields (arrows and Space choose the player count); Ctrl+S, or "
                         "Enter in a name or the seed, starts. The seed decides the order of the tiles: share it "
                         "to replay the same game.", classes="form-help", markup=False)
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                with RadioSet(id="count", compact=True):
                    for n in range(lo, hi + 1):
                        yield RadioButton(str(n), value=n == lo, id=f"n{n}")
            for i in range(hi):
                with Horizontal(classes="row player-row" + (" hidden" if i >= lo else ""), id=f"row{i}"):
                    yield Label(f"Player {i + 1}", classes="label")
                    yield Input(NAMES[i], placeholder="name", classes="name", id=f"name{i}", max_length=14,
                                compact=True)
                    yield Label(COLOURS[i])
            yield Checkbox("The River (its 12 tiles first, from the spring)", id="river",
                           compact=True)
            yield Label("Who plays the seats after the first:")
            with RadioSet(id="who", compact=True):
                for level, words in WHO:
                    yield RadioButton(words, value=level == "person", id=f"who-{level}")
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(str(self.seed), id="seed", restrict=r"[0-9]*", max_length=12, compact=True)
                yield Button("New seed (Ctrl+R)", id="reseed", compact=True)
            yield Static("", id="form-error", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Back (Esc)", id="back", compact=True)
                yield Button("Start (Ctrl+S)", id="start", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#count", RadioSet).focus()

    def action_keys(self) -> None:
        """? (the app's help key) on this form: Carcassonne's keys, the form's first."""
        from .shell import show_keys

        show_keys(self.app, form=True)

    def players(self) -> int:
        pressed = self.query_one("#count", RadioSet).pressed_button
        return int(pressed.id[1:]) if pressed and pressed.id else load().players[0]

    @on(RadioSet.Changed, "#count")
    def _count(self) -> None:
        n = self.players()
        for i in range(load().players[1]):
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

    seats: tuple = ()  # who plays each seat, as the app shell reads it (empty: people at this keyboard)

    def action_start(self) -> None:
        settings = self.read()
        if settings is not None:
            pressed = self.query_one("#who", RadioSet).pressed_button
            level = pressed.id.removeprefix("who-") if pressed and pressed.id else "person"
            n = len(settings.players)
            self.seats = () if level == "person" else (PERSON,) + (Seat(player="opponent", level=level),) * (n - 1)
            self.dismiss(settings)

    def read(self) -> Settings | None:
        """The Settings the form describes, or None (with the problem shown) if it is not valid."""
        n = self.players()
        names = [self.query_one(f"#name{i}", Input).value.strip() for i in range(n)]
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = None
        if any(not name for name in names):
            problem = "Every player needs a name."
        elif len(set(names)) < n:
            problem = "Two players have the same name."
        elif any(name_problem(name) for name in names):
            problem = next(name_problem(name) for name in names if name_problem(name))
        elif not seed_text.isdigit():
            problem = "The seed must be a number."
        self.query_one("#form-error", Static).update(problem or "")
        if problem:
            return None
        return Settings(players=tuple(PlayerSetup(name, COLOURS[i]) for i, name in enumerate(names)),
                        seed=int(seed_text), river=self.query_one("#river", Checkbox).value)
