"""Carcassonne with the River: the program's second game (issue 19). ``data/`` (the tile designs,
with their sources), ``engine/`` (the rules, pure; ``engine/game.py`` is what the shell sees)."""
