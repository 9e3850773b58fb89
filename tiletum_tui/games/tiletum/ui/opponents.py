"""Computer opponents on the game screen: they think in a process of their own, driven by the game's
Table (``shell.table``: at home as on the host), and each of their moves is shown here as it comes.

``OpponentsController`` belongs to one ``GameScreen``: the shared display of the Table's opponents
(``shell.ui.opponents``: the spinner, Esc, what the Table reports) with what Tiletum shows. While an
opponent decides the decision panel has no menu: its last moves and its thinking. Each move the
Table played reaches the screen through the model like any other change; before the screen draws it
(``seen``) it is written in the panel and marked where it happened: a die on the wheel, a move or a
House or a Pillar on the map. The one redraw shows it there; a person's turn that begins with it
then shows the recap over it.

It also answers ``h``: the master's suggestion for the person deciding (the Table's hint path, or
the host's), marked in the menu with what the master expects it to gain.

Nothing here knows a rule: moves come from the opponents, their words from the session's log.
"""

from __future__ import annotations


from ..engine import current_player, parse
from ..engine.map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from ..engine.queries import ap_left
from ..engine.turn import TakeDie
from ..opponents.levels import LEVEL_TITLES
from tiletum_tui.shell.ui.opponents import SeatDriver
from .widgets.decision import DecisionPanel

SUGGESTED = "◆ "  # the mark of the master's suggestion in the menu


class OpponentsController(SeatDriver):
    """Drives the opponents' seats of one game screen (see the module docstring)."""

    def __init__(self, screen, seats) -> None:
        super().__init__(screen, seats)
        self.suggestion = None  # (view bytes key, Answer) of the last hint
        self.last_move = ""  # "Bob (Master): takes the blue 3 ..." for the panel
        self.played_texts: list[str] = []  # the opponents' moves since a person last decided (summed up then)
        self.suggest = False  # h turned the master's suggestions on (the tutorial's own hints do not)
        self._hint_for = None

    # ------------------------------------------------------------ the shared driver's questions
    def deciding(self) -> int | None:
        state = self.screen.model.state
        return None if state.phase == "over" else current_player(state)

    def name(self, seat: int) -> str:
        return self.screen.model.state.players[seat].name

    def idle(self) -> None:
        self.screen.call_later(self._summarise)  # (once this change is drawn)
        if self.suggest and self.screen.hints_on:
            self.ask_hint()

    def show_thinking(self) -> None:
        self.show_panel()

    def _summarise(self) -> None:
        """A person decides again: sum up what the opponents did meanwhile (the log has every move)."""
        if not self.played_texts:
            return
        moves, self.played_texts = self.played_texts, []
        # Short: the recap of the turn start shows what changed, and a long toast would cover it at 80x24.
        count = f"{len(moves)} moves" if len(moves) > 1 else "1 move"
        self.screen.notify(f"{count}, the last: {moves[-1]}\nl: every move in the log", title="While you waited",
                           timeout=4)

    def show_panel(self) -> None:
        """The decision panel while an opponent decides: no menu, its last move and its thinking."""
        who = current_player(self.screen.model.state)
        if self.plays(who):
            self.screen.query_one(DecisionPanel).show(self.panel_title(who), [])

    def panel_title(self, seat: int) -> str:
        """The decision panel while an opponent decides: its last move, and that it is thinking."""
        # The last moves since a person decided (the title holds four lines: three moves and this one).
        lines = [f"· {text}" for text in self.played_texts[-3:]] or ([self.last_move] if self.last_move else [])
        lines.append(self.thinking(seat))
        return "\n".join(lines)

    # ------------------------------------------------------------ a move
    def seen(self, entries) -> str | None:
        """A change of the game, before the screen draws it: each opponent's move in it written for the
        panel (and summed up when a person decides: ``idle``), the last one marked where it happened.
        Returns the view that shows it (the screen shows it, then a recap a person's turn begins with)."""
        shown = None
        for entry in entries:
            if not self.plays(entry.seat):
                continue
            self.last_move = f"{LEVEL_TITLES.get(self.seats[entry.seat].level, '')} · {entry.text}"
            self.played_texts.append(entry.text)
            shown = self._mark(parse(entry.notation))
        return shown

    def _mark(self, action) -> str | None:
        """Where the move happened: the wheel for a die, the map (marked) for a move, a House, a Pillar."""
        if self.rushing:
            return None
        screen = self.screen
        if isinstance(action, TakeDie):
            return "wheel"
        space = None
        if isinstance(action, MovePiece):
            space = action.to
        elif isinstance(action, (PlaceHouse, PlacePillar)):
            space = action.town
        elif isinstance(action, TakeBonus):  # from the Town where the Action's piece stands
            doing = ap_left(screen.model.state)
            p = screen.model.state.players[action.seat]
            space = p.architect if doing and doing[0] == "architect" else p.merchant
        if space:
            screen.mark_on_map(space)
            return "map"
        return None

    # ------------------------------------------------------------ hints: the master's suggestion
    def ask_hint(self) -> None:
        """Ask the master what it would do in the place of the person deciding (shown when it comes)."""
        state = self.screen.model.state
        who = current_player(state)
        if not self.screen.person_decides(who) or state.phase == "over" or self.closed:
            return  # (hints belong to the person deciding: never worked out for an opponent, or Rosa)
        key = _view_key(state)
        if self.suggestion is not None and self.suggestion[0] == key:
            return
        if self.hint_request is not None and self._hint_for == key:
            return
        self._hint_for = key
        if self.screen.model.remote:  # the host's master, from this seat's view (``host.hints``)
            self.hint_request = self.screen.model.ask_hint()
            return
        self.ask_for_hint(who)

    def hint_arrived(self, answer) -> None:
        """A suggestion came: the process's ``Answer``, or the host's ``Hinted`` with the same fields."""
        state = self.screen.model.state
        if _view_key(state) != self._hint_for:
            return  # the decision changed while the master thought (its answer, or why none, is old news)
        if answer.error:
            self.screen.notify(f"No suggestion: {answer.error}", severity="warning")
            return
        self.suggestion = (self._hint_for, answer)
        # No pop-up (it covered the Save dialog, the recap, the tables): the suggestion is the marked
        # line (◆) of the decision panel, its words that line's detail (issue 24 item 7), highlighted
        # so that they are in sight at once (as a Carcassonne hint puts the cursor on its place).
        self.screen.refresh_game(keep=True)
        for panel in self.screen.query(DecisionPanel):
            panel.highlight_marked(SUGGESTED)

    def hint_text(self, answer, short: bool = False) -> str:
        """The master's suggestion explained (``learn.hints.explain_plan``): its plan move by move, what
        it gains and works towards, the best alternative; ``short``: one line for the menu."""
        from ..learn.hints import explain_plan  # start-up: the hints' words load with the first hint

        lines = explain_plan(self.screen.model.state, answer.seat, [parse(a) for a in answer.plan], answer.gain,
                             answer.win, [parse(a) for a in answer.alternative], answer.alternative_gain,
                             answer.alternative_win)
        if short:  # what it gains and expects (the marks show its steps; x on its line says the rest)
            return ". ".join(x for x in lines if x.startswith(("It gains", "In all"))) + "."
        return "\n".join(lines)

    def _current_answer(self):
        """The master's answer for the decision on screen, or None (none asked, or for another moment)."""
        if self.suggestion is None or self.suggestion[0] != _view_key(self.screen.model.state):
            return None
        return self.suggestion[1]

    def suggestion_words(self) -> str | None:
        """The master's whole explanation of its suggestion for this decision (its plan, what it gains and
        works towards, the best alternative): what ``x`` on a ◆ line shows; None without a suggestion."""
        answer = self._current_answer()
        return None if answer is None else self.hint_text(answer)

    def mark_suggestion(self, menu: list) -> None:
        """Mark the master's suggestion in the decision panel's menu, if it is for this decision."""
        answer = self._current_answer()
        if answer is None:
            return
        target = parse(answer.action)  # (an Answer's or the host's Hinted: both give the notation)
        detail = self.hint_text(answer, short=True)

        def walk(choices) -> bool:
            for c in choices:
                if c.disabled:
                    continue  # (a greyed line is never the suggestion, however it was kept in its place)
                if c.action == target or (c.action is None and walk(c.children)):
                    c.label = SUGGESTED + c.label
                    c.detail = "Master: " + (detail.rstrip(".") + " — " + c.detail if c.detail else detail)
                    return True
            return False

        walk(menu)


def _view_key(state) -> tuple:
    """Which decision a hint is for: the moment of the game and the player's position in it."""
    return (state.round, state.phase, state.lap, state.turn, len(state.stack),
            repr(state.stack[-1]) if state.stack else "", repr(state.players))
