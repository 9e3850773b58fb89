"""Carcassonne's part of the shared charts (issue 21: how it was won), read by its replay and by its
final table's c (``looking``)."""

from __future__ import annotations

from tiletum_tui.shell.ui.replay.charts import ChartFacts


class CarcassonneCharts(ChartFacts):
    """Carcassonne's charts: its ledger's categories, every tenth turn marked, times by ten turns."""

    marks_words = "numbers: after that many turns"
    period_words = "ten turns at a time"
    KNOWN = (("road", "Roads"), ("city", "Cities"), ("cloister", "Cloisters"), ("farm", "Farms (end)"),
             ("unfinished road", "Unfinished roads (end)"), ("unfinished city", "Unfinished cities (end)"),
             ("unfinished cloister", "Unfinished cloisters (end)"))

    def categories(self, state) -> list[tuple[str, str]]:
        known = dict(self.KNOWN)  # (a category the ledger has and this list not: shown by its key)
        extra = sorted({k for ledger in state.ledger for k in ledger} - set(known))
        return list(self.KNOWN) + [(k, k) for k in extra]

    def marks(self, positions) -> list[tuple[int, str]]:
        out = []
        for turn, i in positions.round_ends():  # ("round" is the turn: Carcassonne's summary)
            if turn % 10 == 0:
                out.append((i, str(turn)))
        return out

    def period(self, positions, k: int) -> int:
        return (positions.summary(k)["round"] - 1) // 10

    def period_label(self, period: int) -> str:
        return f"{period * 10 + 1}-{period * 10 + 10}"


CHARTS = CarcassonneCharts()
