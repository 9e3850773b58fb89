"""What the Prospect for Silver lesson must teach (issue 13: "the tutorial gets a chapter for it"), beside
its script: every rule of the expansion a first game meets, in the words of its text.

Each concept is taught by a move the learner makes, right when it is first needed (the step of that move
names it in ``Step.teaches``); ``tests/learn/test_tutorial_silver.py`` fails when one has none. The few
the game does by itself (the goal, the King phase's Mine and the Cleanup's turn of the wheel, final
scoring) are shown by a step to read, after the moves that lead to them.
"""

from __future__ import annotations

CONCEPTS: dict[str, str] = {
    "goal": "the goal with the expansion: what final scoring adds; v shows it",
    "second-player-silver": "every player but the first starts with 1 Silver",
    "two-values": "the Prospector Action lies beside two die values a round",
    "shared-section": "a die from a section with both the Prospector Action and another Action: choose one, "
                      "never splitting the AP",
    "section-bonus": "on a shared section only the chosen Action's Bonus tile may be taken",
    "prospector-move": "1 AP: move a Prospector a step on its own map",
    "mine": "1 AP: place a Mine in a Town where your Prospector is: 1 Silver and the Gold printed",
    "silver-not-resource": "Silver is not a Resource: never bought for 2 Gold, never exchanged",
    "underground-house": "1 AP: a House (or a Pillar) underground, by the base rules, counted in scoring",
    "technology": "a Technology tier is a Task: 1/2/3 Silver; the tiers below stay in effect",
    "movement-point": "a die beside the movement icon gives a free Prospector step, as a Task",
    "joker-prospector": "the Joker may be used as the Prospector Action",
    "stone-tablet": "a Stone Tablet resolves when a Prospector enters it, then is covered for good",
    "underground-bonus": "1 AP: take an Underground Bonus tile from the Town where your Prospector is",
    "new-prospector": "a new Prospector on a map without one of yours: a Task, the Silver printed on its start",
    "blue-ribbon": "King phase step 1: the blue ribbon of your marker's space pays Silver",
    "mine-income": "the King phase begins with Mine income: 1 Silver per Mine on the maps",
    "king-mine": "King phase step 1: a marker on 0 or higher gains a Mine from beside the King track",
    "wheel-turns": "Cleanup turns the Prospector Wheel counterclockwise (the Action Wheel clockwise)",
    "final-scoring": "final scoring: 2 Silver = 1 VP, Technology tiers, the Scoring overlay's side",
    # issue 24: what the lesson left out
    "underground-cathedral": "an Underground Cathedral: a Task where you have a Pillar, paid in Silver or Gold",
    "different-prospectors": "each AP of a Prospector Action may go to a different Prospector",
    "extra-pillar": "the eighth Pillar on the last Contract space, freed by a sixth Contract",
    "character-markers": "the Character Technology's tiers II and III: a Bonus Action Points marker (+1) each",
}

# Concepts a step to read may teach without a move: the game does them (or they come before any move).
SHOWN_NOT_PLAYED = frozenset({"goal", "second-player-silver", "king-mine", "final-scoring"})
