"""Which view the game screen shows, and when it switches by itself: the view a decision is about
(the map for a Merchant Action, the offers for a Contract), a group's own view until it is closed,
'since your last turn' when a turn begins, scrolling, the board of another player, a Town's details.
A part of ``GameScreen`` (a mixin of plain methods: the screen keeps its message handlers)."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import ContentSwitcher, OptionList

from ...engine import current_player
from ...engine.events import TurnBegan
from ...engine.state import ActionFrame
from ..recap import PIECES
from ..widgets.decision import DecisionPanel
from ..widgets.map_view import MapView

# Opening one of these choice groups shows the view it is about (the board for Rooms and Crests...).
VIEW_FOR_GROUP = {"room": "board", "task": "board", "exchange": "board"}
# The view a decision is about, shown once when it comes up (the player may then look elsewhere).
VIEW_FOR_ACTION = {"merchant": "map", "architect": "map", "character": "offers", "contract": "offers", "king": "wheel"}
# ... and the part of the board to scroll to (small terminals show only part of it).
BOARD_PART = {"room": "buildings", "task": "storehouse"}


class GameViews:
    """The views of the game screen (``self`` is the GameScreen)."""

    def _pointed(self, event: DecisionPanel.Pointing) -> None:
        """The choice in hand points at map spaces (or none): mark them, and show the view it is about."""
        map_view = self.query_one(MapView)
        state = self.model.state
        piece = self._map_piece()
        cursor = event.cursor
        if cursor is None and piece is not None and not event.spaces:
            cursor = getattr(state.players[state.stack[-1].player], piece)  # where the piece stands
        self._map_args = (event.spaces, cursor)
        self._stale.add("map")
        if self.current_view == "map":
            self._draw_view("map")
            if cursor:
                map_view.scroll_to_cursor(self._piece_at())
        wanted = self._wanted_view(event)
        if wanted and self.current_view != wanted and self.current_view != "recap":
            if (event.group or (event.spaces and event.all_spaces)) and self.view_before is None:
                # a group's or a map choice's own view: when it is over, back to this one
                self.view_before = (self.current_view, len(state.stack), current_player(state))
            self.action_view(wanted, remember=True)
            part = BOARD_PART.get(event.group)
            if wanted == "board" and part:
                line = self.query_one("#board-view").sections.get(part, 0)
                self.call_after_refresh(self.query_one("#board", VerticalScroll).scroll_to, y=line, animate=False)
        elif not wanted and not event.group and not event.all_spaces and self.current_view != "recap" and self._back_to():
            self.action_view(self._back_to())  # the group or map choice is over: the view the player had before
        if event.spaces and event.all_spaces:
            map_view.focus()  # a pure map choice (where to move): the arrows move the map cursor
        elif map_view.has_focus:
            self.query_one("#choices", OptionList).focus()
        self.update_keys()

    def _piece_at(self) -> str | None:
        """Where the piece the decision in hand is about stands (the map keeps it in view)."""
        piece, state = self._map_piece(), self.model.state
        return getattr(state.players[state.stack[-1].player], piece) if piece and state.stack else None

    def _map_piece(self) -> str | None:
        """The piece the decision in hand is about (Merchant / Architect Actions and moves)."""
        state = self.model.state
        top = state.stack[-1] if state.stack else None
        if isinstance(top, ActionFrame) and top.action in PIECES:
            return top.action
        piece = getattr(top, "piece", None)
        return piece if piece in PIECES else None

    def _back_to(self) -> str | None:
        """The view to return to, if the group or map choice that switched the view is over."""
        if self.view_before is None:
            return None
        view, depth, who = self.view_before
        state = self.model.state
        if who != current_player(state):
            self.view_before = None  # someone else decides now: the view stays as it is
            return None
        return view if len(state.stack) <= depth else None

    def _wanted_view(self, event: DecisionPanel.Pointing) -> str | None:
        """The view the choice in hand is about: the map for a map choice, the offers for the
        Character Action... shown once per decision, so a player who looks elsewhere stays there."""
        state = self.model.state
        if event.spaces and event.all_spaces:
            return "map"
        if event.group in VIEW_FOR_GROUP:
            return VIEW_FOR_GROUP[event.group]
        top = state.stack[-1] if state.stack else None
        action = top.action if isinstance(top, ActionFrame) else None
        key = self.decision_key()
        if action in VIEW_FOR_ACTION and key != self._auto_view_for and not event.group:
            self._auto_view_for = key
            if self._follows_decisions():
                return VIEW_FOR_ACTION[action]
        return None

    def _follows_decisions(self) -> bool:
        """Does the view follow the decision in hand by itself? At home, yes (every seat is played at
        this screen or by its opponents). On the host, only at this seat's own decisions: a watcher and
        a player waiting keep the view they chose while another seat decides (issue 39: a view shown by
        itself costs every such screen two or three layouts and a repaint of the whole screen at the
        same move; the panel's line and the strip say what the other seat does, the keys show the rest)."""
        return not self.model.remote or self.model.plays_here(current_player(self.model.state))

    def decision_key(self) -> tuple:
        """Which decision is in hand (a view is shown by itself once per decision)."""
        state = self.model.state
        top = state.stack[-1] if state.stack else None
        action = top.action if isinstance(top, ActionFrame) else None
        return (state.round, state.lap, state.turn, len(state.stack), type(top).__name__, action)

    def action_view(self, name: str, remember: bool = False) -> None:
        if name not in {v.name for v in self.views}:
            return
        if not remember:
            self.view_before = None  # the player chose a view: stop switching it for them
        switcher = self.query_one(ContentSwitcher)
        leaving = self.query_one(f"#{switcher.current}") if switcher.current and switcher.current != name else None
        if leaving is not None and self.focused is leaving:
            # The focus goes to the view that shows, now, where Textual moved it itself once it had hid
            # the view that had it: a repaint of the whole screen in a frame after the switch's (issue 39).
            self.set_focus(self.query_one(f"#{name}"), scroll_visible=False)
        switcher.current = name
        self._draw_view(name)
        if name == "map":
            self.query_one(MapView).scroll_to_cursor(self._piece_at())
        if name == "log":  # newest entries last: show them (only works once the log is laid out)
            self.call_after_refresh(self.query_one("#log", VerticalScroll).scroll_end, animate=False)
        self.update_keys()
        self.call_after_refresh(self.update_keys)  # once laid out: can it scroll?

    def action_cycle_view(self) -> None:
        names = [v.name for v in self.views]
        self.action_view(names[(names.index(self.current_view) + 1) % len(names)])

    def action_other_board(self, step: int) -> None:
        n = len(self.model.state.players)
        who = current_player(self.model.state)
        now = self._board_player(who)
        self.board_player, self._board_for = (now + step) % n, who
        self.action_view("board")
        self.refresh_board()

    def _view_scroll(self) -> VerticalScroll:
        return self.query_one(f"#{self.current_view}", VerticalScroll)

    def action_scroll_view(self, direction: int) -> None:
        view = self._view_scroll()
        view.scroll_page_down(animate=False) if direction > 0 else view.scroll_page_up(animate=False)

    def action_scroll_line(self, direction: int) -> None:
        view = self._view_scroll()
        view.scroll_relative(y=direction, animate=False)

    def action_scroll_home(self) -> None:
        self._view_scroll().scroll_home(animate=False)

    def action_scroll_end(self) -> None:
        self._view_scroll().scroll_end(animate=False)

    def action_details(self) -> None:
        """'i': everything about the Town of the highlighted choice, or under the map cursor."""
        from ..dialogs.town import TownDialog  # start-up: the Town dialog loads when i is pressed

        choice = self.query_one(DecisionPanel).highlighted
        space = choice.space if choice is not None and choice.space else None
        view = self.query_one(f"#{self.current_view}-view")
        if self.current_view == "map":
            space = self.query_one(MapView).cursor or space
        elif view.has_focus and getattr(view, "cursor", None):  # a module's map (the Underground) being browsed
            space = view.cursor
        elif space is None:
            space = self.query_one(MapView).cursor
        if space:
            self.app.push_screen(TownDialog(self.model.state, space))

    def _recap_at_turn_start(self, events) -> None:
        """A seat's turn began: show what the others did since its last turn (Esc goes back)."""
        state = self.model.state
        began = [e for e in events if isinstance(e, TurnBegan)]
        if not self.RECAP or not began or state.phase != "action" or current_player(state) is None:
            return
        if not self.person_decides(current_player(state)):
            return  # an opponent's or (through the host) another person's turn: the recap is theirs, not this screen's
        self.recap = self.reader.recap(state, current_player(state), self.model.since(current_player(state)))
        if self.recap.empty and not (self.recap.since and self.recap.since.vp()):
            return
        self._stale.add("recap")
        if self.current_view != "recap":
            self._recap_from = self.current_view
            self.action_view("recap")
        self.update_keys()

    def _leave_recap(self) -> None:
        self.action_view(getattr(self, "_recap_from", None) or self.views[0].name)
