"""The Carcassonne screen's ``v`` and ``x`` in words (issue 41, items 11 and 13): what placing the tile
so would do and where a follower could then go (the engine's ``preview``); why a place, a turn or a
line of the follower choice is allowed or not (the engine's reasons); and how the master weighs it
against its best, taken apart (the opponents' ``turn_options``, ``follower_options`` and
``reasons.parts``: the very figures its hint ranks by). Pure: the screen shows what this returns.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.expansion import kinds as module_kinds
from .parts import tile_topic
from ..engine import Deploy, Place
from ..engine.events import FeatureCompleted, Scored
from ..engine.followers import spots
from ..engine.land import describe_place, why_not
from ..engine.rules import preview, same_move
from ..engine.tiles import turned_name
from ..engine.words import count as _n
from ..opponents.evaluate import MASTER_ODDS, margin, values
from ..opponents.explain import goes_for
from ..opponents.options import follower_options, turn_options
from ..opponents.reasons import for_seat, parts


class Why(NamedTuple):
    title: str  # "Why?" or "Why not?"
    lines: list[str]  # the text, a paragraph a line ("" between them)
    topic: str  # the rules topic F1 opens


def _completed(events, names) -> str:
    """"a road of 3 tiles: Bob 3" for each feature completed (the engine's events)."""
    done = [e for e in events if isinstance(e, FeatureCompleted)]
    scores = [e for e in events if isinstance(e, Scored)]
    what = ", ".join(f"a {e.kind}" + (f" of {_n(e.tiles, 'tile')}" if e.kind != "cloister" else "") for e in done)
    who = "; ".join(f"{names[e.seat]} {e.points}" for e in scores) or "nobody is on it"
    return f"{what}: {who}"


def follower_words(shown, closing, names) -> str:
    """Where a follower could go on the tile placed so, and where not and why (``followers.spots``: the
    engine's reasons, and whose followers stand on a feature already)."""
    free = [s for s in shown if s.refused is None]
    roles = [s for s in shown if s.role]
    reasons = {s.refused for s in roles}
    if not free:  # one reason for all (an empty supply, a feature taken): the engine's words, whole
        if len(reasons) <= 1:
            return "No follower of yours may go on it" + (f": {reasons.pop()}." if reasons else ".")
        taken = _taken(roles, names)
        return f"No follower of yours may go on it. {taken[0].upper()}{taken[1:]}."
    said = "A follower of yours may then go on: " + ", ".join(
        f"{s.role} {s.name}" + (" (completed: it scores at once)" if s.segment in closing else "") for s in free)
    taken = [s for s in roles if s.refused is not None]
    return said + ("; " + _taken(taken, names) if taken else "") + "."


def _taken(refused, names) -> str:
    """The segments refused because a follower stands on their feature: whose."""
    return "none on the " + ", ".join(
        f"{s.name}" + (f" ({' and '.join(names[h] for h in s.holders)} on it already)" if s.holders else "")
        for s in refused)


def preview_words(state, x: int, y: int, rotation: int) -> str:
    """``v``: what placing the drawn tile so completes and who scores it, then where a follower may go."""
    names = [p.name for p in state.players]
    seen = preview(state, state.drawn, x, y, rotation)
    done = [e for e in seen.events if isinstance(e, FeatureCompleted)]
    head = f"Placed so, it completes {_completed(seen.events, names)}." if done else "Placed so, it completes nothing."
    return f"{head} {follower_words(seen.spots, seen.completes, names)}"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st ... ("best" for the first)."""
    if n == 1:
        return "best"
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail} best"


def _now(state, seat: int) -> float:
    return margin(values(state, odds=MASTER_ODDS), seat)


def _turn(place: Place | None, deploy: Deploy) -> str:
    where = f"{place.design} {describe_place(place.x, place.y, place.rotation)}, " if place is not None else ""
    return where + ("no follower" if deploy.role is None else f"{deploy.role} {deploy.segment}")


def _weighed(state, options, mine, seat: int, what: str) -> list[str]:
    """How the master's evaluation ranks ``mine`` (an option) among ``options`` (best first), and its parts."""
    now = _now(state, seat)
    names = [p.name for p in state.players]
    rank = options.index(mine) + 1
    best = options[0]
    placing = mine.place is not None
    out = ["How the master weighs it (its evaluation before it plays out the tiles to come; points over the "
           "others" + ("" if placing else ", the tile as it lies") + "):",
           f"  {what}: {mine.value - now:+.1f}, the {_ordinal(rank)} of "
           + (f"{len(options)} ways to play the tile (each place, turn and follower)" if placing
              else f"the {len(options)} lines that may be chosen")]
    if rank > 1:
        out.append(f"  the best: {_turn(best.place, best.deploy)}: {best.value - now:+.1f}")
    taken = parts(state, mine.place, mine.deploy, MASTER_ODDS, seat)
    out += ["", f"Why {mine.value - now:+.1f}: what it changes, for each player:"]
    out += [f"  {for_seat(p, seat, names)}" for p in taken] or ["  no feature with a follower on it changes"]
    return out


def place_why(state, x: int, y: int, rotation: int, master: str = "") -> Why:
    """``x`` while placing: the tile at the cursor, turned so; allowed or why not; what it would do; how
    the master weighs its best follower choice there against the best turn of all."""
    seat, design = state.seat, state.drawn
    head = f"Tile {design} ({turned_name(design, rotation)}) {describe_place(x, y, rotation)}"
    topic = tile_topic(design)
    refused = why_not(state, design, x, y, rotation)
    if refused:
        return Why("Why not?", [head, "", f"Not here: {refused}."], topic)
    lines = [head, "", "It fits here: every edge continues the field, city or road"
             + "".join(f" (or {k})" for k in module_kinds()) + " it meets.",
             "", preview_words(state, x, y, rotation)]
    options = turn_options(state, seat, MASTER_ODDS)
    here = [o for o in options if same_move(o.place, Place(seat, design, x, y, rotation))]
    if here:
        lines += ["", *_weighed(state, options, here[0], seat, f"here, with {_turn(None, here[0].deploy)}")]
    if master:
        lines += ["", "The master's suggestion (h): " + master]
    return Why("Why?", lines, topic)


def follower_why(state, segment: int | None, master: str = "") -> Why:
    """``x`` in the follower choice: the highlighted line (``segment``; None: no follower), allowed or why
    not, what the follower would go for, how the master weighs it against the best line."""
    seat = state.seat
    if segment is None:
        deploy, label, topic = Deploy(seat, None, None), "No follower", "follower"
    else:
        spot = next(s for s in spots(state) if s.segment == segment)
        if spot.refused:
            return Why("Why not?", [f"{spot.role or '—'} {spot.name}", "", f"Not the {spot.name}: {spot.refused}."],
                       spot.role or "follower")
        deploy, label, topic = Deploy(seat, spot.role, spot.name), f"A {spot.role} on the {spot.name}", spot.role
    lines = [label]
    if deploy.role is not None:
        lines += ["", f"It goes for {goes_for(state, deploy)}."]
    options = follower_options(state, seat, none=True, odds=MASTER_ODDS)
    options.sort(key=lambda o: -o.value)
    mine = next(o for o in options if o.deploy == deploy)
    lines += ["", *_weighed(state, options, mine, seat, label[0].lower() + label[1:])]
    if master:
        lines += ["", "The master's suggestion (h): " + master]
    return Why("Why?", lines, topic)
