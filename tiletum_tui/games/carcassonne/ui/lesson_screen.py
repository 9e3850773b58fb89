"""The Carcassonne lesson on the Carcassonne screen: ``CarcassonneScreen`` as it is (the land, the
drawn tile, arrows, r, Enter, the follower lines), with a box for the step's text and a session that
takes only the step's move (``LessonSession``: any other is refused in the screen's words and changes
nothing). The frame of the place the step asks for is marked ▶ on the land. Rosa's moves are played
for her one at a time, with a pause any key skips. Each chapter is its own prepared position
(``carcassonne.learn.tutorial``); progress is saved after every change in the lessons' shared progress
file (``tiletum_tui.shell.lesson_progress``), so the lesson resumes where it was left.

Every move of the lesson, the learner's and Rosa's, goes through the screen's model as the seat that
makes it, at the chapter's Table (``shell.table``: its session is the ``LessonSession``), as in a
game: the model's change is the one redraw, whoever moved (issue 39).
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from tiletum_tui.core.lesson_cursor import ESC_STAYS
from tiletum_tui.shell.lesson_progress import (STARTING_AGAIN, ProgressChanged, load_progress, progress_path, save_progress,
                                snapshot)
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.model import GameModel
from ..engine import Place, parse
from ..engine.rules import same_move
from ..learn import tutorial as T
from ..learn.lesson import CARCASSONNE
from . import land as landview
from .screen import CarcassonneScreen



class LessonRefused(ValueError):
    """A move the lesson does not take now; its text is what the screen shows."""


class LessonSession:
    """The chapter's session as the chapter's Table uses it, with the lesson in front: a move is taken
    only if it is the step's (``Tutorial.verdict``; Rosa's, as seat ``OPPONENT``, on a step of hers),
    undo is off; everything else is the session's.

    A move taken moves the lesson on before the Table tells anyone of it: the one redraw the model's
    change makes shows the next step (issue 39)."""

    def __init__(self, screen, session: Session) -> None:
        self._screen, self._session = screen, session

    def __getattr__(self, name):
        return getattr(self._session, name)

    def apply(self, action, *, by, note: str = ""):
        tut = self._screen.tutorial
        if isinstance(action, str):
            action = parse(action, self._session.current_player)
        step = tut.step
        if not (by == T.OPPONENT and step is not None and step.kind == T.ROSA
                and same_move(action, T.step_action(step))):  # (Rosa's move, as the script has it)
            ok, why = tut.verdict(self._session.state, action)
            if not ok:
                raise LessonRefused("✗ " + why)
        # the step's own move (the same one, maybe in a turn that looks alike): the saved moves are the chapter's
        entry = self._session.apply(T.step_action(step), by=by)
        tut.advance()  # (the lesson has no undo: a move is always the step's)
        self._screen.call_after_refresh(self._screen.lesson_moved)
        return entry

    def can_undo(self, *, by) -> str | None:
        return T.UNDO_OFF


class CarcassonneLessonScreen(CarcassonneScreen):
    DEFAULT_CSS = """
    #lesson-box { height: auto; max-height: 6; background: $boost; border-top: heavy $warning; padding: 0 1;
                  border-title-color: $text-warning; border-title-style: bold; }
    """
    BINDINGS = [
        # Esc never leaves the lesson (as in Tiletum's, where it backs out of a menu): first, before the
        # game's Esc (back to the title)
        Binding("escape", "back", "", show=False, id="carcassonne.lesson-back"),
        *CarcassonneScreen.BINDINGS,
        # (named in the box's title, not the key line: at 80 columns it is full with the game's own keys)
        Binding("space", "continue", "continue", show=False, id="carcassonne.lesson-continue"),
        Binding("c", "chapters", "chapters", show=False, id="carcassonne.lesson-chapters"),
        Binding("f10", "leave", "leave", show=False, id="carcassonne.lesson-leave"),
    ]
    OPPONENT_DELAY = 1.0  # seconds before each of Rosa's moves (any key plays it at once; tests 0)

    def __init__(self, tutorial: T.Tutorial, path, *, note: str = "", hold: bool = False) -> None:
        self.tutorial, self.path = tutorial, path
        self._seen = snapshot(path)
        self._hold = hold  # a progress file that could not be used stays as it is until the learner moves
        self._timer = None
        session = self._chapter_session()
        self.model = GameModel(session)  # (at the chapter's Table: its changes redraw the screen)
        super().__init__(session)
        self.message = note

    def check_action(self, action: str, parameters) -> bool | None:
        """The lesson keeps its keys to its last step, after the game's end too (a step says what a key
        does; a wrong one is refused in words): the final table's replay and charts are not offered."""
        if action in ("replay", "charts"):
            return False
        return super().check_action(action, parameters)

    def key_mode(self) -> str:
        step = self.tutorial.step
        if step is not None and step.kind == T.ROSA:
            return "waiting"  # (Rosa plays a scripted move: no key plays for the learner)
        return super().key_mode()

    @property
    def lesson(self):
        return self.tutorial.lesson

    def _chapter_session(self) -> LessonSession:
        """The chapter in hand from its prepared position, with its steps so far played through the engine."""
        chapter = self.tutorial.chapter
        session = Session.new(T.settings(chapter), autosave=False, game=T.ChapterGame(chapter))
        for move in T.chapter_moves(self.tutorial):
            session.apply(move, by=EVERY_SEAT)
        self._chapter_id = chapter.id
        return LessonSession(self, session)

    def on_mount(self) -> None:  # (CarcassonneScreen.on_mount runs too)
        self.mount(Static(id="lesson-box", markup=False), before="#carc-players")
        self.call_after_refresh(self._update_box)
        self._pace()

    # ------------------------------------------------------------ the land, with the step's place marked
    def _wanted_place(self, state):
        step = self.tutorial.step
        if step is None or step.kind != T.MOVE or state.phase != "place":
            return None
        action = T.step_action(step)
        return (action.x, action.y) if isinstance(action, Place) else None

    # ------------------------------------------------------------ turning (issue 41, item 16)
    # The lesson never turns the tile for the learner: it arrives as drawn and keeps its turn as the
    # cursor moves, and r goes through all four turns, a turn that does not fit saying which edge fails.
    def _setup_turn(self, state, places) -> None:
        fresh = self._placing_for != (state.turn, state.phase)
        super()._setup_turn(state, places)
        if fresh and state.phase == "place" and state.seat == T.LEARNER:
            self.rotation = 0

    def _move_to(self, cell, places) -> None:
        self.cursor = cell
        self.message = "" if self.rotation in places.get(cell, ()) else self._why(self.state)

    def action_rotate(self) -> None:
        state = self.state
        if state.phase != "place":
            super().action_rotate()
            return
        self.rotation = (self.rotation + 1) % 4
        self.message = self._why(state) or f"Turned {self.rotation * 90}°, it fits here."
        self.refresh_all()

    def _cell(self, state, places, x: int, y: int, line: int, look):
        if (x, y) == self._wanted_place(state) and (x, y) != self.cursor:
            return [(landview.frame(look.w, look.h, line, "▶", heavy=True), "bold")]
        return super()._cell(state, places, x, y, line, look)

    def refresh_all(self) -> None:
        super().refresh_all()
        self._update_box()

    def _update_box(self) -> None:
        if not self.query("#lesson-box"):
            return
        box = self.query_one("#lesson-box", Static)
        n, step = len(self.lesson.steps), self.tutorial.step
        if step is None:
            box.border_title = f"{n}/{n} · the end"
            box.update("The Carcassonne lesson is complete. Start a game of your own from the title screen (F10, "
                       "then g), or any chapter again (c).")
            return
        box.border_title = f"{self.tutorial.index + 1}/{n} · {self.tutorial.chapter.title} · c: chapters · F10: leave"
        box.update(Text(step.text))

    # ------------------------------------------------------------ the lesson moves on
    def lesson_moved(self) -> None:
        """After a move of the lesson (the learner's or Rosa's), drawn by the model's change: save, then
        Rosa's next move if it is hers."""
        self._hold = False
        self._save()
        self._pace()

    def _pace(self) -> None:
        step = self.tutorial.step
        if self._timer is not None or step is None or step.kind != T.ROSA:
            return
        if self.OPPONENT_DELAY:
            self._timer = self.set_timer(self.OPPONENT_DELAY, self._rosa_moves)
        else:
            self._timer = True
            self.call_after_refresh(self._rosa_moves)

    def _rosa_moves(self) -> None:
        self._timer = None
        step = self.tutorial.step
        if step is None or step.kind != T.ROSA or not self.is_mounted:
            return
        action = T.step_action(step)
        self.message = ""
        try:  # Rosa's, as the script has it, through the model as her seat (drawn: the model's change)
            self.model.apply(action, by=T.OPPONENT)
        except Exception as exc:  # (never: her move is the script's; said rather than lost)
            self.message = str(exc)
            self.refresh_all()

    async def on_key(self, event) -> None:
        """While Rosa is to play, any key plays her move now (and does nothing else)."""
        step = self.tutorial.step
        if step is not None and step.kind == T.ROSA and event.key not in ("f10", "c", "escape"):
            event.stop()
            event.prevent_default()
            if self._timer not in (None, True):
                self._timer.stop()
            self._rosa_moves()

    def action_continue(self) -> None:
        step = self.tutorial.step
        if step is None or step.kind != T.KEY:
            self.message = ("Space continues a step you read; this one asks for "
                            f"{T.expected(self.session.state, step)}." if step is not None else "")
            self.refresh_all()
            return
        before = self.tutorial.chapter
        self.tutorial.advance()
        if not self.tutorial.done and self.tutorial.chapter is not before:
            self.session = self.game_session = self._chapter_session()
            self.opponents.close()  # (the last chapter's Table is done with)
            self.model.leave_table()
            self.model = GameModel(self.session)  # the new chapter's game at its Table: its changes redraw
            self.opponents = self._seats()
            self.watch(self.model, "change", self.game_changed, init=False)
            self.cursor, self.rotation, self.origin, self._placing_for = (0, 0), 0, None, None
        self.message = ""
        self._hold = False
        self._save()
        self.refresh_all()
        self._pace()

    def action_confirm(self) -> None:
        step = self.tutorial.step
        if step is not None and step.kind == T.KEY:
            self.message = "✗ " + T.READ_FIRST
            self.refresh_all()
            return
        super().action_confirm()

    def action_undo(self) -> None:
        self.message = T.UNDO_OFF
        self.refresh_all()

    def action_back(self) -> None:
        self.message = ESC_STAYS
        self.refresh_all()

    def action_hint(self) -> None:
        """h in the lesson: the step's own move (the master might advise another)."""
        self.message = T.hint(self.tutorial, self.session.state)
        self.refresh_all()

    def action_chapters(self) -> None:
        opening = getattr(self.app, "open_chapters", None)
        if opening is None:
            self.message = "The chapter list is on the title screen (Learn to play)."
            self.refresh_all()
        else:
            opening(self, self.lesson, self.tutorial.index, frozenset(self.tutorial.finished))

    def action_leave(self) -> None:
        self._save()
        super().action_leave()

    def _save(self) -> None:
        if self.path is None or self._hold:
            return
        try:
            self._seen = save_progress(self.path, self.tutorial, self.session.log, self._seen)
        except ProgressChanged as exc:
            self.notify(f"Progress not saved: {exc}.", severity="warning", timeout=10, markup=False)
        except OSError as exc:
            self.notify(f"Could not save the lesson's progress: {exc}", severity="warning", markup=False)


def build(app, *, restart: bool = False, chapter: str | None = None, lesson=CARCASSONNE) -> CarcassonneLessonScreen:
    """The lesson's screen: resumed from its progress file, or at its start (``restart``), or at a chapter's
    first step, from its prepared position. A progress file that cannot be used starts the lesson again,
    says why, and is left alone until the learner moves."""
    path = progress_path(app, lesson)
    progress, problem = load_progress(path, lesson)
    finished = set(progress.finished) if progress else set()
    note = problem or ""
    if chapter is not None:
        index = next(c.start for c in lesson.chapters if c.id == chapter)
        number = next(i for i, c in enumerate(lesson.chapters) if c.id == chapter) + 1
        note = note or f"Chapter {number} of {len(lesson.chapters)}, from its prepared position."
    elif restart or progress is None:
        index = 0
    else:
        index = progress.step
        tut = T.Tutorial(lesson, index)
        if progress.moves != T.chapter_moves(tut):
            index, problem = 0, f"The saved moves do not lead to step {index + 1}. {STARTING_AGAIN}"
            note = problem
    return CarcassonneLessonScreen(T.Tutorial(lesson, index, finished), path, note=note, hold=bool(problem))
