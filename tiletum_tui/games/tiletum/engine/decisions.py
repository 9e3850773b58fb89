"""The decision in hand in plain words: who decides, what, and the rule behind it; and any action
told of its player ("Ann takes the blue 3 (Merchant Action, 4 AP)")."""

from __future__ import annotations

from .actions import Rule
from .queries import ACTION_NAMES, PIECE_NAMES
from .ruleset import rules_for
from .state import (
    ActionFrame, BuildingBonusFrame, ChooseResourceFrame, JokerFrame, KingTileFrame, MoveAndPlaceFrame,
    MoveAnywhereFrame, MoveFrame, PickBuildingFrame, PlaceFrame, State, TurnFrame,
)


def describe(state: State, action) -> str:
    """The action in plain language, told of the player taking it (call before applying it)."""
    who = state.players[action.seat].name if 0 <= action.seat < len(state.players) else "?"
    return f"{who} {action.describe(rules_for(state.settings), state)}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


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
        return f"{who}: choose {_plural(f.count, 'Resource')} ({f.reason})"
    if isinstance(f, MoveFrame):
        piece = "Merchant and/or Architect" if f.piece == "both" else PIECE_NAMES[f.piece]
        return f"{who}: you may move your {piece} ({_plural(f.steps, 'step')} left)"
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
    explain = EXPLAIN.get(type(f))
    if explain is not None:
        return f"{who}: {explain(state, f)}"
    raise AssertionError(f"no explanation for {f!r}")


# A module's decisions in words, by frame type: ``(state, frame) -> "what to do"`` (the module
# registers them with ``FRAME_RULES``, below, when its package is imported).
EXPLAIN: dict[type, object] = {}


# What each kind of decision is about (the rule shown for the decision panel's title line).
_TAKE_DIE = Rule("Each turn starts by taking one die: its value in Resources of its colour, and 7 minus its value in "
                 "AP for the Action beside it.", "rounds", "turn")
FRAME_RULES: dict[type, Rule] = {
    TurnFrame: _TAKE_DIE,
    ActionFrame: Rule("Spend this Action's AP on its options in any order; what you do not spend is lost.",
                      "actions", "ap"),
    JokerFrame: Rule("The Joker (or a Helper's 'any Action') gives all its AP to one of the five other Actions; "
                     "they cannot be split.", "actions", "joker"),
    ChooseResourceFrame: Rule("A bonus lets you choose which Resource you gain.", "actions", "tasks"),
    MoveFrame: Rule("A bonus moves a piece to a neighbouring space; each step is optional.", "actions", "map"),
    MoveAndPlaceFrame: Rule("A bonus moves a piece one space and/or places a House or Pillar where it stands, in "
                            "either order.", "actions", "map"),
    PlaceFrame: Rule("A bonus places a House or a Pillar; it may be skipped.", "actions", "crest"),
    MoveAnywhereFrame: Rule("A Crest space bonus moves a piece to any space on the map.", "actions", "crest"),
    PickBuildingFrame: Rule("A Building Bonus: choose one of your Buildings with a Character in it.", "actions", "map"),
    BuildingBonusFrame: Rule("A Building Bonus gives each Character in the chosen Building its bonus once, in any "
                             "order; any may be skipped.", "actions", "map"),
    KingTileFrame: Rule("In the King phase the highest player on the King track may take the Bonus tile beside it, "
                        "if the Storehouse has room.", "rounds", "king"),
}


def frame_rule(state: State) -> Rule | None:
    """The rule behind the decision in hand (None once the game is over)."""
    return FRAME_RULES[type(state.stack[-1])] if state.stack else None
