"""The end of the game: every player's VP by scoring category, the total, and the winner, drawn from the
game's model (its ``view``: drawn again if the model's view changes, as after a reconnect: issue 39)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from tiletum_tui.shell.ui.model import GameModel
from ..replay.screen import ReplayScreen
from ..replay.charts import categories, tiletum_charts
from ..replay.positions import Positions


def winner_line(state) -> str:
    players = state.players
    w = state.winner
    if w < 0:
        return "No winner."
    best = players[w].vp
    tied = [p.name for p in players if p.vp == best and p.name != players[w].name]
    line = f"{players[w].name} wins with {best} VP!"
    if tied:
        line += f"  Tied with {', '.join(tied)}: the tie goes to the player first in turn order."
    return line


class FinalScreen(Screen):
    BINDINGS = [
        Binding("escape", "back", "Look at the board", id="tiletum.final-back"),
        Binding("r", "replay", "Replay", id="tiletum.final-replay"),  # issue 21: step through the game
        Binding("c", "charts", "How it was won", id="tiletum.final-charts"),
        # Enter before the table's own (it selects a row): the note promises the title screen.
        Binding("enter,q", "title", "Title screen", id="tiletum.final-title", priority=True),
    ]

    def __init__(self, model: GameModel) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        yield Static(id="final-title", markup=False)
        with Center():
            yield DataTable(id="final-table", cursor_type="row", zebra_stripes=True)
        yield Static("Esc: back to the board (e returns here) · r: replay · c: how it was won · Enter: title screen",
                     id="final-note", markup=False)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.show_scores(self.model.state)
        self.watch(self.model, "view", self.show_scores, init=False)  # (again whenever the model's view changes)
        self.query_one(DataTable).focus()

    def show_scores(self, state) -> None:
        if state is None or state.phase != "over" or not self.is_attached:
            return
        self.query_one("#final-title", Static).update(f"Final scoring — {winner_line(state)}")
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_column("VP by category", key="category")
        for i, p in enumerate(state.players):
            table.add_column(("★ " if i == state.winner else "") + p.name, key=f"p{i}")
        for key, title in categories(state):
            table.add_row(title, *[Text(str(p.ledger.get(key, 0)), justify="right") for p in state.players], key=key)
        table.add_row(Text("Total", style="bold"),
                      *[Text(str(p.vp), style="bold", justify="right") for p in state.players], key="total")

    def action_back(self) -> None:
        self.dismiss(None)

    def action_replay(self) -> None:
        self.app.push_screen(ReplayScreen(self.model.whole_game(), at=0, from_final=True))

    def action_charts(self) -> None:
        self.app.push_screen(tiletum_charts(Positions(self.model.whole_game())))

    def action_title(self) -> None:
        self.app.back_to_title()
