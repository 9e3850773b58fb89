"""``RowsView``: a drawing given as rows of coloured runs, each row's strip made once and kept while the
row is the same, a change repainting only the rows it changed (issue 39: Carcassonne's land and side).

A row is a tuple of runs, each (its characters, its style: a Rich Style, a style's name such as
"dim", or None). Textual renders a Static's text through its Content: every run of every line
rendered again becomes a segment whose style is worked out anew (the widget's base style added, a
Rich Style made), and a line of the land has thirty such runs (issue 39: a Carcassonne screen's CPU
per update was twice a Tiletum one's). Here each distinct style is worked out once, as Textual
works it out (``tests/carcassonne/test_rows_view.py``: the same characters and colours), and a row
seen before is not made again. Given a text (``update``), it shows it as a Static does (the final
table, the overview)."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style as VisualStyle

from .painted import Painted

Row = tuple  # of (characters, style) runs


def text_rows(text: Text, console, width: int) -> list[Row]:
    """A Rich Text as rows of runs, wrapped to ``width`` as Textual wraps it (at spaces; a word longer
    than the width folded), each run's style the Rich style it renders with."""
    rows: list[Row] = []
    for line in text.wrap(console, width, overflow="fold", no_wrap=False):
        line.rstrip()
        rows.append(tuple((seg.text, seg.style) for seg in line.render(console) if seg.text and seg.text != "\n"))
    return rows


def rows_text(rows) -> Text:
    """Rows of (characters, style) runs as a Text, a line each: what they show."""
    text = Text()
    append = text.append
    for row in rows:
        for chunk, style in row:
            append(chunk, style or None)
        append("\n")
    return text


class RowsView(Painted):
    """Rows of runs (``show_rows``), or a text as a Static shows it (``update``)."""

    ALLOW_SELECT = False  # (a drawing: nothing to copy; its segments carry no offsets for a selection)

    _shown: list | None = None  # the rows shown, or None: a text is shown (Static's render)
    _strips: dict = {}  # row -> its strip, for the rows shown at the last render
    _made: dict = {}  # a run's style -> the Rich style its segment has (``_styles_key``'s)
    _styles_key = None

    _text = None  # what the rows show, as a Text (``content``), or None: made of the rows when asked for

    def show_rows(self, rows: list[Row], text: Text | None = None) -> None:
        """Show ``rows`` (no wider than the widget: it lays nothing out again), repainting the rows that
        are not the same as at their place before; ``text``: what they show, if the caller has it. Not laid
        out yet, they are shown as their text (laid out by it, then drawn at its size)."""
        if not self.content_size.width:
            self.update(text if text is not None else rows_text(rows))
            return
        old = self._shown
        self._shown, self._text = rows, text
        if old is None:
            self._drawn = None  # (a text given again after these rows is shown again)
            self.refresh()
            return
        width = self.content_size.width
        changed = [Region(0, y, width, 1) for y in range(max(len(rows), len(old)))
                   if y >= len(rows) or y >= len(old) or rows[y] != old[y]]
        if changed:
            self.refresh(*changed)

    @property
    def content(self):
        """What is shown: the rows' text (as a Text), or the text last given."""
        if self._shown is None:
            return super().content
        if self._text is None:
            self._text = rows_text(self._shown)
        return self._text

    @content.setter
    def content(self, content) -> None:
        self._shown = self._text = None
        Painted.content.fset(self, content)

    def update(self, content="", *, layout: bool = True) -> None:
        if self._shown is not None:
            self._shown = self._text = None
            self._strips = {}
            self.refresh()
        super().update(content, layout=layout)

    def render_line(self, y: int) -> Strip:
        rows = self._shown
        if rows is None:
            return super().render_line(y)
        base = self.visual_style
        key = (base, self.app.ansi_theme)
        if key != self._styles_key:
            self._styles_key, self._made, self._strips = key, {}, {}
        if y >= len(rows):
            return Strip.blank(self.content_size.width, base.rich_style)
        row = rows[y]
        strip = self._strips.get(row)
        if strip is None:
            strips = self._strips
            if len(strips) > 4 * max(len(rows), 16):  # (rows no longer shown: kept for one screenful or so)
                strips.clear()
            strip = strips[row] = Strip(self._segments(row, base))
        return strip

    def _segments(self, row: Row, base: VisualStyle) -> list[Segment]:
        """A row's segments: a run's characters in its style (a segment per run, as Textual renders a
        text's spans, none for a run without characters)."""
        style = self._style
        return [Segment(text, style(run_style, base)) for text, run_style in row if text]

    def _style(self, style, base: VisualStyle):
        """The Rich style of a run's segment, as Textual's Content renders it on this widget (its base
        style under the run's), worked out once per style."""
        made = self._made.get(style)
        if made is None:
            if not style:
                made = base.rich_style
            else:
                rich = self.app.console.get_style(style) if isinstance(style, str) else style
                made = (base + VisualStyle.from_rich_style(rich, self.app.ansi_theme)).rich_style
            self._made[style] = made
        return made
