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

from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.css.scalar import Unit
from textual.widget import Widget
from textual.widgets import Static

PLAYER_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
_CLASSES = {f"pc-{c}" for c in PLAYER_COLOURS} | {f"die-{d}" for d in "YPLDB"} | {
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


class Painted(Static):
    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(*args, **kwargs)
        self._ink: Ink | None = None

    def ink(self, *names: str) -> Style:
        """The rich Style of one or more component classes of this screen's Ink."""
        if self._ink is None or not self._ink.is_attached:
            self._ink = next(iter(self.screen.query(Ink)), None)
            if self._ink is None:
                for screen in reversed(self.app.screen_stack):
                    self._ink = next(iter(screen.query(Ink)), None)
                    if self._ink is not None:
                        break
        return self._ink.style(names) if self._ink is not None else Style()

    def redraw(self) -> None:
        """Subclasses draw themselves from the last data they were given."""

    _drawn = None  # the content of the last update

    def update(self, content="", *, layout: bool = True) -> None:
        """Static's update, less the work that changes nothing: the same content again is no update,
        and a widget of fixed height and width does not lay the screen out again. (A hosted game
        redraws every screen at the table at every move, whoever made it: issue 25's latency.)"""
        if content is not self._drawn and type(content) is type(self._drawn) and content == self._drawn:
            return
        self._drawn = content
        height, width = self.styles.height, self.styles.width
        if layout and height is not None and width is not None and height.unit == Unit.CELLS \
                and width.unit != Unit.AUTO:
            layout = False
        super().update(content, layout=layout)

    def player_ink(self, colour: str) -> Style:
        return self.ink(f"pc-{colour}") if colour in PLAYER_COLOURS else self.ink("strong")

    def die(self, colour: str, value: int | None = None) -> Text:
        """A die as a coloured chip that also spells its colour letter: ``3B``."""
        label = f"{value}{colour}" if value is not None else colour
        return Text(label, style=self.ink(f"die-{colour}"))


class SceneView(Painted):
    """A view or strip that draws itself from the last ``views.Scene`` it was given."""

    scene = None

    def draw(self, scene) -> None:
        self.scene = scene
        self.redraw()
