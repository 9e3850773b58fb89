"""The game screen: status line, switchable views (wheel, map, board, offers, log), decision panel.

Attributes down, messages up: the screen owns the GameModel, hands each widget the state to draw,
and turns the decision panel's ``Chosen`` messages into ``model.apply``. Nothing here knows a rule:
legality, reasons and wording come from the engine.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Container, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, OptionList

from ...engine import IllegalActionError, TiletumError, current_player, explain_frame
from ...engine.events import FairHeld, GameOver, PhaseBegan, Scored, TurnBegan
from ...engine.queries import ap_lost_by
from ...engine.state import ActionFrame
from ...engine.tasks import TASKS
from .. import keymap
from .. import text as T
from ..choices import build_menu, finish_action
from ..dialogs.basic import AnnounceDialog, ConfirmDialog
from ..model import GameModel
from ..widgets.board import BoardView
from ..widgets.decision import DecisionPanel
from ..widgets.log import LogView
from ..widgets.map_view import MapView
from ..widgets.offers import OffersView
from ..widgets.painted import Ink
from ..widgets.status import StatusBar
from ..widgets.wheel import WheelView

VIEWS = ("wheel", "map", "board", "offers", "log")
# Opening one of these choice groups shows the view it is about (the Contract offer, the board...).
VIEW_FOR_GROUP = {"takecontract": "offers", "hire": "offers", "room": "board", "crest": "board",
                  "fulfil": "board", "helper": "board", "takebonus": "map"}
# ... and the part of the board to scroll to (small terminals show only part of it).
BOARD_PART = {"room": "buildings", "crest": "buildings", "fulfil": "storehouse", "helper": "storehouse"}
WIDE, TALL = 116, 32  # from these sizes the decision panel moves right / grows


class GameScreen(Screen):
    BINDINGS = keymap.bindings(keymap.GAME_KEYS + keymap.NUMBER_KEYS) + keymap.bindings([
        ("scroll-up", "pageup", "scroll_view(-1)", "Scroll up", False),
        ("scroll-down", "pagedown", "scroll_view(1)", "Scroll down", False),
    ])

    def __init__(self, model: GameModel) -> None:
        super().__init__()
        self.model = model
        self.board_player: int | None = None  # None: follow the player deciding now
        self.notation = False
        self.view_before_map: str | None = None  # the map opened itself for a map choice
        self._busy = False  # a confirm dialog is open: ignore further choices
        self._auto_map_for = None  # the decision for which the map was last opened by itself
        self.hints_on = False
        # Views are drawn when shown: a change redraws the visible one and marks the others stale
        # (drawing all five at every change and at start-up cost more than the rest of the screen).
        self._stale: set[str] = set()
        self._map_args: tuple = ([], None)  # (legal spaces, cursor) of the last choice, for the map
        # -- opponents (issue 14): the seats played by the computer, and the master's hints
        from ..opponents import OpponentsController

        self.opponents = OpponentsController(self, getattr(model.session, "seats", ()))
        # --

    def compose(self) -> ComposeResult:
        yield Ink()
        yield StatusBar(id="status")
        with Container(id="body"):
            with ContentSwitcher(id="views", initial="wheel"):
                with VerticalScroll(id="wheel", classes="view"):
                    yield WheelView(id="wheel-view")
                with VerticalScroll(id="map", classes="view"):
                    yield MapView(id="map-view")
                with VerticalScroll(id="board", classes="view"):
                    yield BoardView(id="board-view")
                with VerticalScroll(id="offers", classes="view"):
                    yield OffersView(id="offers-view")
                with VerticalScroll(id="log", classes="view"):
                    yield LogView(id="log-view")
            yield DecisionPanel(id="decision")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._layout(self.app.size.width, self.app.size.height)
        self.on_mount_autosave()
        self.refresh_game()
        self._after_announce()  # a finished game that was loaded goes straight to the table

    def on_resize(self, event) -> None:
        self._layout(event.size.width, event.size.height)

    def on_unmount(self) -> None:
        """Leaving the game (back to the title, quitting): its last autosave reaches the disk first."""
        self.opponents.close()  # -- opponents (issue 14): end their process
        close = getattr(self.model.session, "close", None)
        if close is not None:
            close()

    def on_screen_resume(self) -> None:
        self.opponents.resumed()  # -- opponents (issue 14): a dialog closed; an opponent may go on

    def _layout(self, width: int, height: int) -> None:
        self.set_class(width >= WIDE, "-wide")
        self.set_class(height >= TALL, "-tall")

    # ------------------------------------------------------------ drawing
    @property
    def current_view(self) -> str:
        return self.query_one(ContentSwitcher).current or "wheel"

    def refresh_game(self) -> None:
        """Redraw everything from the model's state (after any change)."""
        state = self.model.state
        who = current_player(state)
        self.query_one(StatusBar).show(state, who)
        self._stale = set(VIEWS)
        self._draw_view(self.current_view)
        panel = self.query_one(DecisionPanel)
        # The panel and status line wear the colour of the player deciding (hot-seat: whose go it is).
        colour_class = f"player-{state.players[who].colour}" if who is not None else ""
        panel.set_classes(colour_class)
        self.query_one(StatusBar).set_classes(colour_class)
        if who is None:
            panel.show(explain_frame(state), [])
            return
        # -- opponents (issue 14): an opponent's decision shows its moves and thinking, no menu
        if self.opponents.plays(who):
            self.show_opponent_panel()
            self.opponents.changed()
            return
        # --
        menu = build_menu(state, self.model.options())
        if self.hints_on:
            from ...learn.hints import hints
            from ..learn import mark_hints

            mark_hints(menu, hints(state, self.model.legal()))
            self.opponents.mark_suggestion(menu)  # -- opponents (issue 14): the master's suggestion
        panel.show(explain_frame(state), menu)
        self.query_one("#choices", OptionList).focus()
        self.opponents.changed()  # -- opponents (issue 14): asks for a hint when hints are on

    def _draw_view(self, name: str) -> None:
        """Draw a view from the state if it changed since it was last drawn."""
        if name not in self._stale:
            return
        self._stale.discard(name)
        state = self.model.state
        if name == "wheel":
            self.query_one(WheelView).show(state, current_player(state))
        elif name == "offers":
            self.query_one(OffersView).show(state)
        elif name == "board":
            self.refresh_board()
        elif name == "log":
            self.query_one(LogView).show(self.model.log, state.players, self.notation)
            self.query_one("#log", VerticalScroll).scroll_end(animate=False)
        elif name == "map":
            self.query_one(MapView).show(state, *self._map_args)

    def refresh_board(self) -> None:
        self._stale.discard("board")
        state = self.model.state
        who = current_player(state)
        board_player = self.board_player if self.board_player is not None else (who if who is not None else 0)
        self.query_one(BoardView).show(state, board_player)
        self.query_one(BoardView).set_classes(f"player-{state.players[board_player].colour}")

    # ------------------------------------------------------------ messages from the widgets
    def _map_piece(self) -> str | None:
        """The piece the decision in hand is about (Merchant / Architect Actions and moves)."""
        state = self.model.state
        top = state.stack[-1] if state.stack else None
        if isinstance(top, ActionFrame) and top.action in ("merchant", "architect"):
            return top.action
        piece = getattr(top, "piece", None)
        return piece if piece in ("merchant", "architect") else None

    @on(DecisionPanel.Pointing)
    def _pointing(self, event: DecisionPanel.Pointing) -> None:
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
        # A map choice always shows the map; a Merchant/Architect Action shows it once per
        # decision, so a player who switches away to look at something else is left there.
        frame_key = (state.round, state.lap, state.turn, len(state.stack), type(state.stack[-1]).__name__) if state.stack else None
        want_map = bool(event.spaces) or (piece is not None and frame_key != self._auto_map_for)
        if piece is not None:
            self._auto_map_for = frame_key
        wanted = "map" if want_map else VIEW_FOR_GROUP.get(event.group)
        if wanted and self.current_view != wanted:
            if wanted in ("board",):
                self.board_player = None  # your own board
                self.refresh_board()
            self.view_before_map = self.view_before_map or self.current_view
            self.action_view(wanted, remember=True)
            part = BOARD_PART.get(event.group)
            if wanted == "board" and part:
                line = self.query_one(BoardView).sections.get(part, 0)
                self.call_after_refresh(self.query_one("#board", VerticalScroll).scroll_to, y=line, animate=False)
        elif not wanted and piece is None and self.view_before_map and not event.group:
            self.action_view(self.view_before_map)  # back out: the view the player had before
            self.view_before_map = None
        if event.spaces and event.all_spaces:
            map_view.focus()  # a pure map choice (where to move): the arrows move the map cursor
        elif map_view.has_focus:
            self.query_one("#choices", OptionList).focus()

    @on(MapView.Picked)
    def _map_picked(self, event: MapView.Picked) -> None:
        if self.query_one(MapView).legal:
            self.query_one(DecisionPanel).pick_space(event.space)

    @on(MapView.Moved)
    def _map_moved(self, event: MapView.Moved) -> None:
        self.query_one(DecisionPanel).highlight_space(event.space)

    @on(DecisionPanel.Refused)
    def _refused(self, event: DecisionPanel.Refused) -> None:
        self.notify(event.reason, title="Not possible now", severity="warning")

    @on(DecisionPanel.Chosen)
    def _chosen(self, event: DecisionPanel.Chosen) -> None:
        self.choose(event.action)

    # ------------------------------------------------------------ applying
    def choose(self, action) -> None:
        if self._busy:
            return
        who = current_player(self.model.state)
        if self.opponents.plays(who):  # -- opponents (issue 14): their seats are not played from the keyboard
            self.notify(f"{self.opponents.title(who)} is playing. Esc hurries.", severity="warning", timeout=3)
            return
        lost = ap_lost_by(self.model.state, action)
        if lost:
            self._busy = True
            what = "end your turn" if action.verb() == "end" else "finish the Action"
            question = f"You still have {lost[1]} AP for the {T.ACTION_TITLE[lost[0]]} Action. They are lost if you {what} now."

            def answered(yes: bool | None) -> None:
                self._busy = False
                if yes:
                    self.apply(action)
                else:
                    self.query_one(DecisionPanel).waiting = False  # the choice was not made
            self.app.push_screen(ConfirmDialog("Waste AP?", question + "\n\nDo it anyway?"), answered)
            return
        self.apply(action)

    def apply(self, action) -> None:
        try:
            entry = self.model.apply(action)
        except TiletumError as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            self.query_one(DecisionPanel).waiting = False
            return
        self.refresh_game()
        events = entry.events
        after = self.model.state
        began = [e for e in events if isinstance(e, TurnBegan)]
        if began and after.phase == "action" and current_player(after) is not None:
            self.notify(f"{after.players[began[-1].player].name}'s turn", timeout=2)
        if self._announce(events):
            title, scored, notes = self._announcement(entry)
            self.app.push_screen(AnnounceDialog(title, after.players, scored, notes), lambda _: self._after_announce())
        else:
            self._after_announce()

    # ------------------------------------------------------------ opponents (issue 14): ui/opponents.py calls these
    def apply_opponent(self, action) -> None:
        """An opponent's move: applied, logged, autosaved and announced as any move is (never a lesson's)."""
        GameScreen.apply(self, action)

    def show_opponent_panel(self) -> None:
        who = current_player(self.model.state)
        if who is not None and self.opponents.plays(who):
            self.query_one(DecisionPanel).show(self.opponents.panel_title(who), [])

    def show_view_for_opponent(self, name: str, space: str | None) -> None:
        """Show where an opponent's move happened: the wheel after a die, the map marked at a space."""
        if space is not None:
            self._map_args = ([space], space)
            self._stale.add("map")
        if self.current_view != name:
            self.view_before_map = self.view_before_map or self.current_view
            self.action_view(name, remember=True)
        else:
            self._draw_view(name)

    @staticmethod
    def _announce(events) -> bool:
        """A phase was scored: the King phase, a Fair or final scoring (the events say so)."""
        return any(isinstance(e, (FairHeld, GameOver)) or (isinstance(e, PhaseBegan) and e.phase == "king")
                   for e in events)

    def _announcement(self, entry) -> tuple[str, list, list[str]]:
        """Title, scoring events and notes of the announcement, all read from the events."""
        w = T.words(self.model.state)
        events = entry.events
        scored = [e for e in events if isinstance(e, Scored)]
        parts, notes, rnd = [], [], None
        for e in events:
            if isinstance(e, PhaseBegan) and e.phase == "king":
                parts.append("King phase")
                rnd = e.round
            elif isinstance(e, FairHeld):
                rnd = rnd or e.round
                parts.append(f"Fair in {w.space_name(e.town)}")
                tile = w.cat.fair_tiles[e.tile]
                notes.append(f"Fair in {w.space_name(e.town)}: {e.board_vp}+{e.tile_vp} VP {tile.text}. "
                             "A House or your Merchant there lets you take part.")
                if not e.participants:
                    notes.append("Nobody took part in this Fair.")
            elif isinstance(e, GameOver):
                parts.append("final scoring")
        rnd = rnd or self.model.state.round
        return f"Round {rnd}: " + ", ".join(parts or ["scoring"]), scored, notes

    def _after_announce(self) -> None:
        if self.model.state.phase == "over":
            from .final import FinalScreen

            self.app.push_screen(FinalScreen(self.model))

    def on_mount_autosave(self) -> None:
        """Tell the player at once when an autosave fails (the writer runs on a thread of its own)."""
        session = self.model.session
        if hasattr(session, "on_autosave"):
            session.on_autosave = lambda problem: problem and self.app.call_from_thread(self._autosave_failed, problem)
            if getattr(session, "autosave_error", None):
                self._autosave_failed(session.autosave_error)

    def _autosave_failed(self, problem: str) -> None:
        self.notify(f"{problem}. The game goes on.", title="Autosave", severity="warning", timeout=8)

    # ------------------------------------------------------------ key actions
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "undo":
            return None if self.model.can_undo() else True
        if action == "redo":
            return True if self.model.can_redo() is None else None
        if action == "finish":
            return True if finish_action(self.model.legal()) or self.model.state.phase == "over" else None
        return True

    # ------------------------------------------------------------ learning (ui.learn)
    def action_rules_here(self) -> None:
        from ..learn import help_here

        help_here(self)

    def action_explain(self) -> None:
        from ..learn import explain_highlighted

        explain_highlighted(self)

    def action_preview(self) -> None:
        from ..learn import show_preview

        show_preview(self)

    def action_toggle_hints(self) -> None:
        self.hints_on = not self.hints_on
        self.opponents.suggest = self.hints_on  # -- opponents (issue 14): h asks the master too
        self.notify("Hints on: ★ marks choices that complete something, ◆ the master's suggestion (it thinks a "
                    "moment)" if self.hints_on else "Hints off", timeout=3)
        self.refresh_game()

    def action_pick(self, n: int) -> None:
        self.query_one(DecisionPanel).pick_number(n)

    def action_back(self) -> None:
        if self.opponents.busy:  # -- opponents (issue 14): Esc hurries the opponent playing
            self.opponents.hurry()
            return
        self.query_one(DecisionPanel).back()

    def action_tasks(self) -> None:
        if not self.query_one(DecisionPanel).open_tasks():
            self.notify("No Tasks now: they can be done on your own turn.", severity="warning")

    def action_finish(self) -> None:
        action = finish_action(self.model.legal())
        if self.model.state.phase == "over":
            self._after_announce()  # back to the final scoring table
        elif action is None:
            self.notify("Nothing to finish: make the choice in the decision panel.", severity="warning")
        else:
            self.choose(action)

    def action_view(self, name: str, remember: bool = False) -> None:
        if not remember:
            self.view_before_map = None  # the player chose a view: stop switching it for them
        self.query_one(ContentSwitcher).current = name
        self._draw_view(name)
        if name == "log":  # newest entries last: show them (only works once the log is laid out)
            self.call_after_refresh(self.query_one("#log", VerticalScroll).scroll_end, animate=False)

    def action_cycle_view(self) -> None:
        self.action_view(VIEWS[(VIEWS.index(self.current_view) + 1) % len(VIEWS)])

    def action_other_board(self, step: int) -> None:
        n = len(self.model.state.players)
        now = self.board_player if self.board_player is not None else (current_player(self.model.state) or 0)
        self.board_player = (now + step) % n
        self.action_view("board")
        self.refresh_game()

    def action_scroll_view(self, direction: int) -> None:
        view = self.query_one(f"#{self.current_view}", VerticalScroll)
        view.scroll_page_down() if direction > 0 else view.scroll_page_up()

    def action_toggle_notation(self) -> None:
        self.notation = not self.notation
        self.action_view("log")
        self.refresh_game()

    def action_undo(self) -> None:
        self._step_history("undo", self.model.can_undo, self.model.undo)

    def action_redo(self) -> None:
        self._step_history("redo", self.model.can_redo, self.model.redo)

    def _step_history(self, verb: str, reason_not, step) -> None:
        """Undo or redo, or say why not (the session knows where undo must stop)."""
        reason = reason_not()
        if reason:
            self.notify(reason, title=f"Cannot {verb}", severity="warning")
            return
        step()
        self.refresh_game()

    def action_save(self) -> None:
        """Ask for a name, then save (the game is also autosaved after every action)."""
        from ...saves.errors import SaveFileError
        from ..dialogs.save import SaveDialog

        st = self.model.state
        suggestion = " vs ".join(p.name for p in st.players) + f", round {st.round}"

        def named(name: str | None) -> None:
            if not name:
                return
            try:
                path = self.model.session.save(name)
            except SaveFileError as exc:  # names the file and the problem (full disk, no access…)
                self.notify(str(exc), title="Could not save", severity="error", timeout=8)
            else:
                self.notify(f"Saved as {path.name}", timeout=4)

        self.app.push_screen(SaveDialog(suggestion), named)

    def legal_tasks(self) -> list:
        """(label, action) of every Task possible now, for the command palette."""
        out = []
        from ...engine import describe

        for a in self.model.legal():
            if isinstance(a, TASKS):
                out.append((describe(self.model.state, a), a))
        return out


__all__ = ["GameScreen", "IllegalActionError"]
