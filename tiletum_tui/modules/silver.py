"""Prospect for Silver, the expansion: its state, rules, words and screens, each in its own part."""

NAME = "silver"
PARTS = {
    "state": "tiletum_tui.engine.silver.state",
    "engine": "tiletum_tui.engine.silver.module",
    "learn": "tiletum_tui.learn.silver.part",
    "ui": "tiletum_tui.ui.silver.part",
}
