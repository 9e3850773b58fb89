"""The tutorial screen's own widgets: the box with the step's text and the note under it, and the feed
that tells Rosa's turn move by move in place of the decision panel."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..widgets.painted import Painted


class TutorialBox(Vertical):
    DEFAULT_CSS = """
    TutorialBox { height: auto; max-height: 9; background: $boost; border-top: heavy $warning; padding: 0 1;
                  border-title-color: $text-warning; border-title-style: bold; }
    #tutorial-text { height: auto; max-height: 5; }
    #tutorial-note { height: auto; max-height: 3; color: $text-warning; text-style: bold; display: none; }
    #tutorial-note.-on { display: block; }
    """

    def compose(self) -> ComposeResult:
        yield Static("", id="tutorial-text", markup=False)
        yield Static("", id="tutorial-note", markup=False)


class OpponentFeed(Vertical):
    """Rosa's turn, one line per move as it happens (in the side, in place of the decision panel)."""

    DEFAULT_CSS = """
    OpponentFeed { height: 1fr; display: none; }
    #feed-title { height: 1; text-style: bold; }
    #feed-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    """

    def compose(self) -> ComposeResult:
        yield Painted("", id="feed-title")
        with VerticalScroll(id="feed-scroll"):
            yield Painted("", id="feed-lines")

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.title_text, self.lines = "", []

    def on_mount(self) -> None:
        self._draw()

    def show(self, title: str, lines: list[str]) -> None:
        self.title_text, self.lines = title, list(lines)
        if self.is_mounted and self.children:
            self._draw()

    def _draw(self) -> None:
        self.query_one("#feed-title", Painted).update(Text(self.title_text))
        body = Text()
        for i, line in enumerate(self.lines):  # the newest line bright, the earlier ones dimmed
            body.append(("\n" if i else "") + line, "" if i == len(self.lines) - 1 else "dim")
        self.query_one("#feed-lines", Painted).update(body)
        self.call_after_refresh(self.query_one("#feed-scroll", VerticalScroll).scroll_end, animate=False)


class Soon:
    """A pause of no time (tests): the tick comes after the next refresh, unless stopped first."""

    def __init__(self, screen) -> None:
        self.active = True
        screen.call_after_refresh(lambda: self.active and screen._tick())

    def stop(self) -> None:
        self.active = False
