"""The rules browser of any game: a book's pages (``tiletum_tui.core.rulebook``), a table of contents
and a search. A game hands in its book (Tiletum's ``learn.pages``, Carcassonne's rules pages).

Each section is its own Static (``#sec-<page>-<section>``) so a topic opens scrolled to its
section whatever the terminal's width. All text is drawn with ``markup=False``: the rules mention
things like "[Silver]" and "+1/+2" that Textual markup would eat.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from tiletum_tui.core.rulebook import Hit, Section


def _section_text(s: Section) -> Text:
    out = Text()
    out.append(s.heading, style="bold underline")
    for line in s.body.split("\n"):
        out.append("\n" + (("• " + line[2:]) if line.startswith("- ") else line))
    return out


class RulesBrowser(Screen):
    """Browse and search a book of rules. ``topic`` opens a page or section (see the book's ``topic``)."""

    DEFAULT_CSS = """
    RulesBrowser { layout: vertical; }
    #rules-title { height: 1; background: $panel; padding: 0 1; text-style: bold; }
    #rules-main { height: 1fr; }
    #rules-toc { width: 26; height: 1fr; border: none; border-right: solid $primary; padding: 0; }
    #rules-body { width: 1fr; height: 1fr; }
    .rules-page { height: 1fr; padding: 0 1; }
    .rules-page > .rules-section { margin-bottom: 1; }
    .rules-page > .rules-summary { color: $text-muted; margin-bottom: 1; }
    #rules-search { dock: bottom; height: 1; border: none; padding: 0 1; display: none; }
    #rules-search.-open { display: block; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close", id="tiletum.rules-close"),
        Binding("slash,ctrl+f", "search", "Search", id="tiletum.rules-search"),
        Binding("tab", "toggle_focus", "Contents/Text", id="tiletum.rules-focus"),
        Binding("pagedown", "scroll(1)", "Page down", show=False, id="tiletum.rules-pgdn"),
        Binding("pageup", "scroll(-1)", "Page up", show=False, id="tiletum.rules-pgup"),
    ]

    def __init__(self, book, topic: str | None = None, section: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.book = book
        self.page_id, self.section_id = section if section else book.topic(topic)
        self.hits: list[Hit] | None = None  # the table of contents shows search results when set

    def compose(self) -> ComposeResult:
        yield Static("", id="rules-title", markup=False)
        with Horizontal(id="rules-main"):
            yield OptionList(id="rules-toc")
            # One scrolling page per rules page, built once: switching pages never remounts anything.
            with ContentSwitcher(id="rules-body", initial=f"page-{self.page_id}"):
                for page in self.book.pages().values():
                    with VerticalScroll(id=f"page-{page.id}", classes="rules-page"):
                        yield Static(page.summary, classes="rules-summary", markup=False)
                        for s in page.sections:
                            yield Static(_section_text(s), id=f"sec-{page.id}-{s.id}", classes="rules-section",
                                         markup=False)
        yield Input(placeholder="search the rules, e.g. fair, storehouse, crest", id="rules-search", compact=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._fill_toc()
        self.show(self.page_id, self.section_id)
        self.query_one("#rules-toc", OptionList).focus()

    # ------------------------------------------------------------ showing
    def show(self, page_id: str, section_id: str | None = None) -> None:
        page = self.book.page(page_id)
        self.page_id, self.section_id = page_id, section_id
        self.query_one("#rules-title", Static).update(f"Rules · {page.title}")
        self.query_one("#rules-body", ContentSwitcher).current = f"page-{page.id}"
        self._page_scroll().scroll_home(animate=False)
        if section_id:
            self.call_after_refresh(self._scroll_to_section, page.id, section_id)
        self._highlight_toc()

    def _scroll_to_section(self, page_id: str, section_id: str) -> None:
        # Not "_scroll_to": that is Textual's own method (Widget._scroll_to), which Textual calls with
        # animate=... when focus moves in a tiny terminal; shadowing it crashed the screen (issue 11).
        target = self.query(f"#sec-{page_id}-{section_id}")
        if target:
            self._page_scroll().scroll_to_widget(target.first(), top=True, animate=False)

    def _page_scroll(self) -> VerticalScroll:
        return self.query_one(f"#page-{self.page_id}", VerticalScroll)

    def _fill_toc(self) -> None:
        toc = self.query_one("#rules-toc", OptionList)
        toc.clear_options()
        if self.hits is not None:
            if not self.hits:
                toc.add_option(Option("(nothing found)", disabled=True))
            for i, h in enumerate(self.hits):
                toc.add_option(Option(Text(f"{h.heading}\n  {self.book.page(h.page).title}", no_wrap=True,
                                           overflow="ellipsis"), id=f"hit-{i}"))
            return
        for page in self.book.pages().values():
            toc.add_option(Option(Text(page.title, style="bold"), id=f"page-{page.id}"))
            for s in page.sections:
                toc.add_option(Option(f"· {s.heading}", id=f"toc-{page.id}-{s.id}"))

    def _highlight_toc(self) -> None:
        if self.hits is not None:
            return
        toc = self.query_one("#rules-toc", OptionList)
        want = f"toc-{self.page_id}-{self.section_id}" if self.section_id else f"page-{self.page_id}"
        try:
            toc.highlighted = toc.get_option_index(want)
        except Exception:  # noqa: BLE001 - an option id that is not there: leave the highlight
            pass

    # ------------------------------------------------------------ events
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option_id or ""
        if oid.startswith("page-"):
            self.show(oid[5:])
        elif oid.startswith("toc-"):
            page_id, _, section_id = oid[4:].partition("-")
            self.show(page_id, section_id)
        elif oid.startswith("hit-") and self.hits:
            hit = self.hits[int(oid[4:])]
            self.show(hit.page, hit.section)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        query = event.value.strip()
        self.hits = self.book.search(query) if query else None
        self._fill_toc()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.hits:
            self.show(self.hits[0].page, self.hits[0].section)
        self.query_one("#rules-toc", OptionList).focus()

    # ------------------------------------------------------------ keys
    def action_search(self, query: str = "") -> None:
        box = self.query_one("#rules-search", Input)
        box.add_class("-open")
        if query:
            box.value = query
        box.focus()

    def action_close(self) -> None:
        box = self.query_one("#rules-search", Input)
        if box.has_focus or box.value:
            box.value, self.hits = "", None
            box.remove_class("-open")
            self._fill_toc()
            self._highlight_toc()
            self.query_one("#rules-toc", OptionList).focus()
            return
        self.dismiss(None)

    def action_toggle_focus(self) -> None:
        toc = self.query_one("#rules-toc", OptionList)
        (self._page_scroll() if toc.has_focus else toc).focus()

    def action_scroll(self, direction: int) -> None:
        body = self._page_scroll()
        body.scroll_page_down() if direction > 0 else body.scroll_page_up()
