"""Tiletum's part of how it was won (issue 21): its categories (the ruleset's, in its order), its rounds
along the VP chart (the shared ``shell.ui.replay.charts``), and its own fourth page, the Actions chosen
(how often each player took each Action with a die, read from the engine's decision stack)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ...engine.ruleset import rules_for
from tiletum_tui.shell.ui.replay.charts import ChartFacts, ChartsScreen, letters, _stack
from .. import text as T
from .positions import Positions, actions_chosen


def categories(state) -> list[tuple[str, str]]:
    """Every scoring category of the game's ruleset in the engine's order, even at 0, so players see
    every way they could have scored."""
    return [(c.key, c.title + (" (end)" if c.at_end else "")) for c in rules_for(state.settings).categories]


class ActionsTable(Static):
    def draw(self, positions: Positions, state, seat) -> None:
        counts = actions_chosen(positions, seat)
        names = [a for a in rules_for(state.settings).actions if a != "joker"]
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column("player")
        for a in names:
            table.add_column(T.ACTION_TITLE.get(a, a), justify="right")
        for i, p in enumerate(state.players):
            table.add_row(f"{i + 1} {p.name}", *[str(counts[i].get(a, 0)) for a in names])
        self.update(_stack(Text("Actions chosen: how often each took each Action with a die (the Joker's as "
                                "its AP were given)\n"), table))


class TiletumChartFacts(ChartFacts):
    pages = (("actions", "Actions chosen", "Actions", ActionsTable),)

    def categories(self, state) -> list[tuple[str, str]]:
        return categories(state)


FACTS = TiletumChartFacts()


def tiletum_charts(positions: Positions, **kw) -> ChartsScreen:
    """How a game of Tiletum was won (the final table's c, the replay's c)."""
    return ChartsScreen(positions, FACTS, **kw)


__all__ = ["ActionsTable", "ChartsScreen", "FACTS", "letters", "tiletum_charts"]
