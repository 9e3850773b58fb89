"""The guided game's script, as data: the seed, the learner's steps in chapters, Rosa's moves.

One line of play from one seed: rounds 1 and 2 are taught move by move (every Action, every
kind of tile, the King phase and two Fairs), rounds 3 and 4 are free play with hints. A chapter
is an entry point into the same script: starting it replays the script's moves up to its first
step (``tutorial.start_chapter``), so its position is reached through the engine like any game.

Each step says what it teaches (``teaches``: ids of ``tutorial_checklist.CONCEPTS``) and, for a
move, the words of the menu lines that lead to it (``choose``, top level first: the decision
panel's labels, checked against the real menu by ``tests/learn/test_tutorial_menu.py``).
Texts are short: at 80x24 the tutorial box shows about five lines.

The learner, Alex, is the second player: he starts with 3 Gold to Rosa's 1 and pays 2 of them to
change his first die (the lesson of why later seats start with more Gold).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import PlayerSetup, Settings

SEED = 1
OPPONENT, LEARNER = 0, 1  # Rosa plays first; the learner second
SETTINGS = Settings(players=(PlayerSetup("Rosa", "blue"), PlayerSetup("Alex", "red")), seed=SEED)
KEY, MOVE, FREE = "key", "move", "free"


@dataclass(frozen=True)
class Step:
    text: str
    target: str  # widget id on the game screen the step talks about
    kind: str = KEY  # KEY: press a key; MOVE: make ``move``; FREE: play freely until ``until``
    move: str = ""  # MOVE: the move, in the notation without seat ("die 2Y>1 +bonus")
    view: str = ""  # the game view to show (wheel, map, board, offers, log), "" to leave it; "board:storehouse"
    # also scrolls to that part of it (the drawing's ``sections``: wheel king/players, board storehouse/...)
    until: str = ""  # FREE steps: "round3", "round4", "over"
    topic: str = ""  # the rules topic F1 opens on this step
    teaches: tuple[str, ...] = ()  # concept ids (tutorial_checklist.CONCEPTS)
    choose: tuple[str, ...] = ()  # MOVE: words of the menu lines to choose, top level first
    # A KEY step may ask a question about the position on screen, where no move can show the rule: the
    # learner picks one of ``answers`` (``correct`` is its index); ``reveal`` says why, after any answer.
    answers: tuple[str, ...] = ()
    correct: int = 0
    reveal: str = ""

    @property
    def question(self) -> bool:
        return bool(self.answers)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    start: int = 0  # index of its first step in STEPS (filled in below)


def _k(text, target, view="", topic="", teaches=()):
    return Step(text, target, KEY, view=view, topic=topic, teaches=tuple(teaches))


def _q(text, answers, correct, reveal, target, view="", topic="", teaches=()):
    """A question about the position on screen (a KEY step answered by choosing one of ``answers``)."""
    return Step(text, target, KEY, view=view, topic=topic, teaches=tuple(teaches), answers=tuple(answers),
                correct=correct, reveal=reveal)


def _m(move, text, choose, target="decision", view="", topic="", teaches=()):
    return Step(text, target, MOVE, move=move, view=view, topic=topic, teaches=tuple(teaches),
                choose=tuple(choose))


def _done(text, teaches=()):
    return _m("done", text, ("Done",), teaches=teaches, topic="actions:ap")


def _end(text, teaches=(), view=""):
    return _m("end", text, ("End your turn",), teaches=teaches, topic="turn", view=view)



_SCRIPT = (
    Chapter("dice", "Dice and Actions"),
    _k("Welcome to Tiletum! You are Alex (red), against Rosa (blue). After 4 rounds the most Victory Points (VP) "
       "win. The goal: final scoring pays Houses x Pillars on the map, Completed Buildings (3 or more) and 1 VP "
       "per 4 Resources left. Press v at any time to see what it would give now.", "status", "wheel", "goal",
       ("goal",)),
    _k("A round has five phases: Preparation (dice rolled), Action (three turns each), King, Fair and Cleanup. "
       "The game runs them; you choose in your turns (and once in the King phase, as you will see). Rosa "
       "is first player this round: each of her moves is told in one line as it happens.",
       "status", "wheel", "rounds:overview", ("overview",)),
    _k("The Action Wheel: each die lies beside an Action. A die gives its value in Resources of its colour "
       "(yellow Gold, pink Food, light grey Wool, dark grey Stone, blue Iron) and 7 minus its value in Action "
       "Points (AP) for that Action: a 1 gives 6 AP, a 6 only 1.", "wheel-view", "wheel", "turn",
       ("die-ap", "resources-by-colour")),
    _m("die 2Y>1 +bonus", "No die lies at the Architect (1). You play second, so you began with 3 Gold to Rosa's "
       "1: pay 2 to turn the yellow 2 into a 1 (1 Gold, 6 AP). Take its Bonus tile too, a Contract: tiles go to "
       "your Storehouse (4 spaces).", ("Die 2Y", "To 1 for 2 Gold", "Take the Bonus tile"), "wheel-view", "wheel",
       "change", ("change-die", "second-player-gold", "die-ap", "resources-by-colour", "bonus-tiles", "storehouse")),
    _m("move architect KOL", "Architect Action: a step or a Pillar costs 1 AP. Walk to Koeln. On the map H marks "
       "House spaces and P Pillar spaces (· free, v VP, b Building Bonus), ◆ Bonus tiles, F2 the Town of round "
       "2's Fair.", ("Move to Koeln",), "map-view", "map", "architect", ("action-architect", "map-codes")),
    _m("pillar KOL", "Raise a Pillar at Koeln's Cathedral. A Pillar lets you build that Cathedral, and at the end "
       "every House you have on the map scores once per Pillar you have there.",
       ("Place a Pillar here",), "map-view", "map", "architect", ("pillars", "final-scoring")),
    _m("move architect TIL", "Your AP reach one more Cathedral: walk back to Tiletum...", ("Move to Tiletum",),
       "map-view", "map", "architect"),
    _m("move architect TRO", "...then Troyes...", ("Move to Troyes",), "map-view", "map", "architect"),
    _m("move architect PAR", "...and Paris.", ("Move to Paris",), "map-view", "map", "architect"),
    _m("pillar PAR", "Your second Pillar. Your House in Tiletum x two Pillars would already pay 2 VP at the end; each "
       "new House adds 2 more. Press v to see it.", ("Place a Pillar here",), "map-view", "map", "final",
       ("pillars", "final-scoring")),
    _end("All 6 AP are spent: choose 'End your turn', the last line. AP left unspent at the end of a turn are "
         "lost (you will see it happen in round 2)."),
    Chapter("merchant", "Merchant, Houses and Cathedrals"),
    _m("die 2D +bonus", "Lap 2. Take the dark grey 2: 2 Stone and 5 AP for the Merchant Action, and its Bonus tile, "
       "a Helper.", ("Die 2D", "Take the Bonus tile"), "wheel-view", "wheel", "turn", ("action-merchant",)),
    _m("use b12a", "Tasks cost no AP and can be done before, between or after your choices in a turn, never in the "
       "middle of a bonus (Tasks… in the menu). Use the Helper: +1 AP for your die's Action, so 6. A used "
       "Helper leaves the game.", ("Tasks…", "Use Helper", "extra AP"),
       "board-view", "board:storehouse", "actions:helper", ("helpers", "tasks")),
    _m("move merchant ANT", "The Merchant Action moves your Merchant and builds Houses, 1 AP each. Go to Antwerpen: "
       "it holds round 2's Fair (F2), and who has a House or the Merchant there takes part.",
       ("Move to Antwerpen",), "map-view", "map", "merchant", ("next-fair", "fair")),
    _m("house ANT 1", "Build a House (1 AP). A Town has few House spaces; this one is plain. Houses count at the end "
       "(x Pillars) and at several Fairs.", ("Place a House",), "map-view", "map", "merchant",
       ("houses", "house-spaces")),
    _m("move merchant KOL", "On to Koeln, where your Pillar stands.", ("Move to Koeln",), "map-view", "map",
       "merchant"),
    _m("cathedral KOL", "Build at Koeln's Cathedral (a Task; your Pillar there allows it). Its Construction Cost tile "
       "asks 2 Stone: you have 3. You score the cost tile's VP and take the top Cathedral tile with its VP. Once "
       "per Cathedral.", ("Tasks…", "Build the Cathedral of Koeln"), "map-view", "map", "cathedral",
       ("cathedrals", "construction-cost", "tasks")),
    _m("move merchant HAM", "Now Hamburg: its House space is marked v.", ("Move to Hamburg",), "map-view", "map",
       "merchant"),
    _m("house HAM 1", "A House on a v space scores its VP at once: +2.", ("Place a House", "+2 VP"), "map-view",
       "map", "merchant", ("vp-spaces", "houses")),
    _m("take b19a", "A Bonus tile lies here (◆1): take it with your last AP. It is a Helper; keep it in your "
       "Storehouse for later.", ("Take the Bonus tile",), "map-view", "map", "storehouse",
       ("bonus-tiles", "storehouse")),
    _end("No AP left: end your turn."),
    Chapter("king", "King track and Corruption"),
    _m("die 5B", "Lap 3: a Corruption token turned up 1 and pulled every King marker down a space (the 2 at lap 1 "
       "did two): you are on -3. Take the blue 5: 5 Iron and 2 AP for the King Action (leave its Bonus tile this "
       "time).", ("Die 5B",), "wheel-view", "wheel", "king",
       ("action-king", "corruption")),
    _m("king", "Each AP moves your marker one space up the King track: yours leaves the stack it shared with Rosa's "
       "(on one space markers stack, and the one below counts as higher). In the King phase everyone scores the VP "
       "of their space (red ones cost VP) and the highest plays first next round.",
       ("Advance one space on the King track",), "wheel-view", "wheel:king", "king",
       ("king-track", "turn-order", "king-stacks")),
    _m("king", "Again. Corruption (0, 1 or 2 at each lap) pulls everyone down, so climbing late keeps more.",
       ("Advance one space on the King track",), "wheel-view", "wheel:king", "king", ("corruption",)),
    _q("The King track ends at +15. Say your marker stood on +10, two spaces below the top, and you had 4 AP "
       "for the King Action: where would it end?", ("+17", "+15", "+10"),  # (bare: the reason comes after)
       1, "The top space is +15: steps beyond it are lost, and 'Advance' is greyed there.", "wheel-view",
       "wheel:king", "king", ("king-cap",)),
    _end("End your turn. You are now highest on the King track: -1 against Rosa's -3.", view="wheel:king"),
    Chapter("king-phase", "The King phase, Fair and Cleanup"),
    _m("claim", "King phase. The highest player takes or discards the Bonus tile beside the King track: take the "
       "Crest of the Lily. Then everyone scores their space (you -1, Rosa -3) and turn order follows the track.",
       ("Take the King track Bonus tile",), "wheel-view", "wheel:king", "king", ("king-phase-choice", "turn-order")),
    _q("The King track scored: you -1, Rosa -3 (red spaces cost VP). Say Rosa had had only 2 VP: what would "
       "her score be now?", ("-1", "0", "2"), 1,
       "A score never goes below 0: the VP it cannot lose are simply not taken.", "status", "wheel:players",
       "king", ("vp-floor",)),
    _k("Then the Fair in Tiletum: who had a House or the Merchant there took part, and its tile paid 5 VP per "
       "Cathedral tile: you +5, Rosa nothing. The log (l) lists every point and why.", "log-view", "log", "fair",
       ("fair",)),
    _k("Then Cleanup: the Bonus tiles taken from the wheel and the King track were replaced (a map's Bonus "
       "tiles never are), three new Corruption tokens, the dice back in the bag, the wheel turned one step. Round 2: "
       "the King phase moved the markers on red King spaces up to the 0 space, and set you first.", "wheel-view",
       "wheel", "cleanup", ("cleanup",)),
    Chapter("characters", "Characters, Buildings and Helpers"),
    _m("die 2Y +bonus", "The turned wheel: a 2 now feeds the Character Action. Take the yellow 2 (2 Gold, 5 AP) and "
       "its Bonus tile: your Storehouse is now full, 4 of 4.", ("Die 2Y", "Take the Bonus tile"), "wheel-view",
       "wheel", "character", ("cleanup", "action-character", "storehouse")),
    _m("use b19a", "A full Storehouse takes no tile, not even a Character, and a tile is never thrown away. Use a "
       "market Helper (Tasks…; your two are alike: either will do): 2 Resources of your choice. It leaves, making "
       "room.",
       ("Tasks…", "Use Helper", "market"), "board-view", "board:storehouse", "actions:helper", ("helpers", "storehouse")),
    _m("gain F", "Choose Food: Crests are paid in Food.", ("Gain 1 Food",), "board-view", "board", "tasks"),
    _m("gain F", "And Food again.", ("Gain 1 Food",), "board-view", "board", "tasks"),
    _m("hire c06b", "Character Action: hire a Settler for 1 AP (either of the two that 'move your Merchant one space "
       "and/or place a House there'). It goes to your Storehouse first.",
       ("Hire", "Settler (Merchant): move"), "offers-view", "offers:character-offer", "character",
       ("characters",)),
    _m("room c06b 2 1", "Move it into a Room of Building 2, floor 1: a Room costs its floor number in AP. A "
       "Character's bonus comes at once.", ("Put a Character in a Room", "Settler", "Building 2, floor 1"),
       "board-view", "board:buildings", "character", ("characters",)),
    _m("move merchant KOL", "The Settler's bonus moves your Merchant: to Koeln. (You have no House left to place.)",
       ("Move your Merchant to Koeln",), "map-view", "map", "merchant", ("character-bonus",)),
    _done("Finish the bonus: choose 'Done'."),
    _m("hire c06a", "Hire the twin of your first Settler, the one that can 'move your Merchant one space' (1 AP). "
       "The other Settler of the offer only places a House.", ("Hire", "Settler (Merchant): move"),
       "offers-view", "offers:character-offer", "character", ("characters",)),
    _m("room c06a 2 2", "One picture per Building: a Settler may live only with the Settlers, in Building 2. Floor 2 "
       "costs 2 AP. Building 2 is then full, so its roof House joins your supply.",
       ("Put a Character in a Room", "Settler", "Building 2, floor 2"), "board-view", "board:buildings", "character",
       ("one-picture", "roof-house")),
    _m("house KOL 1", "Its bonus places that House where your Merchant is: Koeln's b space gives a Building Bonus.",
       ("Place a House", "Building Bonus"), "map-view", "map", "merchant", ("building-bonus", "house-spaces")),
    _m("building 2", "Building Bonus: choose one of your Buildings; each Character in it gives its bonus once more.",
       ("Building 2",), "board-view", "board:buildings", "character", ("building-bonus",)),
    _m("bonus c06b", "Take a Settler's bonus...", ("Take the bonus of",), "board-view", "board:buildings", "character"),
    _m("move merchant ANT", "...and move your Merchant to Antwerpen.", ("Move your Merchant to Antwerpen",), "map-view", "map",
       "merchant", ("character-bonus",)),
    _done("Each bonus waits until you finish it: 'Done' for this Settler..."),
    _done("...'Done' for the Building Bonus (the other Settler would only move you again)..."),
    _done("...and 'Done' for the bonus you started from."),
    _end("The Character Action has no AP left: end your turn."),
    Chapter("contracts", "Contracts, Crests and Pillars"),
    _m("die 3P", "Lap 2 (a Corruption 1: both markers to -1). Take the pink 3: 3 Food and 4 AP for the Contract "
       "Action (leave its Bonus tile).", ("Die 3P",), "wheel-view", "wheel", "contract", ("action-contract",)),
    _m("fulfil b30a I", "Fulfil the Trade goods Contract (a Task): 3 identical Resources, pay Iron. It moves to your "
       "first Contract space, scores, and frees the Pillar printed there into your supply.",
       ("Tasks…", "Fulfil", "Trade goods", "Iron"), "board-view", "board:contracts", "fulfil",
       ("contracts", "contract-spaces", "pillars")),
    _q("Look at your Contract spaces: the Trade goods Contract fills the first. Each fulfilled Contract takes "
       "the next. When all of them are filled, what then?", ("The first Contract leaves to make room",
       "No more Contracts can be taken", "They wait in the Storehouse until a space frees"), 1,
       "There are 6 Contract spaces: with all six filled, the Contract Action takes no more Contracts.",
       "board-view", "board:contracts", "contracts", ("contract-limit",)),
    _m("crest b27a 2", "Place the Lily Crest under Building 2 (6 Food). Full Rooms and a Crest: Building 2 is "
       "Completed, and its Settlers add 2 AP to each of your Merchant Actions from now on.",
       ("Tasks…", "Place the Crest", "Lily", "under Building 2"), "board-view", "board:buildings", "completed",
       ("crests", "completed-building")),
    _m("pillar LYO", "That Crest space's bonus: a Pillar at any Cathedral. Put the freed Pillar in Lyon: you may "
       "then build its Cathedral, and at the end your Houses on the map score once per Pillar you have there.",
       ("Place a Pillar at the Cathedral of Lyon",), "map-view", "map", "crest",
       ("pillars", "crests")),
    _m("contract k28a", "Contract Action: take a tile from the Contract offer; its space sets the AP (1 at the right "
       "end). Take the Crest of the Tower: Crests come from this offer too.",
       ("Take for 1 AP", "Crest of the Tower"), "offers-view", "offers", "contract",
       ("contracts", "crests")),
    _m("exchange I F", "Exchange 1 Iron for 1 Food (1 AP). The first exchange of a turn gives one more Resource of "
       "your choice.", ("Exchange a Resource", "Give 1 Iron", "for 1 Food"), "decision", "board", "contract",
       ("action-contract",)),
    _m("gain F", "Choose Food: 2 Food now.", ("Gain 1 Food",), "board-view", "board", "contract"),
    _m("crest k28a 6", "Place it under Building 6, whose Room is pre-occupied: 2 Food, +5 VP, and it is Completed "
       "too (that one adds no AP).", ("Tasks…", "Place the Crest", "Tower", "under Building 6"), "board-view",
       "board:buildings", "crest", ("crests", "completed-building")),
    _end("End your turn: the 2 AP left are lost (the game asks first; answer yes).", ("ap-lost",)),
    Chapter("joker", "The Joker and Helpers"),
    _m("die 5B", "Lap 3. Take the blue 5: 5 Iron and 2 AP for the Joker, which gives its AP to any one of the five "
       "other Actions (leave its Bonus tile).", ("Die 5B",), "wheel-view", "wheel", "joker", ("action-joker",)),
    _m("joker merchant", "Give them to the Merchant: Building 2's Completed bonus adds 2 more, so 4 AP.",
       ("Merchant Action",), "decision", "wheel", "joker", ("action-joker", "completed-building")),
    _m("move merchant BRU", "Walk to London's Bonus tile: Brugge...", ("Move to Brugge",), "map-view", "map",
       "merchant"),
    _m("move merchant r01", "...the road (a road space has no Houses)...", ("Move to the road to London",),
       "map-view", "map", "merchant"),
    _m("move merchant LON", "...London.", ("Move to London",), "map-view", "map", "merchant"),
    _m("take b04a", "Take the Bonus tile: a Helper that gives a Character Action.",
       ("Take the Bonus tile",), "map-view", "map", "storehouse", ("bonus-tiles",)),
    _m("use b04a", "Use it at once (Tasks…): a Character Action with 2 AP, on top of your turn.",
       ("Tasks…", "Use Helper", "Character"), "board-view", "board:storehouse", "actions:helper", ("helpers",)),
    _m("hire c03c", "Hire the Quarryman that can 'gain 2 Stone' (1 AP).",
       ("Hire", "Quarryman (Contract): gain 2 Stone"), "offers-view", "offers:character-offer",
       "character", ("characters",)),
    _m("room c03c 1 1", "Into Building 1 (1 AP): its one Room is full, so its roof House joins your supply, and the "
       "Quarryman gives 2 Stone.", ("Put a Character in a Room", "Quarryman", "Building 1, floor 1"), "board-view",
       "board:buildings", "character", ("roof-house", "characters")),
    _end("End your turn. Rosa plays her last turn, then the King phase."),
    Chapter("round-end", "The King phase again, Fair and round 3"),
    _m("claim", "You and Rosa share -1: your marker is at the bottom of the stack, so you count as higher. Take or "
       "discard the tile beside the track: take the Wool order.", ("Take the King track Bonus tile",), "wheel-view",
       "wheel:king", "king", ("king-stacks", "king-phase-choice")),
    _k("The Fair in Antwerpen scored your House there: 5 VP for each Crest you have placed (+10). Rosa had neither House "
       "nor Merchant there. Round 3's Fair is in Lyon (F3), round 4's in Frankfurt (F4).", "log-view", "log", "fair",
       ("fair", "next-fair")),
    _m("die 4P +bonus", "Round 3, you play first. Take the pink 4 for the Joker (3 AP) and its Bonus tile, the "
       "Helper 'any Action': an Action of your choice with 1 AP.", ("Die 4P", "Keep it at 4", "Take the Bonus tile"),
       "wheel-view", "wheel", "joker"),
    _m("joker architect", "Give the Joker's 3 AP to the Architect.", ("Architect Action",), "decision", "wheel",
       "joker"),
    _m("move architect r03", "Walk to Bordeaux, where a Bonus tile lies (◆): the road...",
       ("Move to the road to Bordeaux",), "map-view", "map", "architect"),
    _m("move architect BOR", "...Bordeaux.", ("Move to Bordeaux",), "map-view", "map", "architect"),
    _m("take b10a", "The Architect takes a map Bonus tile too, like the Merchant (1 AP): a Helper that gives a King "
       "Action. A map's Bonus tiles are never replaced.", ("Take the Bonus tile",), "map-view", "map", "architect",
       ("architect-bonus", "bonus-tiles")),
    _end("End your turn: your Storehouse is full again, 4 of 4."),
    _m("die 1D", "Lap 2. Take the dark grey 1: 1 Stone and 6 AP for the Character Action. Its Bonus tile is not "
       "offered: your Storehouse is full.", ("Die 1D", "Keep it at 1"), "wheel-view", "wheel", "character",
       ("storehouse",)),
    _m("refresh", "None of these Characters for you? For 1 AP discard the whole offer and refill it from the pile "
       "(the discarded tiles are shuffled back in). You will hire from the new one once a Helper has made room "
       "in your Storehouse.", ("Discard and refill the Character offer",), "offers-view",
       "offers:character-offer", "character", ("discard-offer",)),
    _q("Your Storehouse holds three Helpers: 'market' (Resources), 'any Action' and 'King' (an Action with its own "
       "AP). Others give AP added to your die's Action, Gold or VP, a Building's Character bonuses again, or a die's "
       "Resources of another type. Which kind is used as you choose a die?",
       ("An Action with its own AP", "AP added to your die's Action", "A die's Resources of another type"), 2,
       "'change Resource' is used as you take a die: its Resources come in the type you name.", "board-view",
       "board:storehouse", "actions:helper", ("helper-kinds",)),
    _m("use b01a", "Use the 'any Action' Helper now (Tasks…); the Character Action waits meanwhile.",
       ("Tasks…", "Use Helper", "any Action"), "board-view", "board:storehouse", "actions:helper", ("helpers",)),
    _m("joker merchant", "Choose the Merchant Action: it has 1 AP, not 3. Building 2's Completed bonus adds AP to "
       "Actions from a die (or the Joker), never to a Helper's or a bonus's.", ("Merchant Action",), "decision",
       "wheel", "completed", ("bonus-ap-helpers",)),
    _m("house LON 1", "Spend it on a House in London: its space pays 3 VP at once.", ("Place a House", "+3 VP"),
       "map-view", "map", "merchant", ("vp-spaces",)),
    _m("hire c14c", "Back to the Character Action, 5 AP left: hire the Farmer that can 'gain 2 Food' (1 AP)...",
       ("Hire", "Farmer (Character): gain 2 Food"), "offers-view", "offers:character-offer", "character"),
    _m("room c14c 5 1", "...into Building 5, floor 1 (1 AP): its bonus, 2 Food, comes at once.",
       ("Put a Character in a Room", "Farmer", "Building 5, floor 1"), "board-view", "board:buildings", "character"),
    _m("hire c14b", "Hire the other Farmer, the one that can 'gain 1 Food' (1 AP)...",
       ("Hire", "Farmer (Character): gain 1 Food"), "offers-view", "offers:character-offer", "character"),
    _m("room c14b 5 2", "...beside the first (floor 2, 2 AP): Building 5 is full, so its roof House joins your "
       "supply.", ("Put a Character in a Room", "Farmer", "Building 5, floor 2"), "board-view", "board:buildings",
       "character", ("roof-house",)),
    _end("Your 6 AP are spent: end your turn."),
    _k("From here you play on your own. Lines marked ★ complete something; x explains the highlighted line, v shows "
       "what the King phase, the Fair and final scoring would give, F1 opens the rules.", "decision", "wheel",
       "turn"),
    Chapter("free", "Free play: the rest of round 3 and round 4"),
    Step("Free play: the rest of round 3. Rosa plays for good value too.", "decision", FREE, until="round4",
         topic="turn"),
    _k("The last round. Round 4 has no King track tile: the highest scores 4 VP instead. After its Fair comes final "
       "scoring: Houses x Pillars on the map, Completed Buildings (3 or more pay), 1 VP per 4 Resources.",
       "status", "", "final", ("final-scoring",)),
    _q("Look at the turn order on the wheel (the players). If you and Rosa end the game on the same VP, who wins?",
       ("You both do", "The one first in turn order", "The one with more Resources left"), 1,
       "Most VP wins; a tie goes to the player first in turn order, as round 4's King phase set it.", "wheel-view",
       "wheel:players", "final", ("winner",)),
    Step("Free play: round 4, to the end of the game.", "decision", FREE, until="over", topic="final"),
    _k("That was a whole game of Tiletum. The final scoring table shows where every point came from. Well played!",
       "status", "", "final"),
)


def split_script(script):
    """A script (steps with Chapter headings between them) as its steps and its chapters (each with the
    index of its first step)."""
    steps, chapters = [], []
    for item in script:
        if isinstance(item, Chapter):
            chapters.append(Chapter(item.id, item.title, len(steps)))
        else:
            steps.append(item)
    return tuple(steps), tuple(chapters)


STEPS, CHAPTERS = split_script(_SCRIPT)

# Rosa's moves while the script runs (rounds 1 and 2), in order: chosen to leave the dice and tiles the
# lessons use, and to play like a person would.
OPPONENT_SCRIPT: tuple[str, ...] = (
    # round 1
    "die 3D", "hire c15c", "room c15c 1 1", "hire c04b", "room c04b 2 1", "end",
    "die 4P +bonus", "contract k12a", "fulfil b32a", "end",
    "die 3B", "hire c01c", "room c01c 3 1", "fulfil k12a", "done", "end",
    # round 2 (Alex is first now)
    "die 1L", "move merchant TRO", "house TRO 1", "move merchant LYO", "house LYO 1", "done", "end",
    "die 6D", "move architect KOL", "end",
    "die 1P", "move merchant ARL", "take b17a", "use b17a", "move merchant TOU", "house TOU 1", "done", "end",
    # round 3, laps 1 and 2 (Alex is first again)
    "die 6L +bonus", "take b15a", "use b01b", "joker architect", "pillar KOL", "cathedral KOL", "end",
    "die 2Y +bonus", "contract k14a", "contract k06a", "fulfil k06a", "fulfil k14a", "move merchant ARL",
    "contract k29a", "crest k29a 6", "end",
)
