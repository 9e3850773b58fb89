"""Carcassonne's replay (issue 21): the game screen's land, tile, scores and followers, read-only, at
any position of a game, on the replay every game shares (``shell.ui.replay.screen.ReplayShell``:
stepping, whose view, going to a move, playing on, the end).

PgUp PgDn step by scoring: to the position after the next (or the last) move that scored points, a
road or city completed, a cloister, the final scoring (a game of 72 tiles has a few dozen). The tile
of the move shown is marked on the land as play marks the cursor (reversed, in view), its follower's
segment lit on the large tile beside it; ``l`` the log with the move shown marked ▶ (later moves
dimmed), ``z`` the land zoomed out, ``e`` at the end the final table.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from tiletum_tui.shell.ui.help import KeysHelp
from tiletum_tui.shell.ui.new_game import SEAT_CHOICES
from tiletum_tui.shell.ui.replay.screen import ReplayShell, replay_bindings
from ..engine import remaining
from ..engine.events import FollowerDeployed
from ..engine.followers import spots
from ..engine.land import legal_places
from ..engine.words import count
from . import land as landview, news
from .charts import CHARTS, CarcassonneCharts  # noqa: F401 (their home: charts.py)
from .overview import overview
from .text import final_table, player_line

INK = {"title": "bold", "muted": "dim", "cursor": "reverse"}
VIEWS = ("land", "log", "overview", "final")


class CarcassonneReplay(ReplayShell):
    LARGER, LARGER_WORDS = "scoring", ("scoring", "scorings")
    SEAT_CHOICES = SEAT_CHOICES  # (its master has one time: no MASTER_TIMES)
    DEFAULT_CSS = """
    CarcassonneReplay { layout: vertical; }
    #carc-head { height: 1; }
    #carc-main { height: 1fr; }
    #carc-land { width: 1fr; height: 100%; }
    #carc-side { width: 28; height: 100%; padding: 0 0 0 1; }
    #carc-players { height: auto; }
    #carc-keys { height: 1; background: $panel; }
    """
    BINDINGS = replay_bindings("carcassonne") + [
        Binding("l", "view('log')", "log", show=False, id="carcassonne.replay-log"),
        Binding("z", "view('overview')", "zoom", show=False, id="carcassonne.replay-overview"),
        Binding("n", "notation", "notation", show=False, id="carcassonne.replay-notation"),
    ]

    def __init__(self, session, **kw) -> None:
        super().__init__(session, **kw)
        self.view = "land"
        self.notation = False
        self.origin = None  # the land's top-left cell on screen (kept while the marked tile is in view)

    def compose(self) -> ComposeResult:
        yield from landview.compose()
        yield Static(id="carc-keys", markup=False)

    def on_mount(self) -> None:
        self.go(self.at)
        self.call_after_refresh(self.draw)  # once the land knows its size

    def on_resize(self) -> None:
        self.call_after_refresh(self.draw)

    # ------------------------------------------------------------ the game's part of the shared replay
    def chart_facts(self):
        return CHARTS

    # ------------------------------------------------------------ drawing
    def marked(self, state) -> tuple[tuple[int, int], frozenset]:
        """The cell of the move shown (its tile: the last placed) and, for a follower deployed, its
        segment's cells on the large tile."""
        p = state.placed[state.last]
        entry = self.positions.entry(self.at)
        deployed = [e for e in entry.events if isinstance(e, FollowerDeployed)] if entry is not None else []
        lit: frozenset | int = frozenset()
        if deployed:  # the segment by its name, as the follower choice before it named it
            before = self.positions.view(self.at - 1, self.model.seat)
            seg = next((s.segment for s in spots(before) if s.name == deployed[0].segment), None)
            if seg is not None:
                lit = seg  # (the large tile lights the segment's characters at its size)
        return (p.x, p.y), lit

    def draw(self) -> None:
        if not self.is_mounted:
            return
        state = self.model.state
        cursor, lit = self.marked(state)
        places: dict = {}
        if state.phase == "place":
            for x, y, _r in legal_places(state, state.drawn):
                places.setdefault((x, y), True)
        head = self.query_one("#carc-head", Static)
        head.update(self._head(state, head.size.width or 80))
        land = self.query_one("#carc-land", Static)
        width, height = land.size.width or 52, land.size.height or 18
        view = self.view if self.view != "final" or self.at_end else "land"
        if view == "final":
            land.update(final_table(state).append("\ne: back to the land · c: how it was won", style="dim"))
        elif view == "log":
            land.update(self._log(width, height))
        elif view == "overview":
            land.update(overview(state, places, cursor, width, height))
        else:
            text, self.origin = landview.paint(state, places, width, height, cursor=cursor, origin=self.origin,
                                               in_hand=False, look=landview.look_for(self.app, state, width, height))
            land.update(text)
        side = self.query_one("#carc-side", Static)
        side.display = view != "final"  # the final table takes the whole width, as in play
        side.update(self._side(state, lit, (side.size.width or 27) - 1))
        self.query_one("#carc-players", Static).update(player_line(state, self.size.width or 80))
        self.query_one("#carc-keys", Static).update(self._keys(self.size.width or 80))

    def _head(self, state, width: int) -> Text:
        if state.phase == "over":
            words = f"Replay · Carcassonne · the game is over after {count(state.turn - 1, 'turn')}"
        else:
            who = state.players[state.seat].name
            doing = f"to place tile {state.drawn}" if state.phase == "place" else "a follower?"
            words = f"Replay · turn {state.turn} · {who} {doing} · {count(sum(remaining(state).values()), 'tile')} left"
        text = Text(words, style="bold")
        hint = "?: keys"
        if width - text.cell_len - len(hint) >= 2:
            text.append(" " * (width - text.cell_len - len(hint)) + hint, style="dim")
        return text

    def _side(self, state, lit, width: int) -> Text:
        p = state.placed[state.last]
        out = Text()
        out.append("the tile of the move shown\n" if self.at else "the start tile\n", style="dim")
        out.append_text(landview.big_tile(p.design, p.rotation, lit, width, named=False,
                                          palette=landview.palette(self.app, state.players)))
        if state.phase == "place":
            out.append(f"next: {state.drawn}\n", style="dim")
        out.append_text(self.panel_text(lambda name: INK.get(name, ""), keys=False, most=3))
        return out

    def _log(self, width: int, height: int) -> Text:
        """The log around the move shown: that line marked ▶ and reversed, the moves after it dimmed."""
        lines = news.log_lines(self.positions.entries, self.positions.names, self.notation)
        shown = self.at - 1  # (position 0: before every line)
        start = max(0, min(shown - height // 2, len(lines) - height + 1))
        out = Text()
        out.append("The log (n: the notation)\n", style="bold")
        for k in range(start, min(len(lines), start + height - 1)):
            line = ("▶" if k == shown else " ") + lines[k][1]
            out.append(line[:width] + "\n", style="reverse" if k == shown else ("dim" if k > shown else ""))
        return out

    def _keys(self, width: int) -> Text:
        """The keys, the most wanted first, as many as fit (the head says where the rest are: ?)."""
        pairs = [("e", "final table")] if self.at_end else []
        pairs += [("←→", "move"), ("↑↓", "turn"), ("PgUp/Dn", "scoring"), ("j", "go to"), ("l", "log"),
                  ("p", "play on"), ("c", "charts"), ("v", "view"), ("Home/End", "start, end"), ("z", "zoom"),
                  ("?", "keys")]
        out, used = Text(), 0
        for key, word in pairs:
            if used + len(key) + len(word) + 3 > width:
                break
            out.append(f" {key}", style="bold")
            out.append(f" {word} ", style="dim")
            used += len(key) + len(word) + 3
        return out

    # ------------------------------------------------------------ keys
    def action_view(self, name: str) -> None:
        self.view = "land" if self.view == name else name
        self.draw()
        self.call_after_refresh(self.draw)  # (to or from the final table the side comes and goes: widths change)

    def action_notation(self) -> None:
        self.notation = not self.notation
        self.view = "log"
        self.draw()

    def action_final(self) -> None:
        if self.at_end and not self.from_final:
            self.action_view("final")  # (the final table is drawn here: the game screen's own)
        else:
            super().action_final()

    def action_keys(self) -> None:
        """? and F1 (the app's help key): the replay's keys."""
        if isinstance(self.app.screen, KeysHelp):
            return
        looking = [("l", "the log, the move shown marked ▶ (n: in the notation)"),
                   ("z", "the land zoomed out (again: back)")]
        everywhere = [("question_mark,f1", "every key (this help)"), ("ctrl+q", "quit")]
        self.app.push_screen(KeysHelp("Carcassonne — replay keys", REPLAY_INTRO,
                                      [("Replaying", self.help_rows()), ("Looking around", looking),
                                       ("Everywhere", everywhere)]))


REPLAY_INTRO = ("A replay is read-only: it steps through the game as it was played. The tile of the move "
                "shown is reversed on the land; the panel beside it says which position it is, what the move "
                "scored and whose view is shown. PgUp PgDn go from scoring to scoring.")


__all__ = ["CHARTS", "CarcassonneCharts", "CarcassonneReplay"]
