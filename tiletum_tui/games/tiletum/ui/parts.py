"""What a module adds to the screens (its ``ui`` part in ``tiletum_tui/games/tiletum/registry.py``): its views and
strips, widgets docked into a base view, a share of the map choices' pointing, words in the strip, the
menu paths of its kinds of action, and its New game fields. The screens ask these parts, never a
module by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import registry


@dataclass(frozen=True)
class NewGameFields:
    """A module's fields on the New game form: a checkbox ``title`` for the module (``id``: the module's
    name) and, shown while it is ticked, one checkbox per option (``options``: option -> its label)."""

    title: str
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class UiPart:
    views: tuple = ()  # ``views.GameView``s (each with ``applies``: shown only in a game with the module)
    docked: dict[str, tuple] = field(default_factory=dict)  # a base view's name -> more widgets docked in it
    strips: tuple = ()  # ``views.GameStrip``s
    strip_parts: tuple[Callable, ...] = ()  # part(state, seat) -> a few words more for the strip
    strip_short: dict[str, str] = field(default_factory=dict)  # a word of those -> its short form where the
    # strip is narrow (else its first letter: "Mines 2+3" -> "M 2+3")
    pointing: tuple[Callable, ...] = ()  # hook(screen, event) -> True when it took a choice's pointing
    menu: dict[type, object] = field(default_factory=dict)  # kind of action -> its ``choice_steps.MenuPath``
    new_game: NewGameFields | None = None  # its fields on the New game form (None: a checkbox of its title)
    places: dict[str, str] = field(default_factory=dict)  # a widget id or a view's part -> what a lesson's box
    # calls it ("the Silver view"); its views' drawings are tinted in their containers (``views``)
    details: tuple[Callable, ...] = ()  # hook(painter, state, space) -> (title, Text) for a space of the
    # module's own maps (``i``), else None


def ui_parts() -> list[UiPart]:
    return [part for _, part in registry.parts("ui")]


def ui_parts_by_name() -> dict[str, UiPart]:
    return dict(registry.parts("ui"))
