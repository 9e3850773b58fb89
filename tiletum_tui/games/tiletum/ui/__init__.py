"""The Textual screens of Tiletum: everything here draws the engine's state and sends it actions.

No rules live in this package: what is legal, what an action means and why something is refused
all come from ``tiletum_tui.games.tiletum.engine``; the UI only arranges and explains them.
"""
