"""Widgets that draw styled text whose colours come from the style sheets.

Board drawings mix many small coloured pieces (a die letter, a player's number in a Town). Rather
than hard-code colours, each piece names a *component class* (``pc-red``, ``die-B``, ``legal``) and
styles/inks.tcss says what it looks like (``Ink > .pc-red``), so themes and colour tweaks never
touch Python.

The component classes live on ONE hidden ``Ink`` widget per screen rather than on every drawing
widget: Textual resolves each component class of each widget instance against the whole style
sheet at mount, and doing that for ~20 classes on every widget doubled the start-up time.
"""

from __future__ import annotations

from bisect import bisect_right

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.content import Content, Span
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.style import Style as VisualStyle
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Static

from ..textual_private import selecting, set_rendered

PLAYER_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
_CLASSES = {f"pc-{c}" for c in PLAYER_COLOURS} | {f"side-{c}" for c in PLAYER_COLOURS} | {f"die-{d}" for d in "YPLDB"} | {
    "muted", "title", "strong", "good", "bad", "now", "legal", "cursor", "unavailable", "road", "recent",
}


class Ink(Widget):
    """Holds the named styles of a screen (hidden); the Painted widgets borrow them."""

    COMPONENT_CLASSES = _CLASSES
    DEFAULT_CSS = "Ink { display: none; }"

    def __init__(self) -> None:
        super().__init__()
        self._cache: dict[str, Style] = {}

    def style(self, names: tuple[str, ...]) -> Style:
        key = " ".join(names)
        style = self._cache.get(key)
        if style is None:
            style = Style()
            for name in names:
                if name:
                    style += self._one(name)
            self._cache[key] = style
        return style

    def _one(self, name: str) -> Style:
        style = self.get_component_rich_style(name, partial=True)
        colour = self.get_component_styles(name).color
        if colour.a < 1:
            # Rich styles have no alpha: blend translucent theme colours ($foreground-muted) over
            # the theme background ourselves, or "muted" text would come out full white.
            background = Color.parse(self.app.theme_variables.get("background", "#000000"))
            style += Style(color=(background + colour).rich_color)
        return style

    def notify_style_update(self) -> None:
        super().notify_style_update()
        if self._cache:  # the theme changed: forget the old styles and redraw with the new ones
            self._cache.clear()
            self.call_after_refresh(self._redraw_screen)

    def _redraw_screen(self) -> None:
        for widget in self.screen.query(Painted):
            widget.redraw()


def still_bar():
    """The class of a scrollbar whose own virtual size (its size: what it draws is its container's
    scrolling, ``window_virtual_size``) lays nothing out again when it changes: the layout that sized
    it has placed it. Textual lays the whole screen out once more at that change: a view made shorter
    by the side below it growing for a long menu, a list of choices of another length, each redrew the
    whole screen in a second layout and frame (issue 39)."""
    global _STILL_BAR
    if _STILL_BAR is None:
        from textual.scrollbar import ScrollBar  # start-up: the title screen has no scrollbar

        class StillBar(ScrollBar):
            virtual_size = Reactive(Size(0, 0), layout=False)

        _STILL_BAR = StillBar
    return _STILL_BAR


_STILL_BAR = None


class StillScrollbar:
    """A scrolling widget (a mixin, first among its bases) whose vertical scrollbar is a ``still_bar()``."""

    @property
    def vertical_scrollbar(self):
        bar = super().vertical_scrollbar  # (Textual makes it once, a ScrollBar: made a StillBar here)
        still = still_bar()
        if type(bar) is not still and type(bar) in still.__bases__:
            bar.__class__ = still
        return bar


_VISUAL_STYLES: dict = {}  # the ANSI theme: {a Rich style: the Textual style made of it} (``Painted._content_of``)


class Painted(Static):
    # A text that does not scroll has the virtual size of the room it was laid out in: Textual lays
    # the whole screen out once more when that changes (a text grown by a line: a second layout and
    # a frame of its own after the one that gave it its room, issue 39). Nothing is placed by it, and
    # nothing drawn: the layout that changed its size repainted it (drawn again in the next frame, it was
    # a frame of its own: Carcassonne's land and message line at every update whose news took another
    # number of lines).
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)
    # Its text has no links (a piece with an ``@click`` action): Textual would copy every segment of every
    # line it renders to give the links their style, and work that style out at each render (a sixth of
    # a line's render, issue 39). A drawing with links says so (the key line: ``keyline.KeyLine``).
    auto_links = Reactive(False)

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)
        self._ink: Ink | None = None

    _borrowed = False  # the Ink is another screen's (one below in the stack), which may close first

    def ink(self, *names: str) -> Style:
        """The rich Style of one or more component classes of this screen's Ink."""
        # (this screen's own Ink lasts as long as this widget: it is not looked for again, nor checked,
        # at each of the hundred styles a drawing asks for at a move; a borrowed one is checked)
        if self._ink is None or (self._borrowed and not self._ink.is_attached):
            self._ink = next(iter(self.screen.query(Ink)), None)
            self._borrowed = False
            if self._ink is None:
                for screen in reversed(self.app.screen_stack):
                    self._ink = next(iter(screen.query(Ink)), None)
                    if self._ink is not None:
                        self._borrowed = True
                        break
        return self._ink.style(names) if self._ink is not None else Style()

    def redraw(self) -> None:
        """Subclasses draw themselves from the last data they were given."""

    _drawn = None  # the content of the last update

    def update(self, content="", *, layout: bool = True) -> None:
        """Static's update, less the work that changes nothing (a hosted game redraws every screen at
        the table at every move, whoever made it: issue 25's latency). The same content again is no
        update (a string is that content whenever it is equal; a Text only when it is another, equal
        object, as a Text can change in place). The screen is laid out again only when this widget's
        size can change with its content and did: a widget whose width and height do not depend on
        its content never lays it out, nor one not displayed (``display: none``: it is laid out when
        it shows); an ``auto`` one is measured before and after, as Textual's
        layout measures it (the optimal width of an auto width; the height at the width it has), for
        text (other renderables lay the screen out as Textual would)."""
        drawn = self._drawn
        if type(content) is type(drawn) and content == drawn and (content is not drawn or isinstance(content, str)):
            return
        was_text, is_text = isinstance(self.content, (str, Text)), isinstance(content, (str, Text))
        self._drawn = content
        shape, self._shape = self._shape, _shape(content)
        if isinstance(content, Text):
            content = self._content_of(content)
        if not layout:
            self._repaint(content)
            return
        height, width = self.styles.height, self.styles.width
        if not self.display or (height is not None and height.unit != Unit.AUTO and (
                width.unit != Unit.AUTO if width is not None else
                self.content_size.width and self.is_mounted and not self._width_by_content())):
            # (not displayed: shown, it is laid out; sized in cells, fractions, percentages, or its width the
            # room it fills once it has one: not by its content. Carcassonne's message line, whose height
            # its screen sets, laid the whole screen out again at every move: issue 39)
            self._static_update(content, layout=False)
            return
        room = self.content_size.width
        if shape is not None and shape == self._shape and room and max(shape) <= room and self.is_mounted:
            # Lines as long as before, in as many, none longer than the room (so none wraps): the size it
            # was laid out with, at this width, is this text's too (its optimal width the longest line,
            # its height the lines), unmeasured (a measure wraps the whole text: twice per update, a
            # tenth of a screen's CPU at a hosted table's move, issue 39).
            self._repaint(content)
            return
        if (shape is not None and self._shape is not None and len(shape) == len(self._shape) and room
                and max(shape) <= room and max(self._shape) <= room and self.is_mounted
                and (max(shape) == max(self._shape) or not self._width_by_content())):
            # As many lines as before, neither text's longer than the room: the same height (none
            # wraps), and the same width where the content gives it (the longest line as long): not
            # measured either (the wheel, whose lines change length at most moves: issue 39).
            self._repaint(content)
            return
        before = self._extent() if is_text and was_text else None
        if before is None:  # not laid out yet, or not text (a Rich renderable): as Textual would
            self._static_update(content, layout=True)
            return
        self._repaint(content)
        if self._extent() != before:
            self.refresh(layout=True)

    _partial = None  # the Content shown since a repaint of some of its lines (``LineCached``), else None

    def _static_update(self, content, layout: bool) -> None:
        self._partial = None
        Static.update(self, content, layout=layout)

    def _repaint(self, content) -> None:
        """Show ``content``, of the size shown before (nothing is laid out again)."""
        self._static_update(content, layout=False)

    @property
    def visual(self):
        return self._partial if self._partial is not None else Static.visual.fget(self)

    def render(self):
        return self.visual

    @property
    def content(self):
        """The content last given (a Text stays the Text given: ``update`` hands Textual the Content
        made of it, as Textual would have made it), else what the widget was made with."""
        return self._drawn if self._drawn is not None else Static.content.fget(self)

    @content.setter
    def content(self, content) -> None:
        self._drawn = self._shape = self._partial = None
        Static.content.fset(self, content)

    _shape = None  # ``_shape`` of the content last given

    def _content_of(self, text: Text) -> Content:
        """The Content Textual makes of a Text (``Content.from_rich_text``, Textual 8.2), each Rich style
        converted once: the drawings hand over the same few styles (the Ink's) in hundreds of spans
        at every update, which Textual converts one by one (issue 25: every screen redraws at every
        move). The converted styles are shared, so their hashes (the line cache's keys) are worked
        out once too. The same Content as Textual's: ``tests/ui/test_line_cache.py``."""
        visual = self._styles_converter()
        content = Content(text.plain, [Span(start, end, visual(style)) for start, end, style in text.spans])
        if text.style:
            content = content.stylize_before(text.style if isinstance(text.style, str) else visual(text.style))
        return content

    def _styles_converter(self):
        """A Rich style -> the Textual style made of it (the shared cache of the app's ANSI theme)."""
        app = self.app
        theme = app.ansi_theme
        cache = _VISUAL_STYLES.get(theme)
        if cache is None:
            _VISUAL_STYLES.clear()  # (a theme changed: the old one's styles are not wanted again)
            cache = _VISUAL_STYLES[theme] = {}
        elif len(cache) > 4096:
            cache.clear()
        get_style = app.console.get_style

        def visual(style) -> VisualStyle:
            got = cache.get(style)
            if got is None:
                got = cache[style] = VisualStyle.from_rich_style(get_style(style) if isinstance(style, str) else style,
                                                                 theme)
            return got

        visual.cache = cache  # (which theme's: a line converted with another is not kept)
        return visual

    def _extent(self) -> tuple[int, int] | None:
        """The content's size as the layout measures it: its optimal width where the layout measures
        it (``_width_by_content``; else 0: not the content's), and its height at the width it is laid
        out with."""
        size = self.content_size
        if not size.width or not self.is_mounted:
            return None
        container, viewport = self.container_size, self.app.size
        optimal = self.get_content_width(container, viewport) if self._width_by_content() else 0
        return optimal, self.get_content_height(container, viewport, size.width)

    def _width_by_content(self) -> bool:
        """Does the layout measure this widget's content for its width? Where its width is ``auto``;
        where it has none (it fills its container: Textual's ``_get_box_model``) only inside a
        container that measures its children, one of ``auto`` width or a grid, up to the screen.
        (A decision's title filling the side was laid out again at every move as its text's width
        changed: issue 39, the watchers' CPU per update.)"""
        width = self.styles.width
        if width is not None:
            return width.unit == Unit.AUTO
        node = self.parent
        while node is not None and node is not self.screen:
            styles = node.styles
            if (styles.width is not None and styles.width.unit == Unit.AUTO) or styles.layout is not None and \
                    styles.layout.name == "grid":
                return True
            node = node.parent
        return False

    def player_ink(self, colour: str) -> Style:
        return self.ink(f"pc-{colour}") if colour in PLAYER_COLOURS else self.ink("strong")

    def die(self, colour: str, value: int | None = None) -> Text:
        """A die as a coloured chip that also spells its colour letter: ``3B``."""
        label = f"{value}{colour}" if value is not None else colour
        return Text(label, style=self.ink(f"die-{colour}"))


def _shape(content) -> tuple | None:
    """A Text's lines' lengths in cells (None for anything else, or a text with tabs, which expand)."""
    if not isinstance(content, Text) or "\t" in content.plain:
        return None
    return tuple(cell_len(line) for line in content.plain.split("\n"))


class LineCached(Painted):
    """A large drawing or text (the map, the wheel, a board, the offers, the log) of which a change
    redraws a few lines: each line is rendered on its own and kept while it stays the same at its
    place, so only the lines that changed are rendered again (issue 25: a hosted game redraws every
    screen at every move).

    Textual renders a Static's text whole at each change (``Widget._render_content``, Textual 8.2:
    this replaces it, and falls back on it whenever the lines could not be rendered apart: a text
    selection, one being made, an alignment other than top left, a Rich renderable). Content
    renders each of its lines apart anyway (``Content._wrap_and_format``); what differs is only the
    row each segment names for text selection (its ``offset`` meta), set here to the line's own
    row. The strips are the same as Textual's (``tests/ui/test_line_cache.py``)."""

    _line_strips: dict = {}
    _line_key = None
    _rows: list | None = None  # each line of the content shown, as (its text, its spans)
    _split: tuple = (None, None, None)  # (a Content, its lines, their rows): split once for ``_repaint`` and the render
    _text_lines: tuple = (None, (), ())  # (the styles' cache, the last Text's lines as text and Rich spans, their Contents)

    def _lines_of(self, content: Content) -> list:
        if self._split[0] is not content:
            lines = content.split("\n", allow_blank=True)
            self._split = (content, lines, [(line.plain, tuple(line.spans)) for line in lines])
        return self._split[1]

    def _rows_of(self, content: Content) -> list:
        """Each line of ``content`` as (its text, its spans): what a line's strips are kept by."""
        self._lines_of(content)
        return self._split[2]

    def _content_of(self, text: Text) -> Content:
        """The Content of ``text`` (``Painted._content_of``), and its lines, each made only where the line
        is not the one at its place in the text before (a line of the same text and the same Rich spans
        keeps its Content): the wheel's thirty lines were each converted and split out again at every
        move that changed two of them (issue 39). The same lines as ``Content.split``'s
        (``tests/ui/test_line_cache.py``)."""
        content = super()._content_of(text)
        visual = self._styles_converter()
        plain = text.plain
        parts = plain.split("\n")
        starts, at = [], 0
        for part in parts:
            starts.append(at)
            at += len(part) + 1
        spans: list[list] = [[] for _ in parts]
        # (the Text's own style first, as ``stylize_before`` puts it; a style named by a string stays one)
        whole = [(0, len(plain), text.style, isinstance(text.style, str))] if text.style else []
        last = len(parts)
        for start, end, style, named in (*whole, *((a, b, c, False) for a, b, c in text.spans)):
            i = bisect_right(starts, start) - 1
            while i < last and starts[i] < end:
                begin = starts[i]
                low, high = max(start, begin), min(end, begin + len(parts[i]))
                if high > low:
                    spans[i].append((low - begin, high - begin, style, named))
                i += 1
        cache, old_rows, old_lines = self._text_lines
        if cache is not visual.cache:  # (another theme's Contents)
            old_rows, old_lines = (), ()
        rows, kept = [], []
        for i, part in enumerate(parts):
            row = (part, tuple(spans[i]))
            rows.append(row)
            if i < len(old_rows) and old_rows[i] == row:
                kept.append(old_lines[i])
                continue
            line = Content(part, [Span(a, b, style if named else visual(style)) for a, b, style, named in spans[i]])
            kept.append((line, (line.plain, tuple(line.spans))))
        self._text_lines = (visual.cache, rows, kept)
        self._split = (content, [line for line, _ in kept], [row for _, row in kept])
        return content

    def _repaint(self, content) -> None:
        """Show ``content`` (as many lines as before, none wider than the room: nothing is laid out
        again) by repainting the lines that changed, not the whole drawing: Textual renders and
        composes again every line of a widget refreshed whole (the wheel's ten lines on screen at a
        move that changed one, or none, of them: issue 39)."""
        old, shape = self._rows, self._shape
        width = self.content_size.width
        if (not isinstance(content, Content) or old is None or not width or not self.is_mounted
                or self.text_selection is not None or shape is None or max(shape) > width):
            # (a line wider than the room wraps onto more rows than one: repainted whole)
            self._rows = None
            self._static_update(content, layout=False)
            return
        rows = self._rows_of(content)
        changed = [y for y in range(max(len(rows), len(old))) if y >= len(rows) or y >= len(old) or rows[y] != old[y]]
        self._partial, self._rows = content, rows
        if changed:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def _render_content(self) -> None:
        visual = self._render()
        if (not isinstance(visual, Content) or self.text_selection is not None or selecting(self.screen)
                or self.styles.content_align != ("left", "top")):
            self._line_key = self._rows = None
            super()._render_content()
            return
        width, height = self.size
        style = self.visual_style
        rules = self.styles
        key = (width, style, self.link_style if self.auto_links else None, rules.text_wrap, rules.text_overflow,
               rules.text_align, rules.line_pad)  # (what else a line's strips are made with)
        old = self._line_strips if key == self._line_key else {}
        kept: dict = {}
        strips: list = []
        lines = self._lines_of(visual) if width else ()
        rows = self._rows = list(self._rows_of(visual)) if width else []
        for y, line in enumerate(lines):
            if len(strips) >= height:
                break
            k = (y, *rows[y])
            got = old.get(k)
            if got is None:
                got = [_at_row(strip, y) for strip in Visual.to_strips(self, line, width, None, style)]
            kept[k] = got
            strips.extend(got)
            if len(got) != 1:
                self._rows = None  # (a line on more rows than one, or none: its rows are not its lines)
        self._line_strips, self._line_key = kept, key
        set_rendered(self, strips[:height])


def _at_row(strip: Strip, y: int) -> Strip:
    """A line's strip rendered on its own (row 0) as it is at row ``y``: the row in each segment's
    ``offset`` meta (text selection's), the rest as it was."""
    if not y:
        return strip
    segments = []
    for text, style, control in strip:
        if style is not None and style._meta is not None:
            offset = style.meta.get("offset")
            if offset is not None:
                style = style + Style.from_meta({"offset": (offset[0], y)})
        segments.append(Segment(text, style, control))
    return Strip(segments, strip.cell_length)


class SceneView(Painted):
    """A view or strip that draws itself from the last ``views.Scene`` it was given."""

    scene = None

    def draw(self, scene) -> None:
        self.scene = scene
        self.redraw()
