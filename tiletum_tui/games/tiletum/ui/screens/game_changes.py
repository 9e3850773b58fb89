"""Redrawing the game screen after a change of the game, whoever made it (issue 25): a move made at
this screen (drawn at once), or one the model announces (``GameModel.Changed``): another player's
through the host, an opponent's there, an undo, a reconnect; the host's refusals; table talk. A
part of ``GameScreen`` (a mixin of plain methods: the screen keeps the message handlers)."""

from __future__ import annotations

from ...engine import current_player
from ..dialogs.basic import AnnounceDialog
from ..widgets.decision import DecisionPanel


class GameChanges:
    """``self`` is the GameScreen."""

    def _show_change(self, entries, own: bool = True) -> None:
        """Redraw after a change of the game (``entries``: what it logged) and announce what it made
        happen: the recap when a turn begins, the table of a Fair or the final scoring."""
        if own and self.current_view == "recap":  # the turn is under way: back to the table
            self._leave_recap()
        self.refresh_game()
        events = tuple(ev for e in entries for ev in e.events)
        self._recap_at_turn_start(events)
        loud = [e for e in entries if self._announce(e.events)]
        if loud and not self._king_tile_first(loud[-1].events):
            title, scored, notes = self._announcement(loud[-1])
            self.app.push_screen(AnnounceDialog(title, self.model.state.players, scored, notes),
                                 lambda _: self._after_announce())
        else:
            self._after_announce()

    def model_changed(self, event) -> None:
        """The model changed: redraw, unless this screen drew that change already (its own move)."""
        if event.version <= self._drawn_version:
            return
        was = self._was_deciding
        self.query_one(DecisionPanel).waiting = False
        self._show_change(event.entries, own=event.own)
        now = current_player(self.model.state)
        if self.model.remote and now != was and self.model.plays_here(now) and getattr(self.app, "bell_on", True):
            self.app.bell()  # your turn begins (issue 25; off with ``tiletum join --no-bell``)

    def model_refused(self, event) -> None:
        self.notify(event.why, title="Not allowed", severity="error", markup=False)
        self.query_one(DecisionPanel).waiting = False
        self._ahead.clear()
        self.refresh_game(keep=True)

    def model_noted(self, event) -> None:
        """Table talk (shown in the log, and said once) or who is connected (the panel says who decides)."""
        if event.what == "talk":
            self.notify(event.text, title="At the table", timeout=6, markup=False)
            self._stale.add("log")
            if self.current_view == "log":
                self._draw_view("log")
        elif event.what == "seats":  # who is connected: the panel says so while another seat decides
            self.refresh_game(keep=True)
        elif event.text:
            self.notify(event.text, title="Host", severity="warning", timeout=6, markup=False)

    @property
    def _was_deciding(self) -> int | None:
        return getattr(self, "_shown_who", None)

    def action_talk(self) -> None:
        """A line to the table (a game through the host; said to everyone at it, shown in the log)."""
        if not self.model.remote:
            self.notify("Table talk is for games played through tiletum host.", severity="warning", timeout=3)
            return
        from ..dialogs.talk import TalkDialog

        self.app.push_screen(TalkDialog(), lambda text: text and self.model.say(text))

