"""The Carcassonne lesson's logic: each chapter's prepared position, which move a step accepts and why
another is refused (in the screen's words: the frame marked ▶, r, Enter, a line's key), Rosa's moves,
chapters and resuming, the quantities a text quotes. Pure: ``carcassonne.ui.lesson_screen`` puts it
on the Carcassonne screen; ``tests/carcassonne/test_lesson*.py`` play it through the engine.
"""

from __future__ import annotations

from .. import modules as registry
from ..data import load
from ..engine import Deploy, IllegalAction, Place, PlayerSetup, Settings, apply, check, parse
from ..engine.events import FeatureCompleted, Scored
from ..engine.followers import spots
from ..engine.expansion import settings_with
from ..engine.game import CarcassonneGame
from ..engine.positions import stacked
from ..engine.rules import remaining, same_move
from ..engine.scoring import neighbours
from ..engine.tiles import alike
from tiletum_tui.core.lesson_cursor import LessonCursor
from tiletum_tui.core.lesson_cursor import chapter_of as _chapter_of
from .script import KEY, LEARNER, MOVE, OPPONENT, PLAYERS, ROSA, Chapter, Step

READ_FIRST = "Not yet: read this step, then press space to continue."
ROSA_PLAYS = "Not now: Rosa is playing her turn (any key plays her next move)."
LESSON_OVER = ("The lesson is complete: start a game of your own from the title screen (F10, then g), or a chapter "
               "again (c).")
UNDO_OFF = ("Undo is off in the lesson: it follows one line of play. To try a step again, start its chapter again "
            "(c: the chapter list).")


def settings(chapter: Chapter) -> Settings:
    return settings_with(Settings, (PlayerSetup(n, c) for n, c in PLAYERS), 1, chapter.modules)


class ChapterGame(CarcassonneGame):
    """Carcassonne whose new game is a chapter's prepared position (``engine.positions.stacked``): the
    session plays it like any game, every later move through the engine."""

    def __init__(self, chapter: Chapter) -> None:
        self.chapter = chapter

    def new_game(self, settings_):
        return stacked(settings_, self.chapter.pile, self.chapter.setup)


def position(chapter: Chapter):
    """A chapter's prepared position (a state)."""
    return ChapterGame(chapter).new_game(settings(chapter))


def step_action(step: Step):
    seat = OPPONENT if step.kind == ROSA else LEARNER
    return parse(step.move, seat)


def line_of(state, segment: str | None) -> int:
    """The follower choice's line (its key) for a segment of the tile just placed: 0 is no follower."""
    if segment is None:
        return 0
    return 1 + [s.name for s in spots(state)].index(segment)


def expected(state, step: Step) -> str:
    """What a step asks for, in the screen's words."""
    if step.kind == KEY:
        return "read this step, then press space"
    action = step_action(step)
    if isinstance(action, Place):
        rotation = alike(action.design, action.rotation)  # (the turn the screen's r shows for it)
        turn = f", turned {rotation * 90}° (r)" if rotation else ", not turned"
        return f"tile {action.design} on the frame marked ▶ at {action.x},{action.y}{turn}, then Enter"
    n = line_of(state, action.segment)
    return f"line {n}: '{'no follower' if action.role is None else f'{action.role} {action.segment}'}' (press {n})"


def hint(tut, state) -> str:
    """What h says in the lesson: the step's move in the screen's words, never the master's advice (it
    may prefer another move, which the step would refuse)."""
    step = tut.step
    if step is None:
        return LESSON_OVER
    if step.kind == ROSA:
        return ROSA_PLAYS
    if step.kind == KEY:
        return "Hint: read this step, then press space."
    return f"Hint: this step asks for {expected(state, step)}."


class Tutorial(LessonCursor):
    """Where the learner is: the step index (and the chapters played to their end). Pure bookkeeping."""

    def __init__(self, lesson, step: int = 0, finished=()) -> None:
        super().__init__(lesson, step, finished)
        self.scripted = 0

    def verdict(self, state, action) -> tuple[bool, str]:
        """May the learner make this move now? If not, why not: the rules' reason, or the lesson's words."""
        step = self.step
        try:
            check(state, action)
        except IllegalAction as exc:
            return False, f"Not allowed: {exc}."
        if step is None:
            return False, LESSON_OVER
        if step.kind == KEY:
            return False, READ_FIRST
        if step.kind == ROSA:
            return False, ROSA_PLAYS
        if not same_move(action, step_action(step)):
            return False, f"Not now: this step asks for {expected(state, step)}."
        return True, ""

    def advance(self) -> None:
        """Past this step (its move made, its text read); a chapter gone through to its end is finished."""
        chapter = self.chapter
        self.index += 1
        if self.done or self.chapter is not chapter:
            self.finished.add(chapter.id)


def chapter_of(index: int, lesson) -> Chapter:
    """The chapter a step belongs to (every Carcassonne chapter list starts at step 0)."""
    return _chapter_of(index, lesson)


def chapter_moves(tut: Tutorial) -> list[str]:
    """The moves of the chapter in hand from its prepared position up to the step in hand (its steps' own)."""
    chapter = tut.chapter
    return [s.move if s.kind == ROSA else f"{LEARNER + 1}: {s.move}"
            for s in tut.lesson.steps[chapter.start:tut.index] if s.kind != KEY]


# ---------------------------------------------------------------- the numbers a text quotes
def quantity(name: str, state, events) -> int:
    """The engine's value of a quantity a step's text quotes, in ``state`` (after the step's move, whose
    ``events`` these are): "score:S", "supply:S", "seat:S" (the digit that seat's followers show),
    "gained:S" (points seat S scored by the move), "tiles:KIND" (the tiles of the feature the move
    completed), "around:X,Y" (tiles around a cell), "line:SEGMENT" (its line of the follower choice),
    "ledger:S:CATEGORY" (points of that kind), "left" (face-down tiles), "followers" (each player's),
    and a module's own (``learn.parts.LearnPart.quantities``: the River's "river:box", "river:pile")."""
    kind, _, rest = name.partition(":")
    if kind == "score":
        return state.scores[int(rest)]
    if kind == "supply":
        return state.supply[int(rest)]
    if kind == "seat":
        return int(rest) + 1
    if kind == "gained":
        return sum(e.points for e in events if isinstance(e, Scored) and e.seat == int(rest))
    if kind == "tiles":
        return next(e.tiles for e in events if isinstance(e, FeatureCompleted) and e.kind == rest)
    if kind == "around":
        x, y = (int(v) for v in rest.split(","))
        return neighbours(state, x, y)
    if kind == "line":
        return line_of(state, rest)
    if kind == "ledger":
        seat, _, category = rest.partition(":")
        return state.ledger[int(seat)].get(category, 0)
    if kind == "left":
        return sum(remaining(state).values())
    if kind == "followers":
        return load().followers_per_player
    for _name, part in registry.parts("learn"):  # a module's own ("river:box")
        if kind in part.quantities:
            return part.quantities[kind](rest, state)
    raise ValueError(f"no lesson quantity {name!r}")


def walk(lesson):
    """Play the whole lesson through the engine: per step (index, step, state the step is read in or its
    move made from, state after, events of its move). A chapter starts from its own prepared position."""
    state = None
    for i, step in enumerate(lesson.steps):
        chapter = chapter_of(i, lesson)
        if i == chapter.start:
            state = position(chapter)
        if step.kind == KEY:
            yield i, step, state, state, ()
            continue
        before = state
        after = apply(state, step_action(step))
        # (a line's number is read where it is chosen: the follower choice of the state before)
        yield i, step, before, after, after.events
        state = after


__all__ = ["ChapterGame", "Deploy", "KEY", "MOVE", "ROSA", "ROSA_PLAYS", "READ_FIRST", "Tutorial", "UNDO_OFF",
           "chapter_moves", "chapter_of", "expected", "hint", "line_of", "position", "quantity", "settings",
           "step_action", "walk"]
