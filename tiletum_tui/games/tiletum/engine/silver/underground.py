"""The Underground maps (expansion text, "Underground Maps"): Towns with House, Pillar, Mine and Bonus
spaces under the base game's rules, Stone Tablets, and new Prospectors.

- Houses and Pillars underground lie on the board with the main map's (``Board.houses`` and
  ``Board.pillars`` by Underground Town), so every base count (Fairs, final scoring, the supply)
  sees them: "the Houses and Pillars in the Underground spaces will count for all scoring checks".
- They are placed where one of your Prospectors stands: by the Prospector Action, or by any effect
  that places a House or Pillar (ruling 12: ``UndergroundHouse``, ``UndergroundPillar``), under the
  base game's placement rule (``map_actions.house_rule``, ``pillar_rule``): only where and when differ.
- A Stone Tablet resolves for the first Prospector to enter its space, then an "X" covers it for
  good (``enter_space``; rulings 5 and 6).
- A new Prospector on a map without yours is a Task costing the Silver on that map's Pithead
  (``PlaceProspector``, ruling 7); an Underground Cathedral is built with Silver or Gold
  (``UndergroundCathedral``, ruling 24).
"""

from __future__ import annotations

from ..actions import Action, Rule, refuse
from ..categories import HELPERS
from ..common import gain_one, spend, tasks_open
from ..effects import run_effects
from ..frozen import updated
from ..map_actions import build_house, house_rule, pillar_rule, raise_pillar
from ..state import EMPTY, ActionFrame, MoveAndPlaceFrame, PlaceFrame, put
from ..tasks import PILLAR_TOWNS, contribute, contribution_rule, pillar_towns
from .common import in_this_game, gain_silver, in_play, me, pay_silver, sv
from .tables import PROSPECTOR, tables


def space_name(space: str) -> str:
    """A space by name and map: "Malin (Kutna Hora)"; a Town its map is named after by its name alone
    ("Kutna Hora", not "Kutna Hora (Kutna Hora)")."""
    t = tables()
    s = t.spaces.get(space)
    if s is None:
        return space
    map_name = t.data.maps[t.map_of[space]].name
    return s.name if s.name == map_name else f"{s.name} ({map_name})"


def prospector_in(state, player: int, town: str, what: str) -> None:
    """Refuse unless ``town`` is an Underground Town in play where one of the player's Prospectors stands."""
    t = tables()
    if town not in t.spaces or not in_play(state, town):
        raise refuse(f"there is no Underground Town '{town}' in this game")
    if t.spaces[town].kind != "town":
        raise refuse(f"{space_name(town)} is no Town: {what} goes in a Town")
    if me(state, player).prospectors.get(t.map_of[town]) != town:
        raise refuse(f"{what} goes in a Town where one of your Prospectors stands, and none is in {space_name(town)}")


# ---------------------------------------------------------------- Stone Tablets
def enter_space(r, state, player: int, space: str) -> None:
    """"If, during a move, you cross the Stone Tablet without an “X” tile, immediately resolve its
    effect, then cover it with an “X” tile." Crossing is entering (ruling 5); the X covers it for every
    player (ruling 6). The effect's decisions go on top: they come before the rest of the Action."""
    s = sv(state)
    tablet = tables().spaces[space].tablet
    if not tablet or space in s.covered:
        return
    put(s, "covered", s.covered + (space,))
    t = tables().data.tablets[tablet]
    run_effects(r, state, player, t.effects, source="effect", why=t.name, category=HELPERS)


# ---------------------------------------------------------------- placing a House or a Pillar underground
def _placing(frame, piece: str, what: str) -> None:
    """May this decision place a House (piece "merchant") / Pillar ("architect") underground? Refuse if not."""
    if isinstance(frame, ActionFrame):
        if frame.action != PROSPECTOR:
            raise refuse(f"Placing a {what} underground is an option of the Prospector Action (or of a bonus)")
        spend(frame, 1, f"Placing a {what}")
    elif isinstance(frame, (PlaceFrame, MoveAndPlaceFrame)):
        if frame.piece != piece or getattr(frame, "placed", False):
            raise refuse(f"this bonus does not place a {what}")
    else:
        raise refuse(f"you cannot place a {what} now")


def _placing_now(frame, piece: str) -> bool:
    """Whether the decision may place this piece underground, for listing: the Prospector Action (its AP
    checked by the lister), or a bonus placing that piece not yet used."""
    if isinstance(frame, MoveAndPlaceFrame) and frame.placed:
        return False
    return getattr(frame, "piece", piece) == piece


def _towns(state, seat: int) -> list:
    """The Underground Towns where the player's Prospectors stand."""
    spaces = tables().spaces
    return [s for s in me(state, seat).prospectors.values() if spaces[s].kind == "town"]


class UndergroundHouse(Action, tag="uhouse"):
    town: str
    space: int  # House space number in the Town, from 1

    RULE = Rule("A House on a free House space of an Underground Town where your Prospector stands, none of yours "
                "there: 1 AP of the Prospector Action, or any bonus that places a House; its Building Bonus or "
                "VP at once.", "silver", "underground")

    def ap_cost(self, r, state, frame) -> int:
        return 1 if isinstance(frame, ActionFrame) else 0

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        _placing(frame, "merchant", "House")
        prospector_in(state, frame.player, self.town, "a House")
        house_rule(state, frame.player, self.town, self.space, space_name(self.town))

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Every free House space where a Prospector stands and no House of yours is (sure)."""
        seat = frame.player
        if not _placing_now(frame, "merchant") or not state.players[seat].houses:
            return
        for town in _towns(state, seat):
            row = state.board.houses.get(town, ())
            if seat not in row:
                sure += [cls(seat, town, i + 1) for i, o in enumerate(row) if o == EMPTY]

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, ActionFrame) and frame.action == PROSPECTOR:
            return [cls(frame.player, t, 1) for t in me(state, frame.player).prospectors.values() if t in state.board.houses]
        return []

    def apply(self, r, state, frame) -> None:
        build_house(r, state, frame, self.town, self.space, tables().spaces[self.town].house_spaces[self.space - 1],
                    space_name(self.town))

    def describe(self, r, state) -> str:
        return f"builds a House in {space_name(self.town)} (space {self.space})"


class UndergroundPillar(Action, tag="upillar"):
    town: str

    RULE = Rule("A Pillar at the Cathedral of an Underground Town where your Prospector stands, on a free space, "
                "none of yours there: 1 AP of the Prospector Action, or any bonus that places a Pillar.",
                "silver", "underground")

    def ap_cost(self, r, state, frame) -> int:
        return 1 if isinstance(frame, ActionFrame) else 0

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        _placing(frame, "architect", "Pillar")
        prospector_in(state, frame.player, self.town, "a Pillar")
        name = space_name(self.town)
        if self.town not in state.board.pillars:
            raise refuse(f"{name} has no Cathedral")
        pillar_rule(state, frame.player, self.town, name)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Every Underground Cathedral where a Prospector stands, with a free space and none of yours (sure)."""
        seat = frame.player
        if not _placing_now(frame, "architect") or not state.players[seat].pillars:
            return
        for town in _towns(state, seat):
            row = state.board.pillars.get(town)
            if row is not None and seat not in row and EMPTY in row:
                sure.append(cls(seat, town))

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, ActionFrame) and frame.action == PROSPECTOR:
            return [cls(frame.player, t) for t in me(state, frame.player).prospectors.values() if t in state.board.pillars]
        return []

    def apply(self, r, state, frame) -> None:
        raise_pillar(r, state, frame, self.town)

    def describe(self, r, state) -> str:
        return f"raises a Pillar at the Cathedral of {space_name(self.town)}"


# ---------------------------------------------------------------- new Prospectors (a Task)
def prospector_cost(state, map_id: str) -> int:
    return tables().cost[(map_id, sv(state).sides[map_id])]


# id(SilverState.sides) -> (that dict, each map with the Silver on its Pithead, side up). The sides are
# drawn at setup and the dict is never changed in place (silver/state.py); holding it keeps its id unused.
_PITHEADS: dict[int, tuple] = {}


def _pitheads(sides: dict) -> tuple:
    if len(_PITHEADS) > 4096:
        _PITHEADS.clear()
    t = tables()
    hit = _PITHEADS[id(sides)] = (sides, tuple((m, t.cost[(m, sides[m])]) for m in t.maps))  # (``prospector_cost``)
    return hit


class PlaceProspector(Action, tag="prospector"):
    map: str  # Underground map id: m1, m2, m3

    RULE = Rule("A Task: a Prospector from your supply on the Pithead of a map without one of yours, paying the "
                "Silver printed there; in any order.", "silver", "underground")

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        tasks_open(state, frame)
        t = tables()
        if self.map not in t.data.maps:
            raise refuse(f"there is no Underground map '{self.map}' (they are {', '.join(t.maps)})")
        p = me(state, frame.player)
        name = t.data.maps[self.map].name
        if self.map in p.prospectors:
            raise refuse(f"you already have a Prospector on the {name} map")
        if p.prospector_supply < 1:
            raise refuse("you have no Prospector left in your supply")
        pay_silver(state, frame.player, prospector_cost(state, self.map), f"A Prospector on the {name} map")

    @classmethod
    def list_into(cls, seat: int, s, p, out: list) -> None:
        """Its moves (``silver.tasks.task_moves`` asks): while one has a Prospector in the supply, every
        map without one of yours whose Pithead's Silver one has (``prospector_cost``)."""
        if not p.prospector_supply:
            return
        sides = s.sides
        hit = _PITHEADS.get(id(sides))
        if hit is None or hit[0] is not sides:
            hit = _pitheads(sides)
        silver, mine = p.silver, p.prospectors
        for m, cost in hit[1]:
            if silver >= cost and m not in mine:
                out.append(cls(seat, m))

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        p = me(state, frame.player)
        return [cls(frame.player, m) for m in tables().maps if m not in p.prospectors]

    def apply(self, r, state, frame) -> None:
        p = me(state, frame.player)
        put(p, "silver", p.silver - prospector_cost(state, self.map))
        put(p, "prospector_supply", p.prospector_supply - 1)
        start = tables().start[(self.map, sv(state).sides[self.map])]
        put(p, "prospectors", updated(p.prospectors, self.map, start))  # the Pithead is no tablet: nothing to resolve

    def describe(self, r, state) -> str:
        t = tables()
        # "for 1 Silver": a price paid ("(1 Silver)" read as a gain: issue 41 item 6)
        return f"sends a Prospector down the {t.data.maps[self.map].name} Pithead for {prospector_cost(state, self.map)} Silver"


# ---------------------------------------------------------------- Underground Cathedrals (a Task)
def cathedral_price(r, state, player: int, town: str) -> tuple[str, int, int]:
    """(what it is paid in, how much, the Construction Cost tile's VP), less the player's discount."""
    cost = tables().data.construction_costs[sv(state).construction_cost[town]]
    discount = sum(m.cathedral_discount(r, state, player) for m in r.modules)
    return cost.kind, max(0, cost.cost - discount), cost.vp


def can_pay(state, player: int, kind: str, amount: int) -> int:
    return me(state, player).silver if kind == "silver" else state.players[player].resources["G"]


def cathedral_tile_vp(tile: str) -> int:
    group, index = tile.rsplit(".", 1)
    return tables().data.cathedral_groups[group].vp[int(index) - 1]


class UndergroundCathedral(Action, tag="ucathedral"):
    town: str

    RULE = Rule("A Task: where you have a Pillar underground, pay the Silver or Gold on the Construction Cost tile "
                "and take the top Cathedral tile, scoring both; once per Cathedral.", "silver", "underground")

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        tasks_open(state, frame)
        s = sv(state)
        if self.town not in s.construction_cost:
            raise refuse(f"there is no Underground Cathedral in '{self.town}'")
        kind, amount, _ = cathedral_price(r, state, frame.player, self.town)
        contribution_rule(state, frame.player, self.town, space_name(self.town), s.cathedral_stack[self.town],
                          amount, can_pay(state, frame.player, kind, amount), kind.capitalize())

    @classmethod
    def list_into(cls, r, state, seat: int, s, out: list) -> None:
        """Its moves (``silver.tasks.task_moves`` asks): every Underground Cathedral with a Pillar of
        yours, tiles left, not yet yours, that one can pay (``cathedral_price``)."""
        pillars = state.board.pillars
        hit = PILLAR_TOWNS.get(id(pillars))  # (``pillar_towns``' cache, read in place)
        towns = hit[1][seat] if hit is not None and hit[0] is pillars else pillar_towns(state, seat)
        stacks = s.cathedral_stack
        if not towns or stacks.keys().isdisjoint(towns):  # (no Pillar of yours underground)
            return
        done = state.players[seat].cathedrals
        for town, stack in stacks.items():
            if stack and town not in done and seat in pillars[town]:
                kind, amount, _ = cathedral_price(r, state, seat, town)
                if can_pay(state, seat, kind, amount) >= amount:
                    out.append(cls(seat, town))

    def apply(self, r, state, frame) -> None:
        kind, amount, vp = cathedral_price(r, state, frame.player, self.town)
        if kind == "silver":
            gain_silver(state, frame.player, -amount)
        else:
            gain_one(state.players[frame.player], "G", -amount)
        s = sv(state)
        contribute(r, state, frame.player, s, self.town, space_name(self.town), vp,
                   cathedral_tile_vp(s.cathedral_stack[self.town][-1]))

    def describe(self, r, state) -> str:
        return f"contributes to the Underground Cathedral of {space_name(self.town)}"
