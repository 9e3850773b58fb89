"""Carcassonne as the program finds it (``core.games``): its registry entry, nothing imported until used."""

from __future__ import annotations

from ...core.games import Entry

ENTRY = Entry(
    name="carcassonne",
    title="Carcassonne",
    game="tiletum_tui.games.carcassonne.engine.game:CARCASSONNE",
    order=1,
    screens="tiletum_tui.games.carcassonne.ui.screens:SCREENS",
    lessons="tiletum_tui.games.carcassonne.learn.lesson:LESSONS",
    opponents="tiletum_tui.games.carcassonne.opponents.plug:OPPONENTS",
    hosted_levels=("beginner", "journeyman", "master", "grandmaster"),
    front_door="tiletum_tui.games.carcassonne.cli",
    bench="tiletum_tui.games.carcassonne.bench:BENCH",
    cli_options="tiletum_tui.games.carcassonne.cli_options:add_options",
    player_counts=(2, 5),
)
