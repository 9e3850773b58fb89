"""Hints: which legal actions complete something (a Building, a Contract, a Cathedral contribution).

Each candidate is tried on the engine (``apply`` returns a new state and leaves the real one alone)
and the result compared with now, so a hint can never promise what the rules would not give.
Only the kinds of action that can complete something are tried, to keep this cheap enough to run
after every move.
"""

from __future__ import annotations

from ..engine import apply, sample, describe
from ..engine.characters import Room
from ..engine.errors import TiletumError
from ..engine.tasks import BuildCathedral, Fulfil, PlaceCrest
from .parts import learn_parts
from ..engine.forecast import forecast
from ..engine.ruleset import rules_for
from ..engine.queries import fair_now

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
    return [f"{describe(state, a)}: {', '.join(why)}" for a, why in hints(state, legal).items()]


# ---------------------------------------------------------------- the master's suggestion, explained
def _words(state, action) -> str:
    """An action as said of the player taking it, without the name: "takes the yellow 2 ..."."""
    words = describe(state, action)
    name = state.players[action.seat].name + " "
    return words[len(name):] if words.startswith(name) else words


def _play_plan(seen, plan: list):
    """The plan's steps in words, played on a deal of the view (the engine's own apply), and the state
    after the steps that still fit that deal (a step that drew a tile may not: it stops there)."""
    state = sample(seen, 0) if seen.hidden.redacted else seen
    steps = []
    for action in plan:
        try:
            words = _words(state, action)
            state = apply(state, action)
        except TiletumError:
            break
        steps.append(words)
    return steps, state


def _gains(before, after, who: int) -> list[str]:
    """What the plan gains, by the engine's forecast before and after it: VP scored now, this round's
    King phase and Fair, final scoring as it would stand (with the categories that change)."""
    a, b = forecast(before), forecast(after)
    p, q = a.players[who], b.players[who]
    out = []
    if q.vp != p.vp:
        out.append(f"{q.vp - p.vp:+d} VP now")
    # The King phase and the Fair as they would score, compared only while the plan stays before them:
    # a plan that plays through them scored them ("VP now"), and the next round's are other ones (a
    # round 1 King phase hint named "this round's Fair (Hamburg)", round 2's, at -2 VP: issue 41 item 6).
    same_round = not b.over and a.round == b.round
    if same_round and before.phase == after.phase == "action" and q.king != p.king:
        out.append(f"{q.king - p.king:+d} VP in the King phase")
    if same_round and fair_now(before).done == fair_now(after).done and not fair_now(after).done and q.fair != p.fair:
        out.append(f"{q.fair - p.fair:+d} VP at this round's Fair ({rules_for(after.settings).space_name(a.fair_town)})")
    end = q.final_total - p.final_total
    if end:
        titles = {c.key: c.title for c in rules_for(after.settings).categories}
        parts = [f"{titles.get(k, k)} {q.final.get(k, 0) - p.final.get(k, 0):+d}"
                 for k in dict.fromkeys([*p.final, *q.final]) if q.final.get(k, 0) != p.final.get(k, 0)]
        out.append(f"{end:+d} VP at the end as it stands ({', '.join(parts)})")
    return out


def _towards(before, after, who: int) -> list[str]:
    """The Buildings and Contracts the plan works towards (brought nearer without completing them yet)."""
    r = rules_for(after.settings)
    p, q = before.players[who], after.players[who]
    out = []
    for b, (was, now) in enumerate(zip(p.rooms, q.rooms)):
        if q.completed[b] and not p.completed[b]:
            out.append(f"completes Building {b + 1}")
        elif not q.completed[b] and (sum(map(bool, now)) > sum(map(bool, was)) or q.crests[b] != p.crests[b]):
            crest = "its Crest placed" if q.crests[b] else "its Crest still to place"
            out.append(f"Building {b + 1} ({sum(map(bool, now))} of {len(now)} Rooms filled, {crest})")
    for tid in q.storehouse:
        tile = r.tiles[tid]
        if tile.kind == "contract" and tid not in p.storehouse:
            need = sum(tile.pay.values()) + tile.identical
            have = sum(min(q.resources.get(x, 0), k) for x, k in tile.pay.items())
            out.append(f"the Contract {tile.name} ({have} of its {need} Resources in hand)")
    return out


def explain_plan(seen, who: int, plan: list, gain: float, win: float | None, alternative: list = (),
                 alternative_gain: float = 0.0, alternative_win: float | None = None) -> list[str]:
    """The master's suggestion in words a player understands: the plan as its moves in order, what it
    gains (VP now, in the King phase, at this round's Fair, at the end; the Building or Contract it
    works towards), what it expects in all (the evaluation's VP-equivalent), and the best alternative
    it weighed with what that one was expected to give."""
    steps, after = _play_plan(seen, plan)
    lines = []
    if steps:
        lines.append("Plan: " + " → ".join(f"{k + 1}. {s}" for k, s in enumerate(steps)))
    gains = _gains(seen, after, who)
    lines.append("It gains: " + ("; ".join(gains) if gains else "nothing scored yet, a position to build on"))
    towards = _towards(seen, after, who)
    done = [x for x in towards if x.startswith("completes ")]
    towards = [x for x in towards if x not in done]
    if done:
        lines[-1] += "; " + "; ".join(done)
    if towards:
        lines.append("Works towards: " + "; ".join(towards))
    chance = f", chance to lead {win:.0%}" if win is not None else ""
    lines.append(f"In all: about {gain:+.0f} VP in the long run{chance}")
    if alternative:
        same = next((k for k, (a, b) in enumerate(zip(plan, alternative)) if a != b), min(len(plan), len(alternative)))
        alt_steps, _ = _play_plan(seen, list(alternative[:same + 1]))
        if len(alt_steps) > same:
            chance = f", chance to lead {alternative_win:.0%}" if alternative_win is not None else ""
            where = f"the same first {_plural(same, 'step')}, then " if same else ""
            lines.append(f"Best alternative: {where}{alt_steps[same]} ({_plural(len(alternative), 'step')} in all): "
                         f"about {alternative_gain:+.0f} VP{chance}")
            if alternative_gain > gain and win is not None and alternative_win is not None and win > alternative_win:
                # the master ranks by the chance to lead, not the VP: say so where the VP say otherwise (item 6)
                lines.append(f"Why not that one: it is worth more VP, but this plan gives the better chance to "
                             f"lead ({win:.0%} against {alternative_win:.0%}), and the master ranks by that")
    return lines


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"
