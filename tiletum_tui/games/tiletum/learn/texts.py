"""The written rules pages: Rounds and Turns, Actions and Tasks, Final scoring.

Short prose written for this product from the rulebook and the two reference pages (never pasted).
Numbers the rulebook does not print (the King track, the Fair board values, the Contract offer
costs) are read from the catalogue, so the pages say what this game really does.
"""

from __future__ import annotations

from ..data.schema import DIE_COLOUR_NAMES, DIE_RESOURCE, RESOURCE_NAMES
from tiletum_tui.core.rulebook import Page, Section
from .words import effect_words


def _signed(values) -> str:
    return " ".join(f"{v:+d}" if v else "0" for v in values)


def _dice_table() -> str:
    return "\n".join(f"- {DIE_COLOUR_NAMES[c]} ({c}) die: {RESOURCE_NAMES[DIE_RESOURCE[c]]}" for c in DIE_RESOURCE)


def _crest_spaces(BOARD) -> str:
    return "\n".join(
        f"- under Building {i + 1}: pay {c.food} Food, then {effect_words(c.bonus)}"
        for i, c in enumerate(BOARD.crest_spaces)
    )


def _rounds(cat) -> Page:
    TR, BOARD = cat.tracks, cat.board
    rolled = ", ".join(f"{n} dice with {k} players" for k, n in sorted(TR.dice_to_roll.items()))
    return Page("rounds", "Rounds and Turns", "How a round runs: five phases, your three turns, the King track and the Fairs.", (
        Section("goal", "The goal", (
            "You are a merchant family of the Renaissance, travelling Europe to trade at the great Fairs, "
            "hire Characters and help raise Cathedrals. Whoever has the most Victory Points (VP) after "
            "four rounds wins; a tie goes to the tied player first in turn order.\n\n"
            f"Everyone starts on {TR.start_vp} VP. Your score never drops below 0."
        )),
        Section("overview", "A round in five phases", (
            "Every round runs the same five phases, in this order:\n"
            f"- Preparation: the dice are rolled onto the Action Wheel ({rolled}).\n"
            "- Action: three laps round the table; on each lap every player takes one turn with one die.\n"
            "- King: the King track scores and sets the turn order for the next round.\n"
            "- Fair: one Town holds a Fair and the players there score.\n"
            "- Cleanup: refill, reshuffle and turn the Action Wheel one step (skipped after round 4).\n\n"
            "The game does Preparation, Fair and Cleanup for you and shows what each one scored."
        )),
        Section("action-phase", "The Action phase and Corruption", (
            "At the start of each lap one face-down Corruption token is turned over. It shows 0, 1 or 2: "
            "every marker on the King track slides that many spaces down (never below the bottom space). "
            "Stacked markers keep their order.\n\n"
            "Then, in turn order, each player takes one turn. After three laps the Action phase ends."
        )),
        Section("turn", "Your turn: take a die", (
            "1. Take one die from the Action Wheel. Its segment tells you which Action it gives.\n"
            "2. Gain Resources: as many as the die shows, of the die's colour.\n"
            "3. Do the Action beside the die with 7 minus the die's value in Action Points (AP).\n\n"
            "So a high die gives many Resources but few AP, and a low die the other way round: "
            "a 1 gives 1 Resource and 6 AP, a 6 gives 6 Resources and 1 AP. That trade-off is the heart of "
            "every turn.\n\n" + _dice_table() + "\n\n"
            "If the Action beside the die still has its Bonus tile you may take it into your Storehouse, "
            "free of AP. Between your choices you may also do Tasks (Actions and Tasks). End your turn when "
            "you are done; AP you did not spend are lost."
        )),
        Section("change", "Changing a die", (
            f"Just before you take a die you may pay {TR.change_die_gold} Gold per step to turn it up or down by 1, "
            "as often as you can pay. 6 and 1 are neighbours, so a 6 becomes a 1 for "
            f"{TR.change_die_gold} Gold. The new value counts for everything: the Resources, the Action, the AP and "
            "the Bonus tile you may take."
        )),
        Section("storehouse", "Bonus tiles and the Storehouse", (
            f"Every tile you gain from the board (a Bonus tile, a Character, a Contract) goes first into your "
            f"Storehouse, which holds {BOARD.storehouse} tiles.\n"
            "- With a full Storehouse you cannot take a tile at all.\n"
            "- Taking a Bonus tile is always optional, and a tile once taken can never be thrown away.\n"
            "- Tiles leave the Storehouse when you use them: a Character into a Room, a Contract fulfilled, "
            "a Crest placed, a Helper used.\n"
            "- Some Bonus tiles are Contracts or Crests and work exactly like them."
        )),
        Section("king", "The King phase", (
            "First, the player highest on the King track takes the Bonus tile beside the track, or discards it. "
            f"In round 4 there is no tile: that player scores {TR.king_round4_vp} VP instead. On a shared space "
            "the marker at the bottom of the stack counts as higher: it arrived first.\n\n"
            "Then everyone scores the value of their space. The track, from the bottom up:\n"
            f"{_signed(TR.king_track)}\n"
            "Red (negative) spaces lose points; the start space gives nothing.\n\n"
            "Finally the King track sets the new turn order, highest first, and markers on red spaces go back up "
            "to the start space. Markers above it stay where they are."
        )),
        Section("fair", "The Fair", (
            "Four Fairs are held, one each round: the first in Tiletum, the others in the Towns drawn at setup. "
            "You take part if, at that moment, you have a House in the Fair Town or your Merchant stands there.\n\n"
            "Each Fair tile names a condition (for example 'each fulfilled Contract'). Add the value printed on the "
            f"board for this round ({', '.join(map(str, TR.fair_board_vp))} in rounds 1-4) to the tile's value, and "
            "multiply by how many times you meet the condition. The special King track tile is not a multiplier: it "
            "pays its value and then your King track space once more, before the track is reset."
        )),
        Section("cleanup", "The Cleanup", (
            "After rounds 1 to 3:\n"
            "- Every Action on the wheel whose Bonus tile was taken gets a new one; the King track tile is "
            "refilled too, except after round 3. Tiles on the map are never refilled.\n"
            "- New Corruption tokens are laid out, the dice go back into the bag, and the Action Wheel turns one "
            "step, so each die value now feeds a different Action."
        )),
    ))


def _actions(cat) -> Page:
    TR, BOARD = cat.tracks, cat.board
    offer = ", ".join(map(str, TR.contract_offer_ap))
    return Page("actions", "Actions and Tasks", "The six Actions of the wheel, the Tasks you may do between them, "
                "Completed Buildings and the map.", (
        Section("ap", "Action Points", (
            "The die you take gives 7 minus its value in AP, all for the one Action beside it. Most Actions offer "
            "several options; pay for them in any order, as often as your AP last. Unspent AP are lost at the end of "
            "the Action: they cannot be saved. A Completed Building adds its Bonus AP to its Action."
        )),
        Section("architect", "Architect Action", (
            "Each option costs 1 AP:\n"
            "- Move your Architect to a neighbouring space on the map (Towns and Roads both count).\n"
            "- Put a Pillar from your supply at the Cathedral of the Town where your Architect stands: there must be "
            "a free Pillar space, none of your Pillars there yet, and the Cathedral must not be the unavailable one.\n"
            "- Take one Bonus tile lying in the Town where your Architect stands."
        )),
        Section("merchant", "Merchant Action", (
            "Each option costs 1 AP:\n"
            "- Move your Merchant to a neighbouring space.\n"
            "- Build a House from your supply in the Town where your Merchant stands: a free House space and none "
            "of your Houses in that Town yet. Some House spaces pay VP or a Building Bonus at once.\n"
            "- Take one Bonus tile lying in that Town (several, for 1 AP each)."
        )),
        Section("character", "Character Action", (
            "Options:\n"
            "- 1 AP: hire a Character from the offer into your Storehouse; the offer refills at once.\n"
            "- 1 AP: throw away the whole Character offer and deal a new one.\n"
            "- 1, 2 or 3 AP: move a Character from your Storehouse into an empty Room on floor 1, 2 or 3.\n\n"
            "A Character entering a Room gives its bonus at once. A Building holds one kind of Character only, and "
            "all copies of a Character must live in the same Building. When every Room of a Building is filled, the "
            "House on its roof joins your supply."
        )),
        Section("contract", "Contract Action", (
            "Options:\n"
            f"- Take a Contract (or Crest) from the offer, paying the AP printed under its space ({offer} from left "
            "to right) into your Storehouse. The gap is filled only at the end of your turn, when the offer slides "
            "right and refills.\n"
            "- 1 AP: exchange one Resource for a different one. Your first exchange of the turn also gives you one "
            "Resource of your choice."
        )),
        Section("king-action", "King Action", (
            f"Each AP moves your marker one space up the King track, to at most {TR.king_track[-1]:+d}. "
            "Arriving on an occupied space, your marker goes on top of the stack."
        )),
        Section("joker", "Joker Action", (
            "Choose one of the other five Actions and give it all the AP. They cannot be split between Actions. "
            "Bonus AP from a Completed Building apply to the Action you choose."
        )),
        Section("tasks", "Tasks", (
            "Between the choices of your own turn (before, during or after your Action, but not in the middle of a "
            "bonus) you may do Tasks, as many as you can pay for. Tasks cost Resources, not AP:\n"
            f"- Buy a Resource: {TR.buy_resource_gold} Gold for one Food, Wool, Stone or Iron.\n"
            "- Fulfil a Contract, place a Crest, build at a Cathedral, use a Helper (below)."
        )),
        Section("fulfil", "Fulfil a Contract", (
            "Pay the Resources on a Contract in your Storehouse. 'Identical' Resources may be any one type, Gold too. "
            "The tile goes to the leftmost free Contract space of your board: score the tile's VP plus the space's "
            f"VP ({', '.join(map(str, BOARD.contract_vp))} from left to right), and take the Pillar printed on that "
            f"space into your supply (the first {BOARD.contract_pillars} spaces have one). With all six spaces filled "
            "you can neither take nor fulfil more Contracts."
        )),
        Section("crest", "Place a Crest", (
            "Pay Food to move a Crest from your Storehouse to the empty Crest space under one of your Buildings, then "
            "take that space's bonus. The Building need not hold Characters yet. You may never own two Crests of the "
            "same family anywhere on your board, Storehouse included.\n" + _crest_spaces(BOARD)
        )),
        Section("cathedral", "Build at a Cathedral", (
            "In a Town where you have a Pillar (your Architect may be anywhere) pay the Stone on that Town's "
            "Construction Cost tile and take the top Cathedral tile. Score the VP on both. Each player helps each "
            "Cathedral once."
        )),
        Section("helper", "Use a Helper", (
            "Use the ability of a Helper in your Storehouse; the tile then leaves the game, freeing its space. "
            "Finish one Helper before starting another, and really use it: a Helper's Action needs at least 1 AP "
            "spent. The Helper that changes a die's Resource is used just before you take the die."
        )),
        Section("completed", "Completed Buildings", (
            "A Building is Completed when all its Rooms hold Characters and its Crest space holds a Crest. At once "
            "its Action (the icon on its Characters) gets Bonus AP: +1, +2 or +3 for a Building of 1, 2 or 3 Rooms, "
            "every time you take a die for that Action (also through the Joker), including the Action you are doing "
            "now. Helpers and other effects never get Bonus AP.\n\n"
            "The rightmost Building is printed full: its Crest alone completes it. It gives no Bonus AP but counts "
            "for final scoring."
        )),
        Section("buildings", "Your player board", (
            "Six Buildings with 1 to 3 Rooms each (the rightmost already occupied), a Crest space under each, "
            f"six Contract spaces, the Storehouse ({BOARD.storehouse} tiles) and three die spaces. Houses wait on the "
            "roofs until their Building is full."
        )),
        Section("map", "The map", (
            "Towns have House spaces, a Cathedral with Pillar spaces (most Towns) and Bonus tiles. Road spaces lie "
            "between Towns: pieces must step through them, and nothing can be built there.\n"
            "- A House space with a Building Bonus: after building there, pick one of your Buildings with a Character "
            "and take each of its Characters' bonuses once, in any order, skipping any.\n"
            "- A House space with VP: score them when you build there.\n"
            "- The Town with the Unavailable Cathedral takes no Pillars this game.\n"
            "- Spaces marked for 3 or 4 players are not used in smaller games."
        )),
    ))


def _scoring(cat) -> Page:
    TR = cat.tracks
    cb = TR.completed_building_vp
    table = ", ".join(f"{i}: {v}" for i, v in enumerate(cb) if i)
    return Page("scoring", "Final scoring", "How points come during the game, and the count at the end of round 4.", (
        Section("during", "Points during the game", (
            "Most points come while you play: Contracts (tile plus space), Cathedrals (tile plus Construction Cost), "
            "Character bonuses, some House spaces and Crest spaces, Helpers, the King track each round and the Fairs. "
            "The game log shows every point and why it came."
        )),
        Section("final", "At the end of round 4", (
            "After the last Fair:\n"
            "1. Houses times Pillars: multiply your Houses on the map by your Pillars on the map (the House you start "
            "with in Tiletum counts).\n"
            f"2. Completed Buildings: by how many you have, {table} VP.\n"
            f"3. Leftover Resources: 1 VP for every {TR.resources_per_vp} Resources, Gold included.\n\n"
            "The most VP wins; a tie goes to the tied player first in turn order."
        )),
        Section("preview", "What would this score?", (
            "Press the preview key during any game to see what the coming King phase and Fair would give each "
            "player right now, and the final scoring as it stands. It is worked out on a copy of the game by the "
            "same rules that will score it, so it is exactly what would happen if the round ended now."
        )),
    ))


def written_pages(cat) -> list[Page]:
    return [_rounds(cat), _actions(cat), _scoring(cat)]
