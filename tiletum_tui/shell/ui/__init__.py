"""The shell's screens that every game's screens share (issue 19: "the title screen, saves, Continue,
the rules browser, the keys ... serve Carcassonne exactly as they serve Tiletum"): keeping a game
safe (``keeping``: autosave messages, Ctrl+S, quitting, opening a save another program plays), the
save dialog, the yes/no question and the note, the key help and the rules browser.

Below both games' screens (``tiletum_tui.games.tiletum.ui`` and ``tiletum_tui.games.carcassonne.ui``) in the layers
contract, so neither game's screens are imported from here: a game hands in what differs (its rules
pages, its keys) as values.
"""
