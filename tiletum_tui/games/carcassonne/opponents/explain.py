"""The master's suggestion in words (the hint, ``h``): where the tile goes and the follower, what placing
it so completes (and who scores it, by the engine's ``forecast``), what the follower goes for (the
feature it joins, how big it is and how open, or the cities a farmer would supply) and the points the
master expects from the turn. Every count comes from the engine's state."""

from __future__ import annotations

from ..engine.followers import spots
from ..engine import apply
from ..engine.land import describe_place
from ..engine.rules import forecast, sample
from ..engine.scoring import neighbours
from ..engine.values import AROUND, FARM_CITY
from ..engine.words import count as _n
from .evaluate import MASTER_ODDS, feature_points
from .reasons import why_quiet


def explain(seen, place, deploy, gain: float, win: float | None, alternative=(), alternative_gain: float = 0.0,
            alternative_win: float | None = None) -> str:
    """One or two sentences: the suggestion and why (``seen``: the view the master was asked in). The
    chances to win say why the next best is second: its points (the evaluation before the master's
    playouts) can be higher than the suggestion's."""
    me = place.seat if place is not None else deploy.seat
    names = [p.name for p in seen.players]
    parts = []
    if place is not None:
        head = f"place {place.design} {describe_place(place.x, place.y, place.rotation)}"
        events = forecast(seen, place.design, place.x, place.y, place.rotation)
        done = [e for e in events if type(e).__name__ == "FeatureCompleted"]
        scored = [e for e in events if type(e).__name__ == "Scored"]
        if done:
            what = ", ".join(f"a {e.kind}" + (f" of {_n(e.tiles, 'tile')}" if e.kind != "cloister" else "")
                             for e in done)
            who = "; ".join(f"{names[e.seat]} +{e.points}" for e in scored) or "nobody on it yet"
            parts.append(f"it completes {what} ({who})")
        after = apply(sample(seen, 1), place)  # (never on a view; a seed of 0 would stay one)
    else:
        head, after = "", seen
    if deploy.role is None:
        follower = "no follower"
        if not parts:  # a quiet move: what matters most in its worth, from the evaluation's own parts (x: all)
            parts.append(why_quiet(seen, place, deploy, me, most=1) or (
                "it keeps the follower in supply for a later turn" if place is None else
                "it changes no feature with a follower on it"))
    else:
        follower = f"a {deploy.role} on the {deploy.segment}"
        parts.append(goes_for(after, deploy, completion_said=bool(parts)))
    text = "Master: " + (f"{head}, then {follower}" if head else follower)
    if parts:
        text += ": " + "; ".join(parts)
    text += f". It expects {gain:+.1f} points over the others" + (f" ({win:.0%} to win)" if win is not None else "")
    if alternative:
        alt_place, alt_deploy = alternative
        alt = (f"{alt_place.design} {describe_place(alt_place.x, alt_place.y, alt_place.rotation)}, "
               + ("no follower" if alt_deploy.role is None else f"{alt_deploy.role} {alt_deploy.segment}"))
        chance = f", {alternative_win:.0%} to win" if alternative_win is not None and win is not None else ""
        text += f". Next best: {alt} ({alternative_gain:+.1f}{chance})"
        if chance and alternative_gain > gain:  # more points now, ranked second: say why
            fewer = round(alternative_win * 100) < round(win * 100)  # (as the percentages show them)
            text += (": more points now, fewer wins when the master played out the tiles to come" if fewer else
                     ": more points now, but the master's playouts chose the first more often")
    return text + "."


def goes_for(placed, deploy, completion_said: bool = False) -> str:
    """What the follower would stand on, from the state with the tile placed (before it is deployed);
    ``completion_said``: the words before said what the tile completes (its size is not said again)."""
    tile = placed.placed[placed.last]
    spot = next(s for s in spots(placed) if s.name == deploy.segment)
    root = placed.find(tile.base + spot.segment)
    kind = placed.kind[root]
    left = len(placed.pile)
    if kind == "field":
        cities = {placed.find(c) for c in placed.cities[root]}
        complete = sum(1 for c in cities if placed.open[c] <= 0)
        if not cities:
            return "a farm that supplies no city yet (farmers never come back)"
        return (f"a farm supplying {_n(len(cities), 'city', 'cities')}, {complete} completed ({FARM_CITY} points each at "
                f"the end to the most farmers; farmers never come back)")
    # (what the follower's feature is worth as the master weighs it: its chances of closing)
    points, done = feature_points(placed, root, placed.last, left, *MASTER_ODDS.chances(left))
    if kind == "cloister":
        return f"a cloister with {_n(neighbours(placed, tile.x, tile.y), 'tile')} round it of {AROUND} (about {points:.0f} points)"
    size = _n(len(placed.tiles[root]), "tile")
    if done:
        return (f"the {deploy.role} scores the {kind} at once and comes back" if completion_said else
                f"the {kind} it completes ({size}): the follower scores it and comes back at once")
    ends = _n(placed.open[root], "open end" if kind == "road" else "open edge")
    return f"a {kind} of {size} with {ends} (about {points:.0f} points)"
