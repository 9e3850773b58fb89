"""Prospect for Silver on the screens (its ``ui`` part, registered in ``tiletum_tui/games/tiletum/modules/silver.py``): the
Underground and Silver views, the Prospector Wheel's line docked over the Action Wheel, the Underground
maps' share of the map choices, Silver, Mines and Prospectors in the strip (``views``), the menu
paths of its kinds of action (``choices``) and its New game fields."""

from __future__ import annotations

from ..parts import NewGameFields, UiPart
from .choices import MENU
from .views import VIEWS, WheelLine, point
from .underground import space_details
from .widgets import strip_parts

PART = UiPart(
    views=VIEWS,
    docked={"wheel": (WheelLine,)},
    strip_parts=(strip_parts,),
    strip_short={"Silver": "Ag"},  # the expansion's own sign for Silver (its first letter is Stone's)
    pointing=(point,),
    details=(space_details,),
    menu=MENU,
    places={"underground-view": "the Underground maps", "silver-view": "the Silver view",
            "technologies": "the Technology board"},
    new_game=NewGameFields("Prospect for Silver (the expansion)", {
        "silver.a-sides": "  first game: the A side of each Underground map",
        "silver.first-technologies": "  first game: Architect, Joker, Character Technologies",
    }),
)
