"""The River's rules (the rules text's "Variants using the 12 expansion river tiles"): the spring
starts the game instead of the starting tile, the other river tiles are drawn first with the lake
after them, a river tile goes where the river's one open end is and never makes a "U" turn, and no
follower stands on a river (nobody scores it). Its slot in the state (``State.modules["river"]``) is
a ``RiverState``: where the river's open end is and the way its last bend turned."""

from __future__ import annotations

from typing import NamedTuple

from .tiles import load
from ...engine.expansion import Kind, Module
from ...engine.rng import shuffle
from ...engine.tiles import DELTA, alike, fits, turned

_EMPTY = (None, None, None, None)
# Rules version 3 (issue 41, item 10): the rules text's "U" turn is two successive bends of the river
# turning the same way, however it flowed before (straight stretches between them or not): then it
# flows back the way it came. ``RiverState.bend`` holds the way the river's last bend turned (0 before
# its first). Versions 1 and 2 counted the turns since the spring (right minus left, kept between -1
# and +1) in the same field, which let a left bend and then two right ones through: their games keep
# that count, so they replay as they were played.
U_TURN_RULES = 3


class RiverState(NamedTuple):
    end: tuple[tuple[int, int], int] | None  # the cell beyond the river's open end, and the edge meeting it there; None once the lake lies
    bend: int  # the way its last bend turned (+1 right, -1 left; 0 before the first); see ``u_turn``


def is_river(design: str) -> bool:
    return "river" in turned(design, 0).kinds


def u_turn(state, bend: int | None) -> bool:
    """Whether a river bending ``bend`` (+1 right, -1 left, 0 straight, None the lake) next makes a U."""
    if not bend:
        return False
    last = state.modules["river"].bend
    if state.settings.rules < U_TURN_RULES:
        return not -1 <= last + bend <= 1
    return bend == last


def _bent(state, bend: int) -> int:
    """``RiverState.bend`` after the river bends ``bend`` (see ``u_turn``)."""
    last = state.modules["river"].bend
    if state.settings.rules < U_TURN_RULES:
        return last + bend
    return bend or last


def river_bend(state, t, entry: int) -> int | None:
    """How the river turns through tile ``t`` entered at ``entry``: 0 straight, +1 right, -1 left;
    None where it ends (the lake)."""
    ends = [e for e in range(4) if t.edges[e] == "river" and e != entry]
    if not ends:
        return None
    heading = (entry + 2) % 4  # the way the river flowed into this tile
    return {0: 0, 1: 1, 3: -1}.get((ends[0] - heading) % 4, 0)


def _places(state, design: str) -> list[tuple[int, int, int]]:
    """The river's one open end is the only place for a river tile, and never with a U-turn."""
    (x, y), entry = state.modules["river"].end  # entry: the new tile's edge that meets the river
    if (x, y) in state.cells:  # the river ran into the land: nowhere to go on
        return []
    pattern = state.frontier.get((x, y), _EMPTY)
    places = []
    for r in fits(pattern, design):
        t = turned(design, r)
        if t.edges[entry] != "river":
            continue
        if not u_turn(state, river_bend(state, t, entry)):
            places.append((x, y, r))
    return places


class River(Module):
    name = "river"
    title = "the River (the 12 River tiles)"
    kinds = {"river": Kind("followers may not be placed on rivers", "the river scores nothing")}
    slot_type = RiverState

    def designs(self, rules: int) -> tuple:
        return load().river_in(rules)

    def owns(self, design: str) -> bool:
        return design in load().by_id

    def tiles(self) -> dict:
        return load().by_id

    def first_tile(self, settings) -> str:
        return load().spring  # (the starting tile is removed)

    def stack(self, settings, rng: int) -> tuple[list[str], int]:
        cat = load()
        river = [d.id for d in cat.river_in(settings.rules) for _ in range(d.count) if d.id not in (cat.spring, cat.lake)]
        rng = shuffle(rng, river)
        return [cat.lake] + river, rng  # the lake after the last river tile

    def restack(self, tiles: list[str], rng: int) -> tuple[list[str], int]:
        lake = load().lake
        river = [d for d in tiles if d != lake]
        rng = shuffle(rng, river)
        return [lake] * tiles.count(lake) + river, rng

    def started(self, state) -> RiverState:
        # the spring's river runs out of one edge: the river's open end is beyond it
        p = state.placed[0]
        out = turned(p.design, p.rotation).edges.index("river")
        return RiverState(((p.x + DELTA[out][0], p.y + DELTA[out][1]), (out + 2) % 4), 0)

    def placed(self, state, t, x: int, y: int) -> None:
        river = state.modules["river"]
        if river.end is None or river.end[0] != (x, y) or "river" not in t.edges:
            return
        entry = river.end[1]
        bend = river_bend(state, t, entry)
        if bend is None:
            state.modules["river"] = RiverState(None, river.bend)  # the lake: the river is closed
        else:
            out = next(e for e in range(4) if t.edges[e] == "river" and e != entry)
            state.modules["river"] = RiverState(((x + DELTA[out][0], y + DELTA[out][1]), (out + 2) % 4),
                                                _bent(state, bend))

    def automatic(self, before, after) -> str | None:
        if before.modules["river"].end is not None and after.modules["river"].end is None:
            return "The River is done (its lake placed): the land tiles go on"
        return None

    def places(self, state, design: str):
        if state.modules["river"].end is None or not is_river(design):
            return None
        return _places(state, design)

    def why_not(self, state, design: str, x: int, y: int, rotation: int) -> str | None:
        river = state.modules["river"]
        if river.end is None or not is_river(design) or (x, y, alike(design, rotation)) in _places(state, design):
            return None
        (ex, ey), _ = river.end
        pattern, edges = state.frontier.get((x, y), _EMPTY), turned(design, rotation).edges
        if (x, y) != (ex, ey) or not any(pattern[e] == "river" and edges[e] == "river" for e in range(4)):
            return f"a river tile continues the river: the river's open end is at {ex},{ey}"
        way = "right" if river.bend > 0 else "left"
        return ('a river tile may not be placed so that the river makes a "U" turn' +
                (f" (its last bend turned {way}: a second bend to the {way} turns it back the way it came)"
                 if state.settings.rules >= U_TURN_RULES else ""))


PART = River()
