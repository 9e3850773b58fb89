"""Computer opponents on the game screen: they think in a process of their own and play through
the screen like a person would, one move at a time.

``OpponentsController`` belongs to one ``GameScreen``. Whenever the game changes and the seat
deciding is an opponent's, it sends the view to the opponents' process (``opponents.worker``) and
shows a "thinking" line in the decision panel (with a spinner and the seconds spent); Esc hurries
the thinking, and skips the pauses between the moves still to come until a person decides again.
Each move is applied through the screen (so it is logged, autosaved and announced like any other),
then the game waits ``pace`` seconds before the next one, with the move written in the panel and
marked where it happened: a die on the wheel, a move or a House or a Pillar on the map.

It also answers ``h``: the master's suggestion for the person deciding, marked in the menu with
what the master expects it to gain.

Nothing here knows a rule: moves come from the opponents, their words from the session's log.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time

from ..engine import current_player, notation
from ..engine.events import Noted
from ..engine.map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from ..engine.queries import ap_left
from ..engine.turn import TakeDie
from ..opponents.levels import LEVEL_TITLES, beginner_move, decision_seed

DEFAULT_BUDGET = "2s"  # the master's thinking time per decision, unless the seat says otherwise
HINT_BUDGET = "1s"  # a hint should come quickly
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
SUGGESTED = "◆ "  # the mark of the master's suggestion in the menu


class OpponentsController:
    """Drives the opponents' seats of one game screen (see the module docstring)."""

    pace = 0.7  # seconds between two moves of an opponent (0: as fast as they come)

    def __init__(self, screen, seats) -> None:
        self.screen = screen
        self.seats = tuple(seats)  # saves.format.Seat per seat
        self.process = None
        self.waiting: int | None = None  # the request we wait for (a move)
        self.waiting_seat: int | None = None
        self.hint_request: int | None = None
        self.suggestion = None  # (view bytes key, Answer) of the last hint
        self.rushing = False  # Esc: no pauses until a person decides again
        self.last_move = ""  # "Bob (Master): takes the blue 3 ..." for the panel
        self.last_move_at = 0.0
        self._thinking_since = 0.0
        self._spin = 0
        self._timer = None
        self._ticker = None
        self._reading = False
        self._pending = None  # an answer waiting for its pause to end
        self.closed = False
        self._applying = False  # an opponent's move is being applied (see ``_apply_pending``)
        self.played: list[str] = []  # the opponents' moves since a person last decided (summed up then)
        self.suggest = False  # h turned the master's suggestions on (the tutorial's own hints do not)
        self._died_for = None  # the decision the process last died on (a second death: the beginner's move)
        self._note = ""  # a note for the log entry of the move about to be applied (the fallback's)

    # ------------------------------------------------------------ who plays
    def plays(self, seat: int | None) -> bool:
        return seat is not None and seat < len(self.seats) and self.seats[seat].is_opponent

    def title(self, seat: int) -> str:
        s = self.seats[seat]
        return f"{self.screen.model.state.players[seat].name} ({LEVEL_TITLES.get(s.level, s.level)})"

    @property
    def busy(self) -> bool:
        """An opponent is thinking or its moves are being shown."""
        return self.plays(current_player(self.screen.model.state)) and self.screen.model.state.phase != "over"

    # ------------------------------------------------------------ the process
    def _start(self) -> None:
        if self.process is not None:
            return
        from ..opponents.worker import OpponentProcess

        seats = {i: (s.level, s.budget or DEFAULT_BUDGET) for i, s in enumerate(self.seats) if s.is_opponent}
        self.process = OpponentProcess(seats)
        asyncio.get_running_loop().add_reader(self.process.fileno(), self._readable)
        self._reading = True

    def close(self) -> None:
        self.closed = True
        for t in (self._timer, self._ticker):
            if t is not None:
                t.stop()
        self._drop_process()

    def _drop_process(self) -> None:
        if self.process is not None:
            if self._reading:
                try:
                    asyncio.get_running_loop().remove_reader(self.process.fileno())
                except (RuntimeError, ValueError, OSError):
                    pass
                self._reading = False
            self.process.close()
            self.process = None

    # ------------------------------------------------------------ the game changed
    def changed(self) -> None:
        """Called after every redraw of the game screen: ask the opponent whose decision it is."""
        if self.closed:
            return
        state = self.screen.model.state
        who = current_player(state)
        if not self.plays(who) or state.phase == "over":
            self.rushing = False
            self._stop_ticker()
            if not self._applying:
                self._summarise()
            if self.suggest and self.screen.hints_on:
                self.ask_hint()
            return
        if self.waiting is not None and self.waiting_seat == who:
            return  # already asked (a redraw while it thinks)
        if self._pending is not None:
            return
        self._start()
        if self.hint_request is not None:  # a hint still thinking: the opponent's move comes first
            self.process.hurry()
            self.hint_request = None
        self.waiting = self.process.ask(state, who)
        self.waiting_seat = who
        self._thinking_since = time.monotonic()
        self._start_ticker()

    def _summarise(self) -> None:
        """A person decides again: sum up what the opponents did meanwhile (the log has every move)."""
        if not self.played:
            return
        moves, self.played = self.played, []
        # Short: the recap of the turn start shows what changed, and a long toast would cover it at 80x24.
        count = f"{len(moves)} moves" if len(moves) > 1 else "1 move"
        self.screen.notify(f"{count}, the last: {moves[-1]}\nl: every move in the log", title="While you waited",
                           timeout=4)

    def _start_ticker(self) -> None:
        if self._ticker is None:
            self._ticker = self.screen.set_interval(0.25, self._tick)

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _tick(self) -> None:
        self._spin += 1
        if self.waiting is not None:
            self.show_panel()

    def show_panel(self) -> None:
        """The decision panel while an opponent decides: no menu, its last move and its thinking."""
        from .widgets.decision import DecisionPanel

        who = current_player(self.screen.model.state)
        if self.plays(who):
            self.screen.query_one(DecisionPanel).show(self.panel_title(who), [])

    def _apply(self, action, seat: int) -> None:
        """An opponent's move, made as its seat: applied, logged, autosaved and announced as any move
        is. (The game screen's own ``apply``: a lesson's screen judges only the learner's moves.)"""
        from .screens.game import GameScreen

        GameScreen.apply(self.screen, action, by=seat)

    def _show_view(self, name: str, space: str | None) -> None:
        """Show where an opponent's move happened: the wheel after a die, the map marked at a space."""
        screen = self.screen
        if space is not None:
            screen._map_args = ([space], space)
            screen._stale.add("map")
        if screen.current_view != name:
            screen.action_view(name, remember=True)
        else:
            screen._draw_view(name)

    def panel_title(self, seat: int) -> str:
        """The decision panel while an opponent decides: its last move, and that it is thinking."""
        # The last moves since a person decided (the title holds four lines: three moves and this one).
        lines = [f"· {text}" for text in self.played[-3:]] or ([self.last_move] if self.last_move else [])
        spent = time.monotonic() - self._thinking_since
        if self.waiting is not None and spent >= 0.3:  # (a quick answer is not worth a flicker)
            lines.append(f"{SPINNER[self._spin % len(SPINNER)]} {self.title(seat)} is thinking… {spent:.0f} s"
                         + ("  (hurried)" if self.rushing else "  (Esc hurries)"))
        else:
            lines.append(f"{self.title(seat)} plays" + ("" if self.rushing else "  (Esc: faster)"))
        return "\n".join(lines)

    # ------------------------------------------------------------ Esc
    def hurry(self) -> None:
        """Esc while an opponent plays: stop its thinking now and show the rest of its moves without pauses."""
        self.rushing = True
        if self.process is not None and self.waiting is not None:
            self.process.hurry()
        if self._pending is not None and self._timer is not None:
            self._timer.stop()
            self._apply_pending()

    # ------------------------------------------------------------ answers
    def _readable(self) -> None:
        while self.process is not None and self.process.ready():
            try:
                answer = self.process.receive()
            except (EOFError, OSError):
                self._died()
                return
            if answer.hint:
                self.hint_arrived(answer)
            elif answer.request == self.waiting:
                self.waiting = None
                self._move_arrived(answer)

    def _died(self) -> None:
        """The opponents' process is gone (killed, out of memory): start it again and ask the decision
        once more; if it dies again on the same decision, play the beginner's move for it, with a
        note in the log, so the game goes on and the panel never stays at "thinking"."""
        self._drop_process()
        self.hint_request = None  # a hint asked of the dead process: asked again on the next redraw
        if self.waiting is None or self.closed:
            self.screen.notify("The opponents' process stopped; it starts again when it is needed.",
                               severity="warning")
            return
        seat, self.waiting = self.waiting_seat, None
        state = self.screen.model.state
        key = _view_key(state)
        if self._died_for != key:
            self._died_for = key
            self.screen.notify(f"The opponents' process stopped. Started again: {self.title(seat)} thinks anew.",
                               severity="warning", timeout=6)
            self.changed()
            return
        self._died_for = None
        self._stop_ticker()
        from ..opponents.worker import Answer

        move = notation(beginner_move(state, decision_seed(state, seat, "beginner")))
        self._note = (f"{self.title(seat)} could not decide (the opponents' process stopped twice): "
                      "this move is the beginner's")
        self.screen.notify(self._note + ".", severity="error", timeout=10)
        self._move_arrived(Answer(0, seat, move, (move,), 0.0, None, 0, 0.0))

    def _move_arrived(self, answer) -> None:
        if answer.error:  # a bug in a level: the process played the beginner's move instead, if it could
            fallback = " (it plays a simple legal move instead)" if answer.action else ""
            self.screen.notify(f"{self.title(answer.seat)} could not decide: {answer.error}{fallback}",
                               severity="error", timeout=10)
            if not answer.action:
                return
        self._pending = answer
        self.show_panel()
        wait = 0.0 if self.rushing or not self.pace else max(0.0, self.pace - (time.monotonic() - self.last_move_at))
        if wait:
            self._timer = self.screen.set_timer(wait, self._apply_pending)
        else:
            self.screen.call_later(self._apply_pending)

    def _apply_pending(self) -> None:
        answer, self._pending, self._timer = self._pending, None, None
        if answer is None or self.closed:
            return
        screen = self.screen
        state = screen.model.state
        if current_player(state) != answer.seat or screen.app.screen is not screen:
            # A dialog is open (its closing resumes the screen) or the game moved on: ask again then.
            self._pending = answer if screen.app.screen is not screen and current_player(state) == answer.seat else None
            return
        action = answer.move
        self._applying = True  # its redraw must not sum up yet: this move is not in ``played`` before it is logged
        try:
            self._apply(action, answer.seat)
        finally:
            self._applying = False
        entry = screen.model.log[-1] if screen.model.log else None
        note, self._note = self._note, ""
        if note and entry is not None and entry.notation == notation(action):  # the log says why this move
            entry = screen.model.log[-1] = dataclasses.replace(entry, events=entry.events + (Noted(answer.seat, note),))
        if entry is not None and entry.notation == notation(action):
            self.last_move = f"{LEVEL_TITLES.get(self.seats[answer.seat].level, '')} · {entry.text}"
            self.played.append(entry.text)
        if not self.busy:  # that was the last move before a person decides
            self._summarise()
        self.last_move_at = time.monotonic()
        self.show_panel()
        self._mark(action)

    def resumed(self) -> None:
        """The game screen is on top again (a dialog closed): go on with a move that waited for it."""
        if self._pending is not None and self._timer is None:
            self.screen.call_later(self._apply_pending)
        else:
            self.changed()

    def _mark(self, action) -> None:
        """Show where the move happened: the wheel for a die, the map for a move, a House, a Pillar."""
        if self.rushing:
            return
        screen = self.screen
        if isinstance(action, TakeDie):
            screen.call_after_refresh(self._show_view, "wheel", None)
            return
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
            screen.call_after_refresh(self._show_view, "map", space)

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
        self._start()
        self.hint_request = self.process.suggest(state, who, HINT_BUDGET)

    _hint_for = None

    def hint_arrived(self, answer) -> None:
        """A suggestion came: the process's ``Answer``, or the host's ``Hinted`` with the same fields."""
        if answer.request != self.hint_request:
            return
        self.hint_request = None
        state = self.screen.model.state
        if _view_key(state) != self._hint_for:
            return  # the decision changed while the master thought (its answer, or why none, is old news)
        if answer.error:
            self.screen.notify(f"No suggestion: {answer.error}", severity="warning")
            return
        self.suggestion = (self._hint_for, answer)
        # No pop-up (it covered the Save dialog, the recap, the tables): the suggestion is the marked
        # line (◆) of the decision panel, its words that line's detail (issue 24 item 7).
        self.screen.refresh_game(keep=True)

    def hint_text(self, answer, short: bool = False) -> str:
        """The master's suggestion explained (``learn.hints.explain_plan``): its plan move by move, what
        it gains and works towards, the best alternative; ``short``: one line for the menu."""
        from ..engine import parse
        from ..learn.hints import explain_plan

        lines = explain_plan(self.screen.model.state, answer.seat, [parse(a) for a in answer.plan], answer.gain,
                             answer.win, [parse(a) for a in answer.alternative], answer.alternative_gain,
                             answer.alternative_win)
        if short:  # what it gains and expects (the toast said the plan; the marks show its steps)
            return ". ".join(x for x in lines if x.startswith(("It gains", "In all"))) + "."
        return "\n".join(lines)

    def mark_suggestion(self, menu: list) -> None:
        """Mark the master's suggestion in the decision panel's menu, if it is for this decision."""
        if self.suggestion is None or self.suggestion[0] != _view_key(self.screen.model.state):
            return
        from ..engine import parse

        answer = self.suggestion[1]
        target = parse(answer.action)
        detail = self.hint_text(answer, short=True)

        def walk(choices) -> bool:
            for c in choices:
                if c.action == target or (c.action is None and walk(c.children)):
                    c.label = SUGGESTED + c.label
                    c.detail = "Master: " + detail + (" " + c.detail if c.detail else "")
                    return True
            return False

        walk(menu)


def _view_key(state) -> tuple:
    """Which decision a hint is for: the moment of the game and the player's position in it."""
    return (state.round, state.phase, state.lap, state.turn, len(state.stack),
            repr(state.stack[-1]) if state.stack else "", repr(state.players))
