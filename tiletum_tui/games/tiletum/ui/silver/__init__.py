"""Prospect for Silver's ui part (``part.py``, registered in ``tiletum_tui/games/tiletum/modules/silver.py``) and the
files it draws on: the expansion's screens, in a package of its own."""
