"""What may be done now: the legal actions, and every option with the reason it is refused.

``legal_actions`` is the hot path of every playout: candidates for the decision on top of the
stack, kept if their ``check`` allows them (die choices are legal by construction).
``options`` is the fuller list the screens, the tutorial, hints and opponents read: every
candidate and every option a player would look for, each either legal or with the engine's
reason, and the facts a screen shows beside it (AP, Gold, what a die gives).
"""

from __future__ import annotations

import msgspec

from ..data import schema as fx
from ..data.schema import ACTIONS, RESOURCES
from .bonuses import CharacterBonus, Gain, PickBuilding
from .characters import Hire, Refresh, Room
from .common import affordable, helper_active
from .contracts import Exchange, TakeContract
from .errors import IllegalActionError
from .king import ClaimKingTile, DiscardKingTile, KingStep
from .map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from .queries import (
    action_for_value, ap_for_die, buy_gold, cathedral_available, cathedral_stone, change_die_gold, change_gold,
    crest_families, die_action_frame, die_actions, die_bonus_tile, die_resource, die_steps, joker_ap, why_cannot_take,
)
from .ruleset import rules_for
from .state import (
    EMPTY, ActionFrame, BuildingBonusFrame, ChooseResourceFrame, JokerFrame, KingTileFrame, MoveAndPlaceFrame,
    MoveAnywhereFrame, MoveFrame, PickBuildingFrame, PlaceFrame, State, TurnFrame,
)
from .tasks import BuildCathedral, Buy, Fulfil, PlaceCrest, UseHelper
from .turn import ChooseAction, Done, EndTurn, Skip, TakeDie

_FIVE = ACTIONS[:5]
_SEATS = range(4)
# Actions are frozen values, so the common ones are made once per seat and shared by every listing.
_BUYS = [tuple(Buy(seat, x) for x in RESOURCES[1:]) for seat in _SEATS]
_GAINS = [tuple(Gain(seat, x) for x in RESOURCES) for seat in _SEATS]
_JOKER = [tuple(ChooseAction(seat, a) for a in _FIVE) for seat in _SEATS]
_EXCHANGES = [{g: tuple(Exchange(seat, g, x) for x in RESOURCES if x != g) for g in RESOURCES} for seat in _SEATS]
_END = [EndTurn(seat) for seat in _SEATS]
_DONE = [Done(seat) for seat in _SEATS]
_SKIP = [Skip(seat) for seat in _SEATS]
_KING = [KingStep(seat) for seat in _SEATS]
_REFRESH = [Refresh(seat) for seat in _SEATS]


class Option(msgspec.Struct, frozen=True):
    """One option of the decision in hand: its action, and ``reason`` when the rules refuse it now.

    The facts beside it come from the engine, so no screen works them out again: ``ap`` is what
    the option spends (an option of an Action) or gives (a die, a Joker's choice), ``gold`` what it
    costs in Gold, ``gain`` the Resources it gives at once, ``leads_to`` the Action a die feeds and
    ``tile`` the Bonus tile a die takes along."""

    action: object
    reason: str | None = None
    ap: int = 0
    gold: int = 0
    gain: tuple[tuple[str, int], ...] = ()
    leads_to: str = ""
    tile: str = ""

    @property
    def legal(self) -> bool:
        return self.reason is None


# ---------------------------------------------------------------- candidates of each decision
# Each generator fills two lists: ``sure`` holds candidates legal by construction (the generator
# only makes them when the rule's conditions hold: a move when AP are left, an exchange of a
# Resource one has), ``unsure`` those ``check`` must still judge. ``legal_actions`` checks only the
# unsure ones (the hot path of every playout); ``options`` checks all, and
# tests/engine/test_legal.py holds every sure candidate to ``check`` over random games.

def _moves(r, seat: int, p, piece: str) -> tuple:
    here = p.merchant if piece == "merchant" else p.architect
    key = (seat, piece, here)
    moves = r.moves.get(key)
    if moves is None:  # made once per ruleset, seat, piece and space
        moves = r.moves[key] = tuple(MovePiece(seat, piece, s) for s in r.adjacent[here])
    return moves


def _houses(state: State, seat: int, towns) -> list:
    houses = state.board.houses
    return [PlaceHouse(seat, t, i + 1) for t in towns for i, o in enumerate(houses[t]) if o == -1]


def action_options(r, state: State, frame: ActionFrame, sure: list | None = None) -> list:
    """Candidate options of an Action; those legal by construction go to ``sure`` when it is given.
    With no AP left only Done is a candidate (every option costs at least 1 AP)."""
    seat = frame.player
    p = state.players[seat]
    out: list = []
    sure = out if sure is None else sure
    if frame.source == "helper" and frame.spent == 0:
        out.append(_DONE[seat])  # refused while the Helper could still be used for something
    else:
        sure.append(_DONE[seat])
    action = frame.action
    ap = frame.ap
    if ap < 1:
        return out
    board = state.board
    if action in ("merchant", "architect"):
        sure += _moves(r, seat, p, action)
        here = p.merchant if action == "merchant" else p.architect
        if action == "merchant":
            row = board.houses.get(here)
            if row is not None and p.houses and seat not in row:
                sure += [PlaceHouse(seat, here, i + 1) for i, o in enumerate(row) if o == EMPTY]
        else:
            row = board.pillars.get(here)
            if row is not None and p.pillars and seat not in row and EMPTY in row and cathedral_available(r, state, here):
                sure.append(PlacePillar(seat, here))
        tiles = board.map_bonus.get(here, ())
        if tiles:
            families = crest_families(r, p)
            sure += [TakeBonus(seat, t) for t in dict.fromkeys(tiles) if why_cannot_take(r, p, t, families) is None]
    elif action == "character":
        if len(p.storehouse) < r.player_board.storehouse:  # a Character goes into the Storehouse
            sure += [Hire(seat, t) for t in board.character_offer if t]
        if any(board.character_offer):
            sure.append(_REFRESH[seat])
        seen = set()
        tiles = r.tiles
        for t in p.storehouse:
            tile = tiles[t]
            if tile.kind == "character" and tile.design not in seen:
                seen.add(tile.design)
                sure += _rooms(r, p, seat, t, tile.design, ap)
    elif action == "contract":
        offer_ap = r.tracks.contract_offer_ap
        families = crest_families(r, p)
        sure += [TakeContract(seat, t) for i, t in enumerate(board.contract_offer)
                 if t and offer_ap[i] <= ap and why_cannot_take(r, p, t, families) is None]
        res = p.resources
        exchanges = _EXCHANGES[seat]
        for g in RESOURCES:
            if res[g]:
                sure += exchanges[g]
    elif action == "king":
        if seat not in board.king_track[-1]:
            sure.append(_KING[seat])
    else:  # an Action a module adds
        for m in r.modules:
            m.candidates(r, state, frame, out, sure)
    return out


def _end_turn(state: State, seat: int, out: list, sure: list) -> None:
    """End turn is legal once the die is taken and only the die's own Action is open."""
    stack = state.stack
    top = stack[-1]
    if (len(stack) == 1 and top.die_taken) or (len(stack) == 2 and getattr(top, "source", "") == "die"):
        sure.append(_END[seat])
    else:
        out.append(_END[seat])


def _rooms(r, p, seat: int, tile: str, design: str, ap: int) -> list:
    """The Rooms a Character may move into now: the Building where its design lives, else any Building
    without a Character (never the pre-occupied one), on a free floor it has the AP for."""
    from .queries import building_design

    designs = [building_design(r, p, b) for b in range(len(p.rooms))]
    buildings = r.player_board.buildings
    home = designs.index(design) if design in designs else None
    out = []
    for b, spec in enumerate(buildings):
        if spec.preoccupied or (b != home if home is not None else designs[b]):
            continue
        for f in range(min(spec.rooms, ap)):  # a Room costs its floor in AP
            if not p.rooms[b][f]:
                out.append(Room(seat, tile, b + 1, f + 1))
    return out


# For each die value and number of affordable +-1 steps: the values it can become.
_TARGETS = [[[t for t in range(1, 7) if die_steps(v, t) <= k] for k in range(7)] if v else [] for v in range(7)]


def die_choices(r, state: State, seat: int, *, complete: bool = False) -> list:
    """Die choices the player can afford, with the Bonus tile where there is one to take, for the
    wheel's Action and any other Action the die's section offers (a module's).

    Legal by construction (the hot path of every playout). ``complete`` lists every change of
    value and every Bonus tile, affordable or not (for ``options``)."""
    p = state.players[seat]
    board = state.board
    steps_affordable = 6 if complete else min(6, p.resources["G"] // change_die_gold(r, state, seat))
    room = not complete and len(p.storehouse) < r.player_board.storehouse
    families = crest_families(r, p) if room else None

    def takeable(t: str) -> bool:
        return bool(t) and (complete or (room and why_cannot_take(r, p, t, families) is None))

    if complete or room:
        takeable_at = [takeable(t) for t in board.wheel_bonus]
    else:
        takeable_at = [False] * 6
    rotation = board.wheel_rotation
    with_bonus = [False] + [takeable_at[(t - 1 + rotation) % 6] for t in range(1, 7)]  # by target value
    # Other Actions of each target's section (a module's), each with its Bonus tile takeable or not.
    shared: list = [()] * 7
    if r.modules:
        for t in range(1, 7):
            shared[t] = tuple((a, takeable(die_bonus_tile(r, state, t, a))) for a in die_actions(r, state, t)[1:])
    targets_of = _TARGETS
    out: list = []
    append = out.append
    for v, dice in enumerate(board.wheel_dice, 1):
        if not dice:
            continue
        targets = targets_of[v][steps_affordable]
        for colour in (dice if len(dice) == 1 else dict.fromkeys(dice)):
            for target in targets:
                append(TakeDie(seat, v, colour, target))
                if with_bonus[target]:
                    append(TakeDie(seat, v, colour, target, True))
                for action, bonus in shared[target]:
                    append(TakeDie(seat, v, colour, target, False, action))
                    if bonus:
                        append(TakeDie(seat, v, colour, target, True, action))
    return out


def task_candidates(r, state: State, frame, sure: list | None = None) -> list:
    """Candidate Tasks (the caller has made sure Tasks are open: the turn, an Action or a Joker).
    A Task is only made when it can be paid for, so every one is legal by construction."""
    seat = frame.player
    p = state.players[seat]
    tiles = r.tiles
    out: list = []
    sure = out if sure is None else sure
    res = p.resources
    if res["G"] >= buy_gold(r, state, seat):
        sure += _BUYS[seat]
    helper_free = None
    room_for_contracts = None
    for t in p.storehouse:  # (empty for much of a game)
        tile = tiles[t]
        kind = tile.kind
        if kind == "contract":
            if room_for_contracts is None:
                room_for_contracts = not all(p.contracts)
            if not room_for_contracts or not affordable(res, tile.pay):
                continue
            if tile.identical:  # the identical part in any one Resource, on top of the fixed price
                pay, n = tile.pay, tile.identical
                sure += [Fulfil(seat, t, x) for x in RESOURCES if res[x] >= n + pay.get(x, 0)]
            else:
                sure.append(Fulfil(seat, t))
        elif kind == "crest":
            food = res["F"]
            sure += [PlaceCrest(seat, t, b + 1) for b, space in enumerate(r.player_board.crest_spaces)
                     if not p.crests[b] and food >= space.food]
        elif kind == "helper":
            if helper_free is None:
                helper_free = not helper_active(state)
            if not helper_free:
                continue
            effects = tile.effects
            if any(isinstance(e, fx.DieResource) for e in effects):
                if isinstance(frame, TurnFrame) and not frame.die_taken:
                    sure += [UseHelper(seat, t, x) for x in RESOURCES]
            elif not any(isinstance(e, fx.AddAP) for e in effects) or die_action_frame(state) is not None:
                sure.append(UseHelper(seat, t))
    stacks = state.board.cathedral_stack
    for town, row in state.board.pillars.items():
        if seat in row and town not in p.cathedrals and stacks.get(town):  # noqa: SIM102 - (a module's Cathedrals: its own Task)
            if res["S"] >= cathedral_stone(r, state, seat, town):
                sure.append(BuildCathedral(seat, town))
    for m in r.modules:
        m.tasks(r, state, frame, sure)
    return out


def _tasks_open(state: State) -> bool:
    return state.phase == "action"


def candidates(r, state: State, sure: list | None = None) -> list:
    """Every action worth checking for the decision on top of the stack (those legal by construction
    go to ``sure`` when it is given, the rest are returned)."""
    if not state.stack:
        return []
    frame = state.stack[-1]
    seat = frame.player
    p = state.players[seat]
    out: list = []
    sure = out if sure is None else sure
    if isinstance(frame, TurnFrame):
        _end_turn(state, seat, out, sure)
        if not frame.die_taken:
            sure += die_choices(r, state, seat)
        return out + (task_candidates(r, state, frame, sure) if _tasks_open(state) else [])
    if isinstance(frame, ActionFrame):
        out = action_options(r, state, frame, sure)
        _end_turn(state, seat, out, sure)
        return out + (task_candidates(r, state, frame, sure) if _tasks_open(state) else [])
    if isinstance(frame, JokerFrame):
        sure += _joker_choices(r, seat)
        _end_turn(state, seat, out, sure)
        return out + (task_candidates(r, state, frame, sure) if _tasks_open(state) else [])
    if r.modules:  # a module's own decision, or a module's options in a base one (Houses underground...)
        mine = False
        for m in r.modules:
            mine = m.candidates(r, state, frame, out, sure) or mine
        if mine:
            return out
    return out + _bonus_candidates(r, state, frame, seat, p, sure)


def _bonus_candidates(r, state: State, frame, seat: int, p, sure: list) -> list:
    """Candidates of the decisions inside bonuses and the King phase."""
    if isinstance(frame, ChooseResourceFrame):
        sure += _GAINS[seat]
        return []
    if isinstance(frame, MoveFrame):
        pieces = ("merchant", "architect") if frame.piece == "both" else (frame.piece,)
        return [m for piece in pieces for m in _moves(r, seat, p, piece)] + [_SKIP[seat]]
    if isinstance(frame, MoveAndPlaceFrame):
        here = p.merchant if frame.piece == "merchant" else p.architect
        if frame.piece == "merchant":
            place = _houses(state, seat, [here]) if here in state.board.houses else []
        else:
            place = [PlacePillar(seat, here)]
        return [*_moves(r, seat, p, frame.piece), *place, _DONE[seat]]
    if isinstance(frame, PlaceFrame):
        if frame.anywhere:
            towns = r.towns if frame.piece == "merchant" else list(state.board.pillars)
        else:
            towns = [p.merchant if frame.piece == "merchant" else p.architect]
        towns = [t for t in towns if t in r.spaces and r.spaces[t].kind == "town"]  # the main map's (a module's: its own)
        if frame.piece == "merchant":
            place = _houses(state, seat, towns)
        else:
            place = [PlacePillar(seat, t) for t in towns if t in state.board.pillars]
        return place + [Skip(seat)]
    if isinstance(frame, MoveAnywhereFrame):
        here = p.merchant if frame.piece == "merchant" else p.architect
        reach = r.spaces if frame.reach == "any" else r.next_towns[here]
        return [MovePiece(seat, frame.piece, s) for s in reach] + [Skip(seat)]
    if isinstance(frame, PickBuildingFrame):
        return [PickBuilding(seat, b + 1) for b in range(len(p.rooms))] + [Skip(seat)]
    if isinstance(frame, BuildingBonusFrame):
        return [CharacterBonus(seat, t) for t in dict.fromkeys(frame.remaining)] + [Done(seat)]
    if isinstance(frame, KingTileFrame):
        return [ClaimKingTile(seat), DiscardKingTile(seat)]
    raise AssertionError(f"unknown frame {frame!r}")


def _joker_choices(r, seat: int) -> tuple:
    """The Joker's choices: every Action of the game but the Joker (made once per ruleset and seat)."""
    key = ("joker", seat)
    made = r.moves.get(key)
    if made is None:
        made = r.moves[key] = _JOKER[seat] + tuple(ChooseAction(seat, a) for a in r.actions if a not in ACTIONS)
    return made


def legal_actions(state: State) -> list:
    """Every legal action for the decision in hand (empty only when the game is over)."""
    if not state.stack:
        return []
    r = rules_for(state.settings)
    frame = state.stack[-1]
    out: list = []
    for a in candidates(r, state, out):
        try:
            a.check(r, state, frame)
        except IllegalActionError:
            continue
        out.append(a)
    return out


# ---------------------------------------------------------------- options, legal or not, with their facts
def near_misses(r, state: State) -> list:
    """Options a player would look for now even when the rules refuse them (shown greyed, with the reason):
    buying without Gold, a Contract without its Resources or AP, a House where there is no room..."""
    frame = state.stack[-1]
    seat = frame.player
    p = state.players[seat]
    found: list = [Buy(seat, x) for x in RESOURCES[1:]]
    best = max(RESOURCES, key=lambda x: p.resources.get(x, 0))
    for t in p.storehouse:
        tile = r.tiles[t]
        if tile.kind == "contract":
            found.append(Fulfil(seat, t, best if tile.identical else ""))
        elif tile.kind == "helper":
            found.append(UseHelper(seat, t))
    if isinstance(frame, ActionFrame):
        if frame.action == "contract":
            found += [TakeContract(seat, t) for t in state.board.contract_offer if t]
        elif frame.action == "merchant" and r.spaces[p.merchant].house_spaces:
            found.append(PlaceHouse(seat, p.merchant, 1))
        elif frame.action == "architect" and r.spaces[p.architect].has_cathedral:
            found.append(PlacePillar(seat, p.architect))
        elif frame.action == "king":
            found.append(KingStep(seat))
        elif frame.action == "character":
            found += [Hire(seat, t) for t in state.board.character_offer[:1] if t] + [Refresh(seat)]
    for m in r.modules:
        found += m.near_misses(r, state, frame)
    return found


def _facts(r, state: State, frame, a) -> dict:
    if isinstance(a, TakeDie):
        out = {"ap": ap_for_die(state, a.seat, a.target, a.action),
               "gold": change_gold(r, a.value, a.target, change_die_gold(r, state, a.seat)),
               "gain": ((die_resource(state, a.colour), a.target),), "leads_to": a.action or action_for_value(state, a.target)}
        if a.bonus:
            out["tile"] = die_bonus_tile(r, state, a.target, a.action)
        return out
    if isinstance(a, ChooseAction) and isinstance(frame, JokerFrame):
        return {"ap": joker_ap(state, frame.player, frame.ap, frame.source, a.action), "leads_to": a.action}
    if isinstance(a, Buy):
        return {"gold": buy_gold(r, state, a.seat), "gain": ((a.resource, 1),)}
    return {"ap": a.ap_cost(r, state, frame)}


def _same_choice(a, b) -> bool:
    """Two options about the same thing (one a near miss of the other): same kind and first field."""
    if type(a) is not type(b):
        return False
    fields = a.__struct_fields__[1:2]
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def options(state: State) -> list[Option]:
    """Every option of the decision in hand: the legal ones first (in ``legal_actions`` order), then
    the refused ones a player would look for, each with the engine's reason."""
    if not state.stack:
        return []
    r = rules_for(state.settings)
    frame = state.stack[-1]
    legal = legal_actions(state)
    legal_set = set(legal)
    out = [Option(a, None, **_facts(r, state, frame, a)) for a in legal]
    pool: list = []
    pool += candidates(r, state, pool)
    if isinstance(frame, TurnFrame) and not frame.die_taken:
        pool += die_choices(r, state, frame.player, complete=True)
    refused = []
    seen = set(legal_set)
    for a in pool + near_misses(r, state):
        if a in seen:
            continue
        seen.add(a)
        try:
            a.check(r, state, frame)
        except IllegalActionError as exc:
            refused.append((a, str(exc)))
            continue
    for a, reason in refused:
        if any(_same_choice(a, b) for b in legal) and not isinstance(a, (TakeDie, Buy)):
            continue  # the legal form of this choice is listed already (another House space, another Resource)
        out.append(Option(a, reason, **_facts(r, state, frame, a)))
    return out
