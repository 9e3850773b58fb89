"""A toy Carcassonne module, from the tests folder (issue 38: "a test adds a toy Carcassonne module ...
and plays a game with it"): "Toll roads", three more straight roads (design U) drawn first, and a
completed road paying 2 points a tile instead of 1. It plugs in through the engine's hooks only
(``engine.expansion.Module``); no base file knows it."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.data import load
from tiletum_tui.games.carcassonne.engine.expansion import Module
from tiletum_tui.games.carcassonne.modules import Entry

NAME = "toll-roads"
EXTRA = ("U", "U", "U")  # put on top of the shuffled land tiles: drawn first
TOLL = 2  # a completed road's points a tile, with the module


class TollRoads(Module):
    name = NAME
    title = "Toll roads (3 more straight roads; a completed road 2 a tile)"

    def designs(self, rules: int) -> tuple:
        d = load().designs["U"]
        return (d.__class__(d.id, len(EXTRA), d.name, d.segments),)  # its own copies of U, in the box

    def stack(self, settings, rng: int):
        return list(EXTRA), rng

    def completed_points(self, state, root: int, points: int, why: str):
        if state.kind[root] != "road":
            return points, why
        n = len(state.tiles[root])
        return TOLL * n, why + f", a toll road: {TOLL} a tile"


PART = TollRoads()
ENTRY = Entry(NAME, parts={"engine": __name__})
