"""Computer opponents: they play from a seat's view only (``engine.view``), never from the generator
or the order of hidden piles, and look ahead on states dealt from that view (``engine.sample``).

Three levels (docs/opponents.md): ``beginner`` (a random legal move, lightly biased away from
wasting AP), ``journeyman`` (plans one turn: the die, its Bonus tile and how to spend the AP and
Tasks, to maximise ``evaluate``), ``master`` (an open-loop Monte Carlo tree search over whole
turns, within a time or simulation budget). ``worker`` runs them in a process of their own.
"""
