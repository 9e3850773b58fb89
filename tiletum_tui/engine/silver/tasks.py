"""The expansion's Tasks listed at once: the movement point (``prospector.MovementStep``), the
Technologies (``technologies.AdvanceTechnology``), new Prospectors (``underground.PlaceProspector``) and
the Underground Cathedrals (``underground.UndergroundCathedral``).

Tasks are open at almost every decision of a turn, so ``engine.legal`` asks their listers some 300 times
a game: one lister for the four (``SilverModule.task_listers``) finds the player's Silver state once
and asks nothing else where it needs nothing (most decisions: no movement point, too little Silver).
This is where those four kinds' moves are listed (their ``check`` is beside each kind);
tests/engine/test_moves.py holds every listed move to ``check`` and finds any move ``check`` accepts
that is not listed.
"""

from __future__ import annotations

from ..tasks import pillar_towns
from .prospector import MovementStep, lap_key, prospector_steps
from .tables import tables
from .technologies import AdvanceTechnology
from .underground import PlaceProspector, UndergroundCathedral, can_pay, cathedral_price

_PRINTED: tuple | None = None  # (the tier costs, the cheapest tier, the tables): printed, made at first use


def _printed() -> tuple:
    global _PRINTED
    t = tables()
    costs = tuple(t.data.rules.technology.tier_costs)
    _PRINTED = (costs, min(costs), t)
    return _PRINTED


def task_moves(r, state, frame, sure: list, unsure: list) -> None:
    """The expansion's Tasks for the player deciding, in this order, all legal by construction:

    - ``MovementStep``: while a movement point of this lap is left (``movement_left``), each
      Prospector to each space next to it;
    - ``AdvanceTechnology``: every Technology of the board below its top tier whose next tier's Silver
      one has;
    - ``PlaceProspector``: while one has a Prospector in the supply, every map without one of yours
      whose Pithead's Silver one has (``prospector_cost``);
    - ``UndergroundCathedral``: every Underground Cathedral with a Pillar of yours, tiles left, not yet
      yours, that one can pay (``cathedral_price``)."""
    costs, cheapest, t = _PRINTED or _printed()
    seat = frame.player
    s = state.module_state.silver
    p = s.players[seat]
    if p.movement and p.movement_lap == lap_key(state):
        sure += prospector_steps(MovementStep, state, seat)
    silver = p.silver
    if silver >= cheapest:  # (not even the cheapest tier: most decisions of a game)
        tiers = p.technology
        for tech in s.technologies:
            tier = tiers[tech]
            if tier < len(costs) and silver >= costs[tier]:
                sure.append(AdvanceTechnology(seat, tech.removeprefix("tech-")))
    if p.prospector_supply:
        sides, cost, mine = s.sides, t.cost, p.prospectors
        for m in t.maps:
            if m not in mine and silver >= cost[(m, sides[m])]:
                sure.append(PlaceProspector(seat, m))
    stacks = s.cathedral_stack
    if not stacks.keys().isdisjoint(pillar_towns(state, seat)):  # (else no Pillar of yours underground)
        done = state.players[seat].cathedrals
        pillars = state.board.pillars
        for town, stack in stacks.items():
            if stack and town not in done and seat in pillars[town]:
                kind, amount, _ = cathedral_price(r, state, seat, town)
                if can_pay(state, seat, kind, amount) >= amount:
                    sure.append(UndergroundCathedral(seat, town))
