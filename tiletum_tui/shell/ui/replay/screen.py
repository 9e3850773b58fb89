"""The replay screen every game shares (issue 21), without its drawing: stepping by move (← →), by
turn (↑ ↓), by the game's larger unit (PgUp PgDn: ``LARGER``), to the start and the end (Home End), to
a move picked from the log (j); whose view (v: the seat rule), playing on from here (p), how it was
won (c), and at the end of a finished game its final table (e).

It holds a ``Positions`` (views of the session's states), never the session: nothing here can apply
an action to the game replayed. A game subclasses it with its views: ``compose`` and ``draw`` (the
position ``self.model`` points at), and the few facts below (``play_screen``, ``SEAT_CHOICES``,
``chart_facts``, ``hidden_words``). Tiletum's is ``ui/replay/screen.py``, Carcassonne's
``carcassonne/ui/replay.py``; each game's registry entry (``games.SCREENS``) makes its own.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen

from ..games import screens_for
from .keys import REPLAY_HELP, REPLAY_KEYS
from .positions import EVERYTHING, Positions, scored
from .charts import ChartsScreen


class ReplayModel:
    """What the views read at the position shown (a game screen's ``model``, read-only: no apply)."""

    def __init__(self, positions: Positions, at: int, seat) -> None:
        self.positions, self.at, self.seat = positions, at, seat

    @property
    def state(self):
        return self.positions.view(self.at, self.seat)

    @property
    def log(self) -> list:
        return list(self.positions.entries)

    @property
    def setup_events(self) -> tuple:
        return self.positions.setup


def seats_to_show(positions: Positions) -> list:
    """Whose view the replay may show, in the order v goes through them: a finished game everything
    first, then each seat; an unfinished one only the seats people play (never an opponent's, never
    everything: issue 21, "a replay never shows a player what the game still hides")."""
    n = len(positions.names)
    if positions.finished:
        return [EVERYTHING, *range(n)]
    people = [i for i in range(n) if not (i < len(positions.seats) and positions.seats[i].is_opponent)]
    return people or [0]


def replay_bindings(prefix: str, keys=REPLAY_KEYS) -> list[Binding]:
    """The replay's keys as bindings under a game's prefix; priority: the arrows and PgUp PgDn step the
    replay, never scroll a view or move a cursor."""
    return [Binding(k, action, desc, show=show, id=f"{prefix}.{bid}", priority=True)
            for bid, k, action, desc, show in keys]


class ReplayShell(Screen):
    LARGER = "phase"  # the game's larger unit (``Positions.UNITS``): PgUp PgDn
    LARGER_WORDS = ("phase", "phases")  # how the keys and the panel name it
    # Who may play a seat of a copy (play on): (label, value) as the New game form offers them, and
    # the master's times (None: the game's master has one).
    SEAT_CHOICES: tuple = (("Person", "person"),)
    MASTER_TIMES: tuple | None = None

    def __init__(self, session, *, at: int | None = None, seat=None, from_final: bool = False, final=None) -> None:
        super().__init__()
        self.positions = Positions(session)
        self.save_dir = session.save_dir
        self.seats = seats_to_show(self.positions)
        start = self.positions.last if at is None else at
        self.model = ReplayModel(self.positions, start, seat if seat in self.seats else self.seats[0])
        # The final table: below this screen (it opened the replay: e goes back to it), or ``final(app)``
        # opens it (a replay opened from Open), or the game draws it itself (``action_final``).
        self.from_final, self.final = from_final, final
        # A hosted game's table talk (issue 44): each line shown at the position it was said after.
        self.talk = tuple(getattr(session, "talk", ()))

    @property
    def at(self) -> int:
        return self.model.at

    # ------------------------------------------------------------ a game's part
    def draw(self) -> None:
        """Draw position ``self.at`` as ``self.model.seat`` sees it (every view, the panel, the keys)."""
        raise NotImplementedError

    def play_screen(self, session):
        """The game's screen that plays the copy (play on): its game's, from the registry."""
        return screens_for(session.game.name).game(session)

    def chart_facts(self):
        """The game's ``charts.ChartFacts`` (its categories, its marks along the game, its own pages)."""
        raise NotImplementedError

    def hidden_words(self, state) -> str | None:
        """What a view leaves out, said when "everything" is shown (None: nothing worth saying)."""
        return None

    # ------------------------------------------------------------ the position shown
    def go(self, at: int) -> None:
        """Show position ``at`` (clamped to the game)."""
        self.model.at = min(max(at, 0), self.positions.last)
        self.draw()

    @property
    def at_end(self) -> bool:
        return self.positions.finished and self.at == self.positions.last

    def end_words(self) -> str:
        """At the end of a finished game, how to reach its final table (said on screen: issue 21's end)."""
        where = "back to the final table" if self.from_final else "the final table"
        return f"The end of the game · e: {where}"

    def panel_text(self, ink, *, keys: bool = True, most: int | None = None) -> Text:
        """The replay panel's words: which position (at the end, how to reach the final table), the
        move that led there (its time, what it scored: ``most`` lines of it at most), whose view, and the
        keys. ``ink(name)`` gives a style ("title", "muted", "cursor")."""
        p, at = self.positions, self.at
        out = Text()
        out.append(f"Replay · position {at} of {p.last}", ink("title"))
        out.append("  (game over)" if p.finished else "  (unfinished game)", ink("muted"))
        out.append("\n")
        if self.at_end:
            out.append(self.end_words() + "\n", ink("title"))
        entry = p.entry(at)
        if entry is None:
            out.append("The game as set up, before the first move.\n", ink("muted"))
        else:
            out.append(f"▶ {at} ", ink("cursor"))
            out.append(f"{entry.text}\n")
            # its time first, before what it scored: a narrow panel at 80×24 (Carcassonne's) cut it off
            # under a move's scorings (issue 39's matrix)
            took = "—" if entry.seconds is None else f"{entry.seconds:.1f} s"
            out.append(f"  time taken: {took}\n", ink("muted"))
            scores = scored(entry)
            shown = scores if most is None or len(scores) <= most else scores[: most - 1]
            for seat, points, why in shown:
                out.append(f"  {points:+d} VP {p.names[seat]}: {why}\n", ink("muted"))
            if len(shown) < len(scores):
                out.append(f"  and {len(scores) - len(shown)} more scores (l: the log)\n", ink("muted"))
        for line in self.talk:
            if line.after == at:  # (said after this move, before the next: cleaned when it was said)
                out.append(f"  {line.who} said: {line.text}\n")
        seat = self.model.seat
        out.append("Seen as: ", ink("muted"))
        out.append("everything (a finished game hides nothing)" if seat == EVERYTHING else f"{p.names[seat]}'s view")
        if len(self.seats) > 1:
            out.append(" · v: another", ink("muted"))
        out.append("\n")
        hidden = self.hidden_words(self.model.state) if seat == EVERYTHING else None
        if hidden:
            out.append(hidden + "\n", ink("muted"))
        if keys:
            out.append(f"← → a move · ↑ ↓ a turn · PgUp PgDn a {self.LARGER_WORDS[0]} · Home End: start, end\n"
                       "j: go to a move · p: play on from here · c: how it was won · ?: keys", ink("muted"))
        return out

    def help_rows(self) -> list[tuple[str, str]]:
        """The replay's keys for a key help: (keys, what they do), in the game's words."""
        return [(k, REPLAY_HELP[bid].format(larger=self.LARGER_WORDS[0])) for bid, k, *_ in REPLAY_KEYS]

    # ------------------------------------------------------------ keys
    def action_step(self, unit: str, direction: int) -> None:
        self.go(self.positions.step(self.at, self.LARGER if unit == "larger" else unit, direction))

    def action_start(self) -> None:
        self.go(0)

    def action_end(self) -> None:
        self.go(self.positions.last)

    def action_next_seat(self) -> None:
        if len(self.seats) < 2:
            self.notify("The game is not over: it replays only as your seat sees it.", severity="warning", timeout=4)
            return
        self.model.seat = self.seats[(self.seats.index(self.model.seat) + 1) % len(self.seats)]
        self.go(self.at)

    def action_pick_move(self) -> None:
        from .dialogs import PickMove  # start-up: the dialogs load when the key is pressed

        self.app.push_screen(PickMove(self.positions, self.at, getattr(self, "notation", False)),
                             lambda at: self.go(at) if at is not None else None)

    def action_play_on(self) -> None:
        from .dialogs import PlayOnDialog, play_on  # start-up: the dialogs load when the key is pressed

        if not getattr(self.app, "plays_at_home", True):  # (``tiletum join``: it runs on the host's machine)
            self.notify("Play on from here starts a game at home: not in a game joined on a host.",
                        severity="warning", timeout=6)
            return
        def chosen(seats) -> None:
            if seats is not None:
                # a game with no folder of its own (a record, one played headless): the app's (--save-dir)
                folder = self.save_dir if self.save_dir is not None else getattr(self.app, "save_dir", None)
                play_on(self.app, self.positions, self.at, seats, folder, self.play_screen)
        self.app.push_screen(PlayOnDialog(self.positions, self.at, self.SEAT_CHOICES, self.MASTER_TIMES), chosen)

    def action_charts(self) -> None:
        self.app.push_screen(ChartsScreen(self.positions, self.chart_facts(), upto=self.at))

    def action_final(self) -> None:
        """e: the final table, from the end of a finished game (anywhere else: where it is)."""
        if not self.positions.finished:
            self.notify("The game is not over: it has no final table yet.", severity="warning", timeout=4)
        elif not self.at_end:
            self.notify("The final table is at the end of the game: End goes there.", timeout=4)
        elif self.from_final:
            self.dismiss(None)
        elif self.final is not None:
            self.final(self.app)

    def action_leave(self) -> None:
        self.dismiss(None)


__all__ = ["ReplayModel", "ReplayShell", "replay_bindings", "seats_to_show"]
