"""The rule behind every kind of action, and why an action is not allowed now.

``RULES`` has one entry per action class of the engine (a test iterates ``ALL_ACTIONS``, so a new
kind of action without its text fails). ``why_not`` asks the engine itself for the refusal (the
engine's reason is the one source of truth) and adds the rule it comes from and where to read more.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import actions as A
from ..engine import state as St
from ..engine.errors import TiletumError
from ..engine.rules import check


@dataclass(frozen=True)
class Rule:
    text: str  # the rule in one or two sentences
    page: str  # where the rules browser explains it
    section: str


RULES: dict[type, Rule] = {
    A.TakeDie: Rule("Each turn starts by taking one die: its value in Resources of its colour, and 7 minus its value in "
                    "AP for the Action beside it. Before taking it you may change it by 1 per 2 Gold (6 and 1 wrap "
                    "round), and you may take the Bonus tile of its Action into your Storehouse.", "rounds", "turn"),
    A.ChooseAction: Rule("The Joker (or a Helper's 'any Action') gives all its AP to one of the five other Actions; "
                         "they cannot be split.", "actions", "joker"),
    A.EndTurn: Rule("A turn ends once its die is taken and nothing is left half done. Unspent AP are lost; then the "
                    "Contract offer slides right and refills.", "rounds", "turn"),
    A.Done: Rule("Finishing an Action or a bonus gives up what is left of it. A Helper's Action must be used for at "
                 "least 1 AP first.", "actions", "ap"),
    A.Skip: Rule("Bonuses are optional: any move or placement a bonus offers may be skipped.", "actions", "map"),
    A.MovePiece: Rule("Your Merchant or Architect steps to a neighbouring space for 1 AP of its own Action (or as a "
                      "bonus allows). Roads count as spaces.", "actions", "merchant"),
    A.PlaceHouse: Rule("A House from your supply goes on a free House space of the Town where your Merchant stands, "
                       "never two of yours in one Town; 1 AP of the Merchant Action.", "actions", "merchant"),
    A.PlacePillar: Rule("A Pillar from your supply goes to the Cathedral of the Town where your Architect stands: a "
                        "free space, none of yours there, not the Unavailable Cathedral; 1 AP of the Architect "
                        "Action.", "actions", "architect"),
    A.TakeBonus: Rule("For 1 AP of the Merchant or Architect Action you may take a Bonus tile lying in the Town where "
                      "that piece stands, if your Storehouse has room.", "actions", "merchant"),
    A.Hire: Rule("For 1 AP of the Character Action take a Character from the offer into your Storehouse; the offer "
                 "refills at once.", "actions", "character"),
    A.Refresh: Rule("For 1 AP of the Character Action throw away the whole Character offer and deal a new one.",
                    "actions", "character"),
    A.Room: Rule("A Character moves from your Storehouse into an empty Room for as many AP as its floor. One kind of "
                 "Character per Building, all its copies together; its bonus comes at once.", "actions", "character"),
    A.TakeContract: Rule("The Contract Action takes a Contract or Crest from the offer for the AP printed under its "
                         "space, into your Storehouse.", "actions", "contract"),
    A.Exchange: Rule("For 1 AP of the Contract Action exchange one Resource for another; the first exchange of a turn "
                     "also gives one Resource of your choice.", "actions", "contract"),
    A.KingStep: Rule("Each AP of the King Action moves your marker one space up the King track.", "actions",
                     "king-action"),
    A.Gain: Rule("A bonus lets you choose which Resource you gain.", "actions", "tasks"),
    A.Buy: Rule("A Task: pay 2 Gold for 1 Food, Wool, Stone or Iron, at any point of your own turn.", "actions",
                "tasks"),
    A.Fulfil: Rule("A Task: pay the Resources on a Contract in your Storehouse; it moves to your leftmost free Contract "
                   "space, scores its VP and the space's, and frees the Pillar on that space.", "actions", "fulfil"),
    A.PlaceCrest: Rule("A Task: pay the Food of a Crest space to place a Crest from your Storehouse under a Building "
                       "and take that space's bonus. It may complete the Building.", "actions", "crest"),
    A.BuildCathedral: Rule("A Task: where you have a Pillar, pay the Stone on the Construction Cost tile and take the "
                           "top Cathedral tile, scoring both; once per Cathedral.", "actions", "cathedral"),
    A.UseHelper: Rule("A Task: use a Helper from your Storehouse; it then leaves the game. One Helper at a time.",
                      "actions", "helper"),
    A.PickBuilding: Rule("A Building Bonus: choose one of your Buildings with a Character in it.", "actions", "map"),
    A.CharacterBonus: Rule("A Building Bonus gives each Character in the chosen Building its bonus once, in any order; "
                           "any may be skipped.", "actions", "map"),
    A.ClaimKingTile: Rule("In the King phase the highest player on the King track may take the Bonus tile beside it, "
                          "if the Storehouse has room.", "rounds", "king"),
    A.DiscardKingTile: Rule("The highest player on the King track may instead throw that Bonus tile away.", "rounds",
                            "king"),
}

# What each kind of decision on the engine's stack is about (the decision panel's title line).
FRAME_RULES: dict[type, Rule] = {
    St.TurnFrame: RULES[A.TakeDie],
    St.ActionFrame: Rule("Spend this Action's AP on its options in any order; what you do not spend is lost.",
                         "actions", "ap"),
    St.JokerFrame: RULES[A.ChooseAction],
    St.ChooseResourceFrame: RULES[A.Gain],
    St.MoveFrame: Rule("A bonus moves a piece to a neighbouring space; each step is optional.", "actions", "map"),
    St.MoveAndPlaceFrame: Rule("A bonus moves a piece one space and/or places a House or Pillar where it stands, in "
                               "either order.", "actions", "map"),
    St.PlaceFrame: Rule("A bonus places a House or a Pillar; it may be skipped.", "actions", "crest"),
    St.MoveAnywhereFrame: Rule("A Crest space bonus moves a piece to any space on the map.", "actions", "crest"),
    St.PickBuildingFrame: RULES[A.PickBuilding],
    St.BuildingBonusFrame: RULES[A.CharacterBonus],
    St.KingTileFrame: RULES[A.ClaimKingTile],
}


@dataclass(frozen=True)
class Explanation:
    allowed: bool
    reason: str | None  # the engine's own refusal, None when allowed
    rule: Rule

    def text(self) -> str:
        if self.allowed:
            return f"Allowed. {self.rule.text}"
        return f"Not now: {self.reason}.\nThe rule: {self.rule.text}"


def rule_for(action) -> Rule:
    return RULES[type(action)]


def why_not(state, action) -> Explanation:
    """Whether ``action`` is allowed now; if not, the engine's reason, with the rule it comes from."""
    rule = rule_for(action)
    try:
        check(state, action)
    except TiletumError as exc:
        return Explanation(False, str(exc), rule)
    return Explanation(True, None, rule)


def frame_rule(state) -> Rule | None:
    """The rule behind the decision in hand (None once the game is over)."""
    return FRAME_RULES[type(state.stack[-1])] if state.stack else None
