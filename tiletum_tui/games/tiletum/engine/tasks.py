"""Tasks (rulebook, Tasks): buying a Resource, fulfilling a Contract, placing a Crest, building at a
Cathedral, using a Helper. They cost Resources, not AP, and are done between choices of one's turn.

The Tasks of a tile in the Storehouse (fulfilling a Contract, placing a Crest, using a Helper) are
listed tile by tile, in the Storehouse's order (``task_moves``, the one lister of the base game's Tasks): each of those kinds says which
tile it uses (``TILE_KIND``) and lists its moves for one tile (``tile_moves``). One rule contributes
to a Cathedral on any map (``contribution_rule``, ``contribute``): an expansion's Cathedrals pass their
own stack, price and names."""

from __future__ import annotations

from ..data import schema as fx
from ..data.schema import RESOURCE_NAMES, RESOURCES
from .actions import Action, Rule, register, refuse, short
from .categories import CATHEDRALS, CONTRACTS, CRESTS
from .common import gain, gain_one, helper_active, pay_check, replaced, tasks_open, unstore
from .effects import check_completed, run_effects, score
from .events import TileDiscarded
from .frozen import updated
from .queries import buy_gold, cathedral_cost, cathedral_stone, cathedral_tile_vp, die_action_frame
from .state import TurnFrame, emit, put


class Buy(Action, tag="buy"):
    resource: str

    RULE = Rule("A Task: pay 2 Gold for 1 Food, Wool, Stone or Iron, between the choices of your own turn.", "actions", "tasks")

    def check(self, r, state, frame) -> None:
        tasks_open(state, frame)
        if self.resource == "G":
            raise refuse("Gold buys Stone, Wool, Iron or Food, not Gold")
        gold = state.players[frame.player].resources["G"]
        cost = buy_gold(r, state, frame.player)
        if gold < cost:
            raise refuse(f"buying a Resource costs {cost} Gold and you have {gold}")

    # (listed with the other Tasks of the base game by ``task_moves``)

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        return list(_BUYS[frame.player])

    def apply(self, r, state, frame) -> None:
        gain(state.players[frame.player], {"G": -buy_gold(r, state, frame.player), self.resource: 1})

    def describe(self, r, state) -> str:
        return f"buys 1 {RESOURCE_NAMES[self.resource]} for {buy_gold(r, state, self.seat)} Gold"


def contract_cost(t, identical: str) -> dict[str, int]:
    """What fulfilling a Contract costs, with its identical Resources paid in ``identical``."""
    cost = dict(t.pay)
    if t.identical:
        cost[identical] = cost.get(identical, 0) + t.identical
    return cost


class Fulfil(Action, tag="fulfil"):
    tile: str
    identical: str = ""  # the Resource paid for the 'identical Resources' part

    RULE = Rule("A Task: pay the Resources on a Contract in your Storehouse; it moves to your leftmost free Contract "
                "space, scores its VP and the space's, and frees the Pillar on that space.", "actions", "fulfil")
    OPTIONAL_TEXT = ("identical",)

    def check(self, r, state, frame) -> None:
        tasks_open(state, frame)
        p = state.players[frame.player]
        if self.tile not in p.storehouse or r.tiles[self.tile].kind != "contract":
            raise refuse(_not_stored("Contract", self.tile))
        if all(p.contracts):
            raise refuse("all six of your Contract spaces are filled")
        t = r.tiles[self.tile]
        if t.identical and not self.identical:
            raise refuse(f"say which Resource pays the {t.identical} identical Resources (e.g. 'fulfil {short(self.tile)} W')")
        if not t.identical and self.identical:
            raise refuse("this Contract asks for no identical Resources")
        pay_check(p.resources, contract_cost(t, self.identical), "This Contract")

    TILE_KIND = "contract"

    @classmethod
    def placeholder(cls, seat: int):
        """This Task without its tile: its line while no Contract can be chosen (refused, with why)."""
        return cls(seat, "")

    @classmethod
    def tile_moves(cls, r, state, frame, p, t: str, tile, sure: list) -> None:
        """Sure when a Contract space is free and the Resources are there (the identical part in any one
        Resource, on top of the fixed price)."""
        res = p.resources
        if "" not in p.contracts:
            return
        for x, n in tile.pay.items():
            if res[x] < n:
                return
        if tile.identical:
            pay, n = tile.pay, tile.identical
            sure += [cls(frame.player, t, x) for x in RESOURCES if res[x] >= n + pay.get(x, 0)]
        else:
            sure.append(cls(frame.player, t))

    @classmethod
    def tile_near_misses(cls, r, p, seat: int, t: str, tile) -> list:
        best = max(RESOURCES, key=lambda x: p.resources.get(x, 0))
        return [cls(seat, t, best if tile.identical else "")]

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        t = r.tiles[self.tile]
        gain(p, {k: -n for k, n in contract_cost(t, self.identical).items()})
        unstore(p, self.tile)
        i = p.contracts.index("")
        put(p, "contracts", replaced(p.contracts, i, self.tile))
        board = r.player_board
        if i < board.contract_pillars:
            put(p, "pillars", p.pillars + 1)  # the Pillar printed on that space joins the supply
        score(r, state, frame.player, t.vp + board.contract_vp[i], CONTRACTS, f"{t.name} on Contract space {i + 1}")
        run_effects(r, state, frame.player, t.effects, source="effect", why=t.name)
        for m in r.modules:
            m.fulfilled(r, state, frame.player, self.tile)

    def describe(self, r, state) -> str:
        paid = f" (identical Resources in {RESOURCE_NAMES[self.identical]})" if self.identical else ""
        return f"fulfils the Contract {r.tile_name(self.tile)}{paid}"


class PlaceCrest(Action, tag="crest"):
    tile: str
    building: int

    RULE = Rule("A Task: pay the Food of a Crest space to place a Crest from your Storehouse under a Building and take "
                "that space's bonus. It may complete the Building.", "actions", "crest")

    def check(self, r, state, frame) -> None:
        tasks_open(state, frame)
        p = state.players[frame.player]
        if self.tile not in p.storehouse or r.tiles[self.tile].kind != "crest":
            raise refuse(_not_stored("Crest", self.tile))
        spaces = r.player_board.crest_spaces
        if not 1 <= self.building <= len(r.player_board.buildings):
            raise refuse(f"Buildings are numbered 1 to {len(r.player_board.buildings)}")
        if p.crests[self.building - 1]:
            raise refuse(f"Building {self.building} already has its Crest")
        food = spaces[self.building - 1].food
        if p.resources["F"] < food:
            raise refuse(f"the Crest space of Building {self.building} costs {food} Food and you have {p.resources['F']}")

    TILE_KIND = "crest"

    @classmethod
    def placeholder(cls, seat: int):
        return cls(seat, "", 1)

    @classmethod
    def tile_moves(cls, r, state, frame, p, t: str, tile, sure: list) -> None:
        """Every Building without its Crest whose space's Food one has (sure)."""
        food = p.resources["F"]
        sure += [cls(frame.player, t, b + 1) for b, space in enumerate(r.player_board.crest_spaces)
                 if not p.crests[b] and food >= space.food]

    @classmethod
    def tile_near_misses(cls, r, p, seat: int, t: str, tile) -> list:
        """On the cheapest free Crest space: its price is the reason (issue 24 item 3: a Crest one
        cannot pay for was missing from the Tasks)."""
        free = [b for b, c in enumerate(p.crests) if not c] or [0]
        return [cls(seat, t, min(free, key=lambda b: r.player_board.crest_spaces[b].food) + 1)]

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        b = self.building - 1
        space = r.player_board.crest_spaces[b]
        gain_one(p, "F", -space.food)
        unstore(p, self.tile)
        put(p, "crests", replaced(p.crests, b, self.tile))
        check_completed(r, state, frame.player, b)
        run_effects(r, state, frame.player, [space.bonus], source="effect", why=f"Crest space of Building {self.building}",
                    category=CRESTS)

    def describe(self, r, state) -> str:
        return f"places the {r.tile_name(self.tile)} under Building {self.building}"


class BuildCathedral(Action, tag="cathedral"):
    town: str

    RULE = Rule("A Task: where you have a Pillar, pay the Stone on the Construction Cost tile and take the top "
                "Cathedral tile, scoring both; once per Cathedral.", "actions", "cathedral")

    def check(self, r, state, frame) -> None:
        tasks_open(state, frame)
        stacks = state.board.cathedral_stack
        if not self.town:  # the placeholder: no Cathedral to contribute to at all (``PLACEHOLDERS``)
            raise refuse("you need a Pillar in a Town whose Cathedral you have not contributed to")
        if self.town not in stacks:  # (a module's Cathedrals have their own Task)
            raise refuse(f"there is no Cathedral in '{short(self.town)}'")
        contribution_rule(state, frame.player, self.town, r.space_name(self.town), stacks[self.town],
                          cathedral_stone(r, state, frame.player, self.town), state.players[frame.player].resources["S"],
                          "Stone")

    # (listed with the other Tasks of the base game by ``task_moves``)

    @classmethod
    def placeholder(cls, seat: int):
        return cls(seat, "")

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        """Every Cathedral with a Pillar of yours and tiles left, not yet yours, whatever its Stone."""
        seat = frame.player
        p = state.players[seat]
        stacks = state.board.cathedral_stack
        return [cls(seat, town) for town in pillar_towns(state, seat) if town not in p.cathedrals and stacks.get(town)]

    def apply(self, r, state, frame) -> None:
        cost = cathedral_cost(r, state, self.town)
        gain_one(state.players[frame.player], "S", -cathedral_stone(r, state, frame.player, self.town))
        contribute(r, state, frame.player, state.board, self.town, r.space_name(self.town), cost.vp,
                   cathedral_tile_vp(r, state.board.cathedral_stack[self.town][-1]))

    def describe(self, r, state) -> str:
        return f"contributes to the Cathedral of {r.space_name(self.town)}"


# id(Board.pillars) -> (that dict, the Towns of each seat's Pillars). The board's dicts are replaced,
# never changed in place (engine/state.py), so the same dict means the same Pillars; holding it here keeps
# its id from being reused while cached. Every Task listing asks (the Tasks' listers, here and a module's,
# read it in place); Pillars are placed a few times a game.
PILLAR_TOWNS: dict[int, tuple] = {}


def pillar_towns(state, seat: int) -> tuple[str, ...]:
    """The Towns (on any map) with a Pillar of this seat's, in the board's order."""
    pillars = state.board.pillars
    hit = PILLAR_TOWNS.get(id(pillars))
    if hit is None or hit[0] is not pillars:
        if len(PILLAR_TOWNS) > 4096:
            PILLAR_TOWNS.clear()
        hit = PILLAR_TOWNS[id(pillars)] = (pillars, [tuple(t for t, row in pillars.items() if s in row) for s in range(4)])
    return hit[1][seat]


def contribution_rule(state, player: int, town: str, name: str, stack: tuple, price: int, have: int, paid_in: str) -> None:
    """Contributing to a Cathedral, on any map: a Pillar of yours there, once per Cathedral, a tile left
    on its ``stack``, and ``price`` of what it is paid in (``have`` of it). Raises with the reason."""
    if player not in state.board.pillars[town]:
        raise refuse(f"you need a Pillar at the Cathedral of {name} to build it")
    if town in state.players[player].cathedrals:
        raise refuse(f"you have already contributed to the Cathedral of {name}")
    if not stack:
        raise refuse(f"the Cathedral of {name} has no tiles left")
    if have < price:
        raise refuse(f"the Cathedral of {name} costs {price} {paid_in} and you have {have}")


def contribute(r, state, player: int, holder, town: str, name: str, cost_vp: int, tile_vp: int) -> None:
    """The top Cathedral tile of ``town`` (off ``holder.cathedral_stack``: the board's, or a module's) goes
    to the player, who has contributed to that Cathedral, scoring its Construction Cost tile and the tile
    (paid for before)."""
    stack = holder.cathedral_stack[town]
    put(holder, "cathedral_stack", updated(holder.cathedral_stack, town, stack[:-1]))
    p = state.players[player]
    put(p, "cathedral_tiles", p.cathedral_tiles + (stack[-1],))  # a Cathedral tile for the Fairs too
    put(p, "cathedrals", p.cathedrals + (town,))
    score(r, state, player, cost_vp + tile_vp, CATHEDRALS, f"Cathedral of {name}")


class UseHelper(Action, tag="use"):
    tile: str
    resource: str = ""  # for the Helper that changes the Resource a die gives

    RULE = Rule("A Task: use a Helper from your Storehouse; it then leaves the game. One Helper at a time.",
                "actions", "helper")
    OPTIONAL_TEXT = ("resource",)

    def check(self, r, state, frame) -> None:
        tasks_open(state, frame)
        p = state.players[frame.player]
        if self.tile not in p.storehouse or r.tiles[self.tile].kind != "helper":
            raise refuse(_not_stored("Helper", self.tile))
        if helper_active(state):
            raise refuse("finish the Helper in use before starting another")
        effects = r.tiles[self.tile].effects
        if any(isinstance(e, fx.DieResource) for e in effects):
            if not isinstance(frame, TurnFrame) or frame.die_taken:
                raise refuse("this Helper is used when choosing a die, before taking it")
            if not self.resource:
                raise refuse(f"say which Resource the die gives (e.g. 'use {short(self.tile)} I')")
        elif self.resource:
            raise refuse("this Helper takes no Resource choice")
        if any(isinstance(e, fx.AddAP) for e in effects):
            if die_action_frame(state) is None:
                raise refuse("extra AP go to the Action of your chosen die, and it is not open")

    TILE_KIND = "helper"

    @classmethod
    def placeholder(cls, seat: int):
        return cls(seat, "")

    @classmethod
    def tile_moves(cls, r, state, frame, p, t: str, tile, sure: list) -> None:
        """Sure when no Helper is in use and its moment has come: choosing a die (a Resource for it), or
        the die's Action open (extra AP)."""
        for f in state.stack:  # (``helper_active``, inline: asked for every Helper at every decision)
            if getattr(f, "source", "") == "helper":
                return
        moment = r.moves.get(("helper", t)) or _helper_moment(r, t, tile)  # (made once per tile)
        if moment == "die":
            if isinstance(frame, TurnFrame) and not frame.die_taken:
                sure += [cls(frame.player, t, x) for x in RESOURCES]
        elif moment == "any" or die_action_frame(state) is not None:
            sure.append(cls(frame.player, t))

    @classmethod
    def tile_near_misses(cls, r, p, seat: int, t: str, tile) -> list:
        return [cls(seat, t)]

    def apply(self, r, state, frame) -> None:
        p = state.players[frame.player]
        unstore(p, self.tile)  # it leaves the Storehouse at once
        put(state.board, "box", state.board.box + (self.tile,))
        emit(state, TileDiscarded(tile=self.tile, why="a used Helper leaves the game"))
        if self.resource:
            put(frame, "resource_override", self.resource)
        t = r.tiles[self.tile]
        run_effects(r, state, frame.player, t.effects, source="helper", why=t.name)

    def describe(self, r, state) -> str:
        extra = f", taking {RESOURCE_NAMES[self.resource]} from the die" if self.resource else ""
        return f"uses the {r.tile_name(self.tile)}{extra}"


def _helper_moment(r, t: str, tile) -> str:
    """When a Helper can be used: choosing a die ("die": it changes the die's Resource), with the die's
    Action open ("ap": it adds AP to it), or at any moment of one's turn ("any"). Made once per tile."""
    key = ("helper", t)
    moment = r.moves.get(key)
    if moment is None:
        effects = tile.effects
        if any(isinstance(e, fx.DieResource) for e in effects):
            moment = "die"
        else:
            moment = "ap" if any(isinstance(e, fx.AddAP) for e in effects) else "any"
        r.moves[key] = moment
    return moment


TASKS = (Buy, Fulfil, PlaceCrest, BuildCathedral, UseHelper)
# The Tasks that keep a line, greyed with the reason, when there is nothing to do them with (no Contract in
# the Storehouse, no Cathedral to contribute to): every Task kind appears, possible or with its reason
# (issue 24, item 3). ``legal.options`` adds a kind's placeholder when no option of that kind is listed.
register(*TASKS)
_BUYS = [tuple(Buy(seat, x) for x in RESOURCES[1:]) for seat in range(4)]
# The Tasks of a tile in the Storehouse, by the tile's kind.
STOREHOUSE_TASKS = {k.TILE_KIND: k for k in (Fulfil, PlaceCrest, UseHelper)}


PLACEHOLDERS = (Fulfil, PlaceCrest, BuildCathedral, UseHelper)


def task_moves(r, state, frame, sure: list, unsure: list) -> None:
    """The base game's Tasks, where they are open (``engine.legal`` asks at almost every decision of a
    turn, so one lister lists the three kinds, in the order a player sees them; all legal by construction):

    - ``Buy``: every Resource, while one has the price (the printed price first: a module only ever
      lowers it, ``Module.buy_gold``);
    - the Tasks of the tiles in the Storehouse, tile by tile (``STOREHOUSE_TASKS``' ``tile_moves``);
    - ``BuildCathedral``: every Cathedral of the map with a Pillar of yours, tiles left, not yet yours,
      whose Stone you have (a module's Cathedrals are its own Task)."""
    seat = frame.player
    p = state.players[seat]
    gold = p.resources["G"]
    price = r.tracks.buy_resource_gold
    if gold < price:  # (the printed price first: a module only ever lowers it; ``buy_gold``, inline)
        for m in r.modules:
            price = m.buy_gold(r, state, seat, price)
    if gold >= price:
        sure += _BUYS[seat]
    if p.storehouse:  # (empty for much of a game)
        tiles = r.tiles
        for t in p.storehouse:
            tile = tiles[t]
            kind = STOREHOUSE_TASKS.get(tile.kind)
            if kind is not None:
                kind.tile_moves(r, state, frame, p, t, tile, sure)
    pillars = state.board.pillars
    hit = PILLAR_TOWNS.get(id(pillars))  # (``pillar_towns``' cache, read in place)
    towns = hit[1][seat] if hit is not None and hit[0] is pillars else pillar_towns(state, seat)
    if towns:
        stacks = state.board.cathedral_stack
        for town in towns:
            if town not in p.cathedrals and stacks.get(town):  # noqa: SIM102
                if p.resources["S"] >= cathedral_stone(r, state, seat, town):
                    sure.append(BuildCathedral(seat, town))


def storehouse_near_misses(r, state, frame) -> list:
    """A Contract one cannot pay for, a Helper whose moment has not come: shown greyed with the reason."""
    p = state.players[frame.player]
    out: list = []
    for t in p.storehouse:
        tile = r.tiles[t]
        kind = STOREHOUSE_TASKS.get(tile.kind)
        if kind is not None:
            out += kind.tile_near_misses(r, p, frame.player, t, tile)
    return out


def _not_stored(kind: str, tile: str) -> str:
    """Why a Task's tile cannot be played: none of its kind at all (the placeholder), or not that one."""
    return f"you have no {kind} in your Storehouse" if not tile else f"that {kind} is not in your Storehouse"
