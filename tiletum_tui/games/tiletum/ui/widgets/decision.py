"""The decision panel: what the player deciding now must choose, and every choice, numbered.

It shows one level of the menu built by ``choices.build_menu``; choosing a group opens it, Escape
closes it again, choosing a leaf posts ``Chosen`` with the engine action. Greyed lines carry the
engine's reason. When the lines at this level point at map spaces the panel posts ``Pointing`` so
the screen can mark them on the map and move the cursor with the highlight. Typing the first
letters of a Town's name highlights its line (``find``, ``decision_find.py``), like a file picker; Enter chooses it.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..choices import FINISH, TASK, Choice, key_of, line_of, numbered
from .choice_list import ChoiceList
from .decision_find import FindingByName
from .painted import Painted

NUMBERED = 9  # lines a single digit picks; a list of more Towns than that is found by typing names too
SECOND_DIGIT = 1.0  # seconds a first digit waits for a second where a list has ten lines or more


class DecisionPanel(FindingByName, Vertical):
    # It does not scroll (its list of choices does): its virtual size is what the layout that placed it
    # found, and a change of it lays nothing out again (a second layout at a decision that changed
    # the side's height, issue 39).
    virtual_size = Reactive(Size(0, 0), layout=False)

    @dataclass
    class Chosen(Message):
        """A leaf was chosen: apply this action."""

        action: object

    @dataclass
    class Refused(Message):
        """A greyed choice was picked: say why not."""

        reason: str

    @dataclass
    class Pointing(Message):
        """The map spaces the current lines point at, and the highlighted one."""

        spaces: list
        cursor: str | None
        all_spaces: bool = False  # every line here but finishing ones is a map space
        group: str = ""  # key of the opened group ("" at the top level): the screen picks a view

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.title_text = ""
        self.levels: list[list[Choice]] = []
        self.path: list[str] = []
        self.keys: list[str] = []  # keys of the opened groups
        self.typed = ""  # the letters of a Town's name typed so far ("" = not finding)
        self.finding = False  # '/' was pressed: letters go to the name until Enter or Esc
        self.found = False  # what was typed found a line here (else only a Town on the map)
        # A choice was sent and the screen has not answered with a new decision yet: keys typed
        # ahead in that moment must not pick from the old lines (they would send a stale action).
        self.waiting = False
        self.pending: tuple[int, object] | None = None  # a first digit waiting for a second: (it, its timer)
        self.held: list | None = None  # ``holding``: the Pointing kept while the screen redraws

    def compose(self) -> ComposeResult:
        yield Painted(id="decision-title")
        yield ChoiceList(id="choices")
        yield Painted(id="choice-detail")

    @property
    def group(self) -> str:
        return self.keys[-1] if self.keys else ""

    @property
    def options(self) -> list[Choice]:
        return self.levels[-1] if self.levels else []

    @property
    def highlighted(self) -> Choice | None:
        i = self.query_one(OptionList).highlighted
        return self.options[i] if i is not None and i < len(self.options) else None

    @property
    def named(self) -> list[Choice]:
        """The lines here that can be found by name (legal map choices)."""
        return [c for c in self.options if c.name and not c.disabled]

    @property
    def types_names(self) -> bool:
        """Letters go to finding a line by name: after '/', or without it where the list is of Towns
        (every line but the finishing ones, or more than the numbers reach: issue 24 item 6)."""
        if not self.named:
            return False
        towns = [c for c in self.options if c.name]
        if not self.finding and len({c.name for c in towns}) < 2:  # lines of one Town (its Mine spaces, say):
            return False  # no Town to find among them, so the numbers keep choosing
        rest = [c for c in self.options if not c.name and not c.disabled and not c.key.startswith(FINISH)]
        return self.finding or len(towns) > NUMBERED or not rest

    def show(self, title: str, menu: list[Choice], keep: bool = False) -> None:
        """A new decision (``keep``: the same one after a change, so the opened groups stay open)."""
        self.title_text = title
        keys = self.keys if keep else []
        self.levels, self.path, self.keys = [menu], [], []
        for key in keys:
            group = next((c for c in self.levels[-1] if c.key == key and c.is_group), None)
            if group is None:
                break
            self.levels.append(group.children)
            self.path.append(group.crumb or group.label)
            self.keys.append(group.key)
        self.waiting = False
        self.typed, self.finding = "", False
        self._render_level()

    def open_tasks(self) -> bool:
        for c in self.levels[0] if self.levels else []:
            if c.key == TASK:
                self.levels, self.path, self.keys = self.levels[:1], [], []
                if c.disabled and c.children and not self.waiting:
                    # t opens the Tasks even when none is possible: each line says why (issue 24 item 3)
                    self.levels.append(c.children)
                    self.path.append(c.crumb or c.label)
                    self.keys.append(c.key)
                    self._render_level()
                else:
                    self.activate(c)
                return True
        return False

    def back(self) -> bool:
        if self.pending is not None:  # Esc after a first digit: no line is chosen
            self._stop_pending()
            return True
        if self.typed or self.finding:
            self.typed, self.finding, self.found = "", False, False
            self._render_title()
            return True
        if len(self.levels) <= 1:
            return False
        self.levels.pop()
        self.path.pop()
        self.keys.pop()
        self._render_level()
        return True

    def pick_number(self, n: int) -> int | None:
        """A digit typed. Where the list has ten lines or more, a digit that may begin a longer
        number (1 of 14) highlights its line and waits a moment (or Enter) for a second digit (10-14);
        any other digit picks its line at once. Returns a digit still to be used for the next decision
        (1 then 7 in a list of 14: line 1 is chosen, and 7 was typed for what comes after it)."""
        count = numbered(self.options)
        if self.pending is not None:
            first = self.pending[0]
            self._stop_pending()
            if first * 10 + n <= count:
                self._pick(first * 10 + n)
                return None
            self._pick(first)
            if self.waiting:
                return n
            return self.pick_number(n)
        if not 1 <= n <= count:
            if count:
                self.post_message(self.Refused(f"there is no line {n} here (the lines are numbered 1-{count})"))
            return None
        if n * 10 <= count:
            self._show_line(line_of(self.options, n))
            self.pending = (n, self.set_timer(SECOND_DIGIT, lambda: self._waited(n)))
            self._render_title()
            return None
        self._pick(n)
        return None

    def _waited(self, n: int) -> None:
        if self.pending is not None and self.pending[0] == n:
            self.pending = None
            self._pick(n)

    def cancel_pending(self) -> None:
        self._stop_pending()

    def _stop_pending(self) -> None:
        if self.pending is not None:
            self.pending[1].stop()
            self.pending = None
            self._render_title()

    def _show_line(self, i: int) -> None:
        """Highlight line ``i`` and scroll it into view, greyed or not (the list itself scrolls only to
        a line it may highlight): a number typed always shows its line."""
        ol = self.query_one(OptionList)
        ol.highlighted = i
        ol.scroll_to_highlight()
        ol.call_after_refresh(ol.scroll_to_highlight)  # (again once the title's lines are settled)
        self._detail()

    def _pick(self, n: int) -> None:
        i = line_of(self.options, n)
        self._show_line(i)
        self.activate(self.options[i])

    def pick_space(self, space: str) -> None:
        matches_ = [c for c in self.options if c.space == space]
        legal = [c for c in matches_ if not c.disabled]
        if legal:
            self.activate(legal[0])
        elif matches_:
            self.activate(matches_[0])
        else:
            self.post_message(self.Refused("that space is not one of the choices here"))

    def highlight_marked(self, mark: str) -> None:
        """Highlight the first line whose label starts with ``mark`` (the master's suggestion: its words
        are that line's detail), if one is here."""
        for i, c in enumerate(self.options):
            if c.label.startswith(mark):
                self.query_one(OptionList).highlighted = i
                return

    def highlight_space(self, space: str) -> None:
        for i, c in enumerate(self.options):
            if c.space == space and not c.disabled:
                self.query_one(OptionList).highlighted = i
                return

    def _marked_line(self) -> int | None:
        """The first legal line a lesson marked on this level (None if none is)."""
        return next((i for i, c in enumerate(self.options) if c.marked and not c.disabled), None)

    def to_marked(self) -> bool:
        """Back out of the opened groups until the level holding a marked line, and highlight it
        (scrolled into view). False if no level shows one."""
        while len(self.levels) > 1 and self._marked_line() is None:
            self.levels.pop()
            self.path.pop()
            self.keys.pop()
        self.typed, self.finding, self.found = "", False, False
        self._render_level()
        return self._marked_line() is not None

    def redraw_level(self) -> None:
        """Draw the lines of this level again (after their marks changed): the marked one highlighted."""
        if self.levels:
            self._render_level()

    def choose_highlighted(self) -> None:
        c = self.highlighted
        self.typed, self.finding, self.found = "", False, False
        if c is not None:
            self.activate(c)

    def activate(self, choice: Choice) -> None:
        self._stop_pending()
        if self.waiting:
            return
        self.typed, self.finding = "", False
        if choice.disabled:
            self.post_message(self.Refused(choice.reason or "not possible now"))
        elif choice.is_group:
            self.levels.append(choice.children)
            self.path.append(choice.crumb or choice.label)
            self.keys.append(choice.key)
            self._render_level()
        else:
            self.waiting = True
            self.post_message(self.Chosen(choice.action))

    # ------------------------------------------------------------ drawing
    def _render_title(self, elsewhere: str = "") -> None:
        title = self.query_one("#decision-title", Painted)
        head = Text(self.title_text, title.ink("title"))
        if self.path:
            head.append("\n› " + " › ".join(p.removesuffix("…") for p in self.path), title.ink("strong"))
            head.append("  (Esc back)", title.ink("muted"))
        if self.pending is not None:
            first = self.pending[0]
            last = min(numbered(self.options), first * 10 + 9)
            lines = f"line {first}0" if last == first * 10 else f"lines {first}0-{last}"
            head.append(f"\n{first}▏", title.ink("now"))
            head.append(f"  a second digit: {lines} · Enter: line {first} · Esc", title.ink("muted"))
        elif self.typed or self.finding:
            head.append("\nFind: ", title.ink("strong"))
            head.append(self.typed + "▏", title.ink("now"))
            if elsewhere:
                head.append(f"  {elsewhere} (on the map; no choice here): i details, Esc stop", title.ink("muted"))
            else:
                head.append("  Enter: choose · Backspace · Esc: stop", title.ink("muted"))
        elif self.types_names:
            head.append("\nType a Town's name to find it", title.ink("muted"))
        title.update(head)
        self._title_rows = head.plain.count("\n") + 1

    def _render_level(self) -> None:
        self._stop_pending()
        self._render_title()
        ol = self.query_one(OptionList)
        prompts = self._prompts()
        lines = bool(prompts or ol.option_count)  # (no lines before or now, another seat deciding: nothing to redo)
        if lines:
            ol.clear_options()
            ol.add_options(prompts)
            ol.scroll_home(animate=False)  # a new level starts at its top (a long one may have scrolled)
        self._cut_to = (self.options, self._line_width())
        first = self._marked_line()
        if first is None:
            first = next((i for i, c in enumerate(self.options) if not c.disabled), None)
        ol.highlighted = first if first is not None else (0 if self.options else None)
        self.fit()
        if lines or not self.size:
            # (the first decision is drawn before the screen has its size; a list of no lines before and
            # now leaves the side at its height and the list without its mark: at every move of another
            # seat, two callbacks less on the screens that watch it, issue 39)
            self.call_after_refresh(self.fit)
            ol.call_after_refresh(ol.mark_more)
        self._detail()
        self._point(self.highlighted.space if self.highlighted is not None else None)

    _cut_to: tuple = (None, 0)  # (the lines, the room) the list's lines were last cut for

    VIEW_ROWS = 5  # the view above keeps at least this many rows when the side grows (#views min-height)

    def fit(self) -> None:
        """Under the views (narrow screens) the side grows for a long menu, so that its lines are all
        there when the room allows (the view above keeps five rows); past that the list scrolls and says
        so (issue 41 item 2: 6 of the Tasks' 10-14 lines showed at 80x24). Wide, the side is as tall as
        the screen already."""
        side, screen = self.parent, self.screen
        if side is None or side.id != "side" or not self.is_mounted:
            return
        if screen.has_class("-wide"):
            side.styles.height = None
            return
        body = side.parent.size.height if side.parent is not None else 0
        base = 14 if screen.has_class("-tall") else 12
        others = sum(w.outer_size.height for w in side.children if w is not self and w.display)
        title = getattr(self, "_title_rows", 1)
        width = self.size.width or self.app.size.width
        long = any(len(f"Not now: {c.reason}" if c.disabled else c.detail) > width for c in self.options)
        wanted = others + title + len(self.options) + (2 if long else 1)  # (and the detail line(s) under the list)
        height = max(base, min(wanted, body - self.VIEW_ROWS)) if body else base
        if side.styles.height is None or side.styles.height.value != height:
            side.styles.height = height

    def _line_width(self) -> int:
        """The room for one line. A list longer than the panel gets a scrollbar once it is drawn: its
        room is kept from the start (a line cut for the width without it would wrap onto two rows)."""
        ol = self.query_one(OptionList)
        width = ol.size.width or self.size.width or self.app.size.width
        if len(self.options) > ol.size.height:
            width -= ol.styles.scrollbar_size_vertical
        return max(width - 1, 20)

    def _prompts(self) -> list[Option]:
        """One row per line, however narrow the panel: a line keeps its place on screen, and the detail
        line under the list says the whole of the highlighted one when it had to be cut."""
        ink = self.query_one("#decision-title", Painted).ink
        muted, now, strong = ink("muted"), ink("now"), ink("strong")  # (once, not once a line: issue 25)
        width = self._line_width()
        wide = len(str(numbered(self.options)))  # numbers right-aligned: " 9", "10"
        prompts = []
        for i, c in enumerate(self.options):
            label = c.label + (" ›" if c.is_group and not c.disabled else "")
            tail = f" — {c.note or c.reason}" if c.disabled else ""
            room = width - 1 - wide - (2 if c.marked else 0)
            if len(label) + len(tail) > room and tail:
                # the line's own words first, whole where they fit with a few words of why; the why is cut
                # (whole on the detail line under the list and in the message when picked: issue 41 item 7)
                keep = max(room - len(label), min(len(tail), 16))
                if keep < len(tail):
                    tail = tail[: max(keep - 1, 4)] + "…"
            if len(label) > room - len(tail):
                label = label[: max(room - len(tail) - 1, 8)] + "…"
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(key_of(self.options, i).rjust(wide) + " ", now if c.letter else muted)
            if c.marked and not c.disabled:  # the line a lesson asks for
                line.append("▶ ", now)
                line.append(label, strong)
            else:
                line.append(label)
            if c.disabled:
                line.append(tail)
                line.stylize(muted)
            line.truncate(width, overflow="ellipsis")
            # Greyed lines are skipped by the arrows; their number key still explains why not.
            prompts.append(Option(line, id=f"c{i}", disabled=c.disabled))
        return prompts

    def on_resize(self, event) -> None:
        self.recut()
        self.call_after_refresh(self.fit)  # (a new screen size: the side's room anew)

    def recut(self) -> None:
        """Cut the lines anew to the new room (the highlight stays where it was)."""
        if not self.options:
            return
        ol = self.query_one(OptionList)
        cut = (self.options, self._line_width())
        if cut[0] is self._cut_to[0] and cut[1] == self._cut_to[1]:
            # (the same lines at the same room: only the list's height changed, as the side fits a new
            # menu; cut again, they laid the screen out a second time at such moves: issue 39)
            ol.scroll_to_highlight()  # (in the room it has now: a greyed line too, as below)
            ol.call_after_refresh(ol.mark_more)
            return
        self._cut_to = cut
        keep = ol.highlighted
        with ol.prevent(OptionList.OptionHighlighted):  # the same line: the map cursor stays where it is
            ol.clear_options()
            ol.add_options(self._prompts())
            ol.highlighted = keep
            ol.scroll_to_highlight()  # (a greyed line too: the list scrolls by itself only to a legal one)
        ol.call_after_refresh(ol.mark_more)
        self._detail()

    def _point(self, cursor: str | None) -> None:
        spaces = [c.space for c in self.options if c.space and not c.disabled]
        legal = [c for c in self.options if not c.disabled and not c.key.startswith(FINISH)]
        pointing = self.Pointing(spaces, cursor, bool(legal) and all(c.space for c in legal), self.group)
        if self.held is not None:  # the screen is redrawing a change: it handles this at its end
            self.held.append(pointing)
            return
        # Straight to the screen that handles it (the marks on the map, the view shown), not bubbled up
        # through the panel's containers, one message loop each (issue 25).
        (self.screen if self.is_attached else self).post_message(pointing)

    @contextmanager
    def holding(self):
        """While the screen redraws a change of the game: the ``Pointing`` of the new decision is kept
        (the list it yields), for the screen to handle when its redraw ends, so the map's marks and
        the view they switch to are in the frame that shows the rest. Posted, it was handled in a
        message loop of its own, after a frame had drawn the rest: two frames at every move on every
        screen at a hosted table (issue 39)."""
        if self.held is not None:  # (a change drawn inside another's redraw: the outer one handles both, in order)
            yield []
            return
        self.held = held = []
        try:
            yield held
        finally:
            self.held = None

    def _detail(self) -> None:
        ol = self.query_one(OptionList)
        detail = self.query_one("#choice-detail", Painted)
        i = ol.highlighted
        if i is None or i >= len(self.options):
            detail.update("")
            return
        c = self.options[i]
        text = f"Not now: {c.reason}" if c.disabled else c.detail
        if not c.disabled and len(c.label) + 4 > self._line_width() and c.label not in text:
            # the line was cut: here it is whole (with its detail, unless the line already says it)
            text = c.label if not text or text in c.label else f"{c.label} · {text}"
        detail.update(Text(text))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._detail()
        i = event.option_index
        if 0 <= i < len(self.options) and self.options[i].space:
            self._point(self.options[i].space)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        i = event.option_index
        if 0 <= i < len(self.options):
            self.activate(self.options[i])
