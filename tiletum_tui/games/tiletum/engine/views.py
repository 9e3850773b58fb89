"""What a seat may see: a view of a game leaves out what no player may see.

Tiletum has no secrets one player holds from another: the generator, the order of the face-down
piles, the face-down Corruption tokens and the dice in the bag are hidden from everyone. A view
keeps the contents of the piles and the bag (they follow from what is on the table) but not
their order, replaces each face-down token by UNKNOWN, the generator and the game's seed by 0 (the
seed and the moves would rebuild every hidden thing), and is marked ``redacted`` so that it can be
read (legal actions, options, every query) but never played on.

A computer opponent that wants to look ahead samples a full state from a view (``sample``):
the hidden parts are dealt anew from its own seed, so it can never learn the real ones.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from . import rng
from .frozen import freeze
from .ruleset import rules_for
from .state import UNKNOWN, Hidden, State, clone, put


def view(state: State, seat: int | None = None) -> State:
    """The game as ``seat`` (or a spectator, ``None``) sees it. Every seat sees the same in Tiletum."""
    h = state.hidden
    if h.redacted:
        return state
    out = clone(state)
    put(out, "settings", msgspec.structs.replace(state.settings, seed=0))
    put(out, "hidden", Hidden(
        rng=0, bonus_pile=tuple(sorted(h.bonus_pile)), contract_pile=tuple(sorted(h.contract_pile)),
        character_pile=tuple(sorted(h.character_pile)), corruption_row=(UNKNOWN,) * len(h.corruption_row),
        corruption_pool=(UNKNOWN,) * len(h.corruption_pool), bag=tuple(sorted(h.bag)), redacted=True,
    ))
    r = rules_for(state.settings)
    for m in r.modules:  # a module's face-down parts (clone gave the view its own module state)
        m.redact(r, out)
    return out


def unseen_tokens(state: State) -> list[int]:
    """The Corruption tokens still face down (row and stack), as values: all tokens less those revealed."""
    left = Counter(rules_for(state.settings).tracks.corruption_tokens)
    left.subtract(state.board.corruption_revealed)
    return sorted(left.elements())


def sample(view_state: State, seed: int) -> State:
    """A full state consistent with a view: the piles, the bag and the face-down tokens dealt from ``seed``."""
    h = view_state.hidden
    out = clone(view_state)
    g = rng.seed_state(seed)
    piles = []
    for pile in (h.bonus_pile, h.contract_pile, h.character_pile, h.bag):
        items = list(pile)
        g = rng.shuffle(g, items)
        piles.append(tuple(items))
    tokens = unseen_tokens(view_state)
    g = rng.shuffle(g, tokens)
    row = len(h.corruption_row)
    r = rules_for(view_state.settings)
    for m in r.modules:
        g = m.deal(r, out, g)
    g, _ = rng.next_u64(g)
    put(out, "hidden", Hidden(rng=g, bonus_pile=piles[0], contract_pile=piles[1], character_pile=piles[2],
                              corruption_row=tuple(tokens[:row]), corruption_pool=tuple(tokens[row:]), bag=piles[3]))
    return out


def encode_view(view_state: State) -> bytes:
    """A view as bytes, for a process or a client elsewhere (msgpack)."""
    if not (isinstance(view_state, State) and view_state.hidden.redacted):
        # A full state holds the seed and the order of the face-down piles: it never leaves the game
        # (a check, not an assert, which ``python -O`` would drop).
        raise TypeError(f"only a view of a game (engine.view) can be encoded, not {type(view_state).__name__}"
                        + (" with its hidden parts" if isinstance(view_state, State) else ""))
    return msgspec.msgpack.encode(view_state)


_DECODER = msgspec.msgpack.Decoder(State)


def decode_view(data: bytes) -> State:
    """A view from ``encode_view``, its dicts read-only again (msgspec decodes plain dicts)."""
    out = _DECODER.decode(data)
    freeze(out)
    return out
