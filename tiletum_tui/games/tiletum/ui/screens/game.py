"""The game screen: the status line, the views (``ui.views.VIEWS``: wheel, map, board, offers, log,
the recap), the strip of the player in turn and the decision panel, and the key line.

Attributes down, messages up: the screen binds to the GameModel (``shell.ui.model``: it watches the
model's reactive parts, issue 39), hands every view and strip one ``Scene`` to draw, and turns the
decision panel's ``Chosen`` messages into ``model.apply``; it redraws when the model's ``change``
says the game changed, whoever changed it, never because it made a move. Nothing here knows a rule:
legality, reasons and wording come from the engine.

Adding a view or a strip: append a ``GameView`` / ``GameStrip`` to ``ui.views.VIEWS`` / ``STRIPS``
(its widget has ``draw(scene)``); the screen composes it, binds its keys, scrolls it, names it in
the key line, the help and the command palette. Nothing in this file changes.

The screen's keyboard (keys in the order typed, typing a Town's name) is ``game_input.py``; which
view it shows and when it switches by itself is ``game_views.py``; the announcements ``announce.py``;
redrawing after a change made anywhere (this screen, the host, another player) ``game_changes.py``; the frame it is
composed of (the views, their scrolling, the side) ``game_layout.py``;
the key line and what the keys do (pick, back, end the turn, hints, undo, save, leave) ``game_keys.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import ContentSwitcher, OptionList

from ...engine import IllegalActionError, current_player
from ...engine.legal import ap_could_be_spent
from ...engine.queries import ap_lost_by
from tiletum_tui.core.errors import Refused
from tiletum_tui.shell.textual_private import bindings_by_key
from tiletum_tui.shell import prefs
from tiletum_tui.shell.ui import keeping
from .. import keymap
from .. import text as T
from ..choices import build_menu, decision_title
from ..line_memory import LineMemory
from tiletum_tui.shell.ui.dialogs import ConfirmDialog
from tiletum_tui.shell.ui.model import GameModel
from tiletum_tui.shell.ui.opponents import HOSTS_HINT_CAP
from ..recap import PIECES, LogReader
from ..views import POINTING, Scene, SpaceMoved, SpacePicked, strips_for, views_for
from ..widgets.decision import DecisionPanel
from ..widgets.map_view import MapInfo, MapView
from ..widgets.painted import Ink
from ..widgets.status import StatusBar
from .announce import Announcing
from .game_changes import GameChanges
from .game_input import GameInput
from .game_keys import GameKeys
from .game_layout import ROOMY, TALL, WIDE, compose_views
from .game_views import GameViews

class GameScreen(GameKeys, GameInput, GameViews, GameChanges, Announcing, Screen):
    RECAP = True  # show 'since your last turn' when a turn begins (the guided game shows its own steps)
    UNDO = True  # the key line offers undo (the guided game follows one line of play: no undo)
    REMEMBER_HINTS = True  # h's setting outlives the game (the guided game sets its own: ``prefs``)
    BINDINGS = keymap.bindings(keymap.GAME_KEYS + keymap.NUMBER_KEYS) + [
        # Scrolling the view comes before the choice list's own PgUp/PgDn (the arrows move in it).
        Binding("pageup", "scroll_view(-1)", "Scroll up", show=False, priority=True, id="tiletum.scroll-up"),
        Binding("pagedown", "scroll_view(1)", "Scroll down", show=False, priority=True, id="tiletum.scroll-down"),
        Binding("shift+up", "scroll_line(-1)", "Line up", show=False, priority=True, id="tiletum.line-up"),
        Binding("shift+down", "scroll_line(1)", "Line down", show=False, priority=True, id="tiletum.line-down"),
        Binding("shift+home,ctrl+home", "scroll_home", "Top", show=False, priority=True, id="tiletum.scroll-top"),
        Binding("shift+end,ctrl+end", "scroll_end", "Bottom", show=False, priority=True, id="tiletum.scroll-bottom"),
        # Table talk, in a game played through ``tiletum host`` (issue 25).
        Binding("apostrophe,ctrl+t", "talk", "Talk", show=False, id="tiletum.talk"),
    ]

    # Table talk as this screen shows it, set from the model's (``game_changes.talk_changed``); the log
    # view binds to it (``data_bind``: issue 39, a widget that shows a part of the model).
    chat = var((), init=False)

    def __init__(self, model) -> None:
        super().__init__()
        self.model = model
        self.views = views_for(model.state)
        self.strips = strips_for(model.state)
        for bid, keys, action, desc, show in keymap.view_keys(self.views):
            self._add_binding(Binding(keys, action, desc, show=show, id=f"tiletum.{bid}"))
        self.reader = LogReader()
        self.board_player: int | None = None  # None: follow the player deciding now
        self._board_for: int | None = None  # who was deciding when the board was switched by hand
        self.notation = False
        # The view to go back to once the group or map choice that switched it is over: (view, depth of
        # the decision stack then, who was deciding). Forgotten when the decision passes to another seat.
        self.view_before: tuple | None = None
        self._busy = False  # a confirm dialog is open: ignore further choices
        self._auto_view_for = None  # the decision for which a view was last shown by itself
        self.hints_on = bool(self.REMEMBER_HINTS and prefs.get("hints", False))  # as the player left them
        self.recap = None  # what happened since the player in turn last played
        self.lines = LineMemory()  # the menus' lines of this turn (choices.LineMemory)
        # Views are drawn when shown: a change redraws the visible one and marks the others stale.
        self._stale: set[str] = set()
        self._map_args: tuple = ([], None)  # (legal spaces, cursor) of the last choice, for the map
        # Keys pressed while a choice is being applied: played on the next decision, in order (a fast
        # typist's "2 2" moves twice; they never pick from the lines of the decision already made).
        self._ahead: list[tuple[str, str | None]] = []
        self._replaying: set = set()  # the key events posted again from _ahead
        # The seats the computer plays (issue 14): they think in a process and play through this screen.
        from ..opponents import OpponentsController

        self.opponents = OpponentsController(self, getattr(model.session, "seats", ()))
        self.opponents.suggest = self.hints_on  # (hints on: h asks the master too)

    def _add_binding(self, binding: Binding) -> None:
        """Bind a view's keys on this screen (the views are a list, so their keys are made here)."""
        table = bindings_by_key(self)
        for key in binding.key.split(","):
            key = key.strip()
            table[key] = [*table.get(key, []), Binding(key, binding.action, binding.description, show=binding.show,
                                                       id=binding.id)]

    def compose(self) -> ComposeResult:
        yield from compose_views(self.views, self.strips, DecisionPanel(id="decision"))

    def on_mount(self) -> None:
        self.model.listen(self.post_message)  # what is not a part of the game: refusals, hints (``_model_*``)
        self.bind_model()  # every change, whoever made it, redraws what it changed (game_changes.py)
        for log in self.query("#log-view"):
            log.data_bind(GameScreen.chat)
        self._layout(self.app.size.width, self.app.size.height)
        self.on_mount_autosave()
        self.refresh_game()
        self._recap_at_turn_start(self.model.log[-1].events if self.model.log else ())
        self._after_announce()  # a finished game that was loaded goes straight to the table
        keeping.report_autosave(self)  # a new game in a folder that cannot be written says so at once

    def on_resize(self, event) -> None:
        self._layout(event.size.width, event.size.height)
        self.call_after_refresh(self.query_one(DecisionPanel).fit)  # (the side's room for a long menu anew)
        self.call_after_refresh(self.update_keys)

    def on_unmount(self) -> None:
        """Leaving the game (back to the title, quitting): its last autosave reaches the disk first."""
        self.model.unlisten(self.post_message)
        self.opponents.close()  # (their process ends with the screen)
        close = getattr(self.model.session, "close", None)
        if close is not None:
            close()

    def on_screen_resume(self) -> None:
        self.opponents.resumed()  # a dialog closed: an opponent's move may go on

    @property
    def wide(self) -> bool:
        return self.has_class("-wide")

    def _layout(self, width: int, height: int) -> None:
        wide = width >= WIDE and height >= 24
        if wide != self.has_class("-wide") and self.is_mounted:
            self.call_after_refresh(self.refresh_game, True)  # the strip changes shape
        self.set_class(wide, "-wide")
        self.set_class(height >= TALL, "-tall")
        for info in self.query(MapInfo):
            info.set_class(wide and height >= ROOMY, "-roomy")

    # ------------------------------------------------------------ drawing
    @property
    def current_view(self) -> str:
        return self.query_one(ContentSwitcher).current or self.views[0].name

    def scene(self) -> Scene:
        state = self.model.state
        who = current_player(state)
        return Scene(state=state, who=who, board_player=self._board_player(who), log=self.model.log,
                     setup=getattr(self.model, "setup_events", ()),
                     notation=self.notation, spaces=self._map_args[0], cursor=self._map_args[1], recap=self.recap,
                     wide=self.wide, turn_die=self.reader.die_this_turn(who), chat=tuple(self.model.chat))

    def _board_player(self, who: int | None) -> int:
        if self.board_player is not None and who == self._board_for:
            return self.board_player
        self.board_player = None  # the decision passed to someone else: follow them again
        return who if who is not None else 0

    def refresh_game(self, keep: bool = False) -> None:
        """Redraw everything from the model's state (after any change). ``keep``: the same decision,
        so the decision panel keeps its opened groups."""
        state = self.model.state
        who = current_player(state)
        self._shown_who = who
        self.reader.sync(self.model.log)
        if who is not None and (self.recap is None or self.recap.seat != who):
            self.recap = self.reader.recap(state, who, self.model.since(who))
        scene = self.scene()
        left = getattr(self.model, "time_left", None)  # (a hosted game's time per move: issue 44)
        # (a hosted game ended with nobody left at it: nobody's turn any more, issue 44)
        shown = None if getattr(self.model, "ended", "") else who
        self.query_one(StatusBar).show(state, shown, left() if left is not None and shown is not None else "")
        self._wear(state.players[who].colour if who is not None else None)
        for s in self.strips:
            self.query_one(f"#{s.name}").draw(scene)
        self._stale = {v.name for v in self.views}
        thinking = self.opponents.plays(who)  # an opponent decides: its moves and thinking, no menu
        if not (self.current_view == "map" and who is not None and not thinking):
            self._draw_view(self.current_view)  # (the map waits for the new decision's spaces: Pointing)
        panel = self.query_one(DecisionPanel)
        if who is None:  # (the game is over: the strip says so, once)
            panel.show("" if state.phase == "over" else decision_title(state, []), [])
        elif thinking:
            self.opponents.show_panel()
        elif not self.model.plays_here(who):  # a game through the host: another seat decides
            panel.show(self.waiting_title(state, who), [])
        else:
            options = self.model.options()
            came_from = {k: v for k, v in self.reader.came_from(T.words(state).r.start_town).items() if k[1] in PIECES}
            menu = build_menu(state, options, came_from)
            self.lines.keep(state, menu)  # lines keep their numbers within the turn
            if self.hints_on and self.person_decides(who):
                from ...learn.hints import hints  # start-up: the hints load when they are on
                from ..learn import mark_hints  # start-up: ui.learn loads when hints are on

                mark_hints(menu, hints(state, self.model.legal()))
                self.opponents.mark_suggestion(menu)  # the master's suggestion, once it came
            self.mark_menu(state, menu)
            panel.show(decision_title(state, options), menu, keep=keep)
            if not self.query_one(MapView).has_focus:
                self.query_one("#choices", OptionList).focus()
        self.update_keys()
        self.opponents.changed()  # ask the opponent deciding now (or the master for a hint)
        if self._ahead:
            self.call_after_refresh(self._play_ahead)

    _worn: str | None = None  # the colour the side and the status line wear (None: the theme's)

    def _wear(self, colour: str | None) -> None:
        """The side and the status line in the colour of the player deciding (``Ink``'s ``side-*``,
        inks.tcss), as their own border's colour: a class on the side made Textual apply the style
        sheet again to every widget in it at every change of the player in turn (a tenth of a
        watcher's CPU per update, issue 39); a border's colour repaints the border."""
        if colour == self._worn:
            return
        self._worn = colour
        ink = self.query_one(Ink)
        for widget in (self.query_one("#side"), self.query_one(StatusBar)):
            if colour is None or f"side-{colour}" not in ink.COMPONENT_CLASSES:
                widget.styles.border_left = None  # (the style sheet's: the theme's colour)
            else:
                widget.styles.border_left = ("outer", ink.get_component_styles(f"side-{colour}").color)

    def person_decides(self, who: int | None) -> bool:
        """A person at the keyboard makes the decision in hand (hints are theirs alone)."""
        return who is not None and not self.opponents.plays(who) and self.model.plays_here(who)

    def mark_menu(self, state, menu: list) -> None:
        """Mark lines of the menu before it is shown (``Choice.marked``): the guided game marks the
        line its step asks for. A plain game marks none."""

    def _draw_view(self, name: str) -> None:
        """Draw a view from the state if it changed since it was last drawn."""
        if name not in self._stale:
            return
        self._stale.discard(name)
        scene = self.scene()
        container = self.query_one(f"#{name}", VerticalScroll)
        for widget in container.children:
            if hasattr(widget, "draw"):
                widget.draw(scene)
        if name == "log":  # newest entries last: show them
            self.call_after_refresh(container.scroll_end, animate=False)

    def refresh_board(self) -> None:
        self._stale.add("board")
        if self.current_view == "board":
            self._draw_view("board")

    def redraw_view(self, name: str) -> None:
        """Draw view ``name`` again from the state (now if it shows, else when it next shows): for the
        helpers that change what a view shows (an opponent's move, a module's map), issue 39."""
        self._stale.add(name)
        if self.current_view == name:
            self._draw_view(name)

    def mark_on_map(self, space: str) -> None:
        """Mark ``space`` on the map, the cursor on it (where an opponent's move happened)."""
        self._map_args = ([space], space)
        self._stale.add("map")

    def show_view(self, name: str) -> None:
        """Show view ``name`` (remembered as the player's choice), drawn from the state."""
        if self.current_view != name:
            self.action_view(name, remember=True)
        else:
            self._draw_view(name)

    # ------------------------------------------------------------ messages from the widgets

    @on(DecisionPanel.Pointing)
    def _pointing(self, event: DecisionPanel.Pointing) -> None:
        if any(hook(self, event) for hook in POINTING):  # a module's own map (the Underground maps)
            return
        self._pointed(event)  # game_views: the map marks, and which view to show

    @on(MapView.Picked)
    def _map_picked(self, event: MapView.Picked) -> None:
        if self.query_one(MapView).legal:
            self.query_one(DecisionPanel).pick_space(event.space)
        else:
            self._enter_on_a_view()

    def _enter_on_a_view(self) -> None:
        """Enter in a view with no space to choose in this decision: the highlighted line, as Enter in the
        list (lines past 9 have no number key: a lesson's ▶ line among ten Tasks was out of reach)."""
        panel = self.query_one(DecisionPanel)
        if panel.highlighted is not None and not any(c.space for c in panel.options):
            panel.choose_highlighted()

    @on(MapView.Moved)
    def _map_moved(self, event: MapView.Moved) -> None:
        self.query_one(DecisionPanel).highlight_space(event.space)

    @on(SpacePicked)
    def _space_picked(self, event: SpacePicked) -> None:
        if event.legal:
            self.query_one(DecisionPanel).pick_space(event.space)
        else:
            self._enter_on_a_view()

    @on(SpaceMoved)
    def _space_moved(self, event: SpaceMoved) -> None:
        self.query_one(DecisionPanel).highlight_space(event.space)

    @on(DecisionPanel.Refused)
    def _refused(self, event: DecisionPanel.Refused) -> None:
        self.notify(event.reason, title="Not possible now", severity="warning")

    @on(DecisionPanel.Chosen)
    def _chosen(self, event: DecisionPanel.Chosen) -> None:
        before = self.model.state
        self.choose(event.action)
        if self.model.state is before and not self._busy and not getattr(self.model, "pending", None):
            # Nothing was applied (refused, or a lesson's 'not now'): the panel takes keys again, and
            # keys typed after the refused choice were meant for what did not happen.
            self.query_one(DecisionPanel).waiting = False
            self._ahead.clear()


    # ------------------------------------------------------------ applying
    def choose(self, action) -> None:
        if self._busy:
            return
        who = current_player(self.model.state)
        if self.opponents.plays(who):  # their seats are not played from the keyboard
            self.notify(f"{self.opponents.title(who)} is playing. Esc hurries.", severity="warning", timeout=3)
            self.query_one(DecisionPanel).waiting = False
            return
        if not self.model.plays_here(who):  # (the panel shows no menu then; a key typed ahead may come)
            self.notify(self.model.deciding(self.model.state, decision_title(self.model.state, self.model.options)),
                        severity="warning", timeout=3)
            self.query_one(DecisionPanel).waiting = False
            return
        lost = ap_lost_by(self.model.state, action)
        if lost and ap_could_be_spent(self.model.state):  # (AP nothing can spend are not asked about)
            self._busy = True
            what = "end your turn" if action.verb() == "end" else "finish the Action"
            whose = "the Joker" if lost[0] == "joker" else f"the {T.ACTION_TITLE[lost[0]]} Action"
            question = f"You still have {lost[1]} AP for {whose}. {'It is' if lost[1] == 1 else 'They are'} lost if you {what} now."

            def answered(yes: bool | None) -> None:
                self._busy = False
                if yes:
                    self.apply(action, by=who)
                else:
                    self.query_one(DecisionPanel).waiting = False  # the choice was not made
            self.app.push_screen(ConfirmDialog("Waste AP?", question + "\n\nDo it anyway?"), answered)
            self.call_after_refresh(self._play_ahead)  # a 'y' typed ahead answers it
            return
        self.apply(action, by=who)

    def apply(self, action, *, by, note: str = "") -> None:
        """Apply ``action`` for seat ``by`` (the person deciding, an opponent's seat, the learner, Rosa):
        the session refuses a move of a seat whose decision it is not, and the screen says why.
        ``note``: why this move, recorded with it by the session (an opponent's fallback move)."""
        new = action not in self.lines.chosen
        self.lines.chosen.add(action)  # (before the model's change redraws the menu: the line is "done")
        try:  # the model's change redraws the screen (``game_changes.game_changed``); at home at once,
            # sent to the host when it is remote (its answer comes as the model's change, or a refusal)
            self.model.apply(action, by=by, note=note) if note else self.model.apply(action, by=by)
        except Refused as exc:  # the rules' refusal, or the session's (not your move, a read-only game)
            if new:
                self.lines.chosen.discard(action)
            self.notify(str(exc), title="Not allowed", severity="error")
            self.query_one(DecisionPanel).waiting = False
            self._ahead.clear()  # keys typed after a refused choice were meant for what did not happen

    # ------------------------------------------------------------ what the host says that is no change (game_changes.py)
    @on(GameModel.Refused)
    def _model_refused(self, event: GameModel.Refused) -> None:
        self.model_refused(event)

    @on(GameModel.Hinted)
    def _model_hinted(self, event: GameModel.Hinted) -> None:
        self.opponents.hint_answered(event.answer, HOSTS_HINT_CAP)  # the host's master answered h

    @on(GameModel.Noted)
    def _model_noted(self, event: GameModel.Noted) -> None:
        self.model_noted(event)

    def _after_announce(self) -> None:
        if self.model.state.phase == "over":
            from .final import FinalScreen  # start-up: the final table loads when the game ends

            self.app.push_screen(FinalScreen(self.model))

    @dataclass
    class Autosaved(Message):
        """The writer thread finished an autosave (``problem`` None when it was written)."""

        problem: str | None

    def on_mount_autosave(self) -> None:
        """Tell the player at once when an autosave fails: the writer runs on a thread of its own and
        posts a message (thread-safe, never waiting for the screen, so it can never block a save)."""
        session = self.model.session
        if hasattr(session, "on_autosave"):
            session.on_autosave = lambda problem: self.post_message(self.Autosaved(problem))

    @on(Autosaved)
    def _autosaved(self, event: Autosaved) -> None:
        keeping.report_autosave(self)


__all__ = ["GameScreen", "IllegalActionError"]
