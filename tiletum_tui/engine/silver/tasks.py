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

from ..tasks import PILLAR_TOWNS, pillar_towns
from .prospector import MovementStep, lap_key, prospector_steps
from .tables import tables
from .technologies import AdvanceTechnology
from .underground import PlaceProspector, UndergroundCathedral, can_pay, cathedral_price

_PRINTED: tuple | None = None  # (the tier costs, the cheapest tier, the tables): printed, made at first use
# id(SilverState.sides) -> (that dict, each map with the Silver on its Pithead, side up). The sides are
# drawn at setup and the dict is never changed in place (silver/state.py); holding it keeps its id unused.
_PITHEADS: dict[int, tuple] = {}
_ADVANCE: dict[tuple, AdvanceTechnology] = {}  # (seat, Technology id) -> its move (a value: shared)


def _printed() -> tuple:
    global _PRINTED
    t = tables()
    costs = tuple(t.data.rules.technology.tier_costs)
    _PRINTED = (costs, min(costs), t)
    return _PRINTED


def _pitheads(sides: dict, t) -> tuple:
    if len(_PITHEADS) > 4096:
        _PITHEADS.clear()
    hit = _PITHEADS[id(sides)] = (sides, tuple((m, t.cost[(m, sides[m])]) for m in t.maps))  # (``prospector_cost``)
    return hit


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
                a = _ADVANCE.get((seat, tech))
                if a is None:
                    a = _ADVANCE[(seat, tech)] = AdvanceTechnology(seat, tech.removeprefix("tech-"))
                sure.append(a)
    if p.prospector_supply:
        sides = s.sides
        hit = _PITHEADS.get(id(sides))
        if hit is None or hit[0] is not sides:
            hit = _pitheads(sides, t)
        mine = p.prospectors
        for m, cost in hit[1]:
            if silver >= cost and m not in mine:
                sure.append(PlaceProspector(seat, m))
    pillars = state.board.pillars
    hit = PILLAR_TOWNS.get(id(pillars))  # (``pillar_towns``' cache, read in place)
    towns = hit[1][seat] if hit is not None and hit[0] is pillars else pillar_towns(state, seat)
    stacks = s.cathedral_stack
    if towns and not stacks.keys().isdisjoint(towns):  # (else no Pillar of yours underground)
        done = state.players[seat].cathedrals
        for town, stack in stacks.items():
            if stack and town not in done and seat in pillars[town]:
                kind, amount, _ = cathedral_price(r, state, seat, town)
                if can_pay(state, seat, kind, amount) >= amount:
                    sure.append(UndergroundCathedral(seat, town))
