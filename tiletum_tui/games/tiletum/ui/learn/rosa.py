"""Rosa's side of the guided game (a part of ``TutorialScreen``): while she plays, the decision panel
gives way to a feed that tells each of her moves in one line as it happens, with a pause any key skips
(Textual timers, no threads). She waits while the step in hand is one to read. Her moves come from
``learn.tutorial.opponent_move`` (the lesson's script while it fits, then the journeyman)."""

from __future__ import annotations

from ...engine import current_player
from ...learn import tutorial as T
from ...learn.narrate import event_lines, move_line
from ..screens.game import GameScreen
from .tutorial_widgets import OpponentFeed, Soon

FEED_LINES = 40  # lines of Rosa's turn kept in the feed (it shows the newest that fit)


class RosaPlays:
    """Rosa's moves, paced and told (``self`` is the TutorialScreen)."""

    def _rosa_turn(self) -> bool:
        state = self.model.state
        return current_player(state) == self.lesson.opponent and state.phase != "over"

    def _rosa_to_play(self) -> bool:
        """Rosa plays now: her turn, and the step in hand is not one to read first."""
        step = self.tutorial.step
        return self._rosa_turn() and not (step is not None and step.kind == T.KEY)

    @property
    def feed_on(self) -> bool:
        return self.has_class("-rosa")

    def _pace(self) -> None:
        """What comes next on Rosa's side: her next move after a pause, or, her turn over, the
        decision panel back after a pause on her last move."""
        if not self.is_mounted or self._timer is not None:
            return
        if self._rosa_turn() and not self.feed_on:
            self._show_feed(True)
        if self._rosa_to_play() or (self.feed_on and not self._rosa_turn()):
            self._timer = self.set_timer(self.OPPONENT_DELAY, self._tick) if self.OPPONENT_DELAY else Soon(self)
        self._draw_feed()

    def _tick(self) -> None:
        self._timer = None
        if not self.is_mounted or self.app.screen is not self:
            return  # a dialog is open: its closing resumes us (on_screen_resume paces again)
        if self._rosa_to_play():
            self._opponent_step()
        else:
            if not self._rosa_turn():
                self._show_feed(False)
            self._pace()

    def skip_pause(self) -> bool:
        """Any key while Rosa plays: no more waiting, her next move (or the decision) now."""
        if self._timer is None:
            return False
        self._timer.stop()
        self._tick()
        return True

    def _opponent_step(self) -> None:
        state = self.model.state
        action, self.tutorial.scripted = T.opponent_move(state, self.tutorial.scripted, lesson=self.lesson)
        before = self.tutorial.index
        self._played_by = self.lesson.opponent
        GameScreen.apply(self, action, by=self.lesson.opponent)  # Rosa's, not checked against the lesson
        self._played_by = None
        if self.model.state is state:
            return
        events = self.model.log[-1].events
        self.feed = (self.feed + [move_line(state, action, events), *event_lines(self.model.state, events)])
        self.feed = self.feed[-FEED_LINES:]
        self._after_change(before)

    def _show_feed(self, on: bool) -> None:
        self.set_class(on, "-rosa")
        if not on:
            self.feed = []
            self.call_after_refresh(self.refresh_game, True)  # the decision panel back (laid out), marked
            self._show_step_view()  # Rosa's Actions showed their views: back to the step's
        self.update_keys()

    def _draw_feed(self) -> None:
        if not self.feed_on:
            return
        rosa = self.model.state.players[self.lesson.opponent].name
        if self._rosa_turn() and not self._rosa_to_play():
            step = self.tutorial.step
            done = "answered the question" if step is not None and step.question else "read the step"
            title, lines = f"{rosa} plays next", self.feed + [f"{rosa} begins once you have {done} below (space)."]
        elif self._rosa_turn():
            title, lines = f"{rosa}'s turn · any key: her next move now", self.feed or [f"{rosa} is thinking…"]
        else:
            title, lines = f"{rosa}'s turn is over · any key: your turn now", self.feed
        self.query_one(OpponentFeed).show(title, lines)
