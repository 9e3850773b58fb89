"""The views the game's modules add to the game screen (Prospect for Silver: the Underground maps and the
Silver view, and the Prospector Wheel's line over the Action Wheel).

The game screen composes them, draws them when they are shown and lets them answer map choices about
their spaces, through the few calls below; it knows nothing else of them.
"""

from __future__ import annotations

from textual.containers import VerticalScroll

from ..engine import current_player
from ..engine.silver.state import ProspectorStepFrame
from ..engine.state import ActionFrame
from .widgets.silver import ProspectorWheelLine, SilverView
from .widgets.underground import UndergroundView

# Groups of the decision menu about one of the module views (the Technologies, the markers...).
_GROUP_VIEW = {"tech": "silver", "marker": "silver", "rtile": "silver"}


class ModuleViews:
    def __init__(self, settings) -> None:
        self.silver = "silver" in settings.modules
        self.ids: tuple[str, ...] = ("underground", "silver") if self.silver else ()
        self._under_args: tuple = ([], None)
        self._auto_for = None  # the decision for which the Underground view last opened by itself

    # ------------------------------------------------------------ composing
    def wheel_widgets(self) -> list:
        """Widgets shown above the Action Wheel."""
        return [ProspectorWheelLine(id="prospector-wheel")] if self.silver else []

    def views(self) -> list:
        """The views, each a VerticalScroll with the view's id (for the ContentSwitcher)."""
        if not self.silver:
            return []
        return [VerticalScroll(UndergroundView(id="underground-view"), id="underground", classes="view"),
                VerticalScroll(SilverView(id="silver-view"), id="silver", classes="view")]

    # ------------------------------------------------------------ drawing
    def refresh(self, screen, state) -> None:
        """After any change (cheap: the wheel line only; the views are drawn when shown)."""
        if self.silver:
            screen.query_one(ProspectorWheelLine).show(state)

    def draw(self, screen, name: str, state) -> bool:
        if name == "underground":
            screen.query_one(UndergroundView).show(state, *self._under_args)
        elif name == "silver":
            screen.query_one(SilverView).show(state, current_player(state))
        else:
            return False
        return True

    # ------------------------------------------------------------ map choices about Underground spaces
    def point(self, screen, event) -> bool:
        """The decision panel points at spaces: take it when they are Underground ones (or the decision is
        about Prospectors), show them on the Underground view; return False to leave it to the screen."""
        if not self.silver:
            return False
        under = screen.query_one(UndergroundView)
        spaces = [s for s in event.spaces if under.owns(s)]
        cursor = event.cursor if under.owns(event.cursor) else None
        main = [s for s in event.spaces if not under.owns(s)]
        if main and cursor is None:  # the choice is on the main map (too): the main map shows it, without ours
            event.spaces = main
            return False
        state = screen.model.state
        top = state.stack[-1] if state.stack else None
        about = isinstance(top, ProspectorStepFrame) or (isinstance(top, ActionFrame) and top.action == "prospector")
        group_view = _GROUP_VIEW.get(event.group)
        if group_view:
            if screen.current_view != group_view:
                screen.view_before_map = screen.view_before_map or screen.current_view
                screen.action_view(group_view, remember=True)
            return True
        if not spaces and not cursor and not about:
            return False
        self._under_args = (spaces, cursor)
        screen._stale.add("underground")
        key = (state.round, state.lap, state.turn, len(state.stack), type(top).__name__)
        if spaces or key != self._auto_for:
            self._auto_for = key
            if screen.current_view != "underground":
                screen.view_before_map = screen.view_before_map or screen.current_view
                screen.action_view("underground", remember=True)
        if screen.current_view == "underground":
            screen._draw_view("underground")
        if spaces and event.all_spaces:
            under.focus()
        return True
