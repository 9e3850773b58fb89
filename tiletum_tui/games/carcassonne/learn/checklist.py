"""What the Carcassonne lesson must teach (issue 20's list), beside the script that teaches it.

Every concept is taught by a move the learner makes, not told in a step to read (issue 41, item 17): the
step of that move names it in ``Step.teaches``; ``tests/carcassonne/test_lesson.py`` fails when a concept
has no move step teaching it, or a step names one that is not here. The goal alone is told before any move.
"""

from __future__ import annotations

from .. import modules as registry
from ..engine.values import (
    AROUND, CITY_PENNANT, CITY_TILE, CLOISTER, CLOISTER_TILE, FARM_CITY, ROAD_TILE, UNFINISHED_PENNANT, UNFINISHED_SEGMENT,
)


def _points(n: int) -> str:
    return f"{n} point" + ("s" if n != 1 else "")


CONCEPTS: dict[str, str] = {
    "goal": "the goal: most points after the final scoring; a turn is draw, place, perhaps a follower, score",
    "place": "placing a tile: at least one edge abutting a tile already placed, never corner to corner",
    "match": "what must match: field to field, city to city, road to road on every abutting edge",
    "rotate": "turning the tile (r) until its edges match",
    "follower-optional": "a follower is optional: at most one a turn, from the supply, on the tile just placed",
    "roles": "followers' four roles: knight in a city, thief on a road, farmer in a field, monk in a cloister",
    "occupied": "no follower on a feature that already has one, however far away it is",
    "road": f"a completed road: both ends at a crossing, a city or a cloister; {_points(ROAD_TILE)} for each tile",
    "city": f"a completed city: walls all round; {_points(CITY_TILE)} a tile and {CITY_PENNANT} a pennant",
    "cloister": f"a completed cloister: surrounded by {AROUND} tiles, {_points(CLOISTER)}",
    "majority": "the most knights (thieves) take the points; a tie pays each tied player in full",
    "shared": "cities with followers can be joined on purpose by a tile placed between them",
    "return": "followers come back to the supply after their feature is scored (and only then), even on the same turn",
    "any-role": "a follower back in the supply may take any role",
    "counts-once": "a completed road or city counts a tile once, though two of its segments lie on that tile",
    "deploy-completing": "a follower may go on a feature its tile completes: it scores at once and comes back",
    "farm": "farms: connected fields; a farmer is deployed in one and scores only at the end",
    "farm-bounds": "roads, cities and the land's edge bound a farm: a road cuts a field into two farms",
    "farmer-stays": "farmers are never returned to the supply, not even when a road beside them scores",
    "farm-majority": f"the most farmers by a completed city take its {_points(FARM_CITY)}; a tie pays each in full",
    "no-place": "a drawn tile with no legal place goes into the box and another is drawn",
    "end": "the game ends after the turn in which the last tile is placed",
    "final-unfinished": (f"final scoring: unfinished roads and cities {_points(UNFINISHED_SEGMENT)} a segment (and "
                         f"{UNFINISHED_PENNANT} a pennant), cloisters {_points(CLOISTER_TILE)} a tile"),
    "final-farms": f"final scoring: each completed city pays {FARM_CITY} to the most farmers in the farms that border it",
}
CONCEPTS.update((k, v) for _name, part in registry.parts("learn") for k, v in part.concepts.items())  # the modules'


SHOWN_NOT_PLAYED = frozenset({"goal"})
