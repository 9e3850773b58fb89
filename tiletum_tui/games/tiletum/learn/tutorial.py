"""The guided game's logic: which move each step accepts, why another is refused, Rosa's moves,
chapters and resuming, for any of Tiletum's lessons (``lessons.Lesson``: the base game's, the default,
or a module's). A lesson's script (seed, steps, chapters, Rosa's moves) is data (``tutorial_script``
and the modules' own); what it must teach is its checklist.

A MOVE step accepts its move, or the same move made with an identical twin of a tile (two copies
of one Settler in the offer: either will do, and later steps follow the one chosen). Any other
legal move is refused in words, never notation: what this step asks for and which menu lines
lead to it. Rosa plays her scripted moves while they fit, then the opponent policy
(``opponent.policy``: the journeyman of ``opponents``; one function, swappable). ``tests/learn`` runs the whole script through the
engine, every chapter from its prepared position, and a wrong move at every step.

Pure Python: ``tiletum_tui.games.tiletum.ui.learn`` puts this on the real game screen.
"""

from __future__ import annotations

from ..engine import apply, current_player, legal_actions, new_game, parse, view
from ..engine.actions import notation
from ..engine.ruleset import rules_for
from tiletum_tui.core.lesson_cursor import LessonCursor
from tiletum_tui.core.lesson_cursor import chapter_of as _chapter_of
from . import opponent
from .explain import why_not
from .lessons import BASE, Lesson, lesson_with_chapter, tiletum_lessons
from .narrate import event_lines, narrate
from .tutorial_script import (
    CHAPTERS, FREE, KEY, LEARNER, MOVE, OPPONENT, OPPONENT_SCRIPT, SEED, SETTINGS, STEPS, Chapter, Step,
)

__all__ = [
    "CHAPTERS", "FREE", "KEY", "LEARNER", "MOVE", "OPPONENT", "OPPONENT_SCRIPT", "SEED", "SETTINGS", "STEPS",
    "UNDO_OFF", "ANSWER_FIRST", "READ_FIRST", "Chapter", "Step", "Tutorial", "chapter_of", "expected", "matches", "narrate", "opening_lines", "opponent_move",
    "play_script", "reached", "step_text", "ROSA_PLAYING", "rule_move", "start_chapter", "step_action",
    "BASE", "LESSONS", "Lesson", "lesson_with_chapter",  # the lessons (``lessons``)
]


def __getattr__(name: str):
    if name == "LESSONS":  # Tiletum's lessons, built on use (``lessons.tiletum_lessons``)
        return tiletum_lessons()
    raise AttributeError(name)

# What the tutorial says when undo is asked for (the lesson follows one line of play).
UNDO_OFF = ("Undo is off in the tutorial: it follows one line of play. To try a step again, start its chapter "
            "again from the chapter list, or restart the tutorial.")
READ_FIRST = "Not yet: read this step, then press space to continue."
ANSWER_FIRST = "Not yet: look at the position, then press space to answer this step's question."


# ---------------------------------------------------------------- identical tiles
def _twins(r, a: str, b: str) -> bool:
    """Two copies of one tile: everything printed on them alike (only the id differs)."""
    if a == b:
        return True
    ta, tb = r.tiles.get(a), r.tiles.get(b)
    if ta is None or tb is None or type(ta) is not type(tb):
        return False
    fields = [f for f in ta.__struct_fields__ if f != "id"]
    return all(getattr(ta, f) == getattr(tb, f) for f in fields)


def matches(state, action, wanted) -> bool:
    """Is ``action`` the ``wanted`` move, up to identical twins of the tiles it names?"""
    if type(action) is not type(wanted) or action.seat != wanted.seat:
        return False
    r = rules_for(state.settings)
    for f in type(action).__struct_fields__:
        x, y = getattr(action, f), getattr(wanted, f)
        if x != y and not (isinstance(x, str) and isinstance(y, str) and x in r.tiles and _twins(r, x, y)):
            return False
    return True


def step_action(state, step: Step, lesson: Lesson = BASE):
    """The action a MOVE step asks for in this state: its move, or the legal twin of it when the learner
    chose the other copy of a tile earlier (None if neither fits: the script has left the game)."""
    wanted = parse(step.move, lesson.learner)
    if why_not(state, wanted).allowed:
        return wanted
    return next((a for a in legal_actions(state) if matches(state, a, wanted)), None)


def expected(step: Step) -> str:
    """What a step asks for, in the menu's words: the lines to choose, top level first (the screen marks
    them ▶; the step's text says what the move does)."""
    if step.kind == KEY:
        return "an answer to its question (space)" if step.question else "read this step, then press space"
    if step.kind == FREE:
        return "any move you like"
    lines = " › ".join(f"'{c}'" for c in step.choose)
    return f"{lines} (the lines marked ▶)" if lines else "the move in the text above"


# ---------------------------------------------------------------- Rosa
def rule_move(state):
    """The opponent policy's move for whoever decides now (from what that seat may see)."""
    return opponent.policy(view(state))


def opponent_move(state, scripted: int, policy=None, lesson: Lesson = BASE):
    """Rosa's next move and how many scripted moves that used: the script while it fits (up to identical
    twins), then ``policy`` (the opponent module's, unless another is given)."""
    if scripted < len(lesson.opponent_script):
        wanted = parse(lesson.opponent_script[scripted], lesson.opponent)
        if why_not(state, wanted).allowed:
            return wanted, scripted + 1
        twin = next((a for a in legal_actions(state) if matches(state, a, wanted)), None)
        if twin is not None:
            return twin, scripted + 1
    choose = policy or opponent.policy
    return choose(view(state)), len(lesson.opponent_script)


def reached(state, until: str) -> bool:
    if until == "over":
        return state.phase == "over"
    if until.startswith("round"):
        return state.round >= int(until[5:]) or state.phase == "over"
    raise ValueError(f"unknown tutorial moment {until!r}")


# ---------------------------------------------------------------- where the learner is
class Tutorial(LessonCursor):
    """Where the learner is: the step index and how much of Rosa's script is used. Pure bookkeeping."""

    def __init__(self, step: int = 0, scripted: int = 0, lesson: Lesson = BASE, finished=()) -> None:
        super().__init__(lesson, step, finished)
        self.scripted = scripted

    def verdict(self, state, action) -> tuple[bool, str]:
        """May the learner make this move now? If not, why not now: the engine's rule, or the lesson's words."""
        step = self.step
        check = why_not(state, action)
        if not check.allowed:
            return False, f"Not allowed: {check.reason}. {check.rule.text}"
        if step is None or step.kind == FREE:
            return True, ""
        if step.kind == KEY:
            return False, ANSWER_FIRST if step.question else READ_FIRST
        wanted = step_action(state, step, self.lesson)
        if wanted is None or not matches(state, action, wanted):
            return False, f"Not now: this step asks for {expected(step)}."
        return True, ""

    def moved(self, state) -> None:
        """After an accepted move: a MOVE step is done; a FREE step ends when its moment comes."""
        step, since = self.step, self.index
        if step is not None and step.kind == MOVE:
            self.index += 1
        self.settle(state, since)

    def settle(self, state, since: int | None = None) -> None:
        """Past the FREE steps whose moment has come; the chapters the learner went through to their end
        since step ``since`` are finished."""
        step = self.step
        while step is not None and step.kind == FREE and reached(state, step.until):
            self.index += 1
            step = self.step
        if since is not None:
            # Once the game is over, the lesson's last words need no reading for its chapter to be played to
            # its end: the final table comes over them, and leaving through it kept no ✓ (issue 41 item 19).
            reach, steps = self.index, self.lesson.steps
            while getattr(state, "phase", "") == "over" and reach < len(steps) and steps[reach].kind == KEY \
                    and not steps[reach].question:
                reach += 1
            ends = [c.start for c in self.lesson.chapters[1:]] + [len(self.lesson.steps)]
            self.finished |= {c.id for c, end in zip(self.lesson.chapters, ends) if c.start <= since < end <= reach}

    def next(self, state) -> bool:
        """The continue key: moves past a KEY step (and only a KEY step; a question is answered instead)."""
        if self.step is not None and self.step.kind == KEY and not self.step.question:
            self.index += 1
            self.settle(state, self.index - 1)
            return True
        return False

    def answer(self, state, choice: int) -> tuple[bool, str]:
        """The learner's answer to the step's question: the right one moves on; either way the step's
        explanation follows (a wrong one leaves the step where it is, to try again)."""
        step = self.step
        if step is None or not step.question or not 0 <= choice < len(step.answers):
            return False, ""
        if choice != step.correct:
            return False, f"Not that one. {step.reveal}"
        self.index += 1
        self.settle(state, self.index - 1)
        return True, f"Right. {step.reveal}"


ROSA_PLAYING = "Rosa is playing her turn: each of her moves is told as it happens. Your next step follows."


def step_text(state, tut: Tutorial) -> str:
    """What the tutorial box says now: the step's text, or, while Rosa still plays before a step of
    the learner's move, that she does (the step speaks of the position after her turn: "Lap 2 ...")."""
    step = tut.step
    if step is None:
        return ""
    if step.kind == MOVE and current_player(state) == tut.lesson.opponent:
        return ROSA_PLAYING
    return step.text


def opening_lines(state) -> list[str]:
    """What the setup of a new game set off (the first Corruption token), told like any move's events."""
    return event_lines(state, state.events)


def chapter_of(index: int, lesson: Lesson = BASE) -> Chapter | None:
    """The chapter a step belongs to."""
    return _chapter_of(index, lesson)


# ---------------------------------------------------------------- replaying the script
def play_script(until_step: int | None = None, *, narration: list | None = None, lesson: Lesson = BASE):
    """Replay the tutorial from the start as the engine sees it: (state, tutorial, moves) after the scripted
    steps, stopping at the first FREE step (or at ``until_step``, once Rosa has played up to it). ``moves``
    carry their seat ("2: die 2Y>1 +bonus"), as a saved tutorial keeps them. With ``narration`` (a list),
    Rosa's moves and what every move set off are told into it, one line each."""
    state = new_game(lesson.settings)
    tut = Tutorial(lesson=lesson)
    moves: list[str] = []
    if narration is not None:
        narration.extend(opening_lines(state))

    def play(action) -> None:
        nonlocal state
        after = apply(state, action)
        if narration is not None:
            lines = narrate(state, action, after)
            narration.extend(lines if action.seat == lesson.opponent else lines[1:])
        moves.append(notation(action))
        state = after

    while not tut.done:
        while current_player(state) == lesson.opponent:
            action, tut.scripted = opponent_move(state, tut.scripted, lesson=lesson)
            play(action)
        if until_step is not None and tut.index >= until_step:
            break
        step = tut.step
        if step.kind == FREE:
            break
        if step.kind == KEY:
            tut.answer(state, step.correct) if step.question else tut.next(state)
            continue
        action = step_action(state, step, lesson)
        ok, why = (False, "no such move now") if action is None else tut.verdict(state, action)
        if not ok:
            raise AssertionError(f"tutorial step {tut.index} ({step.move}): {why}")
        play(action)
        tut.moved(state)
    return state, tut, moves


def start_chapter(chapter_id: str):
    """A chapter's prepared position (of whichever lesson has it): (state, tutorial at its first step, the
    moves that led there)."""
    lesson = lesson_with_chapter(chapter_id)
    chapter = next(c for c in lesson.chapters if c.id == chapter_id)
    state, tut, moves = play_script(until_step=chapter.start, lesson=lesson)
    tut.finished = set()  # the chapters replayed to get here were not played by the learner
    return state, tut, moves

