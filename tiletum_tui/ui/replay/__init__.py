"""Replaying a game move by move, and how it was won (issue 21).

``positions.py``: the positions of a session as a replay may show them (views only, cached);
``screen.py``: the replay screen (the game screen's views, read-only); ``charts.py``: how it was won
(VP over the game, VP by category, time per move, the Actions chosen); ``dialogs.py``: jumping to a
move from the log and playing on from a position.
"""
