"""Carcassonne's own seeded generator (splitmix64), its whole state one integer in ``State.rng``.

The same algorithm as Tiletum's ``engine/rng.py``, kept here because the two games' engines are
independent of each other (the layers contract); only what shuffling the tiles needs.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def shuffle(rng: int, items: list) -> int:
    """Shuffle ``items`` in place (Fisher-Yates, rejection sampling: no modulo bias); the new state. (splitmix64's
    step spelt out in the loop: the opponents deal a pile anew for every simulation.)"""
    mask = _MASK
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            rng = (rng + 0x9E3779B97F4A7C15) & mask
            z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            x = z ^ (z >> 31)
            if x < limit:
                break
        j = x % n
        items[i], items[j] = items[j], items[i]
    return rng
