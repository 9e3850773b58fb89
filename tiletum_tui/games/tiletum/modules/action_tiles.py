"""The Action tiles variant (rules: the Tiletum rulebook's variant with Action tiles on the wheel)."""

NAME = "action-tiles"
PARTS = {"engine": "tiletum_tui.games.tiletum.engine.action_tiles"}
