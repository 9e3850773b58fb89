"""The River for the learner: its rules page (the rules text's variant, and this edition's ruling),
its lesson chapter (C12, "carc-river": the spring, continuing the river, no follower on it, no "U"
turn, the lake) and the concepts that chapter teaches."""

from __future__ import annotations

from .tiles import load
from ...engine.rules import remaining
from ...learn.chapters import PAD, Chapter, _k, _m, _rosa
from ...learn.parts import LearnPart


def _river_tiles(rest: str, state) -> int:
    """"river:box": the river tiles between spring and lake in the box; "river:pile": in this game's pile."""
    cat = load()
    between = set(cat.by_id) - {cat.spring, cat.lake}
    if rest == "box":
        return sum(d.count for d in cat.river_in(state.settings.rules) if d.id in between)
    return sum(n for d, n in remaining(state).items() if d in between) + (state.drawn in between)


CHAPTER = (Chapter("carc-river", "The River", ("R3", "R4", "R4", "R2") + PAD, modules=("river",)), [
    _k("With the River, the game starts from the spring instead of the starting tile: the 10 river tiles come "
       "first, then the lake, then the land tiles. This chapter shortens the River to 3 river tiles before the "
       "lake. Space.", numbers=[(10, "river:box"), (3, "river:pile")]),
    _m("place R3 at 0,1", "A river tile continues the river at its open end, river to river: place this "
       "straight one below the spring (the frame marked ▶).", ["river"]),
    _m("no follower", "The river line is greyed: no follower may stand on a river (the fields could take a "
       "farmer). Press 0: no follower.", ["river-no-follower"]),
    _rosa("2: place R4 at 0,2 r1"),
    _rosa("2: no follower"),
    _m("place R4 at -1,2 r3", "Rosa bent the river west, to its right. At the frame marked ▶ press r: bent "
       "right again, north, it would make a \"U\" turn. Try Enter there: refused, and the line says why. Then "
       "turn it south (turned 270°) and place it.", ["river-no-u"]),
    _m("no follower", "No follower: press 0."),
    _rosa("2: place R2 at -1,3 r2"),
    _rosa("2: no follower"),
    _k("Rosa placed the lake: the river is done, and the land tiles follow. {next} Space."),
])

PAGE = ("The River", "The variant with the 12 River tiles.", (
    ("variant", "Variants using the 12 expansion river tiles",
     "Remove the special starting tile from the game. Instead, begin the game by laying the spring that "
     "starts the river. Set aside the lake tile and shuffle the remaining 10 river tiles face down and draw "
     "from these before drawing from the tiles from the normal game. These tiles are played and followers "
     "may be played as in the normal game with one exception: a river tile may not be placed so that the "
     "river makes a \"U\" turn. Followers may not be placed on rivers. Once these 10 river tiles have been "
     "played, the next player plays the lake and then play continues with the normal tiles."),
    ("rulings", "Continuing the river",
     "Here: a river tile goes where the river's one open end is, its river meeting that end (the river is "
     "one stream). No U-turn: the river may not bend the same way twice in a row (straight stretches between "
     "the bends or not), so it never flows back the way it came. 71 land tiles follow the 12 River tiles."),
))

PART = LearnPart(
    chapters=(CHAPTER,),
    concepts={
        "river": "the River: the spring first, river tiles continue the river, the lake last",
        "river-no-u": "a river tile may not make the river turn back (a \"U\" turn)",
        "river-no-follower": "no follower on a river",
    },
    quantities={"river": _river_tiles},
    pages={"river": PAGE},
    topics={"river": ("river", "variant")},
)
