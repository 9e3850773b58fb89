"""Prospect for Silver as a module of the ruleset: the expansion's sections joined to the base game
through the ruleset's hooks (``ruleset.Module``); the base game's code knows nothing of Silver.

This is the module's ``engine`` part (``PART``, named in ``tiletum_tui/games/tiletum/registry.py``): its Action, its
kinds of action with their verbs, its options, and the words and rules of its decisions. Its state is
registered in ``state.py``, its words in ``learn/silver/part.py``, its screens in ``ui/silver/part.py``.
"""

from __future__ import annotations

from collections import Counter

from ...data import silver_schema as sx
from .. import rng
from ..decisions import EXPLAIN, FRAME_RULES
from ..actions import Rule
from ..effects import run_effects
from ..frozen import added
from ..actions import name_action
from ..categories import Category
from ..ruleset import Module
from ..state import MoveAndPlaceFrame, PlaceFrame, put
from ..turn import Skip
from . import cleanup, king, prospector, scoring, setup, tasks, technologies, underground
from .categories import TECHNOLOGIES
from .common import discount, gain_silver, sv, whenever
from .estimate import estimate as promise
from .state import MarkerFrame, PlaceMineFrame, ProspectorStepFrame, ResourceTileFrame
from .tables import PROSPECTOR, tables

name_action(PROSPECTOR, "Prospector")


class SilverModule(Module):
    name = "silver"
    title = "Prospect for Silver (the expansion)"
    help = "with the Prospect for Silver expansion"  # (the ``--silver`` flag of ``tiletum new`` and ``play``)
    actions = (PROSPECTOR,)
    kinds = (prospector.MoveProspector, prospector.MovementStep, prospector.TakeUndergroundBonus, prospector.PlaceMine,
             underground.UndergroundHouse, underground.UndergroundPillar, underground.PlaceProspector,
             underground.UndergroundCathedral, technologies.AdvanceTechnology, technologies.PlaceMarker,
             technologies.TakeResourceTile)
    options = setup.OPTIONS

    # ---- components and setup
    def catalogue(self, cat):
        return setup.catalogue(cat)

    def after_setup(self, r, state) -> None:
        setup.setup(r, state)

    # ---- the turn: the Prospector Wheel beside the Action Wheel
    def section_actions(self, r, state, value: int) -> tuple[str, ...]:
        return prospector.section_actions(state, value)

    def section_bonus(self, r, state, action: str):
        return sv(state).prospector_bonus if action == PROSPECTOR else None

    def take_section_bonus(self, r, state, action: str) -> str:
        s = sv(state)
        tile = s.prospector_bonus
        put(s, "prospector_bonus", "")
        return tile

    def die_bonus_ap(self, r, state, player: int, action: str, joker: bool) -> int:
        return technologies.action_ap(state, player, action, joker)

    def die_taken(self, r, state, player: int, value: int, action: str, resource: str) -> None:
        prospector.die_taken(state, player, value)
        for m in technologies.modifiers(state, player, sx.DieExtra):  # a Resource Bonus tile
            if m.resource == resource:
                p = state.players[player]
                put(p, "resources", added(p.resources, {resource: m.amount}))

    # ---- costs and effects the Technologies change
    def change_die_gold(self, r, state, player: int, gold: int) -> int:
        return max(0, gold - discount(state, player, "change_die"))

    def buy_gold(self, r, state, player: int, gold: int) -> int:
        return max(0, gold - discount(state, player, "buy_resource"))

    def cathedral_discount(self, r, state, player: int) -> int:
        return discount(state, player, "cathedral")

    def effect_action_ap(self, r, state, player: int, ap: int) -> int:
        return ap + sum(m.ap for m in technologies.modifiers(state, player, sx.EffectActionAP))

    def corruption(self, r, state, player: int, value: int) -> int:
        return max(0, value - sum(m.amount for m in technologies.modifiers(state, player, sx.CorruptionLess)))

    def placed(self, r, state, player: int, piece: str, town: str) -> None:
        event = "place_house" if piece == "house" else "place_pillar"
        run_effects(r, state, player, whenever(state, player, event), source="effect", why="Technology",
                    category=TECHNOLOGIES)

    def fulfilled(self, r, state, player: int, tile: str) -> None:
        run_effects(r, state, player, whenever(state, player, "fulfil_contract"), source="effect", why="Technology",
                    category=TECHNOLOGIES)

    def run_effect(self, r, state, player: int, effect, source: str, why: str, category: Category):
        if isinstance(effect, sx.GainSilver):
            gain_silver(state, player, effect.silver)
            return []
        if isinstance(effect, sx.ProspectorStep):
            return [ProspectorStepFrame(player=player, steps=effect.steps)]
        if isinstance(effect, sx.PlaceMine):
            return [PlaceMineFrame(player=player)]
        if isinstance(effect, sx.BonusAPMarker):
            return [MarkerFrame(player=player, ap=effect.ap)]
        if isinstance(effect, sx.TakeResourceBonusTile):
            return [ResourceTileFrame(player=player)] if sv(state).resource_tiles else []
        return None

    # ---- what may be done: the kinds of action each decision offers (their ``moves``)
    action_kinds = {PROSPECTOR: (prospector.MoveProspector, prospector.TakeUndergroundBonus, prospector.PlaceMine,
                                 underground.UndergroundHouse, underground.UndergroundPillar)}
    decision_kinds = {
        PlaceFrame: (underground.UndergroundHouse, underground.UndergroundPillar),  # any bonus that places (ruling 12)
        MoveAndPlaceFrame: (underground.UndergroundHouse, underground.UndergroundPillar),
        ProspectorStepFrame: (prospector.MoveProspector, Skip),
        PlaceMineFrame: (prospector.PlaceMine, Skip),
        MarkerFrame: (technologies.PlaceMarker,),
        ResourceTileFrame: (technologies.TakeResourceTile,),
    }
    task_kinds = (prospector.MovementStep, technologies.AdvanceTechnology, underground.PlaceProspector,
                  underground.UndergroundCathedral)

    def task_listers(self) -> tuple:
        return (tasks.task_moves,)  # the four listed at once (``silver.tasks``)
    near_miss_kinds = (technologies.AdvanceTechnology, underground.PlaceProspector, prospector.PlaceMine,
                       underground.UndergroundHouse, underground.UndergroundPillar)

    # ---- the King phase, the Fair, the Cleanup and the end
    def before_king_phase(self, r, state) -> None:
        king.mine_income(r, state)

    def king_phase_player(self, r, state, player: int) -> None:
        king.king_step_one(r, state, player)

    def cleanup(self, r, state) -> None:
        cleanup.refill_prospector_bonus(r, state)

    def fair_count(self, r, state, player: int, condition: str):
        return scoring.fair_count(state, player, condition)

    def final_scoring(self, r, steps):
        return scoring.final_steps(steps)

    def categories(self, cats):
        return scoring.categories(cats)

    # ---- checks and views
    def problems(self, r, state, where: Counter, expected: list) -> list[str]:
        s = sv(state)
        where.update(s.underground_pile)
        if s.prospector_bonus:
            where[s.prospector_bonus] += 1
        for stack in s.cathedral_stack.values():
            where.update(stack)
        d = tables().data
        expected += [f"{g.group}.{i + 1}" for g in d.cathedral_groups.values() for i in range(len(g.vp))]
        out = []
        per = d.rules.per_player
        for i, p in enumerate(s.players):
            name = state.players[i].name
            mines = p.mines + p.king_mines + king.mines_on_maps(state, i)
            if mines != per.mines:
                out.append(f"{name} has {mines} Mines, expected {per.mines}")
            if p.prospector_supply + len(p.prospectors) != per.prospectors:
                out.append(f"{name} has {p.prospector_supply + len(p.prospectors)} Prospectors, expected {per.prospectors}")
            if p.silver < 0:
                out.append(f"{name} has {p.silver} Silver")
            for m, space in p.prospectors.items():
                if tables().map_of.get(space) != m or tables().side_of[space] != s.sides[m]:
                    out.append(f"{name}'s Prospector on {m} stands on {space}, not on that map's side up")
            if any(not 0 <= t <= 3 for t in p.technology.values()):
                out.append(f"{name}'s Technology markers {p.technology}")
        if len(set(s.covered)) != len(s.covered):
            out.append(f"a Stone Tablet covered twice {s.covered}")
        return out

    def arena_counts(self, r, before, after, seat: int) -> dict[str, int]:
        spent = sv(before).players[seat].silver - sv(after).players[seat].silver
        return {"Silver spent": spent} if spent > 0 else {}

    def arena_totals(self, r, state) -> list[dict[str, int]]:
        return [{"tiers reached": sum(p.technology.values())} for p in sv(state).players]

    def redact(self, r, state) -> None:
        s = sv(state)
        put(s, "underground_pile", tuple(sorted(s.underground_pile)))

    def estimate(self, r, state, player: int, turns: int) -> float:
        return promise(r, state, player, turns)

    def deal(self, r, state, g: int) -> int:
        s = sv(state)
        pile = list(s.underground_pile)
        g = rng.shuffle(g, pile)
        put(s, "underground_pile", tuple(pile))
        return g


# ---------------------------------------------------------------- the expansion's decisions in words
def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


EXPLAIN.update({
    ProspectorStepFrame: lambda state, f: f"you may move your Prospectors ({_plural(f.steps, 'step')} left)",
    PlaceMineFrame: lambda state, f: "you may place a Mine where one of your Prospectors is",
    MarkerFrame: lambda state, f: f"put your new Bonus AP marker (+{f.ap}) on an Action",
    ResourceTileFrame: lambda state, f: "take a Resource Bonus tile from the Resource Technology",
})
FRAME_RULES.update({
    ProspectorStepFrame: Rule("A bonus moves your Prospectors: each step one Prospector to an adjacent space of its "
                              "map; each step is optional.", "silver", "prospector"),
    PlaceMineFrame: Rule("A bonus places a Mine where one of your Prospectors is, as the Prospector Action does; it "
                         "may be skipped.", "silver", "mine"),
    MarkerFrame: Rule("Character Technology II and III each give a new Bonus AP marker: put it on an Action "
                                 "(not the Joker).", "silver", "technologies"),
    ResourceTileFrame: Rule("Resource Technology I: take one Resource Bonus tile.", "silver", "technologies"),
})
PART = SilverModule()
__all__ = ["PART", "SilverModule"]
