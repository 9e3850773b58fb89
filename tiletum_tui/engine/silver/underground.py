"""The Underground maps (expansion text, "Underground Maps"): Towns with House, Pillar, Mine and Bonus
spaces under the base game's rules, Stone Tablets, and new Prospectors.

- Houses and Pillars underground lie on the board with the main map's (``Board.houses`` and
  ``Board.pillars`` by Underground Town), so every base count (Fairs, final scoring, the supply)
  sees them: "the Houses and Pillars in the Underground spaces will count for all scoring checks".
- They are placed where one of your Prospectors stands: by the Prospector Action, or by any effect
  that places a House or Pillar (ruling 12: ``UndergroundHouse``, ``UndergroundPillar``).
- A Stone Tablet resolves for the first Prospector to enter its space, then an "X" covers it for
  good (``enter_space``; rulings 5 and 6).
- A new Prospector on a map without yours is a Task costing the Silver on that map's Pithead
  (``PlaceProspector``, ruling 7); an Underground Cathedral is built with Silver or Gold
  (``UndergroundCathedral``, ruling 24).
"""

from __future__ import annotations

from ..actions import Action, Rule, refuse
from ..common import gain_one, replaced, spend, tasks_open
from ..effects import run_effects, score
from ..map_actions import after_place, build_house
from ..state import EMPTY, ActionFrame, MoveAndPlaceFrame, PlaceFrame
from .common import in_this_game, gain_silver, in_play, me, pay_silver, sv
from .tables import PROSPECTOR, tables


def space_name(space: str) -> str:
    """A space by name and map: "Malin (Kutna Hora)"."""
    t = tables()
    s = t.spaces.get(space)
    if s is None:
        return space
    return f"{s.name} ({t.data.maps[t.map_of[space]].name})"


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
    s.covered = s.covered + (space,)
    t = tables().data.tablets[tablet]
    run_effects(r, state, player, t.effects, source="effect", why=t.name, category="helpers")


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
        name = space_name(self.town)
        row = state.board.houses.get(self.town, ())
        if state.players[frame.player].houses < 1:
            raise refuse("you have no House in your supply")
        if frame.player in row:
            raise refuse(f"you already have a House in {name}")
        free = [i + 1 for i, o in enumerate(row) if o == EMPTY]
        if not free:
            raise refuse(f"no empty House space in {name}")
        if self.space not in free:
            raise refuse(f"House space {self.space} in {name} is not free (free: {', '.join(map(str, free))})")

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
        row = state.board.pillars.get(self.town)
        if row is None:
            raise refuse(f"{name} has no Cathedral")
        if state.players[frame.player].pillars < 1:
            raise refuse("you have no Pillar in your supply")
        if frame.player in row:
            raise refuse(f"you already have a Pillar at the Cathedral of {name}")
        if EMPTY not in row:
            raise refuse(f"no empty Pillar space at the Cathedral of {name}")

    def apply(self, r, state, frame) -> None:
        state.players[frame.player].pillars -= 1
        b = state.board
        row = b.pillars[self.town]
        b.pillars = {**b.pillars, self.town: replaced(row, row.index(EMPTY), frame.player)}
        after_place(state, frame)
        for m in r.modules:
            m.placed(r, state, frame.player, "pillar", self.town)

    def describe(self, r, state) -> str:
        return f"raises a Pillar at the Cathedral of {space_name(self.town)}"


def placement_options(state, seat: int, frame) -> list:
    """Underground Houses / Pillars the decision in hand may place (legal by construction)."""
    p = state.players[seat]
    towns = [s for s in me(state, seat).prospectors.values() if tables().spaces[s].kind == "town"]
    out: list = []
    piece = getattr(frame, "piece", None)
    if isinstance(frame, MoveAndPlaceFrame) and frame.placed:
        return out
    if (piece in (None, "merchant")) and p.houses:
        for town in towns:
            row = state.board.houses.get(town, ())
            if seat not in row:
                out += [UndergroundHouse(seat, town, i + 1) for i, o in enumerate(row) if o == EMPTY]
    if (piece in (None, "architect")) and p.pillars:
        for town in towns:
            row = state.board.pillars.get(town)
            if row is not None and seat not in row and EMPTY in row:
                out.append(UndergroundPillar(seat, town))
    return out


# ---------------------------------------------------------------- new Prospectors (a Task)
def prospector_cost(state, map_id: str) -> int:
    return tables().cost[(map_id, sv(state).sides[map_id])]


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

    def apply(self, r, state, frame) -> None:
        p = me(state, frame.player)
        p.silver -= prospector_cost(state, self.map)
        p.prospector_supply -= 1
        start = tables().start[(self.map, sv(state).sides[self.map])]
        p.prospectors = {**p.prospectors, self.map: start}  # the Pithead is no tablet: nothing to resolve

    def describe(self, r, state) -> str:
        t = tables()
        return f"sends a Prospector down the {t.data.maps[self.map].name} Pithead ({prospector_cost(state, self.map)} Silver)"


# ---------------------------------------------------------------- Underground Cathedrals (a Task)
def cathedral_price(r, state, player: int, town: str) -> tuple[str, int, int]:
    """(what it is paid in, how much, the Construction Cost tile's VP), less the player's discount."""
    cost = tables().data.construction_costs[sv(state).construction_cost[town]]
    discount = sum(m.cathedral_discount(r, state, player) for m in r.modules)
    return cost.kind, max(0, cost.cost - discount), cost.vp


def _can_pay(state, player: int, kind: str, amount: int) -> int:
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
        name = space_name(self.town)
        if frame.player not in state.board.pillars[self.town]:
            raise refuse(f"you need a Pillar at the Cathedral of {name} to build it")
        if self.town in state.players[frame.player].cathedrals:
            raise refuse(f"you have already contributed to the Cathedral of {name}")
        if not s.cathedral_stack[self.town]:
            raise refuse(f"the Cathedral of {name} has no tiles left")
        kind, amount, _ = cathedral_price(r, state, frame.player, self.town)
        have = _can_pay(state, frame.player, kind, amount)
        if have < amount:
            raise refuse(f"the Cathedral of {name} costs {amount} {kind.capitalize()} and you have {have}")

    def apply(self, r, state, frame) -> None:
        kind, amount, vp = cathedral_price(r, state, frame.player, self.town)
        p = state.players[frame.player]
        if kind == "silver":
            gain_silver(state, frame.player, -amount)
        else:
            gain_one(p, "G", -amount)
        s = sv(state)
        stack = s.cathedral_stack[self.town]
        s.cathedral_stack = {**s.cathedral_stack, self.town: stack[:-1]}
        p.cathedral_tiles = p.cathedral_tiles + (stack[-1],)  # a Cathedral tile for the Fairs too (ruling 13)
        p.cathedrals = p.cathedrals + (self.town,)
        score(r, state, frame.player, vp + cathedral_tile_vp(stack[-1]), "cathedrals", f"Cathedral of {space_name(self.town)}")

    def describe(self, r, state) -> str:
        return f"contributes to the Underground Cathedral of {space_name(self.town)}"


def underground_tasks(r, state, seat: int) -> list:
    """New Prospectors and Underground Cathedrals the player can pay for now."""
    s = sv(state)
    p = me(state, seat)
    out: list = []
    if p.prospector_supply:
        out += [PlaceProspector(seat, m) for m in tables().maps
                if m not in p.prospectors and p.silver >= prospector_cost(state, m)]
    done = state.players[seat].cathedrals
    for town, stack in s.cathedral_stack.items():
        if stack and town not in done and seat in state.board.pillars[town]:
            kind, amount, _ = cathedral_price(r, state, seat, town)
            if _can_pay(state, seat, kind, amount) >= amount:
                out.append(UndergroundCathedral(seat, town))
    return out
