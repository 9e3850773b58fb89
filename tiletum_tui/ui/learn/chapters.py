"""The tutorial's chapter list: resume where the learner left off, or start any chapter from its
prepared position (``learn.tutorial.start_chapter``). Opened from Learn to play on the title screen
and with ``c`` inside the tutorial; it is dismissed with "resume", a chapter id, or None (Esc)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...learn import tutorial as T

RESUME = "resume"


def chapter_end(i: int) -> int:
    """The index one past the last step of chapter ``i``."""
    return T.CHAPTERS[i + 1].start if i + 1 < len(T.CHAPTERS) else len(T.STEPS)


def chapter_line(i: int, at: int | None) -> Text:
    """'3 King track and Corruption   steps 22-25 ✓': numbered, its steps, done (✓) or here (◀)."""
    c = T.CHAPTERS[i]
    first, last = c.start + 1, chapter_end(i)
    mark = "" if at is None else " ✓" if at >= chapter_end(i) else " ◀ you are here" if at >= c.start else ""
    steps = f"step {first}" if first == last else f"steps {first}–{last}"
    return Text(f"{i + 1} {c.title}  ({steps}){mark}")


class ChapterMenu(ModalScreen[str | None]):
    """Resume, or start a chapter. ``at``: the step the saved progress (or the open tutorial) is at, or
    None; ``inside``: opened from the tutorial itself (resuming is going back to it); ``problem``: why
    the saved progress cannot be used (said in the note)."""

    DEFAULT_CSS = """
    ChapterMenu { align: center middle; }
    ChapterMenu > #chapters { width: 78; max-width: 100%; height: auto; max-height: 100%;
                              border: round $warning; background: $surface; padding: 0 1; }
    #chapters-title { text-style: bold; height: 1; }
    #chapters-list { height: auto; max-height: 12; border: none; padding: 0; }
    #chapters-note { height: auto; max-height: 4; color: $text-warning; }
    #chapters-keys { height: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back", id="tiletum.chapters-close"),
        *[Binding(str(n), f"chapter({n})", f"Chapter {n}", show=False, id=f"tiletum.chapters-{n}")
          for n in range(1, min(len(T.CHAPTERS), 9) + 1)],
    ]

    def __init__(self, at: int | None = None, *, inside: bool = False, problem: str | None = None) -> None:
        super().__init__()
        self.at, self.inside, self.problem = at, inside, problem

    def compose(self) -> ComposeResult:
        with Vertical(id="chapters"):
            yield Static("Learn to play: a guided game against Rosa", id="chapters-title", markup=False)
            options = []
            if self.at is not None:
                where = T.chapter_of(min(self.at, len(T.STEPS) - 1))
                step = f"step {min(self.at + 1, len(T.STEPS))} of {len(T.STEPS)}, {where.title}"
                label = f"Back to the tutorial ({step})" if self.inside else f"Resume where you left off ({step})"
                options.append(Option(Text(f"↵ {label}"), id=RESUME))
            options += [Option(chapter_line(i, self.at), id=c.id) for i, c in enumerate(T.CHAPTERS)]
            yield OptionList(*options, id="chapters-list")
            note = self.problem or ("" if self.at is not None else
                                    "Each chapter starts from a prepared position of the same game; "
                                    "1 starts at the very beginning.")
            if note:
                yield Static(note, id="chapters-note", markup=False)
            yield Static("Enter: start the highlighted line · 1–9: a chapter · Esc: back", id="chapters-keys",
                         markup=False)

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_id)

    def action_chapter(self, n: int) -> None:
        self.dismiss(T.CHAPTERS[n - 1].id)

    def action_close(self) -> None:
        self.dismiss(None)
