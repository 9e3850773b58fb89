"""Carcassonne: the program's second game (issue 19). ``data/`` (the tile designs, with their sources),
``engine/`` (the rules, pure; ``engine/game.py`` is what the shell sees), ``modules/`` (its variants
and expansions, each registered in one place: the River)."""
