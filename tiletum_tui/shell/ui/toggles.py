"""Form controls that show their state by shape, not only by colour (issue 40: a River game was started
without the River, the off box looking like the on one): a check box ☑ or ☐, a radio button ◉ or ○.
Every New game form (both games', the host's) uses these in place of Textual's, whose mark is the same
character on and off."""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox, RadioButton


def _mark(button, on: str, off: str) -> Content:
    style = button.get_visual_style("toggle--button")
    # the mark in the button's colour when on (the theme's "on" colour), in the label's when off
    colour = style.foreground if button.value else button.get_visual_style("toggle--label").foreground
    return Content.assemble((on if button.value else off, Style(foreground=colour, bold=True)))


class Tick(Checkbox):
    """A check box: ☑ on, ☐ off."""

    ON, OFF = "☑", "☐"

    @property
    def _button(self) -> Content:
        return _mark(self, self.ON, self.OFF)


class Choice(RadioButton):
    """A radio button: ◉ chosen, ○ not."""

    ON, OFF = "◉", "○"

    @property
    def _button(self) -> Content:
        return _mark(self, self.ON, self.OFF)
