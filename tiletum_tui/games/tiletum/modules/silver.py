"""Prospect for Silver, the expansion: its state, rules, words and screens, each in its own part."""

NAME = "silver"
PARTS = {
    "state": "tiletum_tui.games.tiletum.engine.silver.state",
    "engine": "tiletum_tui.games.tiletum.engine.silver.module",
    "learn": "tiletum_tui.games.tiletum.learn.silver.part",
    "ui": "tiletum_tui.games.tiletum.ui.silver.part",
}
