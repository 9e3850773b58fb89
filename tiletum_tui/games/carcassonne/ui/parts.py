"""What a module adds to Carcassonne's screens and command line (its ``ui`` part, ``modules/``): its New
game field (a tick, id the module's name), its command-line flag (``--NAME``: the parsed argument
``option``), the words the headless game's first line adds, the rules topic of a tile it brings (F1
and ``x`` while placing it) and its lines on the Cards & Components page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import modules as registry


@dataclass(frozen=True)
class UiPart:
    tick: str  # the New game form's field: "The River (its 12 tiles first, from the spring)"
    option: str  # the parsed command-line argument that switches it on ("river": ``--river``)
    headline: str  # what the headless game's first line adds: ", with the River"
    topic: Callable[[str], str | None] = lambda design: None  # the rules topic of a drawn tile, or None
    components: Callable[[object, int], tuple[str, tuple, dict]] = lambda cat, rules: ("", (), {})
    # (the components' line, the designs drawn after the land's, {design: what is special about it})
    glyphs: tuple[tuple[str, str, str], ...] = ()  # (kind, its character, the theme's colour) of each kind it
    # brings: drawn as a line a road crosses by a bridge (a river: "~", blue)
    data: Callable[[], object] | None = None  # its own tile data (``provenance``, ``sources``): the page's sources


def kinds_drawn() -> tuple[tuple[str, str, str], ...]:
    """(kind, character, colour) of every kind the modules bring, in the registry's order."""
    return tuple(g for _name, part in registry.parts("ui") for g in part.glyphs)


def chosen(args) -> tuple[str, ...]:
    """The modules the parsed command line switches on (each by its ``option``)."""
    return tuple(name for name, part in registry.parts("ui") if getattr(args, part.option, False))


def tile_topic(design: str | None) -> str:
    """The rules topic of a drawn tile: a module's (a river tile: the River's page), else placing."""
    return next((t for _name, part in registry.parts("ui") if design and (t := part.topic(design))), "place")
