"""Hints: which legal actions complete something (a Building, a Contract, a Cathedral contribution).

Each candidate is tried on the engine (``apply`` returns a new state and leaves the real one alone)
and the result compared with now, so a hint can never promise what the rules would not give.
Only the kinds of action that can complete something are tried, to keep this cheap enough to run
after every move.
"""

from __future__ import annotations

from ..engine import apply, sample
from ..engine.characters import Room
from ..engine.errors import TiletumError
from ..engine.tasks import BuildCathedral, Fulfil, PlaceCrest
from .parts import learn_parts

# The actions that can finish something on a player board (none of them draws or rolls anything,
# so trying them on a state sampled from the players' view gives what the real game would); a module
# names its own (``parts.LearnPart.hint_kinds``).
_BASE_KINDS = (Room, PlaceCrest, Fulfil, BuildCathedral)


def _kinds() -> tuple[type, ...]:
    return _BASE_KINDS + tuple(k for part in learn_parts() for k in part.hint_kinds)


def _completes(before, after, who: int) -> list[str]:
    p, q = before.players[who], after.players[who]
    out = []
    for b, (was, now) in enumerate(zip(p.completed, q.completed)):
        if now and not was:
            out.append(f"completes Building {b + 1}")
    for b, (was, now) in enumerate(zip(p.rooms, q.rooms)):
        if all(now) and not all(was):
            out.append(f"fills Building {b + 1}" + (" (its roof House joins your supply)" if p.roof[b] else ""))
    if sum(map(bool, q.contracts)) > sum(map(bool, p.contracts)):
        gained = q.vp - p.vp
        out.append(f"fulfils a Contract (+{gained} VP)")
    if len(q.cathedral_tiles) > len(p.cathedral_tiles):
        out.append(f"builds at a Cathedral (+{q.vp - p.vp} VP)")
    return out


def hints(state, legal: list) -> dict:
    """Legal action -> what it would complete, for the actions that complete something."""
    if not state.stack:
        return {}
    who = state.stack[-1].player
    found = {}
    tried = sample(state, 0) if state.hidden.redacted else state
    kinds = _kinds()
    for action in legal:
        if not isinstance(action, kinds):
            continue
        try:
            after = apply(tried, action)
        except TiletumError:
            continue
        done = _completes(state, after, who)
        if done:
            found[action] = done
    return found


def hint_text(state, legal: list) -> list[str]:
    """One line per completing action, for a hint box."""
    from ..engine import describe

    return [f"{describe(state, a)}: {', '.join(why)}" for a, why in hints(state, legal).items()]
