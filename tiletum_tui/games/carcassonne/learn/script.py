"""The Carcassonne lesson's script, as data: its chapters, each from a prepared position, and the steps.

A chapter's position is the game's setup with its face-down pile stacked (``pile``, drawn in that
order) and then ``setup``, moves of both seats played through the engine
(``engine.positions.stacked``): the tiles the learner draws are the ones the chapter talks about,
and every position could happen at a table. The learner is Alex (seat 1), against Rosa (seat 2),
whose moves in a chapter are its ROSA steps. Texts are short: at 80x24 the box shows four lines.

Every number a text quotes is listed in its step's ``numbers`` with the engine's quantity it is
(``tutorial.quantity``), or is the step's own move (its cell, its turn in degrees): the test reads
them all from the engine.
"""

from __future__ import annotations

from .. import modules as registry
from .chapters import KEY, LEARNER, MOVE, OPPONENT, PAD, PLAYERS, ROSA, Chapter, Step, _k, _m, _rosa

SCRIPT: list[tuple[Chapter, list[Step]]] = [
    (Chapter("carc-place", "Placing a tile: what must match", ("V",) + PAD), [
        _k("Carcassonne: you (Alex) and Rosa lay land tiles turn by turn. A turn: draw a tile, place it, perhaps "
           "put one of your followers on it, and whatever it completes scores at once. The most points after the "
           "final scoring win. Space: go on.", ["goal"]),
        # (V's printed words, "from south to west", would not match the side's, which turn with the cursor)
        _m("place V at 1,0", "You drew V, a bend in a road (shown large on the right). A tile must touch a placed "
           "one along an edge (a corner is not enough), and each edge must continue what it meets: road to road, "
           "field to field, city to city. Arrows: to the frame marked ▶ east of the start; Enter.",
           ["place", "match"]),
        _m("no follower", "Now you may put one follower on the tile you just placed, or none: at most one a turn. "
           "Press 0: no follower this time.", ["follower-optional"]),
        _k("Rosa's turn comes next (in this lesson, only where a chapter needs her). Next: turning a tile. Space."),
    ]),
    # (one turn of the four fits at the frame: the learner turns the tile and reads why the others fail)
    (Chapter("carc-rotate", "Turning a tile", ("B", "E", "J") + PAD,
             ("1: place B at 0,1", "1: no follower", "2: place E at -1,1 r2", "2: no follower")), [
        _m("place J at -1,0 r3", "You drew J, a city edge and a bend in a road. At the frame marked ▶ it must "
           "continue the start's road and meet the field of the tile below it. Go there and press r to turn it: "
           "a turn that does not fit says which edge fails (the line below). Enter on the one that fits.",
           ["rotate"]),
        _m("no follower", "Turned so, its road bends north and its city faces west. No follower: press 0."),
        _k("In a game r skips the turns that do not fit where the tile stands, and goes through all four where "
           "none fits. Next: the followers. Space."),
    ]),
    (Chapter("carc-followers", "Followers and their four roles", ("A",) + PAD), [
        _k("You have 7 followers (the line under the land shows each player's points and supply). On the tile you "
           "just placed, one can be a knight in a city, a thief on a road, a farmer in a field or a monk in a "
           "cloister. Space.", numbers=[(7, "supply:0")]),
        _m("place A at 0,1", "You drew A, a cloister with a road. Place it south of the start (the frame marked ▶): "
           "its fields meet the start's field."),
        _m("monk cloister", "The follower choice lists every part of A with the role a follower takes there: monk on "
           "the cloister, thief on the road, farmer in the field. Choose the monk: press 1.", ["roles"],
           [(1, "line:cloister")]),
        _k("Your monk (1) stands on the cloister, and 6 followers are left in your supply. A follower stays where it "
           "is until its feature is scored. Space.", numbers=[(1, "seat:0"), (6, "supply:0")]),
    ]),
    (Chapter("carc-occupied", "Taken already, however far away", ("U", "U", "D") + PAD,
             ("1: place U at 1,0 r1", "1: no follower", "2: place U at -1,0 r1", "2: thief road E-W")), [
        _k("Rosa has a thief (2) on the road through the start, at its west end. A tile that carries the road on "
           "carries her road on. Space.", numbers=[(2, "seat:1")]),
        _m("place D at 2,0", "You drew D, a city edge over a road. Place it at the road's east end (the frame "
           "marked ▶)."),
        _m("knight city N", "The thief line is greyed: that road connects to Rosa's thief, so nobody may put a "
           "follower on it, however far away she stands. The city is free: a knight there, press 1.", ["occupied"],
           [(1, "line:city N")]),
        _k("Your knight (1) holds that city now: no one else may deploy in it either. Next: scoring a road. Space.",
           numbers=[(1, "seat:0")]),
    ]),
    # (the road leaves the crossing west and comes back into it from the south: two of its segments lie on
    # the crossing, which counts once)
    (Chapter("carc-road", "Completing and scoring a road", ("L", "V", "U", "V", "V", "U", "E") + PAD,
             ("1: place L at 1,0", "1: thief road W", "2: place V at 1,1 r1", "2: no follower",
              "1: place U at 0,1 r1", "1: no follower", "2: place V at -1,1 r2", "2: no follower")), [
        _k("Your thief (1) is on the road that leaves the crossing east of the start to the west and runs round "
           "below the start. A road is complete when both its ends stop at a crossing, a city or a cloister (or it "
           "is a loop). Space.", numbers=[(1, "seat:0")]),
        _m("place V at -1,0 r3", "You drew V, a bend. At the frame marked ▶, turned 270°, it joins the road's two "
           "ends: the road then stops at the crossing at both ends.", ["road"]),
        _m("no follower", "Press 0: the road scores after the follower choice, a point a tile. The crossing holds "
           "both its ends, two segments of it, but a tile counts once: 6 tiles, 6 points.",
           ["return", "counts-once"], [(6, "tiles:road"), (6, "gained:0")]),
        _k("6 points, and your thief is back: 7 followers in your supply. A follower comes back only when its "
           "feature is scored. Space.", numbers=[(6, "score:0"), (7, "supply:0")]),
        _rosa("2: place U at 2,0 r1"),
        _rosa("2: no follower"),
        _m("place E at 0,2 r2", "You drew E, a city edge. Place it below the road (the frame marked ▶), its city "
           "facing south (turned 180°)."),
        _m("knight city S", "The follower that came back as a thief is the same as any other in your supply: it "
           "may take any role. A knight in E's city now: press 1.", ["any-role"], [(1, "line:city S")]),
        _k("Your knight (1) holds the city: 6 followers are left in your supply. Next: a city with a pennant. "
           "Space.", numbers=[(1, "seat:0"), (6, "supply:0")]),
    ]),
    (Chapter("carc-city", "Completing a city with a pennant", ("M", "U", "E") + PAD,
             ("1: place M at 0,-1 r2", "1: knight city E-S", "2: place U at -1,0 r1", "2: no follower")), [
        _k("Your knight (1) is in the city north of the start; its wall is open to the east. The shield on M's "
           "city is a pennant. Space.", numbers=[(1, "seat:0")]),
        _m("place E at 1,-1 r3", "You drew E, a city edge. Turn it so that its city faces west (r: turned 270°) and "
           "place it east of your city (the frame marked ▶): the wall closes.", ["city"]),
        _m("no follower", "Press 0. A completed city pays two points for each tile and two for each pennant: "
           "3 tiles and the pennant make 8 points.", numbers=[(3, "tiles:city"), (8, "gained:0")]),
        _k("8 points, and your knight is back in your supply. Next: a cloister. Space.", numbers=[(8, "score:0")]),
    ]),
    (Chapter("carc-cloister", "Completing a cloister", ("U", "U", "V", "V", "U", "U", "E", "U", "B") + PAD[1:],
             ("1: place U at 1,0 r1", "1: no follower", "2: place U at -1,0 r1", "2: no follower",
              "1: place V at 1,1 r3", "1: no follower", "2: place V at -1,1", "2: no follower", "1: place U at 1,2",
              "1: no follower", "2: place U at -1,2", "2: no follower", "1: place E at 0,2 r2", "1: no follower",
              "2: place U at 2,0 r1", "2: no follower")), [
        _k("The hole south of the start has 8 tiles around it. A cloister is complete when all the tiles around "
           "it are placed. Space.", numbers=[(8, "around:0,1")]),
        _m("place B at 0,1", "You drew B, a cloister in a field. Place it in the hole (the frame marked ▶)."),
        _m("monk cloister", "Now the monk (press 1): the cloister is complete at once, and it pays 9 points, one for "
           "itself and one for each tile around it. Place, deploy, score, return: all in this turn.",
           ["cloister", "return"], [(1, "line:cloister"), (9, "gained:0")]),
        _k("9 points, and your monk is back: 7 followers in your supply. Next: two knights in one city. Space.",
           numbers=[(9, "score:0"), (7, "supply:0")]),
    ]),
    (Chapter("carc-shared", "Majorities and ties: a shared city", ("N", "U", "U", "E", "G") + PAD,
             ("1: place N at 0,-1 r2", "1: knight city E-S", "2: place U at 1,0 r1", "2: no follower",
              "1: place U at 2,0 r1", "1: no follower", "2: place E at 2,-1 r3", "2: knight city W")), [
        _k("Your knight (1) is in the city north of the start, Rosa's (2) in a city to its east. Both walls are open "
           "toward the gap between them. Space.", numbers=[(1, "seat:0"), (2, "seat:1")]),
        _m("place G at 1,-1", "You drew G, a city across the middle. In the gap (the frame marked ▶) it joins the "
           "two cities into one and closes its wall: a tile may join features that have followers.", ["shared"]),
        _m("no follower", "G's city is taken now (two knights are in it): press 0. The most knights take a city's "
           "points; one each is a tie, and a tie pays each of you in full: 4 tiles, 8 points.", ["majority"],
           [(4, "tiles:city"), (8, "gained:0"), (8, "gained:1")]),
        _k("You and Rosa scored 8 each. Had you had two knights in it to her one, you alone would have scored. "
           "Next: the farms. Space.", numbers=[(8, "score:0"), (8, "score:1")]),
    ]),
    (Chapter("carc-farms", "Farms, and why farmers never come back", ("W", "B", "E", "B", "U", "E", "W") + PAD,
             ("1: place W at 1,0", "1: thief road W", "2: place B at 0,1", "2: no follower")), [
        _m("place E at 0,-1 r2", "Your thief (1) is on the start's road. You drew E, a city edge: turned 180°, on the "
           "start's city (the frame marked ▶) it closes that small city.", numbers=[(1, "seat:0")]),
        _m("knight city S", "Nobody is in the city E just closed. A follower may go on a feature its tile "
           "completes: a knight there scores it at once, 2 tiles, 4 points, and comes back. Press 1.",
           ["deploy-completing"], [(1, "line:city S"), (2, "tiles:city"), (4, "gained:0")]),
        _rosa("2: place B at -1,1"),
        _rosa("2: no follower"),
        _m("place U at -1,0 r1", "You drew U, a straight road. West of the start (the frame marked ▶, turned 90°) "
           "it carries your thief's road on."),
        _m("farmer field N", "Connected fields are farms, bounded by roads, cities and the land's edge: U's road "
           "cuts its field in two farms. North of it, between road and city, the farm borders the closed city; "
           "south of it, the other does not. A farmer scores only at the end. North: press 3.",
           ["farm", "farm-bounds"], [(3, "line:field N")]),
        _rosa("2: place E at 0,2 r2"),
        _rosa("2: no follower"),
        _m("place W at -2,0", "You drew W, a crossing. West of U (the frame marked ▶) it ends your thief's road: "
           "both its ends stop at a crossing now."),
        _m("no follower", "Press 0: the road scores 4 points for your thief, who comes back. Your farmer lies "
           "beside that road, and he stays: farmers are never returned.", ["farmer-stays"], [(4, "gained:0")]),
        _k("Your thief is back and your farmer (1) stays in his farm for the whole game: 6 followers are in your "
           "supply. Next: a tile with no place. Space.", numbers=[(1, "seat:0"), (6, "supply:0")]),
    ]),
    # (the learner draws the tile with no place: Rosa's crossing leaves no field edge open)
    (Chapter("carc-no-place", "A tile with no place", ("X", "W", "B", "V") + PAD,
             ("1: place X at 1,0", "1: no follower")), [
        _k("East of the start lies X, four roads meeting. Rosa is to play: watch the open edges of the land. "
           "Space."),
        _rosa("2: place W at 0,1"),
        _rosa("2: no follower"),
        _m("place V at -1,0 r2", "Every open edge of the land is a road or a city now. You drew B, a cloister in "
           "fields: it fits nowhere, so it went into the box and you drew V (the line below says so). Place V west "
           "of the start (the frame marked ▶), turned 180°.", ["no-place"]),
        _m("no follower", "No follower: press 0."),
        _k("The tile in the box is out of the game; the turn goes on with the next tile drawn. Next: the end of "
           "the game. Space."),
    ]),
    (Chapter("carc-end", "The end and the final scoring", ("O", "B", "V", "U", "E"),
             ("1: place O at 1,0 r1", "1: knight city N-E", "2: place B at 0,1", "2: monk cloister",
              "1: place V at 1,1 r2", "1: thief road N-E", "2: place U at -1,0 r1", "2: farmer field N")), [
        _k("The tile you drew is the last one: the turn that places it ends the game. Your knight (1) is in the "
           "open city east, your thief on the road; Rosa has a monk (2) on her cloister and a farmer between the "
           "start's city and its road. Space.", numbers=[(1, "seat:0"), (2, "seat:1")]),
        _m("place E at 0,-1 r2", "Place the last tile on the start's city (the frame marked ▶, turned 180°): the "
           "city closes, and Rosa's farm borders it.", ["end"]),
        _m("farmer field N", "A farmer in E's field, press 2: that farm borders the closed city too. Then the game "
           "is over, and the final scoring follows.", ["final-unfinished", "final-farms", "farm-majority"],
           [(2, "line:field N")]),
        _k("Final scoring, first what is unfinished: your road 4 (a point a segment), your city 2 (its segment and "
           "its pennant), Rosa's cloister 5 (itself and the 4 tiles around it). Space.",
           numbers=[(4, "ledger:0:unfinished road"), (2, "ledger:0:unfinished city"),
                    (5, "ledger:1:unfinished cloister"), (4, "around:0,1")]),
        _k("Then the farms: the most farmers by a completed city take its 4 points. One each by the closed city, a "
           "tie, and a tie pays each in full: 4 to you, 4 to Rosa. You win with 10 to Rosa's 9. {next} "
           "Space.", numbers=[(4, "ledger:0:farm"), (4, "ledger:1:farm"), (10, "score:0"), (9, "score:1")]),
    ]),
]
SCRIPT += [chapter for _name, part in registry.parts("learn") for chapter in part.chapters]  # the modules' own
LAST_WORDS = "That is the whole lesson: start a game of your own from the title screen (F10, then g)."


def _next(text: str, following: Chapter | None) -> str:
    """A chapter's last words name the chapter after it, whichever module brings it ("Next: the River.")."""
    if "{next}" not in text:
        return text
    said = f"Next: {following.title[0].lower()}{following.title[1:]}." if following else LAST_WORDS
    return text.replace("{next}", said)


def _flatten():
    chapters, steps = [], []
    for n, (chapter, chapter_steps) in enumerate(SCRIPT):
        following = SCRIPT[n + 1][0] if n + 1 < len(SCRIPT) else None
        chapters.append(Chapter(chapter.id, chapter.title, chapter.pile, chapter.setup, chapter.modules, len(steps)))
        steps += [Step(_next(s.text, following), s.kind, s.move, s.teaches, s.numbers) for s in chapter_steps]
    return tuple(chapters), tuple(steps)


CHAPTERS, STEPS = _flatten()
