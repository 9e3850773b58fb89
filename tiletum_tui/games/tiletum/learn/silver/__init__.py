"""Prospect for Silver's learn part (``part.py``, registered in ``tiletum_tui/games/tiletum/modules/silver.py``) and the
files it draws on: the expansion's words, rules pages and lesson, in a package of its own."""
