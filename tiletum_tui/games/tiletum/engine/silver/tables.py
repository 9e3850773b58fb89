"""Indices of the expansion's components (``data/silver``), built once: the engine's lookups.

Space ids are unique over every map and side (``1A3``: map 1, side A, space 3), so one table of
spaces serves all six sides; which side of a map is up is the game's (``SilverState.sides``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...data.silver import load_silver, wheel_section
from ...data.silver_schema import Silver, UndergroundSpace

PROSPECTOR = "prospector"  # the expansion's Action


@dataclass(frozen=True)
class Tables:
    data: Silver
    map_of: dict[str, str]  # space -> its map id
    side_of: dict[str, str]  # space -> "A" / "B"
    spaces: dict[str, UndergroundSpace]
    side_spaces: dict[tuple[str, str], tuple[str, ...]]  # (map, side) -> its spaces, in order
    start: dict[tuple[str, str], str]  # (map, side) -> the starting Prospector space (the Pithead)
    cost: dict[tuple[str, str], int]  # (map, side) -> Silver a new Prospector costs there
    starting_map: str  # the map with the yellow circle
    maps: tuple[str, ...]
    prospector_sections: frozenset[int]  # Prospector Wheel sections with the Prospector Action
    movement_sections: frozenset[int]  # ... with the movement icon
    ribbon: tuple[int, ...]  # per King track space: the blue ribbon's Silver


@functools.cache
def tables() -> Tables:
    d = load_silver()
    map_of, side_of, side_spaces, start, cost = {}, {}, {}, {}, {}
    for m in d.maps.values():
        for side in m.sides:
            side_spaces[(m.id, side.side)] = tuple(s.id for s in side.spaces)
            start[(m.id, side.side)] = side.start_space
            cost[(m.id, side.side)] = side.prospector_cost
            for s in side.spaces:
                map_of[s.id], side_of[s.id] = m.id, side.side
    wheel = d.prospector_wheel.sections
    return Tables(
        data=d, map_of=map_of, side_of=side_of, spaces=d.spaces, side_spaces=side_spaces, start=start, cost=cost,
        starting_map=next(m.id for m in d.maps.values() if m.starting), maps=tuple(d.maps),
        prospector_sections=frozenset(w.section for w in wheel if w.prospector_action),
        movement_sections=frozenset(w.section for w in wheel if w.movement_icon),
        ribbon=tuple(d.king_overlay.ribbon_silver),
    )


def section_of(rotation: int, value: int) -> int:
    """The Prospector Wheel section beside a die of this value: its Action Wheel position is
    (value - 1 + rotation) % 6, and the Prospector Wheel has turned as many Cleanups the other way."""
    return wheel_section((value - 1 + rotation) % 6, rotation)
