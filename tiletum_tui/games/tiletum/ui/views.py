"""The game screen's views and strips, as lists: what they are called, their keys, how they draw.

The game screen shows one *view* at a time in its main area (the Action Wheel, the map, a player
board, the offers, the log, the recap of what happened since your last turn) and *strips* that are
always on screen beside the decision (the player in turn). ``VIEWS`` and ``STRIPS`` are the base
game's; a module adds its own in its ``ui`` part (``parts.UiPart``, ``tiletum_tui/games/tiletum/registry.py``)
without touching the screen:

    PART = UiPart(views=(GameView("tech", "Technologies", "f8", TechnologyView, "the Technology board",
                                  applies=lambda state: "mymodule" in state.settings.modules),))

A view's widget is a ``Painted`` (or any widget) with ``draw(scene)``; it sits in a scrolling
container whose id is the view's name (its own id is ``<name>-view``), so PgUp/PgDn scroll it and
the key line says when there is more. A strip is the same without the scrolling: ``GameStrip``.
Every drawing gets one ``Scene``: what the screen knows now.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from typing import Callable

from textual.message import Message

from .parts import ui_parts


def always(state) -> bool:
    return True


@dataclass(frozen=True)
class GameView:
    name: str  # the id of its scrolling container ("map"); the drawing is "#map-view"
    title: str  # in the key line, the help and the command palette
    keys: str  # Textual key names, "m,f3" (remappable as tiletum.view-<name>)
    widget: Callable  # widget(id=...) -> a widget with draw(scene)
    help: str = ""
    applies: Callable = always  # shown in this game? (a module's view only when the module is on)
    footer: bool = True  # named in the key line (else only in the help)
    docked: tuple = ()  # more widgets with draw(scene) inside the view that do not scroll (a header)


@dataclass(frozen=True)
class GameStrip:
    name: str  # its id
    widget: Callable  # widget(id=...) -> a widget with draw(scene)
    applies: Callable = always


@dataclass
class Scene:
    """What every view and strip draws from: the game as the players see it and the screen's state."""

    state: object  # engine.view of the game (never the full state)
    who: int | None  # the player deciding now (None once the game is over)
    board_player: int  # whose board the board view shows
    log: list  # the session's log entries
    setup: tuple = ()  # the events of setting the game up (before the first entry)
    notation: bool = False  # the log in notation
    spaces: list = field(default_factory=list)  # map spaces the choice in hand points at
    cursor: str | None = None  # the space the highlighted choice points at
    recap: object = None  # recap.Recap since the player in turn's last turn (None: nothing to tell)
    wide: bool = False  # the large layout (the strip has room for more)
    turn_die: object = None  # the TakeDie of the player in turn this turn (None: not yet)
    shown: int | None = None  # a replay's position: the log highlights the move that led there (issue 21)
    chat: tuple = ()  # table talk of a game through the host (``host.protocol.Chat``: after, who, text)


def _lazy(module: str, cls: str):
    def make(**kwargs):
        return getattr(importlib.import_module(module, __package__), cls)(**kwargs)
    return make


VIEWS: list[GameView] = [
    GameView("wheel", "Wheel", "w,f2", _lazy(".widgets.wheel", "WheelView"), "Action Wheel, King track, turn order, scores"),
    GameView("map", "Map", "m,f3", _lazy(".widgets.map_view", "MapView"),
             "the map (/ find a Town, i its details, arrows move the cursor in a map choice)",
             docked=(_lazy(".widgets.map_view", "MapInfo"),)),
    GameView("board", "Board", "b,f4", _lazy(".widgets.board", "BoardView"),
             "a player board: the player in turn ([ and ] show the others)",
             docked=(_lazy(".widgets.board", "BoardHeader"),)),
    GameView("offers", "Offers", "o,f5", _lazy(".widgets.offers", "OffersView"),
             "Contract and Character offers, Fairs, piles left and dice in the bag"),
    GameView("log", "Log", "l,f6", _lazy(".widgets.log", "LogView"), "the game log (n shows the notation)"),
    GameView("recap", "Since", "s,f7", _lazy(".widgets.recap", "RecapView"),
             "what the others did since your last turn", footer=False),
]

STRIPS: list[GameStrip] = [
    GameStrip("strip", _lazy(".widgets.strip", "PlayerStrip")),
]


class _FromParts:
    """The hooks of one kind the modules' ui parts give, in their order (read anew each time)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __iter__(self):
        return iter([hook for part in ui_parts() for hook in getattr(part, self.name)])


# The modules' hooks that take a decision's pointing at spaces (their own map: an expansion's
# Underground maps): ``hook(screen, event) -> bool``, True when they took it.
POINTING = _FromParts("pointing")
# A few words more about the player in turn for the strip: ``part(state, seat) -> list[str]``.
STRIP_PARTS = _FromParts("strip_parts")


@dataclass
class SpacePicked(Message):
    """A view's map cursor chose a space (Enter): the screen picks the choice that points at it."""

    space: str
    legal: bool  # the space is one of the choice's


@dataclass
class SpaceMoved(Message):
    """A view's map cursor moved to a space: the screen highlights the choice that points at it."""

    space: str


def all_views() -> list[GameView]:
    """Every view: the base game's (with the widgets modules dock into them), then the modules'."""
    parts = ui_parts()
    docked: dict[str, tuple] = {}
    for part in parts:
        for name, widgets in part.docked.items():
            docked[name] = docked.get(name, ()) + tuple(widgets)
    base = [replace(v, docked=(*v.docked, *docked[v.name])) if v.name in docked else v for v in VIEWS]
    return base + [v for part in parts for v in part.views]


def views_for(state) -> list[GameView]:
    return [v for v in all_views() if v.applies(state)]


def strips_for(state) -> list[GameStrip]:
    return [s for s in (*STRIPS, *(s for part in ui_parts() for s in part.strips)) if s.applies(state)]


__all__ = ["GameStrip", "GameView", "POINTING", "STRIPS", "STRIP_PARTS", "Scene", "SpaceMoved", "SpacePicked",
           "VIEWS", "all_views", "strips_for", "views_for"]
