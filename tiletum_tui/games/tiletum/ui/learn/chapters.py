"""The tutorial's chapter list: resume where the learner left off, or start any chapter from its
prepared position (``learn.tutorial.start_chapter``). Opened from Learn to play on the title screen
and with ``c`` inside the tutorial; it is dismissed with "resume", a chapter id, or None (Esc).

One game's lessons at a time (``g``: the next game's; each page fits 80x24): Tiletum's base tutorial's
chapters first (keys 1-9), then each further lesson (``learn.lessons.every_lesson``) under its own
heading, its chapters numbered with its mark (S1, C1), with its own resume line ("resume:<lesson id>")
when it has progress. The digits start the page's first lesson's chapters; on a page of ten or more
(Carcassonne's), 1 then 0-2 starts C10-C12. Only the fields every lesson has are read here
(``learn.lessons``), so a lesson of another game lists like Tiletum's."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...learn import tutorial as T
from ...learn.lessons import every_lesson

RESUME = "resume"


def chapter_end(i: int, lesson: T.Lesson = T.BASE) -> int:
    """The index one past the last step of chapter ``i``."""
    chapters = lesson.chapters
    return chapters[i + 1].start if i + 1 < len(chapters) else len(lesson.steps)


def chapter_line(i: int, at: int | None, lesson: T.Lesson = T.BASE, number: str = "",
                 finished: frozenset[str] = frozenset()) -> Text:
    """'3 King track and Corruption   steps 22-25 ✓': numbered, its steps, here (◀) or played to its end
    (✓, in ``finished``: it stays when an earlier chapter is started again)."""
    c = lesson.chapters[i]
    first, last = c.start + 1, chapter_end(i, lesson)
    here = at is not None and c.start <= at < last
    mark = " ◀ you are here" if here else " ✓" if c.id in finished else ""
    steps = f"step {first}" if first == last else f"steps {first}–{last}"
    return Text(f"{number or i + 1} {c.title}  ({steps}){mark}")


def resume_id(lesson: T.Lesson) -> str:
    """The resume line's id: "resume" for the lesson the menu is about, "resume:<id>" for another."""
    return f"{RESUME}:{lesson.id}"


def _where(lesson: T.Lesson, at: int) -> str:
    """'step 12 of 80, chapter 2' (the chapter's title is on its own line below: a line never wraps)."""
    n = len(lesson.steps)
    chapter = T.chapter_of(min(at, n - 1), lesson)
    number = lesson.chapters.index(chapter) + 1
    return f"step {min(at + 1, n)} of {n}, chapter {lesson.mark}{number}"


class ChapterMenu(ModalScreen[str | None]):
    """Resume, or start a chapter. ``at``: the step the saved progress (or the open tutorial) is at, or
    None; ``inside``: opened from the tutorial itself (resuming is going back to it); ``problem``: why
    the saved progress cannot be used (said in the note)."""

    DEFAULT_CSS = """
    ChapterMenu { align: center middle; }
    ChapterMenu > #chapters { width: 78; max-width: 100%; height: auto; max-height: 100%;
                              border: round $warning; background: $surface; padding: 0 1; }
    #chapters-title { text-style: bold; height: 1; }
    #chapters-list { height: auto; max-height: 70vh; border: none; padding: 0; }  /* the note and keys stay in sight */
    #chapters-note { height: auto; max-height: 3; color: $text-warning; }
    #chapters-keys { height: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back", id="tiletum.chapters-close"),
        Binding("g", "other_game", "Another game's lessons", show=False, id="tiletum.chapters-game"),
        *[Binding(str(n), f"chapter({n})", f"Chapter {n}", show=False, id=f"tiletum.chapters-{n}")
          for n in range(10)],  # (0: the second digit of C10; a page's own count decides what a digit does)
    ]
    SECOND_DIGIT = 1.0  # seconds a first digit waits for a second where a page has ten chapters or more

    def __init__(self, at: int | None = None, *, inside: bool = False, problem: str | None = None,
                 lesson: T.Lesson = T.BASE, elsewhere: dict[str, int | None] | None = None,
                 finished: frozenset[str] = frozenset()) -> None:
        """``at`` is the step of ``lesson`` (the open one, or the base tutorial's saved progress);
        ``elsewhere`` the saved step of each other lesson (by id), or None where there is none;
        ``finished`` the chapters (of any lesson) played to their end."""
        super().__init__()
        self.at, self.inside, self.problem, self.lesson = at, inside, problem, lesson
        self.elsewhere, self.finished = elsewhere or {}, frozenset(finished)
        self.game = getattr(lesson, "game", "tiletum")  # the page in sight: the lessons of the open lesson's game
        self._typed: tuple[int, object] | None = None  # a first digit waiting for a second: (it, its timer)
        self._marked = None  # a further lesson whose mark was typed (S): the next digit is its chapter

    def _games(self) -> list[str]:
        return list(dict.fromkeys(x.game for x in every_lesson()))

    def _lessons(self) -> list:
        """The lessons on the page in sight: those of one game (each game's page fits 80x24)."""
        return [x for x in every_lesson() if x.game == self.game]

    def _title(self, game: str) -> str:
        return next(x.title for x in every_lesson() if x.game == game)  # (a game's first lesson is its own)

    def _options(self) -> list[Option]:
        options = []
        for lesson in self._lessons():
            ours = lesson is self.lesson
            at = self.at if ours else self.elsewhere.get(lesson.id)
            if lesson.heading:
                options.append(Option(Text(lesson.heading, "bold"), disabled=True))
            if at is not None:
                label = f"Back to the tutorial ({_where(lesson, at)})" if ours and self.inside else \
                    f"Resume where you left off ({_where(lesson, at)})"
                options.append(Option(Text(f"↵ {label}"), id=RESUME if ours else resume_id(lesson)))
            prefix = lesson.mark
            options += [Option(chapter_line(i, at, lesson, f"{prefix}{i + 1}" if prefix else "", self.finished),
                               id=c.id)
                        for i, c in enumerate(lesson.chapters)]
        return options

    def _keys(self) -> str:
        others = [g for g in self._games() if g != self.game]
        other = f" · g: {self._title(others[0])}'s lesson{'s' if others[0] == self._games()[0] else ''}" if others else ""
        count = len(self._lessons()[0].chapters)
        marks = "".join(f", {x.mark.lower()}1–{x.mark.lower()}{len(x.chapters)}" for x in self._lessons()[1:] if x.mark)
        return f"Enter: start · 1–{count}{marks}: a chapter{other} · Esc: back"

    def compose(self) -> ComposeResult:
        with Vertical(id="chapters"):
            yield Static(f"Learn to play {self._title(self.game)}: a guided game against Rosa", id="chapters-title",
                         markup=False)
            yield OptionList(*self._options(), id="chapters-list")
            note = self.problem or ("" if self.at is not None else
                                    "Each chapter starts from a prepared position of its lesson's game; "
                                    "the first of each starts at the very beginning.")
            if note:
                yield Static(note, id="chapters-note", markup=False)
            yield Static(self._keys(), id="chapters-keys", markup=False)

    def on_mount(self) -> None:
        self._highlight()

    def _highlight(self) -> None:
        menu = self.query_one(OptionList)
        ids = self._ids(menu)
        first = RESUME if RESUME in ids else (self.lesson.chapters[0].id if self.lesson.chapters[0].id in ids
                                              and self.lesson is not T.BASE else next(i for i in ids if i))
        menu.highlighted = ids.index(first)  # the open lesson's line (its resume line, or its first chapter)
        menu.focus()

    def action_other_game(self) -> None:
        """The next game's lessons (g): one game's page at a time, so that each fits the screen."""
        games = self._games()
        if self._typed is not None:  # (a digit typed on the page left behind waits no more)
            self._typed[1].stop()
            self._typed = None
        self.game = games[(games.index(self.game) + 1) % len(games)]
        self.query_one("#chapters-title", Static).update(
            f"Learn to play {self._title(self.game)}: a guided game against Rosa")
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(self._options())
        self.query_one("#chapters-keys", Static).update(self._keys())
        self._highlight()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_id)

    def action_chapter(self, n: int) -> None:
        """A chapter by its number. Where the page has ten chapters or more (Carcassonne's twelve), a
        digit that may begin a longer number (1 of 12) highlights its chapter and waits a moment for a
        second digit (10, 11, 12) before it starts; any other digit starts its chapter at once."""
        chapters = self._lessons()[0].chapters  # (the page's first lesson: the digits are its chapters)
        if self._typed is not None:
            first, timer = self._typed
            self._typed = None
            timer.stop()
            if first * 10 + n <= len(chapters):
                self._start(first * 10 + n)
                return
            self._start(first)  # (no such chapter: the first digit stands, as if the wait had ended)
            return
        if not 1 <= n <= len(chapters):
            return
        if n * 10 <= len(chapters):
            self._show(chapters[n - 1].id)
            self._typed = (n, self.set_timer(self.SECOND_DIGIT, lambda: self._waited(n)))
            return
        self._start(n)

    def _waited(self, n: int) -> None:
        if self._typed is not None and self._typed[0] == n:
            self._typed = None
            self._start(n)

    def _show(self, chapter_id: str) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = self._ids(menu).index(chapter_id)

    @staticmethod
    def _ids(menu: OptionList) -> list:
        """The list's lines' ids, in order (headings: None)."""
        return [menu.get_option_at_index(i).id for i in range(menu.option_count)]

    def _start(self, n: int) -> None:
        self.dismiss(self._lessons()[0].chapters[n - 1].id)

    def on_key(self, event) -> None:
        """A further lesson's mark, then its chapter's number: s 2 starts S2 (they opened only by arrows:
        issue 41 item 19). The mark waits for the digit (Esc: not)."""
        marks = {x.mark.lower(): x for x in self._lessons()[1:] if x.mark}
        char = (event.character or "").lower()
        if self._marked is not None and event.key.isdigit():
            event.stop()
            lesson, self._marked = self._marked, None
            n = int(event.key)
            if 1 <= n <= len(lesson.chapters):
                self.dismiss(lesson.chapters[n - 1].id)
            else:
                self.query_one("#chapters-keys", Static).update(self._keys())
            return
        if char in marks and event.key == char:
            event.stop()
            self._marked = marks[char]
            self._show(self._marked.chapters[0].id)
            self.query_one("#chapters-keys", Static).update(
                f"{self._marked.mark}▏ then 1–{len(self._marked.chapters)}: which chapter · Esc: not")
            return
        if self._marked is not None:
            self._marked = None
            self.query_one("#chapters-keys", Static).update(self._keys())
            if event.key == "escape":
                event.stop()

    def action_close(self) -> None:
        self.dismiss(None)
