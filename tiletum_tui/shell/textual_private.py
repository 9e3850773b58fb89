"""Every private name of Textual this program uses, here alone (issue 38): an upgrade of Textual that
renames one breaks ``tests/test_private_apis.py``, which says which. Each is used because no public
API does the same (Textual 8.2); where one appears, use it and drop the name here.

(Rich's ``Style._meta`` is read in ``shell/ui/painted.py`` alone; textual-serve's ``AppService`` and
aiohttp's ``site._server`` in ``shell/host/web_door.py`` alone: one place per package.)
"""

from __future__ import annotations

from textual.widget import _RenderCache as RenderCache  # a widget's rendered lines, as its render keeps them
from textual.keys import _character_to_key

# The method of ``Widget`` that renders a widget's content into its lines: ``painted.Painted`` replaces
# it to render only the lines that changed (issue 25).
RENDER_CONTENT = "_render_content"
# The method of ``OptionList`` that renders one option's rows (with a style): the decision panel's list
# (``ChoiceList``) keeps what it gives across decisions (issue 39).
OPTION_RENDER = "_get_option_render"


def set_rendered(widget, strips) -> None:
    """Keep ``strips`` as the widget's rendered lines at its size, as ``_render_content`` does."""
    widget._render_cache = RenderCache(widget.size, strips)
    widget._dirty_regions.clear()


def selecting(screen) -> bool:
    """Is the mouse making a text selection on ``screen`` right now?"""
    return screen._selecting


def character_to_key(character: str) -> str:
    """A one-character key as Textual names it ("?" -> "question_mark"), as ``App.set_keymap`` does."""
    return _character_to_key(character)


def bindings_by_key(screen) -> dict:
    """The screen's own key -> bindings table, to add bindings made while it runs."""
    return screen._bindings.key_to_bindings


def report_refreshes(screen) -> None:
    """Tell ``screen`` now of every repaint and layout its widgets asked for since their message loops
    last went idle (``Widget._check_refresh``, which each widget runs when its own loop goes idle): a
    change drawn on many widgets reaches the terminal in one frame, not in as many as the loops of
    those widgets happened to run before the screen's (issue 39)."""
    # Only the widgets that asked for one: ``_check_refresh`` finds its screen (a walk up the tree) for
    # every widget it is called on, the eighty of a game screen at every move.
    for widget in screen.walk_children(with_self=False):
        if (widget._repaint_required or widget._layout_required or widget._scroll_required
                or widget._refresh_styles_required):
            widget._check_refresh()
