"""Tiletum as the program finds it (``core.games``): its registry entry, nothing imported until used."""

from __future__ import annotations

from ...core.games import Entry

ENTRY = Entry(
    name="tiletum",
    title="Tiletum",
    game="tiletum_tui.games.tiletum.engine.game:TILETUM",
    order=0,  # the default game: a save or command naming none is Tiletum's (from before there were two)
    screens="tiletum_tui.games.tiletum.ui.game_screens:TILETUM_SCREENS",
    lessons="tiletum_tui.games.tiletum.learn.lessons:tiletum_lessons",
    opponents="tiletum_tui.games.tiletum.opponents.plug:TILETUM_OPPONENTS",
    hosted_levels=("beginner", "journeyman", "master", "grandmaster"),
    front_door="tiletum_tui.games.tiletum.cli",
    cli_options="tiletum_tui.games.tiletum.cli_options:add_options",
    player_counts=(2, 4),
    bench="tiletum_tui.games.tiletum.bench.figures:BENCH",
    old_saves="tiletum_tui.games.tiletum.old_saves.migrate",  # formats 1 and 2: every save was Tiletum's
)
