"""Carcassonne's rule values, named once (the rules text's "Scoring" and "Final scoring"): the scoring
pays them, and the computer opponents' evaluation, the explanations, the lesson's checklist and the
rules pages read them from here, so a value is never written twice."""

from __future__ import annotations

ROAD_TILE = 1  # a completed road: a point for each tile
CITY_TILE = 2  # a completed city: 2 points for each tile
CITY_PENNANT = 2  # ... and 2 for each pennant
CLOISTER = 9  # a completed cloister: 9 points (1 for its tile and 1 each for the 8 around it)
AROUND = 8  # the tiles around a cloister that complete it
CLOISTER_TILE = 1  # an unfinished cloister at the end: a point for its tile and each tile around it
UNFINISHED_SEGMENT = 1  # an unfinished road or city at the end: a point for each segment
UNFINISHED_PENNANT = 1  # ... and a point for each pennant
FARM_CITY = 4  # a farm at the end: 4 points for each completed city it supplies, to the most farmers
