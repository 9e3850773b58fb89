"""The game screen's keys: the key line (the keys that matter now) and what each key does that is
not typing (``game_input.py``) or a view (``game_views.py``): pick, back, Tasks, end the turn, hints,
the rules here, notation, undo and redo for the seat the keyboard acts for, save, leave. A part of
``GameScreen`` (a mixin of plain methods: Textual finds ``check_action`` and the ``action_`` methods
through the screen's class)."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import OptionList

from ...engine import current_player
from ...engine.tasks import TASKS
from tiletum_tui.shell.ui import keeping
from .. import keymap
from ..choices import finish_action
from ..widgets.decision import DecisionPanel
from tiletum_tui.shell.ui.keyline import Hint, KeyLine
from ..widgets.map_view import MapView
from tiletum_tui.shell import prefs


class GameKeys:
    """``self`` is the GameScreen."""

    # ------------------------------------------------------------ the key line
    def update_keys(self) -> None:
        """The keys that matter now, in the key line (what the view, the choice and the scroll allow)."""
        if not self.is_mounted:
            return
        panel = self.query_one(DecisionPanel)
        hints: list[Hint] = []
        if panel.typed or panel.finding:
            hints.append(Hint("Find", f"{panel.typed}▏ Enter · Esc stop", "", 0, note=True))
        elif panel.types_names:
            hints.append(Hint("a-z", "type a Town", "", 1, note=True))
        for v in self.views:
            if v.footer:
                key = keymap.first_key(f"view-{v.name}", v.keys, getattr(self.app, "user_keys", {}))
                hints.append(Hint(key, v.title, f"view('{v.name}')", 2 if v.name != self.current_view else 6))
        # The keys of a decision only while a person here makes it: not while a computer opponent
        # decides, nor (a game through the host) at another seat's terminal.
        legal = self.model.legal() if self.person_decides(current_player(self.model.state)) else []
        if any(isinstance(a, TASKS) for a in legal):
            hints.append(Hint("t", "Tasks", "tasks", 3))
        finish = finish_action(legal)
        if self.model.state.phase == "over":
            hints.append(Hint("e", "the final table", "finish", 1))
        elif finish is not None:
            hints.append(Hint("e", {"end": "End turn", "done": "Done", "skip": "Skip"}[finish.verb()], "finish", 1))
        if self.UNDO and self.model.can_undo(by=self.acting_seat()) is None:
            hints.append(Hint("u", "Undo", "undo", 4))
        if self.current_view == "map":
            hints.append(Hint("/", "find", "find", 5))
            hints.append(Hint("i", "details", "details", 5))
        hints.append(Hint("?", "Keys", "app.help", 7))
        view = self.query_one(f"#{self.current_view}", VerticalScroll)
        more = [("▲", view.scroll_y > 0), ("▼", view.scroll_y < view.max_scroll_y)]
        arrows = "".join(a for a, on_ in more if on_)
        if arrows:
            hints.append(Hint("PgUp/PgDn" if len(arrows) == 2 else ("PgDn" if arrows == "▼" else "PgUp"), arrows,
                              "scroll_view(1)" if "▼" in arrows else "scroll_view(-1)", 0, note=True))
        self.query_one(KeyLine).show(hints)

    # ------------------------------------------------------------ key actions
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("undo", "redo"):
            return True  # u and r always answer: the step taken, or why not (issue 24 item 1, ``_step_history``)
        if action == "finish":
            if self.model.state.phase == "over":
                return True
            return True if self.person_decides(current_player(self.model.state)) and finish_action(self.model.legal()) \
                else None
        return True

    # ------------------------------------------------------------ learning (ui.learn)
    def action_rules_here(self) -> None:
        from ..learn import help_here  # start-up: ui.learn loads when the key is pressed

        help_here(self)

    def action_explain(self) -> None:
        from ..learn import explain_highlighted  # start-up: ui.learn loads when the key is pressed

        explain_highlighted(self)

    def action_preview(self) -> None:
        from ..learn import show_preview  # start-up: ui.learn loads when the key is pressed

        show_preview(self)

    def action_toggle_hints(self) -> None:
        self.hints_on = not self.hints_on
        self.opponents.suggest = self.hints_on  # h asks the master too
        if self.REMEMBER_HINTS:  # the next game and the next load start so (issue 41 item 9)
            prefs.remember("hints", self.hints_on)
        self.notify("Hints on: ★ marks choices that complete something, ◆ the master's suggestion (it thinks a "
                    "moment)" if self.hints_on else "Hints off", timeout=3)
        self.refresh_game(keep=True)  # the sub-menu the player is in stays open

    def action_pick(self, n: int) -> None:
        panel = self.query_one(DecisionPanel)
        left = panel.pick_number(n)
        if left is not None:  # a digit meant for the decision after the line just chosen
            self._ahead.append((str(left), str(left)))
        self.update_keys()

    def action_back(self) -> None:
        if self.opponents.busy:  # Esc hurries the opponent playing
            self.opponents.hurry()
            return
        panel = self.query_one(DecisionPanel)
        if panel.back():
            self.update_keys()
        elif self.current_view == "recap":
            self._leave_recap()
        elif self.query_one(MapView).has_focus and not self.query_one(MapView).legal:
            self.query_one("#choices", OptionList).focus()

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

    def action_toggle_notation(self) -> None:
        self.notation = not self.notation
        self._stale.add("log")
        self.action_view("log")

    def action_undo(self) -> None:
        self._step_history("undo", self.model.can_undo, self.model.undo)

    def action_redo(self) -> None:
        self._step_history("redo", self.model.can_redo, self.model.redo)

    def acting_seat(self) -> int | None:
        """The seat the keyboard acts for: the person whose decision it is (in hot-seat play each in
        turn), or, while a computer opponent decides, the person who moved last."""
        if self.model.remote:  # one seat is played here, fixed by how this client connected
            return self.model.seat
        who = current_player(self.model.state)
        if who is not None and not self.opponents.plays(who):
            return who
        for entry in reversed(self.model.log):
            if not self.opponents.plays(entry.seat):
                return entry.seat
        return next((i for i in range(len(self.model.state.players)) if not self.opponents.plays(i)), None)

    def _step_history(self, verb: str, reason_not, step) -> None:
        """Undo or redo for the seat the keyboard acts for, or say why not (the session decides)."""
        seat = self.acting_seat()
        reason = reason_not(by=seat)
        if reason:
            self.notify(reason, title=f"Cannot {verb}", severity="warning")
            return
        step(by=seat)  # (the model's change redraws the screen: ``game_changes.game_changed``)
        keeping.report_autosave(self)  # undo and redo autosave too

    def action_leave(self) -> None:
        """F10: back to the title screen (the autosave reaches the disk as the screen goes)."""
        self.app.back_to_title()

    def action_save(self) -> None:
        """Ask for a name or a path, then save (the game is also autosaved after every action)."""
        keeping.ask_where_to_save(self)
