"""Carcassonne's computer opponents (issue 20): they play from a seat's view only (``engine.view``: the
order of the face-down tiles is unknown to them, the counts of the remaining designs are known), and
look ahead on games dealt from that view with their own generator (``engine.rules.sample``).

``beginner`` (a random legal move that avoids wasting a follower), ``journeyman`` (one turn ahead:
every place, turn and follower for the drawn tile, by ``evaluate``), ``master`` (an open-loop Monte
Carlo tree search over the tile draws, within a time or simulation budget). ``plug`` is what the
shell reaches them by (``games.OPPONENTS``): the opponents' process and the arena.
"""
