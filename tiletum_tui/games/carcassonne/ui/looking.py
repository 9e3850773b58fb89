"""The Carcassonne screen's keys that look without playing: ``v`` what placing the tile so would do,
``x`` why (not) this place or line and how the master weighs it (``why.py``), ``t`` the face-down
tiles, ``c`` how the game was won, ``h`` the master's suggestion (``opponents.SeatsDriver``) and
the screen's part in it. A base of ``CarcassonneScreen``, whose state, cursor and message these read."""

from __future__ import annotations

from ..engine import remaining
from . import why
from .shell import WhyNote
from tiletum_tui.shell.ui.replay.charts import ChartsScreen
from tiletum_tui.shell.ui.replay.positions import Positions
from .charts import CHARTS


class Looking:
    def action_preview(self) -> None:
        """What placing the tile here so would complete and who would score it, then where a follower
        may go and where not (``why.preview_words``: the engine's ``preview``)."""
        state = self.state
        if state.phase != "place" or self.cursor not in self._places(state) or \
                self.rotation not in self._places(state)[self.cursor]:
            self.message = "Preview: put the tile where it fits first."
        else:
            self.message = why.preview_words(state, *self.cursor, self.rotation)
        self.refresh_all()

    def action_explain(self) -> None:
        """x: why this place and turn, or this line of the follower choice, is allowed or not, and how the
        master weighs it against its best (``why.py``), in a note with F1 for the rules."""
        state = self.state
        if state.phase == "over":
            self.message = "Why: at a decision (placing a tile or choosing a follower)."
            self.refresh_all()
            return
        if self._opponent_decides():
            return
        hinted = self._suggested
        master = self._suggested_words if hinted and hinted[0] == state.turn else ""
        if state.phase == "place":
            said = why.place_why(state, *self.cursor, self.rotation, master)
        else:
            said = why.follower_why(state, self._options(state)[self.choice][0], master)
        self.app.push_screen(WhyNote(said))

    def action_tiles(self) -> None:
        counts = remaining(self.state)
        self.message = "Face down: " + " ".join(f"{d}×{n}" for d, n in counts.items()) if counts else "No tiles left."
        self.refresh_all()

    def action_charts(self) -> None:
        """How it was won (issue 21), once the game is over."""
        if self.state.phase != "over":
            self.message = "How it was won: once the game is over (the final table's c, or a replay's)."
            self.refresh_all()
            return
        self.app.push_screen(ChartsScreen(Positions(self.session.whole_game()), CHARTS))

    def action_hint(self) -> None:
        """The master's suggestion for the tile and the follower (``opponents.SeatsDriver.ask_hint``)."""
        self.message = self.opponents.ask_hint()
        self.refresh_all()

    def show_suggestion(self, place, deploy, words: str) -> None:
        """The master's suggestion arrived: the cursor and the tile's turn on its place (or the follower
        line it chose highlighted), its words on the message line."""
        state = self.state
        if place is not None and state.phase == "place":
            self.cursor, self.rotation = (place.x, place.y), place.rotation
            # Enter plays the suggestion: the tile, then (highlighted) the follower it goes with
            self._suggested = (state.turn, (place.x, place.y, place.rotation), deploy)
            self._suggested_words = words  # (x on its place says them too)
        elif state.phase == "follower":
            self._choose(state, deploy)
        self.message = words
        self.refresh_all()

    def _choose(self, state, deploy) -> None:
        """Highlight the follower choice's line of ``deploy`` (a Deploy action)."""
        for i, (seg, label, why) in enumerate(self._options(state)):
            if (deploy.role is None and seg is None) or (seg is not None and label == f"{deploy.role} {deploy.segment}"):
                self.choice = i
