"""The decision panel's list of lines (``ChoiceList``): cut anew when its room changes, and marked on
itself when it holds more lines than it shows (issue 41 item 2)."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList

from tiletum_tui.shell.ui.painted import StillScrollbar


class ChoiceList(StillScrollbar, OptionList):
    """The panel's lines. When the list's own size changes (the detail line under it grew, so a
    scrollbar comes), the lines are cut anew for the room left. A list longer than its room says so
    on itself: a rule under it reads "▼ 5 more below" (and "▲ above" once scrolled), so no line is
    hidden without a word (issue 41 item 2)."""

    # The list's height is the panel's (1fr), never its lines': a decision of another number of lines
    # changes what it scrolls over, not the screen's layout. Textual lays the whole screen out at every
    # change of a widget's virtual size (a player's screen at most of its decisions: issue 39); here
    # it repaints the list, and its scrollbar coming or going still lays it out (the scrollbar's own
    # display).
    virtual_size = Reactive(Size(0, 0), layout=False)
    # No line has a link: Textual would copy every segment of every line it renders to style links
    # (``painted.Painted`` says the same of the drawings: issue 39).
    auto_links = Reactive(False)

    _rendered: dict | None = None  # (the line's number, its text, its look, the room) -> its rendered rows

    def _get_option_render(self, option, style):
        """A line's rows as Textual renders them (``OptionList._get_option_render``), kept across
        decisions: Textual forgets every rendered line when the list is filled anew, at every decision,
        though most lines come back as they were at their place (the same Action's next step, the
        Tasks): each was rendered again on a player's screen at each of its moves (issue 39)."""
        prompt, number = option.prompt, option.id[1:] if option.id and option.id.startswith("c") else ""
        if not isinstance(prompt, Text) or not number.isdigit():
            return super()._get_option_render(option, style)
        key = (int(number), prompt.plain, tuple(prompt.spans), prompt.style, prompt.no_wrap, prompt.overflow,
               option.disabled, style, self.scrollable_content_region.width,
               self.get_component_styles("option-list--option").padding)
        cache = self._rendered
        if cache is None or len(cache) > 512:
            cache = self._rendered = {}
        strips = cache.get(key)
        if strips is None:
            strips = cache[key] = super()._get_option_render(option, style)
        return strips

    def on_resize(self, event) -> None:
        recut = getattr(self.parent, "recut", None)
        if recut is not None:
            recut()
        self.mark_more()

    def watch_scroll_y(self, old, new) -> None:
        super().watch_scroll_y(old, new)
        self.mark_more()

    def mark_more(self) -> None:
        """The ▲▼ mark: on while the lines do not all fit (decided on the room without the mark's own
        row, so adding it never flips the decision back)."""
        room = self.size.height + (1 if self.has_class("-more") else 0)
        more = self.option_count > room > 0
        if more != self.has_class("-more"):  # the mark's row comes or goes: the highlighted line stays in view
            self.call_after_refresh(self.scroll_to_highlight)
        self.set_class(more, "-more")
        if not more:
            self._subtitle("")
            return
        top = round(self.scroll_y)
        seen = max(self.size.height, 1)
        above, below = top, max(self.option_count - top - seen, 0)
        words = []
        if above:
            words.append(f"▲ {above} above")
        if below:
            words.append(f"▼ {below} more below")
        self._subtitle(" · ".join(words) + " (↑↓)")

    def _subtitle(self, words: str) -> None:
        """The mark's words, set only when they change: Textual repaints a widget at every set of its
        border's subtitle, the same words or not, and this runs after every decision drawn (a frame
        of its own at every move on every screen at a hosted table: issue 39)."""
        if words != getattr(self, "_mark_words", None):
            self._mark_words = words
            self.border_subtitle = words
