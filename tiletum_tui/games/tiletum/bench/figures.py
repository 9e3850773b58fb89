"""Tiletum's figures for ``tiletum bench`` (its entry's ``bench``): the engine, the opponents (with and
without Prospect for Silver), the screens and the replay."""

from __future__ import annotations


class TiletumBench:
    def engine(self, games: int) -> list:
        from .engine import engine_numbers  # only when tiletum bench runs that part

        return [(f"Engine: {games} random games per player count, one core", engine_numbers(games), "2f")]

    def opponents(self) -> list:
        from .opponents import opponent_numbers  # only when tiletum bench runs that part

        figures = {}
        for modules in ((), ("silver",)):
            for n in (2, 3, 4):
                figures.update(opponent_numbers(n, modules=modules))
        return [("Opponents (one core; the master: 60 simulations at each turn start of round 1)", figures, "1f")]

    def screens(self) -> list:
        from tiletum_tui.shell.bench.replay import measure_replay  # only when tiletum bench runs that part
        from tiletum_tui.shell.bench.saves import random_finished_game  # only when tiletum bench runs that part
        from ..ui.bench import measure_ui  # only when tiletum bench runs that part

        return [("Screens (headless, 80x24, in process: the game screen drawn, not start-up), beside a bare Textual app "
                 "of as many widgets, in the same run",
                 measure_ui(), "ms"),
                ("Replay (a finished 4-player game, headless 80x24; aims: jump ≤ 100 ms, step ≤ 20 ms)",
                 measure_replay(random_finished_game(4, 3, "tiletum")), "ms")]


BENCH = TiletumBench()
