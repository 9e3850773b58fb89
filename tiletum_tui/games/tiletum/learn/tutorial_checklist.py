"""What the guided game must teach (issue 10's checklist), beside the script that teaches it.

Every concept is taught by a move the learner makes, right when it is first needed: the step of
that move names the concept in ``Step.teaches``. ``tests/learn/test_tutorial_checklist.py`` fails
when a concept has no move step teaching it (or a step names a concept that is not here). The
goal alone is shown rather than played: it is on the first step, before any move.
"""

from __future__ import annotations

# concept id -> what the learner must come away knowing
CONCEPTS: dict[str, str] = {
    "goal": "the goal: most VP after 4 rounds; what final scoring counts; v shows it",
    "overview": "a round's five phases, and where the learner chooses",
    "die-ap": "a die gives its value in Resources and 7 minus its value in AP",
    "resources-by-colour": "which Resource each die colour gives",
    "change-die": "changing a die by 1 for 2 Gold a step, before taking it",
    "second-player-gold": "why a later seat starts with more Gold",
    "ap-lost": "AP left unspent at the end of a turn are lost",
    "tasks": "Tasks cost Resources, not AP, and can be done between the choices of a turn, not inside a bonus",
    "map-codes": "what the map's codes mean (H, P, v, b, ◆, F)",
    "action-architect": "the Architect Action: steps and Pillars for 1 AP each",
    "action-merchant": "the Merchant Action: steps and Houses for 1 AP each",
    "action-character": "the Character Action: hire and move into Rooms",
    "action-contract": "the Contract Action: take from the offer, exchange Resources",
    "action-king": "the King Action: steps up the King track",
    "action-joker": "the Joker: its AP go to any one of the five other Actions",
    "bonus-tiles": "Bonus tiles on the wheel and in the Towns",
    "storehouse": "the four-space Storehouse: tiles wait there; a full one takes nothing",
    "characters": "Characters go into Rooms of Buildings; a Room costs its floor in AP; their bonus",
    "one-picture": "one kind of Character per Building",
    "roof-house": "a full Building's roof House joins the supply",
    "character-bonus": "a Character's bonus can move the Merchant",
    "helpers": "Helpers: used as a Task, then out of the game",
    "contracts": "Contracts: taken from the offer, fulfilled as a Task",
    "contract-spaces": "Contract spaces: VP, and the Pillars they free",
    "pillars": "Pillars at Cathedrals: needed to build there, and x Houses at the end",
    "crests": "Crests under Buildings, paid in Food, with the space's bonus",
    "completed-building": "a Completed Building (full and a Crest) adds AP to its Action",
    "cathedrals": "building at a Cathedral where one has a Pillar",
    "construction-cost": "the Construction Cost tile: the Stone it asks and its VP",
    "houses": "Houses on the map: at the end and at Fairs",
    "house-spaces": "House spaces: how many a Town has, and their kinds",
    "building-bonus": "the Building Bonus (a House space, a Helper)",
    "vp-spaces": "House spaces that pay VP at once",
    "king-track": "the King track: VP at the King phase, red spaces cost VP",
    "king-stacks": "markers on one space stack; the lower counts as higher",
    "corruption": "Corruption tokens pull every King track marker down at each lap",
    "turn-order": "the King track sets the next round's turn order",
    "king-phase-choice": "the King phase: the highest takes or discards the Bonus tile",
    "fair": "the Fair: a House or the Merchant in the Fair Town takes part",
    "next-fair": "which Town holds the next Fair",
    "cleanup": "Cleanup: refills, new tokens and dice, the wheel turns",
    "final-scoring": "final scoring: Houses x Pillars, Completed Buildings, Resources",
    # issue 24: what the tutorial told or left out
    "architect-bonus": "the Architect takes a map Bonus tile too (1 AP)",
    "discard-offer": "1 AP discards the whole Character offer and refills it",
    "king-cap": "the King track ends at +15: a marker never goes above it",
    "contract-limit": "six Contract spaces at most: with all six filled, no more Contracts are taken",
    "bonus-ap-helpers": "Bonus AP of a Completed Building go to a die's Action (and the Joker's), never a Helper's",
    "winner": "most VP wins; a tie goes to the player first in turn order",
    "vp-floor": "a score never goes below 0",
    "helper-kinds": "the kinds of Helper: an Action, extra AP, Resources, Gold or VP, a Building's bonuses, a die's "
                    "Resources of another type",
}

# Concepts a key step may teach without a move (shown before the first move).
SHOWN_NOT_PLAYED = frozenset({"goal", "overview"})
