"""The guided first game on the real game screen: a ``GameScreen`` with a tutorial box.

The box shows the step's text (its top border names the step, the chapter and the part of the
screen it talks about, which is tinted). The line the step asks for is marked ▶ in the decision
panel and highlighted, also when it sits inside a group (the group's line is marked). Any other
move is refused before anything else happens (before a 'Waste AP?' question too): the box says
why, in the menu's words, and the panel goes back to the marked line.

Rosa's moves are played for her, one at a time (``rosa.py``): while she plays, the decision panel gives way to a
feed that tells each move in one line as it happens, with a short pause any key skips (Textual
timers, no threads). She waits while the step in hand is one to read. Progress is saved after
every change (``progress.py``), so the tutorial can be left, resumed, restarted, or started at any
chapter (``chapters.py``). The lesson itself is data in ``tiletum_tui.games.tiletum.learn.tutorial``.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from ...engine import current_player
from ...engine.reading import parse
from ...learn import tutorial as T
from ...learn.hints import hint_text
from ...learn.narrate import event_lines
from tiletum_tui.core.lesson_cursor import ESC_STAYS
from tiletum_tui.shell.session import EVERY_SEAT
from ..screens.game import GameScreen
from ..widgets.decision import DecisionPanel
from tiletum_tui.shell.ui.keyline import Hint, KeyLine
from .progress import (PROGRESS_FILE, PROGRESS_VERSION, ProgressChanged, load_progress, progress_path, replay,
                       save_progress, snapshot)
from .rosa import RosaPlays
from .tutorial_widgets import OpponentFeed, TutorialBox
from ..parts import ui_parts
from tiletum_tui.shell.ui.model import GameModel, new_session
from .dialogs import QuestionDialog
from . import explain_highlighted, show_preview, open_rules, chapters_from, start_tutorial

__all__ = ["PROGRESS_FILE", "PROGRESS_VERSION", "OpponentFeed", "TutorialScreen", "build", "load_progress",
           "progress_path"]

# What the step's target is called in the box (widget id -> words).
PLACES = {
    "status": "the status line (top)", "wheel-view": "the Action Wheel", "map-view": "the map",
    "board-view": "your player board", "offers-view": "the offers", "log-view": "the game log",
    "decision": "the decision panel", "choices": "the decision panel",
}
# ... and the part of a view a step scrolls to ("wheel:king").
PARTS = {"king": "the King track", "players": "turn order and scores", "storehouse": "your Storehouse",
         "buildings": "your Buildings", "contracts": "your Contract spaces", "character-offer": "the Character offer",
         "fairs": "the Fairs", "scoring": "the Scoring overlay"}
# The scrolling container of each view: that is what gets tinted (the inner drawing may be narrow).
TINTED = {"wheel-view": "wheel", "map-view": "map", "board-view": "board", "offers-view": "offers",
          "log-view": "log"}


def _places() -> tuple[dict, dict, dict]:
    """(PLACES, PARTS, TINTED) with what the modules' ui parts add: their words, their views' containers."""
    places, parts, tinted = dict(PLACES), dict(PARTS), dict(TINTED)
    for part in ui_parts():
        for key, words in part.places.items():
            (places if key.endswith("-view") else parts)[key] = words
        tinted.update({f"{v.name}-view": v.name for v in part.views})
    return places, parts, tinted
# Keys that keep their use while Rosa plays (besides skipping her pause): looking around, help, leaving.
WHILE_ROSA_PLAYS = {"view", "cycle_view", "other_board", "scroll_view", "scroll_line", "scroll_home", "scroll_end",
                    "toggle_notation", "leave", "step_rules", "chapters", "restart", "preview", "continue",
                    "help", "app.help", "quit", "app.quit", "toggle_theme", "app.toggle_theme"}
WRONG_GROUP = "This group does not hold this step's move: Esc goes back to the line marked ▶."


ARROWS = " ←↑→↓↖↗↘↙"
LONGEST_QUOTE = 60  # a quoted menu line longer than this is cut (…)


def marked_path(menu: list) -> list[str]:
    """The marked lines from the top level down, as a refusal quotes them: each up to its first colon
    ("Die 2Y", "Move back to Tiletum"), or whole (cut at ``LONGEST_QUOTE``) when another line of its
    level starts the same way ("Place a House: space 1 (+2 VP)")."""
    def head(c) -> str:
        return c.label.split(": ")[0].rstrip(ARROWS)

    out, level = [], menu
    while level:
        line = next((c for c in level if c.marked and not c.disabled), None)
        if line is None:
            break
        alike = any(head(c) == head(line) and c.label != line.label for c in level)
        words = line.label.rstrip(ARROWS) if alike else head(line)
        out.append(words if len(words) <= LONGEST_QUOTE else words[:LONGEST_QUOTE - 1].rsplit(" ", 1)[0] + "…")
        level = line.children
    return out


class TutorialScreen(RosaPlays, GameScreen):
    REMEMBER_HINTS = False  # the lesson's hints are its own (on in free play), never the games' setting
    DEFAULT_CSS = """
    .tutorial-target { background-tint: $warning 12%; }
    TutorialScreen.-rosa #decision { display: none; }
    TutorialScreen.-rosa OpponentFeed { display: block; }
    """
    BINDINGS = GameScreen.BINDINGS + [
        Binding("space", "continue", "Continue", id="tiletum.tutorial-continue"),
        Binding("x", "explain", "Why?", id="tiletum.tutorial-explain"),
        Binding("v", "preview", "Preview", show=False, id="tiletum.tutorial-preview"),
        Binding("f1", "step_rules", "Rules", id="tiletum.tutorial-rules"),
        Binding("c", "chapters", "Chapters", id="tiletum.tutorial-chapters"),
        Binding("f10", "leave", "Leave", id="tiletum.tutorial-leave"),
        Binding("ctrl+r", "restart", "Restart", show=False, id="tiletum.tutorial-restart"),
    ]
    OPPONENT_DELAY = 1.2  # seconds each of Rosa's narrated moves stays before her next (any key skips; tests 0)
    RECAP = False  # each step shows the view it talks about: no 'since your last turn' over it
    UNDO = False  # the lesson follows one line of play: u says so (UNDO_OFF)

    def __init__(self, model, tutorial: T.Tutorial, path: Path | None, *, hold: str = "act",
                 note: str | None = None) -> None:
        super().__init__(model)
        self.tutorial, self.path = tutorial, path
        self._seen = snapshot(path)  # the progress file as this window knows it (another window may write it)
        self._changed_said = False
        # Nothing is written until the learner does something here ("act": continues or moves), and a
        # progress file that could not be used stays as it is until the learner makes a move ("move").
        self.hold, self.first_note = hold, note
        self.feed: list[str] = T.opening_lines(model.state) if not model.log else []
        self._timer = None  # the pause before Rosa's next move (or before her turn gives way)
        self._note_kind = ""  # what the note in the box says: "refused", "group", "info" or ""
        self._played_by: int | None = None  # the seat whose move is being applied (refresh_game moves the lesson)

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield TutorialBox(id="tutorial")

    def on_mount(self) -> None:  # GameScreen.on_mount runs too (Textual calls each class's handler)
        self.query_one("#side").mount(OpponentFeed(id="feed"))
        if self.first_note:
            self._set_note(self.first_note, "info")
        self.call_after_refresh(self._step_changed)

    def on_screen_resume(self) -> None:
        self._update_box()
        self._pace()

    # ------------------------------------------------------------ the lesson
    @property
    def lesson(self) -> T.Lesson:
        return self.tutorial.lesson

    def person_decides(self, who: int | None) -> bool:
        return super().person_decides(who) and who != self.lesson.opponent  # Rosa's turns are no one's to hint

    def mark_menu(self, state, menu: list) -> None:
        """Mark ▶ the line this step asks for (either of two identical tiles) and the groups holding it."""
        step = self.tutorial.step
        ours = step is not None and step.kind == T.MOVE and current_player(state) == self.lesson.learner
        wanted = T.step_action(state, step, self.lesson) if ours else None

        def walk(choices) -> bool:
            found = False
            for c in choices:
                if c.action is not None:
                    c.marked = wanted is not None and not c.disabled and T.matches(state, c.action, wanted)
                else:
                    c.marked = walk(c.children) and not c.disabled
                found = found or c.marked
            return found

        walk(menu)

    def choose(self, action) -> None:
        """The lesson's verdict comes first: a wrong move is refused before any 'Waste AP?' question."""
        if self._busy:
            return
        ok, why = self.tutorial.verdict(self.model.state, action)
        if not ok:
            self._refuse(why)
            return
        super().choose(action)

    def apply(self, action, *, by) -> None:
        """The learner's move (``by``: the learner's seat, from the game screen's ``choose``)."""
        ok, why = self.tutorial.verdict(self.model.state, action)
        if not ok:
            self._refuse(why)
            return
        before, state = self.tutorial.index, self.model.state
        self._played_by = self.lesson.learner
        super().apply(action, by=by)  # (refresh_game moves the lesson on first: the new menu is marked for its step)
        self._played_by = None
        if self.model.state is state:
            return  # the engine refused it (the game screen said why)
        self.hold = ""  # the learner moved: from now on the progress is theirs to save
        lines = event_lines(self.model.state, self.model.log[-1].events)
        rosa = current_player(self.model.state) == self.lesson.opponent
        self.feed = lines if rosa else []  # Rosa's turn starts afresh
        corruption = [line for line in lines if "Corruption token" in line]
        self._set_note(corruption[-1] if corruption and not self.feed else "", "info")
        self._after_change(before)

    def refresh_game(self, keep: bool = False) -> None:
        """After a move is applied, the lesson moves on before the new menu is built (so it is marked
        for the step now in hand, and the map points at the marked line's space)."""
        if self._played_by is not None:
            if self._played_by == self.lesson.learner:
                self.tutorial.moved(self.model.state)
            else:
                self.tutorial.settle(self.model.state, self.tutorial.index)
            self._played_by = None
        super().refresh_game(keep)

    def _refuse(self, why: str) -> None:
        """Not this step's move: say why in the box, and take the panel back to the marked line."""
        panel = self.query_one(DecisionPanel)
        path = marked_path(panel.levels[0] if panel.levels else [])
        if path and why.startswith("Not now"):  # the lines as the panel shows them ("Move back to …")
            lines = " › ".join(f"'{p}'" for p in path)
            why = f"Not now: this step asks for {lines} (marked ▶)."
        self._set_note("✗ " + why, "refused")
        panel.to_marked()
        self.update_keys()

    def _after_change(self, before: int) -> None:
        self._save()
        if self.tutorial.index != before:  # (the model's change drew the menu for the new step: ``refresh_game``)
            self._step_changed(menu_marked=True)
        else:
            self._update_box()
        self._pace()

    def _step_changed(self, keep_note: bool = False, menu_marked: bool = False) -> None:
        """The step in hand changed: its view, its box, its marks. ``menu_marked``: after a move, whose
        model's change built the menu with the lesson moved on already (issue 39: not drawn twice)."""
        step = self.tutorial.step
        panel = self.query_one(DecisionPanel)
        if panel.levels and current_player(self.model.state) is not None and not menu_marked:
            self.mark_menu(self.model.state, panel.levels[0])  # the menu was built for the step before
            panel.redraw_level()
        self._show_step_view()
        if step is not None and step.kind == T.FREE and not self.hints_on:
            self.hints_on = True  # free play: ★ marks what completes something (h turns it off)
            self.refresh_game(keep=True)
        if self._note_kind in ("refused", "group") and not keep_note:
            self._set_note("")
        self._update_box()
        self._pace()

    def _show_step_view(self) -> None:
        """The view the step talks about ("wheel", or "wheel:king": scrolled to that part of it)."""
        step = self.tutorial.step
        if step is None or not step.view:
            return
        name, _, part = step.view.partition(":")
        self.action_view(name)
        self._auto_view_for = self.decision_key()  # the step's view, not the one the decision would show
        for pane in self.query("UndergroundPane"):  # (nor the Underground maps a Prospector decision would show)
            pane.auto_for = self.decision_key()[:5]
        die = step.kind == T.MOVE and name == "wheel" and not part and step.move.startswith("die ")

        def scroll(again: bool = True) -> None:  # to the part the step names, else the top (a step before
            if not self.query(f"#{name}-view"):  # may have scrolled)
                return
            view = self.query_one(f"#{name}", VerticalScroll)
            sections = getattr(self.query_one(f"#{name}-view"), "sections", None)  # (views with parts to scroll to)
            height = view.scrollable_content_region.height
            if die and not height and again:  # a view just shown is laid out on the next refresh
                self.call_after_refresh(scroll, False)
            elif die:  # the die's row in sight (at 80x24 the wheel shows only a few rows), below any line
                drawing = self.query_one(f"#{name}-view")  # docked over it (a module's line docked over the wheel)
                row = drawing.virtual_region.y + (sections or {}).get(f"die{step.move[4]}", 0)
                view.scroll_to_region(Region(0, row, 1, 1), animate=False, spacing=drawing.dock_gutter)
            elif sections is not None:  # (the maps follow their cursor, the log its end)
                view.scroll_to(y=sections.get(part, 0), animate=False)

        self.call_after_refresh(scroll)

    # ------------------------------------------------------------ the box
    def _set_note(self, text: str, kind: str = "") -> None:
        self._note_kind = kind if text else ""
        if self.query("#tutorial-note"):  # (composed: also while mounting, when is_mounted is not yet True)
            note = self.query_one("#tutorial-note", Static)
            note.update(text)
            note.set_class(bool(text), "-on")

    def _update_box(self) -> None:
        if not self.is_mounted:
            return
        for w in self.query(".tutorial-target"):
            w.remove_class("tutorial-target")
        step = self.tutorial.step
        box = self.query_one(TutorialBox)
        text = self.query_one("#tutorial-text", Static)
        n = len(self.lesson.steps)
        if step is None:
            box.border_title = f"{n}/{n} · the end"
            then = "Start" if self.model.state.phase == "over" else "Play this game on against Rosa, start"
            text.update(f"The tutorial is complete. {then} a real game from the title screen (F10), or start any "
                        "chapter again (c).")
            return
        places, parts, tinted = _places()
        target = tinted.get(step.target, step.target)
        found = self.query(f"#{target}")
        if found:
            found.first().add_class("tutorial-target")
        chapter = self.tutorial.chapter
        part = step.view.partition(":")[2]
        place = parts[part] if part in parts and step.target.endswith("-view") else places.get(step.target, step.target)
        title = f"{self.tutorial.index + 1}/{n} · {chapter.title if chapter else ''} · look at {place}"
        box.border_title = title.replace("[", r"\[")
        out = Text(T.step_text(self.model.state, self.tutorial))
        if step.kind == T.FREE:
            ours = current_player(self.model.state) == self.lesson.learner
            hints = hint_text(self.model.state, self.model.legal()) if ours else []
            out.append("\n" + ("Hint: " + hints[0] if hints else "Hint: nothing completes a Building or Contract just now."))
        text.update(out)
        self.update_keys()

    def update_keys(self) -> None:
        """The game's keys, with the tutorial's own (continue, chapters, leave); none of Rosa's choices."""
        super().update_keys()
        if not self.is_mounted or not hasattr(self, "tutorial"):
            return
        line = self.query_one(KeyLine)
        step = self.tutorial.step
        hints = list(line.hints)
        if self.feed_on:
            hints = [h for h in hints if h.action.startswith("view(") or h.key in ("?",) or h.note]
            if self._timer is not None:
                hints.insert(0, Hint("any key", "next", "", 0, note=True))
        if step is not None and step.kind == T.KEY:
            hints.insert(0, Hint("space", "Answer" if step.question else "Continue", "continue", 0, note=True))
        elif step is not None and not self.feed_on:
            hints.append(Hint("x", "Why?", "explain", 4))
        hints += [Hint("c", "Chapters", "chapters", 3), Hint("F10", "Leave", "leave", 3), Hint("F1", "Rules", "step_rules", 5)]
        line.show(hints)

    def _save(self) -> None:
        if self.path is None or self.hold:
            return
        try:
            self._seen = save_progress(self.path, self.tutorial, getattr(self.model.session, "log", []), self._seen)
        except ProgressChanged as exc:
            if not self._changed_said:  # said once: each later move would say it again
                self._changed_said = True
                self.notify(f"Progress not saved: {exc}.", severity="warning", timeout=10, markup=False)
        except OSError as exc:
            self.notify(f"Could not save the tutorial's progress: {exc}", severity="warning")

    # ------------------------------------------------------------ keys
    async def on_key(self, event) -> None:
        """While Rosa's feed is up, any key skips the pause; only keys that look around keep their use
        (the choices on the panel under the feed are hers, not the learner's). On a step to read, a key
        that chooses a line or opens the Tasks opens nothing (a digit opened a die group: issue 41)."""
        active = self.active_bindings.get(event.key)
        action = active.binding.action.split("(")[0] if active is not None else ""
        if not self.feed_on:
            step, chooses = self.tutorial.step, action in ("pick", "select", "tasks") or event.key == "enter"
            if step is not None and step.kind == T.KEY and chooses:
                event.stop()
                event.prevent_default()
                self._refuse(T.ANSWER_FIRST if step.question else T.READ_FIRST)
            return  # else the game screen's keys (GameInput.on_key)
        self.skip_pause()
        if action not in WHILE_ROSA_PLAYS:
            event.stop()
            event.prevent_default()

    @on(DecisionPanel.Pointing)
    def _lesson_pointing(self, event: DecisionPanel.Pointing) -> None:
        """A group opened that cannot lead to this step's move: say so (Esc goes back)."""
        panel = self.query_one(DecisionPanel)
        step = self.tutorial.step
        wrong = (step is not None and step.kind == T.MOVE and len(panel.levels) > 1
                 and current_player(self.model.state) == self.lesson.learner and not any(c.marked for c in panel.options))
        if wrong:
            self._set_note(WRONG_GROUP, "group")
        elif not wrong and self._note_kind == "group":
            self._set_note("")

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("undo", "redo"):
            return True  # says why there is no undo here
        if action == "continue":
            step = self.tutorial.step
            return True if step is not None and step.kind == T.KEY else None
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        self._set_note(T.UNDO_OFF, "info")

    def action_back(self) -> None:
        """Esc backs out of a menu as in a game; with nothing to back out of it says how to leave (F10)."""
        panel = self.query_one(DecisionPanel)
        before = (len(panel.levels), panel.typed, panel.finding, self.current_view, self.app.focused)
        super().action_back()
        if before == (len(panel.levels), panel.typed, panel.finding, self.current_view, self.app.focused):
            self._set_note(ESC_STAYS, "info")

    action_redo = action_undo

    def action_continue(self) -> None:
        step = self.tutorial.step
        if step is not None and step.question:
            self.app.push_screen(QuestionDialog(step.text, step.answers), self._answered)
            return
        if self.tutorial.next(self.model.state):
            self._set_note("")
            self.hold = "" if self.hold == "act" else self.hold
            self._save()
            self._step_changed()

    def _answered(self, choice: int | None) -> None:
        """The learner's answer to the step's question: the right one moves on, a wrong one says why and stays."""
        if choice is None:
            return
        right, why = self.tutorial.answer(self.model.state, choice)
        self._set_note(("✓ " if right else "✗ ") + why, "info" if right else "refused")
        if right:
            self.hold = "" if self.hold == "act" else self.hold
            self._save()
            self._step_changed(keep_note=True)
        else:
            self.update_keys()

    def action_explain(self) -> None:
        explain_highlighted(self)

    def action_preview(self) -> None:
        show_preview(self)

    def action_step_rules(self) -> None:
        step = self.tutorial.step
        open_rules(self.app, step.topic if step is not None else None)

    def action_chapters(self) -> None:
        chapters_from(self, self.lesson, self.tutorial.index, self.tutorial.finished)

    def action_leave(self) -> None:
        self._save()
        back = getattr(self.app, "back_to_title", None)
        back() if back is not None else self.app.pop_screen()

    def action_restart(self) -> None:
        start_tutorial(self.app, restart=True, lesson=self.lesson.id, replace=self)


def build(app, *, restart: bool = False, chapter: str | None = None, lesson: T.Lesson = T.BASE) -> TutorialScreen:
    """A tutorial screen of ``lesson`` (or of the lesson ``chapter`` belongs to): resumed from the saved
    progress, or new (``restart``), or at the first step of a chapter, from its prepared position. A
    progress file that cannot be used makes a new tutorial that says why, and leaves the file alone until
    the learner moves."""
    lesson = T.lesson_with_chapter(chapter) if chapter is not None else lesson
    path = progress_path(app, lesson)
    model, tut = _new_model(app, lesson), T.Tutorial(lesson=lesson)
    progress, problem = load_progress(path, lesson)  # a file that cannot be used is kept (below) whatever is started
    if chapter is not None and lesson.chapters[0].id == chapter:
        restart = True  # the first chapter is the game from its setup: Rosa's first turn is played on screen
    elif chapter is not None:
        _, tut, moves = T.start_chapter(chapter)
        for move in moves:  # the prepared position: the learner's moves and Rosa's, as they were played
            model.apply(parse(move), by=EVERY_SEAT)
    elif not restart:
        if progress is not None:
            tut, problem = replay(model, progress, lesson)
            if problem:
                model = _new_model(app, lesson)
    if progress is not None:  # a chapter played to its end stays finished, whatever is started now
        tut.finished |= set(progress.finished)
    if chapter is not None and not restart:
        i = next(i for i, c in enumerate(lesson.chapters) if c.id == chapter)
        note = (f"Chapter {i + 1} of {len(lesson.chapters)}, from its prepared position: the moves before it are in "
                "the log (l).")
    else:
        note = problem
    return TutorialScreen(model, tut, path, hold="move" if problem else "act", note=note)


def _new_model(app, lesson: T.Lesson = T.BASE):
    """The tutorial's game: never autosaved (its progress file replays it), so it never shows up as
    the player's last unfinished game."""
    try:
        from tiletum_tui.shell.session import Session  # optional: without the session module, ui.model's new_session
    except ImportError:  # the session module is optional for the screens: see ui.model
        return GameModel(new_session(lesson.settings))
    return GameModel(Session.new(lesson.settings, save_dir=getattr(app, "save_dir", None), autosave=False))
