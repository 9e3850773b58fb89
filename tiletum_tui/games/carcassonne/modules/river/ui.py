"""The River on the screens and the command line: its New game tick, ``--river``, the rules topic of a
river tile (the River's page), its tiles on the Cards & Components page."""

from __future__ import annotations

from .tiles import load
from ...ui.parts import UiPart


def _topic(design: str) -> str | None:
    return "river" if design in load().by_id else None


def _components(_cat, rules: int) -> tuple[str, tuple, dict]:
    cat = load()  # (its own tiles, not the base game's catalogue)
    in_box = cat.river_in(rules)  # the River of the games this program sets up
    river = sum(d.count for d in in_box)
    line = (f"- {river} River tiles in {len(in_box)} designs: the spring ({cat.spring}), the lake "
            f"({cat.lake}) and {river - 2} river tiles")
    return line, in_box, {cat.spring: " (the spring: the River starts with it)", cat.lake: " (the lake: the River's "
                                                                                         "last tile)"}


PART = UiPart(tick="The River (its 12 tiles first, from the spring)", option="river", headline=", with the River",
              topic=_topic, components=_components, glyphs=(("river", "~", "blue"),), data=load)
