"""The guided first game on the real game screen: a ``GameScreen`` with a tutorial box.

The box shows the step's text and the part of the screen it talks about (that widget is tinted);
only the step's move is accepted, any other gets "why not now"; Rosa's moves are played for her;
progress (step index and moves) is saved after every change so the tutorial can be left, resumed
where it was, and restarted. The lesson itself is data in ``tiletum_tui.learn.tutorial``.
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import current_player
from ...engine.actions import parse
from ...learn import tutorial as T
from ...learn.hints import hint_text
from ..screens.game import GameScreen

PROGRESS_FILE = "tutorial.json"
PROGRESS_VERSION = 2  # 2: moves carry their seat ("1: die 1Y")
# What the step's target is called in the box (widget id -> words).
PLACES = {
    "status": "the status line (top)", "wheel-view": "the Action Wheel", "map-view": "the map",
    "board-view": "your player board", "offers-view": "the offers", "log-view": "the game log",
    "decision": "the decision panel", "choices": "the decision panel",
}
# The scrolling container of each view: that is what gets tinted (the inner drawing may be narrow).
TINTED = {"wheel-view": "wheel", "map-view": "map", "board-view": "board", "offers-view": "offers",
          "log-view": "log"}


def progress_path(app) -> Path:
    from ...saves.store import resolve_save_dir

    return Path(resolve_save_dir(getattr(app, "save_dir", None))) / PROGRESS_FILE


def load_progress(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != PROGRESS_VERSION:
        return None
    return data


class TutorialBox(Vertical):
    DEFAULT_CSS = """
    TutorialBox { height: auto; max-height: 8; background: $boost; border-top: heavy $warning; padding: 0 1; }
    #tutorial-text { height: auto; max-height: 5; }
    #tutorial-keys { height: 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="tutorial-text", markup=False)
        yield Static("", id="tutorial-keys", markup=False)


class TutorialScreen(GameScreen):
    DEFAULT_CSS = """
    .tutorial-target { background-tint: $warning 12%; }
    """
    BINDINGS = GameScreen.BINDINGS + [
        Binding("space", "continue", "Continue", id="tiletum.tutorial-continue"),
        Binding("x", "explain", "Why?", id="tiletum.tutorial-explain"),
        Binding("v", "preview", "Preview", show=False, id="tiletum.tutorial-preview"),
        Binding("f1", "step_rules", "Rules", id="tiletum.tutorial-rules"),
        Binding("f10", "leave", "Leave", id="tiletum.tutorial-leave"),
        Binding("ctrl+r", "restart", "Restart", show=False, id="tiletum.tutorial-restart"),
    ]
    OPPONENT_DELAY = 0.25  # seconds between Rosa's moves, so they can be followed (tests set 0)
    RECAP = False  # each step shows the view it talks about: no 'since your last turn' over it

    def __init__(self, model, tutorial: T.Tutorial, path: Path | None) -> None:
        super().__init__(model)
        self.tutorial, self.path = tutorial, path

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield TutorialBox(id="tutorial")

    def on_mount(self) -> None:  # GameScreen.on_mount runs too (Textual calls each class's handler)
        self.call_after_refresh(self._step_changed)

    def on_screen_resume(self) -> None:
        self._update_box()
        self._schedule_opponent()

    # ------------------------------------------------------------ the lesson
    def apply(self, action) -> None:
        ok, why = self.tutorial.verdict(self.model.state, action)
        if not ok:
            self.notify(why, title="Why not now", severity="warning", timeout=8)
            return
        before = self.tutorial.index
        super().apply(action)
        self.tutorial.moved(self.model.state)
        self._after_change(before)

    def _after_change(self, before: int) -> None:
        self._save()
        if self.tutorial.index != before:
            self._step_changed()
        else:
            self._update_box()
        self._schedule_opponent()

    def _schedule_opponent(self) -> None:
        state = self.model.state
        if current_player(state) != T.OPPONENT or state.phase == "over":
            return
        if self.OPPONENT_DELAY:
            self.set_timer(self.OPPONENT_DELAY, self._opponent_step)
        else:
            self.call_after_refresh(self._opponent_step)

    def _opponent_step(self) -> None:
        state = self.model.state
        if self.app.screen is not self or current_player(state) != T.OPPONENT or state.phase == "over":
            return  # a dialog is open (its closing resumes us) or it is not Rosa's turn
        action, self.tutorial.scripted = T.opponent_move(state, self.tutorial.scripted)
        before = self.tutorial.index
        GameScreen.apply(self, action)  # Rosa's moves are not checked against the lesson
        self.tutorial.settle(self.model.state)
        self._after_change(before)

    def _step_changed(self) -> None:
        step = self.tutorial.step
        if step is not None and step.view:
            self.action_view(step.view)
        self._update_box()

    def _update_box(self) -> None:
        if not self.is_mounted:
            return
        for w in self.query(".tutorial-target"):
            w.remove_class("tutorial-target")
        step = self.tutorial.step
        text = self.query_one("#tutorial-text", Static)
        keys = self.query_one("#tutorial-keys", Static)
        n = len(T.STEPS)
        if step is None:
            text.update("The tutorial is complete. Start a real game from the title screen, or restart this one.")
            keys.update("F10: leave   Ctrl+R: restart")
            return
        target = TINTED.get(step.target, step.target)
        found = self.query(f"#{target}")
        if found:
            found.first().add_class("tutorial-target")
        out = Text()
        out.append(f"{self.tutorial.index + 1}/{n} ", style="bold")
        out.append(step.text)
        if step.kind == T.FREE:
            hints = hint_text(self.model.state, self.model.legal()) if current_player(self.model.state) == T.LEARNER else []
            out.append("\n" + ("Hint: " + hints[0] if hints else "Hint: nothing completes a Building or Contract just now."))
        text.update(out)
        place = PLACES.get(step.target, step.target)
        if step.kind == T.KEY:
            keys.update(f"▶ {place}   space: continue   F1: rules   F10: leave")
        elif step.kind == T.MOVE:
            keys.update(f"▶ {place}   x: why?   F1: rules   F10: leave")
        else:
            keys.update("x: why?   v: what would this score?   F1: rules   F10: leave")

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"version": PROGRESS_VERSION, "step": self.tutorial.index, "scripted": self.tutorial.scripted,
                "moves": [e.notation for e in getattr(self.model.session, "log", [])]}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(data), encoding="utf-8")
            tmp.replace(self.path)
        except OSError as exc:
            self.notify(f"Could not save the tutorial's progress: {exc}", severity="warning")

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("undo", "redo"):
            return False  # the lesson follows one line of play: no undo here
        if action == "continue":
            step = self.tutorial.step
            return True if step is not None and step.kind == T.KEY else None
        return super().check_action(action, parameters)

    def action_continue(self) -> None:
        if self.tutorial.next(self.model.state):
            self._save()
            self._step_changed()
            self._schedule_opponent()

    def action_explain(self) -> None:
        from . import explain_highlighted

        explain_highlighted(self)

    def action_preview(self) -> None:
        from . import show_preview

        show_preview(self)

    def action_step_rules(self) -> None:
        from . import open_rules

        step = self.tutorial.step
        open_rules(self.app, step.topic if step is not None else None)

    def action_leave(self) -> None:
        self._save()
        back = getattr(self.app, "back_to_title", None)
        back() if back is not None else self.app.pop_screen()

    def action_restart(self) -> None:
        from . import start_tutorial

        start_tutorial(self.app, restart=True, replace=self)


def build(app, *, restart: bool = False) -> TutorialScreen:
    """A tutorial screen: resumed from the saved progress, or new (always new with ``restart``)."""
    path = progress_path(app)
    data = None if restart else load_progress(path)
    model, tut = _new_model(app), T.Tutorial()
    if data:
        try:
            for move in data["moves"]:
                model.apply(parse(move))
            tut = T.Tutorial(int(data["step"]), int(data["scripted"]))
        except (KeyError, ValueError, TypeError):  # a damaged or outdated progress file: start again
            model, tut = _new_model(app), T.Tutorial()
    screen = TutorialScreen(model, tut, path)
    if restart:
        screen._save()
    return screen


def _new_model(app):
    """The tutorial's game: never autosaved (its progress file replays it), so it never shows up as
    the player's last unfinished game."""
    from ..model import GameModel, new_session

    try:
        from ...session import Session
    except ImportError:  # the session module is optional for the screens: see ui.model
        return GameModel(new_session(T.SETTINGS))
    return GameModel(Session.new(T.SETTINGS, save_dir=getattr(app, "save_dir", None), autosave=False))
