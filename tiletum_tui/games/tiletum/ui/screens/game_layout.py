"""The game screen's frame: the views' switcher, each view's scrolling container, the side (the strips and
the decision panel) and ``compose_views``, which puts them with the status line and the key line. The
game screen (``game.py``) and the replay (``ui/replay/screen.py``) are composed of them. Each does not lay
the screen out again for a size a layout already found (issue 39: a layout and a frame at every move).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Container, Vertical, VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import ContentSwitcher

from tiletum_tui.shell.ui.keyline import KeyLine
from tiletum_tui.shell.ui.painted import StillScrollbar
from ..widgets.painted import Ink
from ..widgets.status import StatusBar

WIDE, ROOMY = 118, 34  # from this many columns the views and the decision sit side by side
TALL = 30  # from this many rows the decision panel has more lines


class ViewScroll(StillScrollbar, VerticalScroll):
    """A view's scrolling container: tells the screen when it scrolled (the key line says if there is more)."""

    # Its virtual size (how far it scrolls) is what the layout that showed it found: Textual lays the
    # whole screen out again when it sets it, and once more for the scrollbars' own, a view shown
    # taking three layouts and three frames (issue 39). The layout has already placed its drawing;
    # a scrollbar that comes or goes still lays it out (``show_vertical_scrollbar``).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._tell()

    def watch_virtual_size(self, size) -> None:  # the drawing grew or shrank: more to scroll, or less
        self._tell()

    def on_resize(self, event) -> None:
        for child in self.children:  # drawings that fit their text to the view's width
            if getattr(child, "FITS_WIDTH", False):
                child.redraw()
        self._tell()

    def _tell(self) -> None:
        if self.is_mounted and self.display and hasattr(self.screen, "update_keys"):
            self.screen.update_keys()

    _room = 0  # the width of its content the last time it was laid out

    @property
    def room(self) -> int:
        """The width of its content (what a drawing that fits its width draws to): as laid out, or as it
        was last laid out while it is not (a view drawn in the moment it shows, before the layout that
        shows it: drawn to the width it will have, not once more when it has it: issue 25)."""
        width = self.scrollable_content_region.width
        if width:
            self._room = width
        return width or self._room


class Views(ContentSwitcher):
    """The views' switcher. It does not scroll (each view scrolls in its own ``ViewScroll``): its
    virtual size is what the layout that placed it found, and a change of it lays nothing out again
    (Textual lays the whole screen out once more when it changes: a second layout and frame at every
    decision that grew or shrank the side below it, issue 39)."""

    virtual_size = Reactive(Size(0, 0), layout=False)


class Side(Vertical):
    """The strips and the decision panel (beside or under the views). It does not scroll: as ``Views``."""

    virtual_size = Reactive(Size(0, 0), layout=False)


def compose_views(views, strips, panel, initial: str | None = None) -> ComposeResult:
    """The game screen's widgets: the status line, the views, the strips and ``panel`` beside them (the
    decision; the replay's panel in a replay: ``ui/replay/screen.py``), the key line."""
    yield Ink()
    yield StatusBar(id="status")
    with Container(id="body"):
        with Views(id="views", initial=initial or views[0].name):
            for v in views:
                with ViewScroll(id=v.name, classes="view"):
                    for k, make in enumerate(v.docked):
                        yield make(id=f"{v.name}-docked{k}", classes="docked")
                    yield v.widget(id=f"{v.name}-view")
        with Side(id="side"):
            for s in strips:
                yield s.widget(id=s.name, classes="strip")
            yield panel
    yield KeyLine(id="keys")
