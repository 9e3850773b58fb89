"""Replaying a game move by move, and how it was won (issue 21): the part every game shares.

``positions.py``: the positions of a session as a replay may show them (views only, cached, the seat
rule); ``screen.py``: ``ReplayShell``, the replay screen without its drawing (stepping, whose view,
the panel's words, going to a move, playing on, the end); ``dialogs.py``: going to a move picked from
the log, playing on from a position; ``charts.py``: how it was won (VP over the game, VP by category,
time per move, and the pages a game adds). A game draws its own views in a subclass of
``ReplayShell`` (Tiletum: ``ui/replay/screen.py``; Carcassonne: ``carcassonne/ui/replay.py``), reached
through its registry entry (``games.SCREENS``: ``replay(session, ...)``).
"""
