"""What Prospect for Silver adds to the game screen (registered by ``part``): the Underground
maps and the Silver view (the Technologies, the Prospector Wheel, Silver and Mines), the Prospector
Wheel's line over the Action Wheel, the Underground map's share of map choices, and Silver, Mines and
Prospectors in the strip. Nothing of this is in the game screen itself; in a game without the
expansion none of it shows (``applies``).
"""

from __future__ import annotations

from ...engine import current_player
from ...engine.silver.state import ProspectorStepFrame
from ...engine.state import ActionFrame
from ..views import GameView
from .widgets import ProspectorWheelLine, SilverView
from .underground import UndergroundView

# Groups of the decision menu about the Silver view (the Technologies, the markers, the Resource tiles).
_GROUP_VIEW = {"tech": "silver", "marker": "silver", "rtile": "silver"}


def _silver(state) -> bool:
    return "silver" in (state.settings.modules or ())


class UndergroundPane(UndergroundView):
    """The Underground view: the spaces of the choice in hand are set by ``point``."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.args: tuple = ([], None)  # (legal spaces, cursor) of the last choice about Underground spaces
        self.auto_for = None  # the decision for which the view last opened by itself

    def draw(self, scene) -> None:
        self.show(scene.state, *self.args)


class SilverPane(SilverView):
    def draw(self, scene) -> None:
        self.show(scene.state, scene.who)


class WheelLine(ProspectorWheelLine):
    """Over the Action Wheel: the Prospector Wheel's sections by die value (nothing without the expansion)."""

    def draw(self, scene) -> None:
        self.display = _silver(scene.state)
        if self.display:
            self.show(scene.state)


def point(screen, event) -> bool:
    """The decision panel points at spaces: take it when they are Underground ones (or the decision is
    about Prospectors, or a group about the Silver view); False leaves it to the main map."""
    state = screen.model.state
    if not _silver(state):
        return False
    under = screen.query_one(UndergroundPane)
    spaces = [s for s in event.spaces if under.owns(s)]
    cursor = event.cursor if under.owns(event.cursor) else None
    main = [s for s in event.spaces if not under.owns(s)]
    if main and cursor is None:  # the choice is on the main map (too): the main map shows it, without ours
        event.spaces = main
        return False
    top = state.stack[-1] if state.stack else None
    about = isinstance(top, ProspectorStepFrame) or (isinstance(top, ActionFrame) and top.action == "prospector")
    group_view = _GROUP_VIEW.get(event.group)
    if group_view:
        _show(screen, group_view)
        return True
    if not spaces and not cursor and not about:
        return False
    under.args = (spaces, cursor)
    screen.redraw_view("underground")  # (now if it shows, else when it next shows)
    key = (state.round, state.lap, state.turn, len(state.stack), type(top).__name__)
    if (spaces and event.all_spaces) or key != under.auto_for:  # a pure map choice, else once per decision:
        under.auto_for = key  # a player (or a lesson's step) looking elsewhere stays there
        _show(screen, "underground")
    if spaces and event.all_spaces:
        under.focus()
    screen.update_keys()
    return True


def _show(screen, view: str) -> None:
    """Switch to a view for this choice; when it is over the screen goes back (``view_before``)."""
    if screen.current_view == view:
        return
    state = screen.model.state
    if screen.view_before is None:
        screen.view_before = (screen.current_view, len(state.stack), current_player(state))
    screen.action_view(view, remember=True)


VIEWS = (
    GameView("underground", "Underground", "g,f8", UndergroundPane,
             "Prospect for Silver: the three Underground maps (arrows move the cursor)", applies=_silver),
    GameView("silver", "Silver", "k", SilverPane,
             "Prospect for Silver: the Technology board, the Prospector Wheel, Silver and Mines", applies=_silver),
)
