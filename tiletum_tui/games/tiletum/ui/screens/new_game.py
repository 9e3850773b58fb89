"""The new-game form: 2-4 players with names, colours and who plays them (a person or a computer
opponent of a level), the seed, and the modules this program knows (a
variant, an expansion), each a checkbox with its options under it (``ui.parts.NewGameFields``)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Footer, Input, Label, RadioSet, Select, Static

from ...engine.ruleset import known_modules
from ...engine.state import PlayerSetup, Settings
from ..parts import NewGameFields, ui_parts_by_name
from ..widgets.painted import PLAYER_COLOURS
from tiletum_tui.shell.ui.new_game import PlayersForm, form_problem, seat_select
from tiletum_tui.shell.ui.toggles import Choice, Tick

DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dee")


class NewGameScreen(PlayersForm):
    BINDINGS = [
        Binding("escape", "cancel", "Back", id="tiletum.form-back"),
        Binding("ctrl+r", "reseed", "New seed", id="tiletum.form-reseed"),
        Binding("ctrl+s", "start", "Start", id="tiletum.form-start"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static("New game", classes="dialog-title", markup=False)
            yield Static("Tab moves between fields (arrows and Space choose the player count); Ctrl+S, or Enter in a name or the seed, starts. The seed decides the dice and tiles: "
                         "share it to replay the same setup. Each seat is a person or a computer opponent.", classes="form-help", markup=False)
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                with RadioSet(id="count", compact=True):
                    for n in (2, 3, 4):
                        yield Choice(str(n), value=n == 2, id=f"n{n}")
            for i in range(4):
                with Horizontal(classes="row player-row" + (" hidden" if i >= 2 else ""), id=f"row{i}"):
                    yield Label(f"Player {i + 1}", classes="label")
                    yield Input(DEFAULT_NAMES[i], placeholder="name", classes="name", id=f"name{i}", max_length=14, compact=True)
                    yield Select([(c, c) for c in PLAYER_COLOURS], value=PLAYER_COLOURS[i], allow_blank=False, id=f"colour{i}", compact=True)
                    yield seat_select(i)  # a person or a computer opponent (issue 14)
            with Horizontal(classes="row"):
                yield Label("Seed", classes="label")
                yield Input(str(self.seed), id="seed", restrict=r"[0-9]*", max_length=12, compact=True)
                yield Button("New seed (Ctrl+R)", id="reseed", compact=True)
            for name, fields in module_fields().items():
                yield from _module_fields(name, fields)
            yield Static("", id="form-error", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Back (Esc)", id="back", compact=True)
                yield Button("Start (Ctrl+S)", id="start", variant="primary", compact=True)
        yield Footer()

    @on(Checkbox.Changed)
    def _module(self, event: Checkbox.Changed) -> None:
        """A module's options show while it is ticked."""
        if event.checkbox.id in module_fields():
            for row in self.query(f".{event.checkbox.id}-option"):
                row.set_class(not event.value, "hidden")

    def read(self) -> Settings | None:
        """The Settings the form describes, or None (with the problem shown) if it is not valid."""
        error = self.query_one("#form-error", Static)
        n = self.players()
        names = [self.query_one(f"#name{i}", Input).value.strip() for i in range(n)]
        colours = [self.query_one(f"#colour{i}", Select).value for i in range(n)]
        seed_text = self.query_one("#seed", Input).value.strip()
        problem = form_problem(names, seed_text, colours)
        error.update(problem or "")
        if problem:
            return None
        modules, options = module_settings(self)
        extra = {"options": options} if options else {}  # no options: none in the settings (as before them)
        return Settings(
            players=tuple(PlayerSetup(name, str(colour)) for name, colour in zip(names, colours)),
            seed=int(seed_text), modules=modules, **extra,
        )


# ---------------------------------------------------------------- the modules
def module_fields() -> dict[str, NewGameFields]:
    """Every module's fields, in the registry's order: its ui part's, else a checkbox of its title."""
    parts = ui_parts_by_name()
    out = {}
    for name, module in known_modules().items():
        part = parts.get(name)
        out[name] = part.new_game if part is not None and part.new_game else NewGameFields(module.title or name)
    return out


def _option_id(option: str) -> str:
    return option.replace(".", "-")  # "silver.a-sides" -> "#silver-a-sides"


def _module_fields(name: str, fields: NewGameFields):
    """The module on or off, and its options (shown when it is on)."""
    yield Tick(fields.title, id=name, compact=True)
    for option, label in fields.options.items():
        yield Tick(label, id=_option_id(option), classes=f"{name}-option hidden", compact=True)


def module_settings(form) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(modules, options) the modules' fields describe."""
    modules, options = [], []
    for name, fields in module_fields().items():
        if form.query_one(f"#{name}", Checkbox).value:
            modules.append(name)
            options += [o for o in fields.options if form.query_one(f"#{_option_id(o)}", Checkbox).value]
    return tuple(modules), tuple(options)
