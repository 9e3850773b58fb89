"""The Prospect for Silver lesson's script, as data: a first game with the expansion (the A sides of
the Underground maps and the first-game Technologies, as its text recommends), round 1 taught move by
move, the King phase, and the first move of round 2. Then the game goes on, untaught.

Same shape as the base tutorial's script (``tutorial_script``: ``Step``, ``Chapter``): each step names
what it teaches (``teaches``: ids of ``checklist.CONCEPTS``) and, for a move, the
words of the menu lines that lead to it (``choose``, checked against the real menu). Every number a
text quotes is checked against the engine by ``tests/learn/test_tutorial_silver.py``.

Alex, the learner, plays second as in the base lesson: so he starts with the 1 Silver the first
player goes without, and spends it on his first Technology tier.
"""

from __future__ import annotations

from ...engine.state import PlayerSetup, Settings
from ..tutorial_script import KEY, MOVE, Chapter, Step, split_script

SEED = 7
OPPONENT, LEARNER = 0, 1  # Rosa plays first; the learner second
SETTINGS = Settings(players=(PlayerSetup("Rosa", "blue"), PlayerSetup("Alex", "red")), seed=SEED, modules=("silver",),
                    options=("silver.a-sides", "silver.first-technologies"))


def _k(text, target, view="", topic="silver:overview", teaches=()):
    return Step(text, target, KEY, view=view, topic=topic, teaches=tuple(teaches))


def _q(text, answers, correct, reveal, target, view="", topic="silver:overview", teaches=()):
    return Step(text, target, KEY, view=view, topic=topic, teaches=tuple(teaches), answers=tuple(answers),
                correct=correct, reveal=reveal)


def _m(move, text, choose, target="decision", view="", topic="silver:overview", teaches=()):
    return Step(text, target, MOVE, move=move, view=view, topic=topic, teaches=tuple(teaches), choose=tuple(choose))


_SCRIPT = (
    Chapter("silver-mines", "Silver: Prospectors, Mines, Technologies"),
    _k("Prospect for Silver: Prospectors and Mines on three Underground maps bring Silver, and Silver buys "
       "Technologies. You are Alex (red) against Rosa (blue), most VP after 4 rounds wins. Final scoring adds "
       "1 VP per 2 Silver and each Technology tier's cost. Press v at any time to see it. You play second: you "
       "start with 1 Silver, the first player with none.",
       "silver-view", "silver:scoring", "silver:overview", ("goal", "second-player-silver")),
    _k("The Prospector Wheel lies beside the Action Wheel (the line over it). This round the Prospector Action "
       "sits beside the 3 and the 4: a die from those sections feeds the Action Wheel's Action or the "
       "Prospector Action. The movement icon is beside the 1 and the 6.",
       "wheel-view", "wheel", "silver:prospector", ("two-values",)),
    _m("die 3Y prospector +bonus",
       "Take the yellow 3 for the Prospector Action: 3 Gold and 4 AP. On a shared section you choose one Action, "
       "never splitting the AP, and take only the chosen Action's Bonus tile: take the Prospector Action's, the "
       "Assay office.",
       ("Die 3Y", "Keep it at 3", "For the Prospector Action", "Take the Bonus tile"),
       "wheel-view", "wheel", "silver:prospector", ("shared-section", "section-bonus", "two-values")),
    _m("prospect 1A2",
       "Each option of the Prospector Action costs 1 AP. Move your Prospector a step on its map, from Kutna "
       "Hora's Pithead to the Royal Adit... (On the map p2 is your Prospector, p1 Rosa's; m12 the Mines Rosa "
       "(1) and you (2) placed at setup; M· a free Mine space; ◇ a Stone Tablet, Ag its Silver.)",
       ("Move your Prospector", "to Royal Adit"),
       "underground-view", "underground", "silver:prospector", ("prospector-move",)),
    _m("prospect 1A3", "...and on into the Town of Kutna Hora.",
       ("Move your Prospector", "to Kutna Hora"),
       "underground-view", "underground", "silver:prospector", ("prospector-move",)),
    _m("mine 1A3 1",
       "Add a Mine to Kutna Hora: at once 1 Silver, and the 1 Gold printed beside its space. Silver is not a "
       "Resource: it is never bought for 2 Gold nor exchanged; it pays for Technologies, new Prospectors and "
       "Underground Cathedrals.",
       ("Place a Mine in Kutna Hora",),
       "underground-view", "underground", "silver:mine", ("mine", "silver-not-resource")),
    _m("uhouse 1A3 1",
       "Add a House to Kutna Hora: Houses and Pillars underground follow the base rules (this space gives 2 VP) "
       "and count for every scoring check. A Pillar goes to its Cathedral the same way.",
       ("Place a House in Kutna Hora",),
       "underground-view", "underground", "silver:underground", ("underground-house",)),
    _m("tech joker",
       "A Task, as in the base game: pay 1 Silver for tier I of the Joker Technology, +1 AP whenever you "
       "take the Joker Action with a die, whichever Action you give it. Tier II costs 2 Silver, III 3; a tier and all the tiers below it are "
       "in effect.",
       ("Tasks…", "Advance on a Technology", "Joker Technology"),
       "silver-view", "silver:technologies", "silver:technologies", ("technology",)),
    _m("end", "Your 4 AP are spent: end your turn.", ("End your turn",), topic="turn"),

    Chapter("silver-tablets", "Silver: Stone Tablets and a new map"),
    _m("die 6B",
       "Lap 2. Take the blue 6: 6 Iron and 1 AP for the Joker, +1 from your Joker Technology: 2 AP. Its section "
       "lies beside the movement icon: this turn you may also move a Prospector one step, as a Task. Leave its "
       "Bonus tile.",
       ("Die 6B", "Keep it at 6", "Leave the Bonus tile"),
       "wheel-view", "wheel", "silver:movement", ("technology", "movement-point")),
    _m("joker prospector", "A Joker Action may be used as a Prospector Action: give it the 2 AP.",
       ("Prospector Action",), "decision", "wheel", "silver:prospector", ("joker-prospector",)),
    _m("step 1A4",
       "First the free step (a Task): Kutna Hora to the Crown Vault, a Stone Tablet. Entering it resolves it at "
       "once, a King Action with 2 AP; then an X covers it, for everyone, for the rest of the game.",
       ("Tasks…", "Prospector movement point", "to Crown Vault"),
       "underground-view", "underground", "silver:movement", ("movement-point", "stone-tablet")),
    _m("king", "The tablet's King Action: a step up the King track (1 AP)...",
       ("Advance one space on the King track",), "wheel-view", "wheel:king", "king"),
    _m("king", "...and another: your marker is on 0 now.",
       ("Advance one space on the King track",), "wheel-view", "wheel:king", "king"),
    _m("prospect 1A6", "Back to the Prospector Action's 2 AP: step on into Malin...",
       ("Move your Prospector", "to Malin"),
       "underground-view", "underground", "silver:prospector", ("prospector-move",)),
    _m("utake ub01a",
       "...and take its Underground Bonus tile: the Silver vein goes to your Storehouse like any Bonus tile "
       "(Underground Bonus tiles are never refilled).",
       ("Take an Underground Bonus tile",),
       "underground-view", "underground", "silver:underground", ("underground-bonus",)),
    _m("prospector m2",
       "A Task: put a new Prospector on a map without one of yours, for the Silver printed on its starting "
       "space: Schwaz costs 1, Freiberg 2, in any order.",
       ("Tasks…", "Place a new Prospector", "Schwaz"),
       "underground-view", "underground", "silver:underground", ("new-prospector",)),
    _m("end", "End your turn.", ("End your turn",), topic="turn"),
    _m("die 5P",
       "Lap 3, your last turn of the round: take the pink 5, 5 Food and 2 AP for the King Action (leave its "
       "Bonus tile).",
       ("Die 5P", "Keep it at 5", "Leave the Bonus tile"), "wheel-view", "wheel", "king"),
    _m("king", "Up the King track...",
       ("Advance one space on the King track",), "wheel-view", "wheel:king", "king"),
    _m("king", "...to +2: in the King phase the blue ribbon of that space pays 1 Silver.",
       ("Advance one space on the King track",), "wheel-view", "wheel:king", "silver:king", ("blue-ribbon",)),
    _m("end", "End your turn: the King phase follows.", ("End your turn",), topic="turn"),

    Chapter("silver-king", "Silver: the King phase and the end"),
    _m("claim",
       "The King phase began with Mine income: each Mine on the maps paid 1 Silver (yours 2, the setup Mine "
       "too). You are highest on the King track: take the tile beside it, as in the base game.",
       ("Take the King track Bonus tile",), "log-view", "log", "silver:king", ("mine-income",)),
    _k("Step 1 scored +2 VP for your space; as your marker is on 0 or higher a Mine from beside the King track "
       "joined your supply, and the blue ribbon paid 1 Silver. In the Cleanup the Action Wheel turned a step "
       "clockwise, the Prospector Wheel a step counterclockwise: two sections apart, the Prospector Action is "
       "beside the 1 and the 2 now.",
       "log-view", "log", "silver:king", ("king-mine", "blue-ribbon", "wheel-turns")),
    _k("Final scoring with the expansion: Completed Buildings, the Scoring overlay's side (this game: Pillars or "
       "Mines, the larger, x Houses), 1 VP per 4 Resources, 1 VP per 2 Silver, and each Technology tier its "
       "cost. Press v to see it now.",
       "silver-view", "silver:scoring", "silver:final", ("final-scoring",)),
    _m("die 1L prospector",
       "Round 2, you play first. The Prospector Action is beside the 1 now: take the light grey 1 for it, 6 AP "
       "(leave its Bonus tile).",
       ("Die 1L", "Keep it at 1", "For the Prospector Action", "Leave the Bonus tile"),
       "wheel-view", "wheel", "silver:prospector", ("wheel-turns",)),

    Chapter("silver-round2", "Silver: Underground Cathedrals, markers"),
    _m("mine 1A6 1", "Your first Prospector stands in Malin: add a Mine there (1 AP), 1 Silver and the 2 Gold printed.",
       ("Place a Mine in Malin",), "underground-view", "underground", "silver:mine", ("mine",)),
    _m("prospect 2A2",
       "With more than one Prospector on the maps, each AP may go to a different one: move the one on Schwaz's "
       "Pithead into Schwaz (1 AP)...",
       ("Move your Prospector on Schwaz", "to Schwaz"), "underground-view", "underground", "silver:prospector",
       ("different-prospectors",)),
    _m("prospect 2A3", "...through the Falkenstein Adit...", ("Move your Prospector on Schwaz", "to Falkenstein Adit"),
       "underground-view", "underground", "silver:prospector", ("prospector-move",)),
    _m("prospect 2A5", "...to Ringenwechsel, where an Underground Cathedral stands.",
       ("Move your Prospector on Schwaz", "to Ringenwechsel"), "underground-view", "underground", "silver:prospector",
       ("prospector-move",)),
    _m("upillar 2A5", "Raise a Pillar at its Cathedral (1 AP): Pillars underground follow the base rules.",
       ("Place a Pillar at the Cathedral of Ringenwechsel",), "underground-view", "underground",
       "silver:underground", ("underground-house",)),
    _m("ucathedral 2A5",
       "An Underground Cathedral is a Task where you have a Pillar: pay what its Construction Cost tile asks in "
       "Silver or Gold, here 2 Silver, and take its top Cathedral tile: +8 VP with the cost tile's.",
       ("Tasks…", "Build the Underground Cathedral of Ringenwechsel"), "underground-view", "underground",
       "silver:underground", ("underground-cathedral",)),
    _m("use ub01a", "Use the Silver vein from your Storehouse (a Task): 2 Silver.",
       ("Tasks…", "Use Helper", "Silver vein"), "board-view", "board:storehouse", "actions:helper"),
    _m("tech character", "Advance the Character Technology to tier I (1 Silver)...",
       ("Tasks…", "Advance on a Technology", "Character Technology to tier I"), "silver-view", "silver:technologies",
       "silver:technologies", ("technology",)),
    _m("tech character",
       "...and to tier II (2 Silver): it gives you one of your two new Bonus Action Points markers (+1), tier III "
       "the other.",
       ("Tasks…", "Advance on a Technology", "Character Technology to tier II"), "silver-view",
       "silver:technologies", "silver:technologies", ("character-markers",)),
    _m("marker prospector",
       "Put the marker on an Action (not the Joker): on the Prospector Action, +1 AP whenever you take it with a die, "
       "this one too: 2 AP left.",
       ("On the Prospector Action",), "decision", "silver:technologies", "silver:technologies",
       ("character-markers",)),
    _q("Look at your Contract spaces (PgDn shows the sixth, P: a Pillar on it): with the expansion an eighth "
       "Pillar lies on the last one. When does it join your supply?", ("At once, in setup", "When you fulfil a sixth Contract", "When you build an Underground "
       "Cathedral"), 1, "Like the Pillars on the spaces before it, it is freed when a fulfilled Contract fills "
       "its space: the sixth.", "board-view", "board:contracts", "silver:setup", ("extra-pillar",)),
    _k("That ends the lesson: spend your AP as you like, and play the game on against Rosa.", "decision", "",
       "silver:overview"),
)


STEPS, CHAPTERS = split_script(_SCRIPT)

# Rosa's moves while the lesson runs (round 1), in order: they leave the dice and spaces the lesson uses.
OPPONENT_SCRIPT: tuple[str, ...] = (
    "die 1P", "step 1A2", "move architect KOL", "pillar KOL", "move architect TIL", "move architect TRO",
    "move architect LYO", "end",
    "die 2Y", "move merchant KOL", "house KOL 1", "move merchant TIL", "move merchant TRO", "house TRO 1", "end",
    "die 1D", "pillar LYO", "step 1A3", "move architect MIL", "end",
)
