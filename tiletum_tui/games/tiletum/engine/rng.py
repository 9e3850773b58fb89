"""The game's own seeded random numbers (splitmix64): same seed, same game, on any machine and Python.

The generator's whole state is one integer kept in ``State.hidden.rng``, so a save needs nothing else.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# Rejection limits for the small ranges the game draws from (shuffles of up to a few dozen tiles).
_LIMITS = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, 257)]


def seed_state(seed: int) -> int:
    return seed & _MASK


def next_u64(rng: int) -> tuple[int, int]:
    """Return (new rng state, a 64-bit random number)."""
    rng = (rng + _GAMMA) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return rng, z ^ (z >> 31)


def below(rng: int, n: int) -> tuple[int, int]:
    """Return (new rng state, a uniform integer in [0, n)) by rejection, without modulo bias."""
    limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - ((1 << 64) % n)
    while True:
        rng = (rng + _GAMMA) & _MASK
        z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = z ^ (z >> 31)
        if x < limit:
            return rng, x % n


def shuffle(rng: int, items: list) -> int:
    """Shuffle ``items`` in place (Fisher-Yates); return the new rng state."""
    for i in range(len(items) - 1, 0, -1):
        rng, j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return rng
