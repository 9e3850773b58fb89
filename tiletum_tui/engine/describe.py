"""Plain-language text of actions and decisions, for the game log, the decision panel and the tutorial."""

from __future__ import annotations

from ..data.schema import DIE_COLOUR_NAMES, RESOURCE_NAMES
from . import actions as A
from .queries import ACTION_NAMES, CAT, PIECE_NAMES, TRACKS, action_for_value, space_name
from .state import (
    ActionFrame, BuildingBonusFrame, ChooseResourceFrame, JokerFrame, KingTileFrame, MoveAndPlaceFrame,
    MoveAnywhereFrame, MoveFrame, PickBuildingFrame, PlaceFrame, State, TurnFrame,
)


def tile_name(tile_id: str) -> str:
    if tile_id in CAT.tiles:
        return CAT.tiles[tile_id].name
    return tile_id


def _die(state: State, a: A.TakeDie) -> str:
    text = f"takes the {DIE_COLOUR_NAMES[a.colour]} {a.value}"
    if a.target != a.value:
        text += f", changed to {a.target}"
    text += f" ({ACTION_NAMES[action_for_value(state, a.target)]} Action, {7 - a.target} AP)"
    return text + (" and its Bonus tile" if a.bonus else "")


def _text(state: State, a) -> str:  # noqa: C901 - one line per kind of action, on purpose
    if isinstance(a, A.TakeDie):
        return _die(state, a)
    if isinstance(a, A.ChooseAction):
        return f"gives the AP to the {ACTION_NAMES[a.action]} Action"
    if isinstance(a, A.EndTurn):
        return "ends the turn"
    if isinstance(a, A.Done):
        f = state.stack[-1] if state.stack else None
        if isinstance(f, ActionFrame):
            unused = f" ({f.ap} AP unused)" if f.ap else ""
            return f"finishes the {ACTION_NAMES[f.action]} Action{unused}"
        return "finishes"
    if isinstance(a, A.Skip):
        return "skips the bonus"
    if isinstance(a, A.MovePiece):
        return f"moves the {PIECE_NAMES[a.piece]} to {space_name(a.to)}"
    if isinstance(a, A.PlaceHouse):
        return f"builds a House in {space_name(a.town)} (space {a.space})"
    if isinstance(a, A.PlacePillar):
        return f"raises a Pillar at the Cathedral of {space_name(a.town)}"
    if isinstance(a, A.TakeBonus):
        return f"takes the Bonus tile {tile_name(a.tile)}"
    if isinstance(a, A.Hire):
        return f"takes the {tile_name(a.tile)} from the Character offer"
    if isinstance(a, A.Refresh):
        return "discards and refills the Character offer"
    if isinstance(a, A.Room):
        return f"moves the {tile_name(a.tile)} into Building {a.building}, floor {a.floor}"
    if isinstance(a, A.TakeContract):
        return f"takes the {tile_name(a.tile)} from the Contract offer"
    if isinstance(a, A.Exchange):
        return f"exchanges 1 {RESOURCE_NAMES[a.give]} for 1 {RESOURCE_NAMES[a.get]}"
    if isinstance(a, A.KingStep):
        return "advances one space on the King track"
    if isinstance(a, A.Gain):
        return f"gains 1 {RESOURCE_NAMES[a.resource]}"
    if isinstance(a, A.Buy):
        return f"buys 1 {RESOURCE_NAMES[a.resource]} for {TRACKS.buy_resource_gold} Gold"
    if isinstance(a, A.Fulfil):
        paid = f" (identical Resources in {RESOURCE_NAMES[a.identical]})" if a.identical else ""
        return f"fulfils the Contract {tile_name(a.tile)}{paid}"
    if isinstance(a, A.PlaceCrest):
        return f"places the {tile_name(a.tile)} under Building {a.building}"
    if isinstance(a, A.BuildCathedral):
        return f"contributes to the Cathedral of {space_name(a.town)}"
    if isinstance(a, A.UseHelper):
        extra = f", taking {RESOURCE_NAMES[a.resource]} from the die" if a.resource else ""
        return f"uses the {tile_name(a.tile)}{extra}"
    if isinstance(a, A.PickBuilding):
        return f"takes the Building Bonus of Building {a.building}"
    if isinstance(a, A.CharacterBonus):
        return f"takes the bonus of the {tile_name(a.tile)}"
    if isinstance(a, A.ClaimKingTile):
        return f"takes the King track Bonus tile ({tile_name(state.board.king_bonus)})"
    if isinstance(a, A.DiscardKingTile):
        return "discards the King track Bonus tile"
    raise AssertionError(f"no description for {a!r}")


def describe(state: State, action) -> str:
    """The action in plain language, told of the player deciding now (call before applying it)."""
    who = state.players[state.stack[-1].player].name if state.stack else "?"
    return f"{who} {_text(state, action)}"


def explain_frame(state: State) -> str:
    """What the player deciding now has to do."""
    if not state.stack:
        winner = state.players[state.winner].name if state.winner >= 0 else "?"
        return f"The game is over: {winner} wins."
    f = state.stack[-1]
    who = state.players[f.player].name
    if isinstance(f, TurnFrame):
        return f"{who}: choose a die" if not f.die_taken else f"{who}: do Tasks or end the turn"
    if isinstance(f, ActionFrame):
        return f"{who}: {ACTION_NAMES[f.action]} Action, {f.ap} AP left"
    if isinstance(f, JokerFrame):
        return f"{who}: choose the Action for {f.ap} AP"
    if isinstance(f, ChooseResourceFrame):
        return f"{who}: choose {f.count} Resource{'s' if f.count > 1 else ''} ({f.reason})"
    if isinstance(f, MoveFrame):
        piece = "Merchant and/or Architect" if f.piece == "both" else PIECE_NAMES[f.piece]
        return f"{who}: you may move your {piece} ({f.steps} step{'s' if f.steps > 1 else ''} left)"
    if isinstance(f, MoveAndPlaceFrame):
        thing = "House" if f.piece == "merchant" else "Pillar"
        return f"{who}: you may move your {PIECE_NAMES[f.piece]} one space and place a {thing} there, in any order"
    if isinstance(f, PlaceFrame):
        thing = "House" if f.piece == "merchant" else "Pillar"
        where = "anywhere on the map" if f.anywhere else f"where your {PIECE_NAMES[f.piece]} is"
        return f"{who}: you may place a {thing} {where}"
    if isinstance(f, MoveAnywhereFrame):
        where = "any space" if f.reach == "any" else "a Town next to it"
        return f"{who}: you may move your {PIECE_NAMES[f.piece]} to {where}"
    if isinstance(f, PickBuildingFrame):
        return f"{who}: Building Bonus: choose a Building with a Character"
    if isinstance(f, BuildingBonusFrame):
        return f"{who}: take the bonuses of Building {f.building} in any order"
    if isinstance(f, KingTileFrame):
        return f"{who}: highest on the King track: take or discard the Bonus tile"
    raise AssertionError(f"no explanation for {f!r}")
