"""Computer opponents on the Carcassonne screen: the game's Table drives them (``shell.table``: the
process serving this game by name, the asking, the pace, Esc's hurry, a process that dies); the shared
display (``shell.ui.opponents``) with what this screen shows.

``SeatsDriver`` belongs to one ``CarcassonneScreen``. While an opponent decides, the message line says
it is thinking. Each move the Table played as that seat (logged, autosaved) is marked on the board: the
cursor goes to the tile it placed, drawn highlighted, as the screen draws the model's change (``seen``). ``h`` asks a master what the person deciding
should do (``explain``: the tile and follower, what it completes or goes for, the points it expects)
and puts the cursor and the tile's turn on the suggested place, so Enter plays it.
"""

from __future__ import annotations

from tiletum_tui.shell.ui.opponents import SeatDriver
from ..engine import Place, parse
from ..engine.events import TilePlaced
from ..opponents.explain import explain


class SeatsDriver(SeatDriver):
    game = "carcassonne"

    def __init__(self, screen) -> None:
        self.session = screen.session
        super().__init__(screen, self.session.seats)
        self.hint_for = None  # the decision the hint was asked for
        self.marked: int | None = None  # the placement of the opponents' last tile (highlighted)

    # ------------------------------------------------------------ the shared driver's questions
    def deciding(self) -> int | None:
        return self.session.current_player

    def name(self, seat: int) -> str:
        return self.session.state.players[seat].name

    def refusal(self) -> str:
        return f"{self.title(self.deciding())} is deciding: Esc hurries it."

    def status(self) -> str:
        """The message line while an opponent decides."""
        seat = self.deciding()
        return self.thinking(seat) if self.plays(seat) else ""

    def show_thinking(self) -> None:
        said = self.screen.message  # (a line the screen said meanwhile stays, under the spinner)
        self.screen.show_message(self.status() + (f"\n{said}" if said else ""))

    def seen(self, entries) -> None:
        """A change of the game (its log ``entries``), before the screen draws it (its model's
        ``change``): an opponent's move is shown by that one redraw, its tile marked and the cursor on
        it (issue 39: the screen redraws because the model changed, not again when the Table says it
        played)."""
        for entry in entries:
            if not self.plays(entry.seat):
                continue
            self.screen.message = ""  # (a refusal said while it decided is old news)
            for event in entry.events:
                if isinstance(event, TilePlaced):
                    placed = self.screen.state.placed
                    self.marked = next(i for i in range(len(placed) - 1, -1, -1)
                                       if (placed[i].x, placed[i].y) == (event.x, event.y))
                    self.screen.cursor = (event.x, event.y)  # the board shows where it went

    # ------------------------------------------------------------ h: the master's suggestion
    def ask_hint(self) -> str:
        """Ask a master what the person deciding should do; the words say what happens meanwhile."""
        who = self.deciding()
        if who is None:
            return "The game is over."
        if self.plays(who):
            return self.refusal()
        state = self.session.state
        self.hint_for = (state.turn, state.phase, len(self.session.log))
        self.ask_for_hint(who)
        return "The master is thinking about your tile…"

    def hint_arrived(self, answer) -> None:
        state = self.session.state
        if (state.turn, state.phase, len(self.session.log)) != self.hint_for:
            return  # the decision changed meanwhile
        show_hint(self.screen, self.session.view(answer.seat), answer)


def show_hint(screen, seen, answer) -> None:
    """The master's suggestion on the screen (``answer``: the opponents' process's, or the host's
    ``Hinted`` with the same fields): cursor and turn on the place, what it goes for in words."""
    if answer.error:
        screen.show_message(f"No suggestion: {answer.error}")
        return
    plan = [parse(a) for a in answer.plan]
    place = plan[0] if isinstance(plan[0], Place) else None
    deploy = plan[-1]
    alternative = [parse(a) for a in answer.alternative]
    words = explain(seen, place, deploy, answer.gain, answer.win, alternative, answer.alternative_gain,
                    answer.alternative_win)
    screen.show_suggestion(place, deploy, words)
