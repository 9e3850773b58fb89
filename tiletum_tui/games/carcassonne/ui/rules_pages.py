"""Carcassonne's rules pages: the rules text's sections (``shared/rules/carcassonne-rules.txt``, in
its words), this edition's rulings where the text is silent (as docs/carcassonne.md gives them),
and Cards & Components generated from the tile data (``cards.py``). A book for the shell's rules
browser (``shell.ui.rules_screen.RulesBrowser``): ``pages``, ``page``, ``topic``, ``search``.
Pure Python (no textual)."""

from __future__ import annotations

import functools

from tiletum_tui.core import rulebook
from tiletum_tui.core.rulebook import Page, Section
from .. import modules as registry
from ..engine.values import (
    CITY_PENNANT, CITY_TILE, CLOISTER, CLOISTER_TILE, FARM_CITY, ROAD_TILE, UNFINISHED_PENNANT, UNFINISHED_SEGMENT,
)
from .cards import cards_page


def _points(n: int) -> str:
    return f"{n} point" + ("s" if n != 1 else "")


def _said(n: int) -> str:
    """A value as the rules text spells it ("one point", "two points")."""
    return _points(n).replace(str(n), {1: "one", 2: "two"}.get(n, str(n)), 1)


_TEXT = {
    "game": ("The game", "Overview, preparation and a player's turn.", (
        ("overview", "Overview",
         "The players place land tiles turn by turn. As they do so, the roads, cities, fields, and cloisters "
         "emerge and grow. On these, the players can deploy their followers to earn points. Players score "
         "points during the game and at the end. The player with the most points after the final scoring is "
         "the winner."),
        ("preparation", "Preparation",
         "Place the starting tile face up in the middle of the table. Shuffle the remaining land tiles face "
         "down and stack them in several face-down stacks.\n\n"
         "Here: the starting tile lies at 0,0; the order of the face-down tiles is hidden from every seat, "
         "and how many of each design are left is public (t on the game screen)."),
        ("turn", "Playing the game",
         "Players take turns in clockwise order beginning with the starting player. On a player's turn, he "
         "executes the following actions in the order shown:\n"
         "- 1. The player must draw and place a new land tile.\n"
         "- 2. The player may deploy one of his followers from his supply to the land tile he just placed.\n"
         "- 3. If, by placing the land tile, cloisters, roads, or cities are completed, they are now scored.\n\n"
         "Here: drawing the next tile ends what undo can take back (it is shown to everyone)."),
    )),
    "placing": ("Placing land tiles", "Where the drawn tile may go.", (
        ("rules", "Placing land tiles",
         "First a player must draw a land tile from one of the face-down stacks. He looks at it, shows it to "
         "his fellow players, and places it on the table, using the following rules:\n"
         "- The new tile must be placed with at least one edge abutting one previously placed tile. The new "
         "tile may not simply be placed corner to corner with a previous tile.\n"
         "- The new tile must be placed so that all field, city, and road segments on the new tile continue to "
         "field, city and road segments on all abutting tiles (cloisters are always complete within single "
         "tiles).\n\n"
         "Here: the arrows jump between the places where the tile fits (framed), r turns it through the turns "
         "that fit there; anywhere else (Shift+arrows) the line below says which edge meets what."),
        ("discard", "A tile with no legal placement",
         "In the rare circumstance where a drawn tile has no legal placement (and all players agree), the "
         "player discards the tile from the game (into the box) and draws another tile to place.\n\n"
         "Here: the program lists every place, so the players' agreement is taken as given."),
    )),
    "followers": ("Deploying followers", "One follower a turn, on the tile just placed.", (
        ("deploy", "Deploying followers",
         "After the player places a land tile, he may deploy one of his followers, using the following rules:\n"
         "- The player must only play 1 follower on a turn\n"
         "- The player must take it from his supply\n"
         "- The player may only deploy it to the tile he just placed\n"
         "- The player may not deploy a follower on a field, city, or road segment if that segment connects to "
         "a segment on another tile (no matter how far away) that already has a follower (from any player) on "
         "it.\n\n"
         "When a player has deployed all his followers, he continues to play land tiles each turn. Although a "
         "follower may not be recalled, followers are returned to players when cloisters, roads, and cities "
         "are scored.\n\n"
         "Here: the tile's segments are offered by name (0: no follower); a greyed line says why not."),
        ("roles", "Knight, thief, farmer, monk",
         "The player must choose where to deploy the follower on the tile: knight (in a city segment), thief "
         "(on a road segment), farmer (in a field segment), or monk (in a cloister).\n\n"
         "A segment is named by its kind and the edges it reaches (city N-W, road E), a field by where it "
         "lies from the tile's centre (field SE)."),
        ("return", "Returning followers to players' supplies",
         "After a road, a city, or a cloister is scored (and only then), the followers involved are returned "
         "to the appropriate players' supplies. The returned followers may be used by the players as any of "
         "the possible followers (thief, farmer, knight, or monk) in later turns.\n\n"
         "It is possible for a player to deploy a follower, score a road, city, or cloister, and have the "
         "follower returned on the same turn (always in this order):\n"
         "- 1. Complete a road or city by placing the new tile.\n"
         "- 2. Deploy a knight or thief.\n"
         "- 3. Score the completed city or road.\n"
         "- 4. Return the knight or thief."),
    )),
    "scoring": ("Scoring completed features", "Roads, cities and cloisters, scored as soon as they are complete.", (
        ("road", "Completed road",
         "A road is complete when the road segments on both ends connect to a crossing, a city segment, or a "
         "cloister, or when the road forms a complete loop. The player who has a thief on a completed road "
         f"scores {_said(ROAD_TILE)} for each tile in the completed road (count the number of tiles; separate segments "
         "on a tile count just once)."),
        ("city", "Completed city",
         "A city is complete when the city is completely surrounded by a city wall and there are no gaps in "
         f"the wall. The player who has a knight in a completed city scores {_said(CITY_TILE)} for each tile in the "
         "city (count the number of tiles; separate segments on a tile count once). Each pennant on segments "
         f"in the city earns the player {_points(CITY_PENNANT)}."),
        ("majority", "More than one follower",
         "When a completed road or city has more than one thief or knight, the player with the most thieves "
         "(on a road) or the most knights (in a city) earns all the points. When two or more players tie with "
         "the most thieves or knights, they each earn the total points for the road or city.\n\n"
         "Here: when one tile completes several features, roads are scored first, then cities, then "
         "cloisters (the order of these sections)."),
        ("cloister", "Completed cloister",
         "A cloister is complete when the tile it is on is completely surrounded by land tiles. The player "
         f"with a monk in the cloister earns {_points(CLOISTER)} ({CLOISTER_TILE} for the cloister tile and {CLOISTER_TILE} each for "
         "the other tiles)."),
    )),
    "end": ("Game end and final scoring", "The farms, the end, and what unfinished features and farmers score.", (
        ("farms", "The farms",
         "Connected field segments are called farms. Farms are not scored. They exist only as places to deploy "
         "farmers. Farmers are only scored in the final scoring. Farmers remain in the field segment where they "
         "are deployed for the entire game and are never returned to the players' supplies! Farms are bordered "
         "by roads, cities, and the edge of the area where the land tiles have been played."),
        ("end", "Game end",
         "At the end of the player's turn in which the last land tile is placed, the game ends. Then follows "
         "the final scoring."),
        ("final", "Final scoring",
         "First, all incomplete cities, roads, and cloisters are scored. For each incomplete road and city, the "
         f"player who has a thief on the road or knight in the city earns {_said(UNFINISHED_SEGMENT)} for each road or "
         f"city segment. Pennants are worth {_points(UNFINISHED_PENNANT)} each. For incomplete roads and cities with more than one "
         "follower, use the rules for completed roads and cities to determine who scores. For an incomplete "
         f"cloister, the player with the monk on the cloister earns {_points(CLOISTER_TILE)} for the cloister and "
         f"{_points(CLOISTER_TILE)} for "
         "each land tile surrounding it."),
        ("farmers", "Farmers supply cities",
         "- Only completed cities are used for scoring farmers.\n"
         "- The farm must border a completed city to supply it. The distance of the farmer to the city is "
         "unimportant.\n"
         f"- For each city a farm supplies, the player who deployed the farmer earns {_points(FARM_CITY)}, regardless of "
         "the "
         "size of the city.\n"
         "- A farmer can supply (and score) several cities when they are adjacent to his farm.\n"
         "- Several farms can supply a single city. In such a case, the player with the most farmers in the "
         f"farms supplying the city earns the {_points(FARM_CITY)}. If two or more players tie with the most farmers, "
         f"each of those tied for most earns {_points(FARM_CITY)}.\n\n"
         "In this way, all cities are scored one by one. The player with the most points is the winner!\n\n"
         "Here: a farm is counted once per city however many of its segments touch it; followers on unfinished "
         "features are taken off before the farms are scored."),
    )),
}
_TEXT.update((pid, text) for _name, part in registry.parts("learn") for pid, text in part.pages.items())  # the modules'
PAGE_ORDER = ("game", "placing", "followers", "scoring", "end", *(pid for pid in _TEXT if pid not in (
    "game", "placing", "followers", "scoring", "end")), "cards")

# What is on the game screen -> (page, section): F1 opens the rules about it.
TOPICS: dict[str, tuple[str, str]] = {
    "place": ("placing", "rules"), "placing": ("placing", "rules"), "tile": ("placing", "rules"),
    "follower": ("followers", "deploy"), "followers": ("followers", "deploy"),
    "knight": ("followers", "roles"), "thief": ("followers", "roles"), "monk": ("followers", "roles"),
    "farmer": ("end", "farms"), "field": ("end", "farms"), "farm": ("end", "farms"),
    "city": ("scoring", "city"), "road": ("scoring", "road"), "cloister": ("scoring", "cloister"),
    "over": ("end", "final"), "final": ("end", "final"),
    "preview": ("scoring", "majority"), "tiles": ("game", "preparation"), "log": ("game", "turn"),
}
TOPICS.update((k, v) for _name, part in registry.parts("learn") for k, v in part.topics.items())


@functools.cache
def pages() -> dict[str, Page]:
    """Every page by id, in reading order (Cards & Components generated from the data)."""
    made = {pid: Page(pid, title, summary, tuple(Section(*s) for s in sections))
            for pid, (title, summary, sections) in _TEXT.items()}
    made["cards"] = cards_page()
    return {pid: made[pid] for pid in PAGE_ORDER}


def page(page_id: str) -> Page:
    return pages()[page_id]


def topic(name: str | None) -> tuple[str, str | None]:
    return rulebook.find_topic(pages(), TOPICS, name)


def search(query: str, limit: int = 20) -> list[rulebook.Hit]:
    return rulebook.search(pages(), query, limit)
