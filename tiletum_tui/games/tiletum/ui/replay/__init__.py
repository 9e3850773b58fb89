"""Tiletum's replay (issue 21), on the replay every game shares (``shell/ui/replay/``).

``screen.py``: Tiletum's replay screen (the game screen's views and strip, read-only); ``positions.py``:
the shared positions, and the Actions chosen (read from Tiletum's decision stack); ``charts.py``:
Tiletum's part of how it was won (its categories, its rounds, the Actions chosen page); ``bench.py``:
the replay's timings for ``tiletum bench`` (both games).
"""
