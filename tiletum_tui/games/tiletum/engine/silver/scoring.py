"""Final Scoring (expansion text, "Final Scoring"), and the new Fair tiles' conditions.

"Modified Final Scoring has the following steps": Completed Buildings (as in the base game); the
Scoring overlay's side (ruling 14: the larger of the "OR" counts, over the main and Underground
maps); 1 VP per 4 Resources (3 with Resource Technology III); 1 VP per 2 Silver; each Technology
tier reached is worth its cost (1, 2, 3: a Technology on tier III scores 6).
"""

from __future__ import annotations

from ...data import silver_schema as sx
from ..categories import COMPLETED_BUILDINGS, RESOURCES_LEFT, Category
from ..effects import score
from ..flow import _completed_buildings as completed_buildings  # the base game's step, as it is
from ..queries import houses_on_map, pillars_on_map, resource_total
from .categories import CATEGORIES, OVERLAY, SILVER_LEFT, TECHNOLOGY_TIERS
from .common import me, modifiers, sv
from .king import mines_on_maps
from .tables import tables


def categories(cats: tuple[Category, ...]) -> tuple[Category, ...]:
    """The expansion's categories join the table, the end ones in the order of its final scoring (the
    overlay scores instead of Houses x Pillars)."""
    by_key = {c.key: c for c in cats + CATEGORIES}
    during = tuple(c for c in cats if not c.at_end) + CATEGORIES[:1]
    end = (COMPLETED_BUILDINGS, OVERLAY, RESOURCES_LEFT, SILVER_LEFT, TECHNOLOGY_TIERS)
    return during + tuple(by_key[c.key] for c in end)


def counts(state, player: int) -> dict[str, int]:
    """What the Scoring overlay counts, on all the maps."""
    return {"houses": houses_on_map(state, player), "pillars": pillars_on_map(state, player),
            "mines": mines_on_maps(state, player)}


def overlay_side(state) -> sx.ScoringSide:
    return next(s for s in tables().data.scoring_overlay if s.side == sv(state).scoring_side)


def overlay_vp(state, player: int) -> tuple[int, str]:
    side = overlay_side(state)
    have = counts(state, player)
    best = max(side.either, key=lambda k: have[k])  # "OR": the larger (ruling 14)
    vp = have[best] * have[side.times]
    return vp, f"{have[best]} {best.capitalize()} x {have[side.times]} {side.times.capitalize()}"


def _overlay(r, state, i: int) -> None:
    vp, why = overlay_vp(state, i)
    if vp:
        score(r, state, i, vp, OVERLAY, why)


def resources_per_vp(state, player: int) -> int:
    return min([tables().data.rules.final_scoring.resources_per_vp]
               + [m.resources for m in modifiers(state, player, sx.ResourcesPerVP)])


def _resources(r, state, i: int) -> None:
    left = resource_total(state.players[i])  # Silver is no Resource: never counted here
    per = resources_per_vp(state, i)
    if left // per:
        score(r, state, i, left // per, RESOURCES_LEFT, f"{left} Resources left ({per} per VP)")


def _silver(r, state, i: int) -> None:
    silver = me(state, i).silver
    per = tables().data.rules.final_scoring.silver_per_vp
    if silver // per:
        score(r, state, i, silver // per, SILVER_LEFT, f"{silver} Silver left")


def tier_vp(tier: int) -> int:
    """"Each tier you advanced on the Technology board is worth VP equal to the cost"."""
    return sum(tables().data.rules.technology.tier_vp[:tier])


def _tiers(r, state, i: int) -> None:
    vp = sum(tier_vp(t) for t in me(state, i).technology.values())
    if vp:
        score(r, state, i, vp, TECHNOLOGY_TIERS, "Technology tiers reached")


def final_steps(steps: list) -> list:
    """Completed Buildings (the base game's step), the overlay, Resources, Silver, Technology tiers."""
    return [completed_buildings, _overlay, _resources, _silver, _tiers]


def fair_count(state, player: int, condition: str) -> int | None:
    if condition == "mine":  # "VP for each Mine you have on the Underground maps"
        return mines_on_maps(state, player)
    if condition == "technology":  # "VP for each Technology tier you have reached"
        return sum(me(state, player).technology.values())
    return None
