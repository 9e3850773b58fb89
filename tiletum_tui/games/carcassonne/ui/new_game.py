"""The form for a new game of Carcassonne, as Tiletum's New game asks (issue 19: "the title screen,
`tiletum new` ... serve Carcassonne exactly as they serve Tiletum"): 2 to 5 players with their names and
who plays each seat (a person or a computer opponent, as Tiletum's form asks), each module (the River) on or off,
and the seed. Tab moves between fields; Ctrl+S, or Enter in a name or the seed,
starts; Esc goes back. Dismissed with the Settings, or None."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Footer, Input, Label, RadioSet, Static

from tiletum_tui.shell.ui.new_game import PlayersForm, form_problem, seat_select
from tiletum_tui.shell.ui.toggles import Choice, Tick
from .. import modules as registry
from ..data import load
from ..engine.expansion import settings_with
from ..engine import PlayerSetup, Settings
from ..engine.state import COLOURS
from .shell import show_keys

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


class NewCarcassonneGame(PlayersForm):
    DEFAULT_CSS = "NewCarcassonneGame { align: center middle; }"
    BINDINGS = [
        Binding("escape", "cancel", "Back", id="carcassonne.form-back"),
        Binding("ctrl+r", "reseed", "New seed", id="carcassonne.form-reseed"),
        Binding("ctrl+s", "start", "Start", id="carcassonne.form-start"),
    ]

    def compose(self) -> ComposeResult:
        lo, hi = load().players
        with VerticalScroll(id="form"):
            yield Static("New game of Carcassonne", classes="dialog-title", markup=False)
            yield Static("Tab moves between fields (arrows and Space choose the player count); Ctrl+S, or "
                         "Enter in a name or the seed, starts. The seed decides the order of the tiles: share it "
                         "to replay the same game. Each seat is a person or a computer opponent (a master "
                         "thinks 2 s a turn).", classes="form-help", markup=False)
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                with RadioSet(id="count", compact=True):
                    for n in range(lo, hi + 1):
                        yield Choice(str(n), value=n == lo, id=f"n{n}")
            for i in range(hi):
                with Horizontal(classes="row player-row" + (" hidden" if i >= lo else ""), id=f"row{i}"):
                    yield Label(f"Player {i + 1}", classes="label")
                    yield Input(NAMES[i], placeholder="name", classes="name", id=f"name{i}", max_length=14,
                                compact=True)
                    yield Label(COLOURS[i], classes="colour")
                    yield seat_select(i)  # a person or a computer opponent (issue 20)
            for name, part in registry.parts("ui"):  # each module's field (the River's), id its name
                yield Tick(part.tick, id=name, compact=True)
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(str(self.seed), id="seed", restrict=r"[0-9]*", max_length=12, compact=True)
                yield Button("New seed (Ctrl+R)", id="reseed", compact=True)
            yield Static("", id="form-error", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Back (Esc)", id="back", compact=True)
                yield Button("Start (Ctrl+S)", id="start", variant="primary", compact=True)
        yield Footer()

    def action_keys(self) -> None:
        """? (the app's help key) on this form: Carcassonne's keys, the form's first."""
        show_keys(self.app, form=True)

    @property
    def fewest(self) -> int:
        return load().players[0]

    @property
    def most(self) -> int:
        return load().players[1]

    def read(self) -> Settings | None:
        """The Settings the form describes, or None (with the problem shown) if it is not valid."""
        n = self.players()
        names = [self.query_one(f"#name{i}", Input).value.strip() for i in range(n)]
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = form_problem(names, seed_text)
        self.query_one("#form-error", Static).update(problem or "")
        if problem:
            return None
        chosen = [name for name, _part in registry.parts("ui") if self.query_one(f"#{name}", Checkbox).value]
        return settings_with(Settings, (PlayerSetup(name, COLOURS[i]) for i, name in enumerate(names)),
                             int(seed_text), chosen)
