"""Listing the legal actions: candidates for the decision on top of the stack, kept if ``check`` allows them."""

from __future__ import annotations

from ..data.schema import ACTIONS, RESOURCES
from . import actions as A
from .errors import IllegalActionError
from .queries import BOARD, SPACES, TOWNS, TRACKS, neighbours, next_towns, tile, wheel_position_for_value, why_cannot_take
from .common import die_steps, helper_active
from .rules import RULES
from .state import (
    ActionFrame, BuildingBonusFrame, ChooseResourceFrame, JokerFrame, KingTileFrame, MoveAndPlaceFrame,
    MoveAnywhereFrame, MoveFrame, PickBuildingFrame, PlaceFrame, State, TurnFrame,
)

_FIVE = ACTIONS[:5]


def _moves(p, piece: str):
    here = p.merchant if piece == "merchant" else p.architect
    return [A.MovePiece(piece=piece, to=s) for s in neighbours(here)]


def _houses(state: State, towns):
    return [A.PlaceHouse(town=t, space=i + 1) for t in towns for i, o in enumerate(state.board.houses[t]) if o == -1]


def action_options(state: State, frame: ActionFrame) -> list:
    """Candidate options of an Action (checked by the caller)."""
    p = state.players[frame.player]
    out: list = [A.Done()]
    if frame.action in ("merchant", "architect"):
        out += _moves(p, frame.action)
        here = p.merchant if frame.action == "merchant" else p.architect
        if frame.action == "merchant":
            out += _houses(state, [here]) if here in state.board.houses else []
        elif here in state.board.pillars:
            out.append(A.PlacePillar(town=here))
        out += [A.TakeBonus(tile=t) for t in dict.fromkeys(state.board.map_bonus.get(here, ()))]
    elif frame.action == "character":
        out += [A.Hire(tile=t) for t in state.board.character_offer if t]
        out.append(A.Refresh())
        seen = set()
        for t in p.storehouse:
            if tile(t).kind == "character" and tile(t).design not in seen:
                seen.add(tile(t).design)
                for b, spec in enumerate(BOARD.buildings):
                    for f in range(min(spec.rooms, frame.ap)):  # a Room costs its floor in AP
                        if not p.rooms[b][f]:
                            out.append(A.Room(tile=t, building=b + 1, floor=f + 1))
    elif frame.action == "contract":
        out += [A.TakeContract(tile=t) for t in state.board.contract_offer if t]
        if frame.ap >= 1:
            out += [A.Exchange(give=g, get=r) for g in RESOURCES if p.resources[g] for r in RESOURCES if r != g]
    elif frame.action == "king":
        out.append(A.KingStep())
    return out


def die_choices(state: State, p) -> list:
    """Die choices the player can afford, with the Bonus tile where there is one to take.

    Legal by construction, so ``legal_actions`` does not check them one by one (the hot path of
    every playout); a test holds them to ``check``.
    """
    steps_affordable = p.resources["G"] // TRACKS.change_die_gold
    takeable = [bool(t) and why_cannot_take(p, t) is None for t in state.board.wheel_bonus]
    out = []
    for v, dice in enumerate(state.board.wheel_dice, 1):
        for colour in dict.fromkeys(dice):
            for target in range(1, 7):
                if die_steps(v, target) > steps_affordable:
                    continue
                out.append(A.TakeDie(value=v, colour=colour, target=target))
                if takeable[wheel_position_for_value(state, target)]:
                    out.append(A.TakeDie(value=v, colour=colour, target=target, bonus=True))
    return out


def _tasks(state: State, frame) -> list:
    p = state.players[frame.player]
    out: list = [A.Buy(resource=r) for r in RESOURCES[1:]] if p.resources["G"] >= TRACKS.buy_resource_gold else []
    for t in p.storehouse:
        kind = tile(t).kind
        if kind == "contract":
            spec = tile(t)
            if spec.identical:
                out += [A.Fulfil(tile=t, identical=r) for r in RESOURCES]
            else:
                out.append(A.Fulfil(tile=t))
        elif kind == "crest":
            food = p.resources["F"]
            out += [A.PlaceCrest(tile=t, building=b + 1) for b, space in enumerate(BOARD.crest_spaces)
                    if not p.crests[b] and food >= space.food]
        elif kind == "helper" and not helper_active(state):
            if any(e.__class__.__name__ == "DieResource" for e in tile(t).effects):
                out += [A.UseHelper(tile=t, resource=r) for r in RESOURCES]
            else:
                out.append(A.UseHelper(tile=t))
    out += [A.BuildCathedral(town=t) for t, row in state.board.pillars.items() if frame.player in row]
    return out


def candidates(state: State) -> list:
    """Every action worth checking for the decision on top of the stack."""
    if not state.stack:
        return []
    frame = state.stack[-1]
    p = state.players[frame.player]
    if isinstance(frame, TurnFrame):
        out: list = [A.EndTurn()]
        if not frame.die_taken:
            out += die_choices(state, p)
        return out + _tasks(state, frame)
    if isinstance(frame, ActionFrame):
        return action_options(state, frame) + [A.EndTurn()] + _tasks(state, frame)
    if isinstance(frame, JokerFrame):
        return [A.ChooseAction(action=a) for a in _FIVE] + [A.EndTurn()] + _tasks(state, frame)
    if isinstance(frame, ChooseResourceFrame):
        return [A.Gain(resource=r) for r in RESOURCES]
    if isinstance(frame, MoveFrame):
        pieces = ("merchant", "architect") if frame.piece == "both" else (frame.piece,)
        return [m for piece in pieces for m in _moves(p, piece)] + [A.Skip()]
    if isinstance(frame, MoveAndPlaceFrame):
        here = p.merchant if frame.piece == "merchant" else p.architect
        place = (_houses(state, [here]) if here in state.board.houses else []) if frame.piece == "merchant" else [A.PlacePillar(town=here)]
        return _moves(p, frame.piece) + place + [A.Done()]
    if isinstance(frame, PlaceFrame):
        if frame.anywhere:
            towns = TOWNS if frame.piece == "merchant" else list(state.board.pillars)
        else:
            towns = [p.merchant if frame.piece == "merchant" else p.architect]
        towns = [t for t in towns if SPACES[t].kind == "town"]
        place = _houses(state, towns) if frame.piece == "merchant" else [A.PlacePillar(town=t) for t in towns if t in state.board.pillars]
        return place + [A.Skip()]
    if isinstance(frame, MoveAnywhereFrame):
        here = p.merchant if frame.piece == "merchant" else p.architect
        reach = SPACES if frame.reach == "any" else next_towns(here)
        return [A.MovePiece(piece=frame.piece, to=s) for s in reach] + [A.Skip()]
    if isinstance(frame, PickBuildingFrame):
        return [A.PickBuilding(building=b + 1) for b in range(len(p.rooms))] + [A.Skip()]
    if isinstance(frame, BuildingBonusFrame):
        return [A.CharacterBonus(tile=t) for t in dict.fromkeys(frame.remaining)] + [A.Done()]
    if isinstance(frame, KingTileFrame):
        return [A.ClaimKingTile(), A.DiscardKingTile()]
    raise AssertionError(f"unknown frame {frame!r}")


def legal_actions(state: State) -> list:
    """Every legal action for the decision in hand (empty only when the game is over)."""
    if not state.stack:
        return []
    frame = state.stack[-1]
    if isinstance(frame, TurnFrame) and not frame.die_taken:
        out = die_choices(state, state.players[frame.player])
        to_check = _tasks(state, frame)
    else:
        out = []
        to_check = candidates(state)
    for a in to_check:
        try:
            RULES[type(a)][0](state, frame, a)
        except IllegalActionError:
            continue
        out.append(a)
    return out
