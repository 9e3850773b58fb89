"""Technologies (expansion text, "Technologies"): three Technologies of three tiers, bought with Silver.

"At any time during your turn, as a Task, you may spend Silver to advance on any Technology track.
Each Technology has 3 tiers. The cost to advance is 1/2/3 Silver for the I/II/III tier. The current
effect on the tier where your Technology marker is, and all the tiers below it, are always in
effect." A tier's ongoing effects (``common.in_force``) hold from the moment it is reached; its
on-reach effects (a new Bonus AP marker, a Resource Bonus tile) resolve once, then (ruling 15).
"""

from __future__ import annotations

from ...data import silver_schema as sx
from ...data.schema import RESOURCE_NAMES
from ..actions import Action, Rule, refuse
from ..common import tasks_open, without
from ..effects import run_effects
from ..frozen import added, updated
from ..queries import ACTION_NAMES, die_action_frame
from ..state import ActionFrame, pop_frame, push, put
from .categories import TECHNOLOGIES
from .common import in_this_game, me, modifiers, pay_silver, sv
from .state import MarkerFrame, ResourceTileFrame
from .tables import tables

_TIER_COSTS: tuple | None = None  # (the printed tier costs, the cheapest): made at first use
_ADVANCE: dict = {}  # (seat, Technology id) -> its move (a value: shared)


def _tier_costs() -> tuple:
    global _TIER_COSTS
    costs = tuple(tables().data.rules.technology.tier_costs)
    _TIER_COSTS = (costs, min(costs))
    return _TIER_COSTS

TIERS = ("I", "II", "III")


def tech_id(name: str) -> str:
    return f"tech-{name}"


def tech_name(tech: str) -> str:
    return tables().data.technologies[tech].name


class AdvanceTechnology(Action, tag="tech"):
    technology: str  # its short name: architect, merchant, character, contract, king, joker, resource, prospector

    RULE = Rule("A Task: pay 1, 2 or 3 Silver to move your marker onto tier I, II or III of a Technology; that tier "
                "and every one below it are in effect from then on.", "silver", "technologies")

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        tasks_open(state, frame)
        tech = tech_id(self.technology)
        if tech not in sv(state).technologies:
            drawn = ", ".join(t.removeprefix("tech-") for t in sv(state).technologies)
            raise refuse(f"the {self.technology} Technology is not on the Technology board (it holds {drawn})")
        tier = me(state, frame.player).technology[tech]
        costs = tables().data.rules.technology.tier_costs
        if tier >= len(costs):
            raise refuse(f"your marker is on the top tier of the {tech_name(tech)} already")
        pay_silver(state, frame.player, costs[tier], f"Tier {TIERS[tier]} of the {tech_name(tech)}")

    @classmethod
    def list_into(cls, seat: int, s, p, out: list) -> None:
        """Its moves (``silver.tasks.task_moves`` asks): every Technology of the board below its top
        tier whose next tier's Silver one has (most decisions of a game: not even the cheapest)."""
        costs, cheapest = _TIER_COSTS or _tier_costs()
        silver = p.silver
        if silver < cheapest:
            return
        tiers = p.technology
        for tech in s.technologies:
            tier = tiers[tech]
            if tier < len(costs) and silver >= costs[tier]:
                a = _ADVANCE.get((seat, tech))
                if a is None:
                    a = _ADVANCE[(seat, tech)] = cls(seat, tech.removeprefix("tech-"))
                out.append(a)

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        return [cls(frame.player, t.removeprefix("tech-")) for t in sv(state).technologies]

    def apply(self, r, state, frame) -> None:
        tech = tech_id(self.technology)
        p = me(state, frame.player)
        tier = p.technology[tech]
        put(p, "silver", p.silver - tables().data.rules.technology.tier_costs[tier])
        put(p, "technology", updated(p.technology, tech, tier + 1))
        reached = tables().data.technologies[tech].tiers[tier]
        frames = []
        for e in reached.on_reach:
            if isinstance(e, sx.BonusAPMarker):
                frames.append(MarkerFrame(player=frame.player, ap=e.ap))
            elif isinstance(e, sx.TakeResourceBonusTile):
                if sv(state).resource_tiles:
                    frames.append(ResourceTileFrame(player=frame.player))
            else:
                run_effects(r, state, frame.player, [e], source="effect", why=reached.text, category=TECHNOLOGIES)
        push(state, *reversed(frames))

    def describe(self, r, state) -> str:
        tech = tech_id(self.technology)
        tier = me(state, self.seat).technology.get(tech, 0)
        cost = tables().data.rules.technology.tier_costs[min(tier, 2)]
        return f"advances the {tech_name(tech) if tech in tables().data.technologies else self.technology} to tier " \
               f"{TIERS[min(tier, 2)]} ({cost} Silver)"


class PlaceMarker(Action, tag="marker"):
    """Character Technology II/III: a new Bonus Action Points marker on an Action."""

    action: str

    RULE = Rule("Character Technology II and III each give a new Bonus AP marker (+1): put it on an Action of your "
                "choice but the Joker (the same one twice is allowed); +1 AP whenever you take that Action with a die.",
                "silver", "technologies")

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        if not isinstance(frame, MarkerFrame):
            raise refuse("there is no Bonus AP marker to place now")
        allowed = tables().data.rules.rulings.bonus_ap_marker_actions
        if self.action not in allowed:
            raise refuse(f"a Bonus AP marker goes on one of the {', '.join(ACTION_NAMES[a] for a in allowed)} Actions")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        sure += [cls(frame.player, a) for a in tables().data.rules.rulings.bonus_ap_marker_actions]

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        put(p, "bonus_ap", added(p.bonus_ap, {self.action: frame.ap}))
        pop_frame(state)
        die = die_action_frame(state)  # like a Completed Building's marker: the current Action too (ruling 21)
        if isinstance(die, ActionFrame) and die.action == self.action:
            put(die, "ap", die.ap + frame.ap)

    def describe(self, r, state) -> str:
        return f"puts a Bonus AP marker on the {ACTION_NAMES.get(self.action, self.action)} Action"


class TakeResourceTile(Action, tag="rtile"):
    """Resource Technology I: take one of the Resource Bonus tiles left on its tier."""

    resource: str

    RULE = Rule("Reaching tier I of the Resource Technology, take one Resource Bonus tile from it: gain 2 of its "
                "Resource now, and 1 more whenever you take a die that gives that Resource.", "silver", "technologies")

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        if not isinstance(frame, ResourceTileFrame):
            raise refuse("there is no Resource Bonus tile to take now")
        if f"rbt-{self.resource}" not in sv(state).resource_tiles:
            left = ", ".join(RESOURCE_NAMES[t.removeprefix("rbt-")] for t in sv(state).resource_tiles)
            raise refuse(f"no {RESOURCE_NAMES.get(self.resource, self.resource)} tile is left (left: {left or 'none'})")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        sure += [cls(frame.player, t.removeprefix("rbt-")) for t in sv(state).resource_tiles]

    def apply(self, r, state, frame) -> None:
        tile = f"rbt-{self.resource}"
        s = sv(state)
        put(s, "resource_tiles", without(s.resource_tiles, tile))
        put(me(state, frame.player), "resource_tile", tile)
        pop_frame(state)
        t = tables().data.resource_bonus_tiles[tile]
        run_effects(r, state, frame.player, t.on_take, source="effect", why=t.text, category=TECHNOLOGIES)

    def describe(self, r, state) -> str:
        return f"takes the {RESOURCE_NAMES.get(self.resource, self.resource)} Resource Bonus tile"


# ---------------------------------------------------------------- the modifiers, for the module's hooks
def action_ap(state, player: int, action: str, joker: bool) -> int:
    """Technology tier I: +1 AP whenever you take its Action with a die (through the Joker too); the
    Joker Technology's whichever Action the Joker feeds."""
    found = modifiers(state, player, sx.ActionAP)
    if not found:  # (asked at every die taken: most players have none)
        return 0
    return sum(m.ap for m in found if m.action == action or (joker and m.action == "joker"))
