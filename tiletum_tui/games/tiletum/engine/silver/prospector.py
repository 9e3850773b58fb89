"""The Prospector Action Wheel (expansion text, "Prospector Action Wheel"): the Prospector Action on
the wheel sections that show it, its five options, and the Prospector movement point.

- A die from a section with the Prospector Action and another Action feeds either one, never both
  (``TakeDie.action = "prospector"``, offered by ``section_actions``; ruling 1); the Bonus tile is
  that Action's. The Action covers two sections, so two die values a round (ruling 2).
- Its options, 1 AP each: move a Prospector one step (``MoveProspector``), take an Underground Bonus
  tile (``TakeUndergroundBonus``), place a Mine (``PlaceMine``), a Pillar or a House (``underground``).
- A die from a section with the movement icon gives a free step as a Task (``MovementStep``, ruling 20).
"""

from __future__ import annotations

from ...data import silver_schema as sx
from ..actions import Action, Rule, refuse
from ..common import can_take, gain_one, pop_spent, spend, store, tasks_open, use_ap, without
from ..effects import run_effects
from ..frozen import updated
from ..queries import takeable_tiles
from ..state import EMPTY, ActionFrame, pop_frame, put
from .categories import TECHNOLOGIES
from .common import in_this_game, in_play, me, modifiers, sv, whenever
from .state import PlaceMineFrame, ProspectorStepFrame
from .tables import PROSPECTOR, section_of, tables
from .underground import enter_space, prospector_in, space_name


def lap_key(state) -> int:
    """One number per lap of the game: a movement point lasts for the turn (the lap) it was gained in."""
    return state.round * 4 + state.lap


# ---------------------------------------------------------------- the wheel (hooks of the module)
def section_actions(state, value: int) -> tuple[str, ...]:
    """"When you take a die from a section that has both the Prospector Action and another Action, you
    must choose one of the Actions to perform.\""""
    return (PROSPECTOR,) if section_of(state.board.wheel_rotation, value) in tables().prospector_sections else ()


def movement_icon(state, value: int) -> bool:
    return section_of(state.board.wheel_rotation, value) in tables().movement_sections


def die_taken(state, player: int, value: int) -> None:
    """"When you take a die from a section that is aligned with the Prospector movement icon, you may
    move your Prospector to an adjacent space as a Task" (the section of the die as taken, after any
    change, like its Action and Bonus tile; Prospector Technology II makes it two steps)."""
    if movement_icon(state, value):
        p = me(state, player)
        steps = max([tables().data.rules.prospector.movement_point_steps]
                    + [m.steps for m in modifiers(state, player, sx.MovementPointSteps)])
        put(p, "movement", steps)
        put(p, "movement_lap", lap_key(state))


def movement_left(state, player: int) -> int:
    p = me(state, player)
    return p.movement if p.movement_lap == lap_key(state) else 0


# ---------------------------------------------------------------- an option, or the same move as a bonus
def _ap_cost(frame) -> int:
    """1 AP as an option of the Prospector Action; free as the move a bonus (a tablet, a Technology) gives."""
    return 1 if isinstance(frame, ActionFrame) else 0


def _option_or_bonus(frame, bonus_frame: type, what: str, not_now: str) -> None:
    """Refused unless the decision in hand is the Prospector Action with 1 AP left, or ``bonus_frame``."""
    if isinstance(frame, ActionFrame):
        if frame.action != PROSPECTOR:
            raise refuse(f"{what} is an option of the Prospector Action")
        spend(frame, 1, what)
    elif not isinstance(frame, bonus_frame):
        raise refuse(not_now)


# ---------------------------------------------------------------- moving a Prospector
def _move_check(r, state, player: int, to: str) -> str:
    """The Prospector that would step to ``to`` (its map's), refused with the reason; returns where it stands."""
    t = tables()
    if to not in t.spaces:
        raise refuse(f"there is no Underground space '{to}'")
    if not in_play(state, to):
        raise refuse(f"{space_name(to)} is on the side of its map that is face down")
    here = me(state, player).prospectors.get(t.map_of[to])
    if here is None:
        raise refuse(f"you have no Prospector on the {t.data.maps[t.map_of[to]].name} map "
                     "(a Prospector moves only on its own map)")
    if to not in t.spaces[here].adjacent:
        raise refuse(f"{space_name(to)} is not next to your Prospector in {space_name(here)}")
    return here


def move_prospector(r, state, player: int, to: str) -> None:
    p = me(state, player)
    put(p, "prospectors", updated(p.prospectors, tables().map_of[to], to))


class MoveProspector(Action, tag="prospect"):
    """One step of one of your Prospectors (1 AP of the Prospector Action, or a step of a bonus)."""

    to: str  # Underground space: its map says which of your Prospectors moves

    RULE = Rule("1 AP of the Prospector Action (or a step of a bonus): one of your Prospectors moves to an "
                "adjacent space of its map; entering an uncovered Stone Tablet resolves it at once and covers it.",
                "silver", "prospector")

    def ap_cost(self, r, state, frame) -> int:
        return _ap_cost(frame)

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        _option_or_bonus(frame, ProspectorStepFrame, "Moving a Prospector", "you cannot move a Prospector now")
        _move_check(r, state, frame.player, self.to)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Each Prospector to each space next to it on its map (sure: the Prospector Action's AP are
        checked by the lister, a bonus's steps by its decision)."""
        sure += prospector_steps(cls, state, frame.player)

    def apply(self, r, state, frame) -> None:
        move_prospector(r, state, frame.player, self.to)
        if isinstance(frame, ActionFrame):
            use_ap(frame)
            pop_spent(state, frame)
        else:
            put(frame, "steps", frame.steps - 1)
            if frame.steps <= 0:
                pop_frame(state)
        enter_space(r, state, frame.player, self.to)  # a tablet's effect comes before the rest of the Action

    def describe(self, r, state) -> str:
        return f"moves a Prospector to {space_name(self.to)}"


class MovementStep(Action, tag="step"):
    """The Prospector movement point: a free step, as a Task, in the turn of a die beside the movement icon."""

    to: str

    RULE = Rule("A Task: taking a die beside the Prospector movement icon lets you move one of your Prospectors "
                "to an adjacent space once that turn (twice with Prospector Technology II).", "silver", "movement")

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        tasks_open(state, frame)
        if not movement_left(state, frame.player):
            raise refuse("no Prospector movement point this turn: it comes with a die beside the movement icon")
        _move_check(r, state, frame.player, self.to)

    @classmethod
    def list_into(cls, state, seat: int, p, out: list) -> None:
        """Its moves (``silver.tasks.task_moves`` asks, with the expansion's other Tasks): while a
        movement point of this lap is left, each Prospector to each space next to it."""
        if p.movement and p.movement_lap == lap_key(state):
            out += prospector_steps(cls, state, seat)

    def apply(self, r, state, frame) -> None:
        p = me(state, frame.player)
        put(p, "movement", p.movement - 1)
        move_prospector(r, state, frame.player, self.to)
        enter_space(r, state, frame.player, self.to)

    def describe(self, r, state) -> str:
        return f"uses the movement point: a Prospector to {space_name(self.to)}"


# ---------------------------------------------------------------- the Town options
class TakeUndergroundBonus(Action, tag="utake"):
    tile: str

    RULE = Rule("1 AP of the Prospector Action: take an Underground Bonus tile from a Town where one of your "
                "Prospectors stands into your Storehouse (they are never refilled).", "silver", "prospector")

    def ap_cost(self, r, state, frame) -> int:
        return 1

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        if not isinstance(frame, ActionFrame) or frame.action != PROSPECTOR:
            raise refuse("Taking an Underground Bonus tile is an option of the Prospector Action")
        spend(frame, 1, "Taking an Underground Bonus tile")
        if _town_of_tile(state, frame.player, self.tile) is None:
            raise refuse("that Bonus tile is not in a Town where one of your Prospectors is")
        can_take(r, state.players[frame.player], self.tile)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """The tiles where one's Prospectors stand that the Storehouse can take (sure)."""
        seat = frame.player
        p = state.players[seat]
        for town in me(state, seat).prospectors.values():
            tiles = state.board.map_bonus.get(town)
            if tiles:
                tiles = tuple(dict.fromkeys(tiles))
                takeable = takeable_tiles(r, p, tiles)  # (``why_cannot_take`` for them all at once)
                sure += [cls(seat, t) for i, t in enumerate(tiles) if takeable[i]]

    def apply(self, r, state, frame) -> None:
        town = _town_of_tile(state, frame.player, self.tile)
        b = state.board
        put(b, "map_bonus", updated(b.map_bonus, town, without(b.map_bonus[town], self.tile)))
        store(state.players[frame.player], self.tile)
        use_ap(frame)
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        return f"takes the Underground Bonus tile {r.tile_name(self.tile)}"


def _town_of_tile(state, player: int, tile: str) -> str | None:
    for space in me(state, player).prospectors.values():
        if tile in state.board.map_bonus.get(space, ()):
            return space
    return None


def mine_gold(town: str, space: int) -> int:
    return tables().spaces[town].mine_spaces[space - 1].gold


class PlaceMine(Action, tag="mine"):
    town: str
    space: int  # Mine space number in the Town, from 1 (their Gold differs)

    RULE = Rule("1 AP of the Prospector Action: a Mine from your supply on an empty Mine space of a Town where your "
                "Prospector stands, none of yours there yet; at once 1 Silver and the Gold printed beside it.",
                "silver", "mine")

    def ap_cost(self, r, state, frame) -> int:
        return _ap_cost(frame)

    def check(self, r, state, frame) -> None:
        in_this_game(state)
        _option_or_bonus(frame, PlaceMineFrame, "Placing a Mine", "you cannot place a Mine now")
        prospector_in(state, frame.player, self.town, "a Mine")
        row = sv(state).mines.get(self.town)
        name = space_name(self.town)
        if row is None:
            raise refuse(f"{name} has no Mine spaces")
        if me(state, frame.player).mines < 1:
            raise refuse("you have no Mine in your supply")
        if frame.player in row:
            raise refuse(f"you already have a Mine in {name}")
        free = [i + 1 for i, o in enumerate(row) if o == EMPTY]
        if not free:
            raise refuse(f"no empty Mine space in {name}")
        if self.space not in free:
            raise refuse(f"Mine space {self.space} in {name} is not free (free: {', '.join(map(str, free))})")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Every free Mine space where a Prospector stands and no Mine of yours is, with a Mine in supply (sure)."""
        seat = frame.player
        if me(state, seat).mines < 1:
            return
        mines = sv(state).mines
        for town in me(state, seat).prospectors.values():
            row = mines.get(town)
            if row is not None and seat not in row:
                sure += [cls(seat, town, i + 1) for i, o in enumerate(row) if o == EMPTY]

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, ActionFrame) and frame.action == PROSPECTOR:
            mines = sv(state).mines
            return [cls(frame.player, t, 1) for t in me(state, frame.player).prospectors.values() if t in mines]
        return []

    def apply(self, r, state, frame) -> None:
        place_mine(r, state, frame.player, self.town, self.space)
        if isinstance(frame, ActionFrame):
            use_ap(frame)
            pop_spent(state, frame)
        else:
            pop_frame(state)

    def describe(self, r, state) -> str:
        gold = mine_gold(self.town, self.space)
        return f"places a Mine in {space_name(self.town)} (space {self.space}: 1 Silver" + (f", {gold} Gold)" if gold else ")")


def place_mine(r, state, player: int, town: str, space: int) -> None:
    """A Mine goes on its space: "Immediately receive 1 Silver, and (if applicable) Gold equal to the
    value depicted next to the Mine you placed"; then what Technologies give whenever a Mine is placed."""
    s = sv(state)
    p = me(state, player)
    put(p, "mines", p.mines - 1)
    row = s.mines[town]
    put(s, "mines", updated(s.mines, town, row[:space - 1] + (player,) + row[space:]))
    put(p, "silver", p.silver + 1)
    gold = mine_gold(town, space)
    if gold:
        gain_one(state.players[player], "G", gold)
    run_effects(r, state, player, whenever(state, player, "place_mine"), source="effect", why="a Mine placed",
                category=TECHNOLOGIES)


def prospector_steps(kind, state, seat: int) -> list:
    """A step of each of the player's Prospectors to each space next to it, as ``kind`` (an option or the
    movement point)."""
    t = tables()
    return [kind(seat, to) for here in me(state, seat).prospectors.values() for to in t.spaces[here].adjacent]
