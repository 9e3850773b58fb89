"""The tile designs turned for play: each design in each of its four rotations, with the segment at
every sub-position, each edge's kind, each segment's name on the placed tile, and which rotations
fit a hole whose neighbours show given edges (cached: listing legal places is a table lookup).

Sub-positions run clockwise from the north edge's west end (N 0 1 2, E 3 4 5, S 6 7 8, W 9 10 11);
turning a tile a quarter clockwise moves sub-position p to p + 3. Edge e (0 N, 1 E, 2 S, 3 W) of
one tile abuts edge e + 2 of its neighbour, sub-position 3e + i meeting 3(e + 2) + 2 - i.
"""

from __future__ import annotations

import functools
import math
import re

from .. import modules as registry
from ..data import load

EDGES = "NESW"
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))  # x east, y south: the cell beyond each edge
ROLES = {"city": "knight", "road": "thief", "field": "farmer", "cloister": "monk"}  # (no follower on a kind a module brings)
_OCTANTS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


def _point(p: int) -> tuple[float, float]:
    """Where sub-position p lies (x east, y north), for naming a field by where it is."""
    e, i = divmod(p, 3)
    t = (i - 1) * 0.5
    return ((t, 1.0), (1.0, -t), (-t, -1.0), (-1.0, t))[e]


class Turned:
    """One design in one rotation, as placed."""

    __slots__ = ("design", "rotation", "seg_at", "kinds", "edges", "names", "segments", "opens", "pennants", "cities",
                 "joins")

    def __init__(self, design, rotation: int) -> None:
        self.design = design
        self.rotation = rotation
        self.segments = design.segments
        shift = 3 * rotation
        seg_at = [0] * 12
        at: list[tuple[int, ...]] = []
        for index, seg in enumerate(design.segments):
            moved = tuple((p + shift) % 12 for p in seg.at)
            at.append(moved)
            for p in moved:
                seg_at[p] = index
        self.seg_at = tuple(seg_at)
        self.kinds = tuple(s.kind for s in design.segments)
        self.edges = tuple(design.segments[seg_at[3 * e + 1]].kind for e in range(4))
        # what a segment leaves open: a city's edges, a road's ends (and a line a module brings, as a
        # river: its ends); fields, cloisters: none
        self.opens = tuple(len(a) // 3 if s.kind == "city" else 0 if s.kind in ("field", "cloister") else len(a)
                           for s, a in zip(design.segments, at))
        self.names = _names(self.kinds, at)
        self.pennants = tuple(int(s.pennant) for s in design.segments)
        self.cities = tuple(s.cities for s in design.segments)  # (a field's: its own tile's city segments)
        # per edge, what meets the neighbour's sub-positions there (``land.place``): (this tile's segment,
        # the neighbour's sub-position, 2 for a city edge's or road end's middle: closed on both sides, 0 for
        # a field), in the order the land joins them
        joins = []
        for e in range(4):
            back, along = (e + 2) % 4, []
            for i in range(3):
                seg = seg_at[3 * e + i]
                if i == 1 and self.edges[e] != "field":
                    along.append((seg, 3 * back + 2 - i, 2))
                elif self.kinds[seg] == "field":
                    along.append((seg, 3 * back + 2 - i, 0))
            joins.append(tuple(along))
        self.joins = tuple(joins)


def _names(kinds, at) -> tuple[str, ...]:
    names, reach = [], []
    for kind, positions in zip(kinds, at):
        reach.append(0.0)
        if kind == "cloister":
            names.append("cloister")
        elif kind != "field":  # a city, a road (or a module's line, a river): by its edges
            edges = sorted({p // 3 for p in positions})
            names.append(f"{kind} " + "-".join(EDGES[e] for e in edges))
        else:  # a field by where it lies: its middle's direction from the tile's centre
            x = sum(_point(p)[0] for p in positions) / len(positions)
            y = sum(_point(p)[1] for p in positions) / len(positions)
            reach[-1] = math.hypot(x, y)
            names.append("field" if reach[-1] < 0.15 else
                         "field " + _OCTANTS[round(math.atan2(y, x) / (math.pi / 4)) % 8])
    for name in set(names):  # two fields one way: the one in the corner says so
        same = sorted((j for j, n in enumerate(names) if n == name), key=lambda j: reach[j])
        if len(same) > 1:
            names[same[-1]] = f"{name} corner"
            for k, j in enumerate(same[:-1]):
                names[j] = name if len(same) == 2 else f"{name} {k + 1}"
    return tuple(names)


def design(design_id: str):
    """A tile design by its id: the base game's, or a module's (``expansion.Module.tiles``)."""
    found = load().designs.get(design_id)
    if found is None:
        found = next((m.tiles()[design_id] for _, m in registry.parts("engine") if design_id in m.tiles()), None)
        if found is None:
            raise KeyError(design_id)
    return found


@functools.cache
def turned(design_id: str, rotation: int) -> Turned:
    return Turned(design(design_id), rotation % 4)


_COMPASS = ("north", "east", "south", "west")


def turned_name(design_id: str, rotation: int) -> str:
    """The design's name as the tile lies, turned ``rotation`` quarter turns clockwise: its compass
    words turn with it ("river curving from south to west", turned once: "from west to north"), so
    the words beside the drawing say what the drawing shows."""
    r = rotation % 4
    return re.sub(r"\b(north|east|south|west)\b", lambda m: _COMPASS[(_COMPASS.index(m.group(1)) + r) % 4],
                  design(design_id).name)


def _look(t: Turned) -> frozenset:
    """What a turned tile puts on the land: each segment's kind, the sub-positions it covers, its
    pennant and the cities it touches (by where they lie), whatever the order of its segments."""
    at = [frozenset(p for p in range(12) if t.seg_at[p] == i) for i in range(len(t.segments))]
    return frozenset((s.kind, at[i], s.pennant, frozenset(at[c] for c in s.cities))
                     for i, s in enumerate(t.segments))


@functools.cache
def alike(design_id: str, rotation: int) -> int:
    """The first turn (0-3) of the design that lies on the land exactly as ``rotation`` does: a
    straight road turned 90° and 270° is one placement (issue 41, item 12). The choices offered are
    these first turns only; any turn the notation names is still taken, as the same placement."""
    look = _look(turned(design_id, rotation))
    return next(r for r in range(4) if _look(turned(design_id, r)) == look)


@functools.cache
def fits(pattern: tuple, design_id: str) -> tuple[int, ...]:
    """The rotations of the design whose every edge matches ``pattern`` (per edge: the kind the
    neighbour shows there, or None for no neighbour), one of each set of turns that look alike."""
    return tuple(r for r in range(4) if alike(design_id, r) == r
                 and all(want is None or want == have for want, have in zip(pattern, turned(design_id, r).edges)))
