"""Tiletum's replay screen (issue 21): the game screen's views and strip (``compose_views``), read-only,
at any position of a game, on the replay every game shares (``shell.ui.replay.screen.ReplayShell``:
stepping, whose view, going to a move, playing on, the end). PgUp PgDn step by phase.

The log line of the move shown is highlighted (``Scene.shown``) and the map marks what it changed as
play marks the last moves (``recap.move_marks``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import ContentSwitcher

from .. import keymap
from .. import text as T
from ..recap import LogReader, move_marks
from ..views import Scene, strips_for, views_for
from tiletum_tui.shell.ui.replay.screen import ReplayModel, ReplayShell, replay_bindings, seats_to_show
from tiletum_tui.shell.ui.keyline import Hint, KeyLine
from ..widgets.map_view import MapView, MapInfo
from ..widgets.painted import Painted
from ..widgets.status import StatusBar
from ..screens.game import GameScreen
from ..screens.game_layout import ROOMY, TALL, WIDE, compose_views
from ..screens.game_views import GameViews
from tiletum_tui.shell.ui.new_game import SEAT_CHOICES
from tiletum_tui.shell.ui.model import GameModel
from .charts import FACTS
from ..dialogs.town import TownDialog
from ..dialogs.help import HelpScreen


class ReplayPanel(Painted):
    """Where the replay is: the move shown, whose view, its time, and the keys."""

    def show(self, screen: ReplayScreen) -> None:
        self.update(screen.panel_text(self.ink))


def hidden_words(state) -> str:
    """What a view leaves out, said for "everything": the face-down Corruption tokens, the next Bonus tiles."""
    h = state.hidden
    w = T.words(state)
    tokens = " ".join(str(t) for t in reversed(h.corruption_row)) or "none"
    bonus = ", ".join(w.tile_name(t) for t in list(reversed(h.bonus_pile))[:3]) or "none"
    return f"Face down: Corruption tokens {tokens} (next first) · next Bonus tiles: {bonus}"


class ReplayScreen(GameViews, ReplayShell):
    """A read-only look at any position of a game of Tiletum; see the module's words."""

    SEAT_CHOICES = SEAT_CHOICES  # (a level is its strength, the same on every machine: no time to choose)

    BINDINGS = replay_bindings("tiletum") + keymap.bindings(
        [row for row in keymap.GAME_KEYS if row[0] in keymap.REPLAY_ALSO]) + [
        Binding("shift+up", "scroll_line(-1)", "Line up", show=False, priority=True, id="tiletum.line-up"),
        Binding("shift+down", "scroll_line(1)", "Line down", show=False, priority=True, id="tiletum.line-down"),
    ]

    def __init__(self, session, *, at: int | None = None, seat=None, from_final: bool = False, final=None) -> None:
        super().__init__(session, at=at, seat=seat, from_final=from_final, final=final)
        state = self.model.state
        self.views = [v for v in views_for(state) if v.name != "recap"]  # (nothing is "since your last turn")
        self.strips = strips_for(state)
        for bid, keys, action, desc, show in keymap.view_keys(self.views):
            self._add_binding(Binding(keys, action, desc, show=show, id=f"tiletum.{bid}"))
        self.reader = LogReader()
        self.board_player: int | None = None
        self._board_for: int | None = None
        self.notation = False
        self.view_before = None
        self._stale: set[str] = set()
        self._map_args: tuple = ([], None)
        self._colour: str | None = None

    _add_binding = GameScreen._add_binding  # (the views' keys, and whose board: as in play)
    _board_player = GameScreen._board_player

    def compose(self) -> ComposeResult:
        yield from compose_views(self.views, self.strips, ReplayPanel(id="replay-panel"), initial="log")

    # ------------------------------------------------------------ the game's part of the shared replay
    def play_screen(self, session):
        return GameScreen(GameModel(session))

    def chart_facts(self):
        return FACTS

    def hidden_words(self, state) -> str | None:
        return hidden_words(state)

    def on_mount(self) -> None:
        self._layout(self.app.size.width, self.app.size.height)
        self.go(self.at)

    def on_resize(self, event) -> None:
        self._layout(event.size.width, event.size.height)
        self.call_after_refresh(self.update_keys)

    def _layout(self, width: int, height: int) -> None:
        wide = width >= WIDE and height >= 24
        if wide != self.has_class("-wide") and self.is_mounted:
            self.call_after_refresh(self.go, self.at)
        self.set_class(wide, "-wide")
        self.set_class(height >= TALL, "-tall")
        for info in self.query(MapInfo):
            info.set_class(wide and height >= ROOMY, "-roomy")

    @property
    def wide(self) -> bool:
        return self.has_class("-wide")

    @property
    def current_view(self) -> str:
        return self.query_one(ContentSwitcher).current or self.views[0].name

    # ------------------------------------------------------------ the position shown
    def scene(self) -> Scene:
        state = self.model.state
        who = self.positions.current_player(self.at)
        entry = self.positions.entry(self.at)
        marks = move_marks(entry) if entry is not None else None
        self.reader.sync(self.positions.entries[: self.at])
        cursor = next(iter([*marks.moved, *marks.placed]), None) if marks is not None else None
        return Scene(state=state, who=who, board_player=self._board_player(who), log=self.model.log,
                     setup=self.positions.setup, notation=self.notation, spaces=[], cursor=cursor, recap=marks,
                     wide=self.wide, turn_die=self.reader.die_this_turn(who), shown=self.at)

    def draw(self) -> None:
        """Every view and strip drawn from the position's view."""
        scene = self.scene()
        state = scene.state
        self.query_one(StatusBar).show(state, scene.who)
        colour = f"player-{state.players[scene.who].colour}" if scene.who is not None else ""
        if colour != self._colour:  # (restyling costs a few ms: only when the player in turn changes)
            self._colour = colour
            self.query_one("#side").set_classes(colour)
            self.query_one(StatusBar).set_classes(colour)
        for s in self.strips:
            self.query_one(f"#{s.name}").draw(scene)
        self._stale = {v.name for v in self.views}
        self._draw_view(self.current_view, scene)
        self.query_one(ReplayPanel).show(self)
        self.update_keys()

    def _draw_view(self, name: str, scene: Scene | None = None) -> None:
        if name not in self._stale:
            return
        self._stale.discard(name)
        scene = scene or self.scene()
        container = self.query_one(f"#{name}", VerticalScroll)
        for widget in container.children:
            if hasattr(widget, "draw"):
                widget.draw(scene)
        if name == "log":  # the move shown in view, a few lines of what led to it above
            line = self.query_one("#log-view").shown_line
            self.call_after_refresh(container.scroll_to, y=max(line - 3, 0), animate=False)
        elif name == "map" and scene.cursor:
            self.call_after_refresh(self.query_one(MapView).scroll_to_cursor)

    def refresh_board(self) -> None:
        self._stale.add("board")
        if self.current_view == "board":
            self._draw_view("board")

    def update_keys(self) -> None:
        if not self.is_mounted:
            return
        hints = [Hint("←→", "move", "step('action',1)", 0), Hint("↑↓", "turn", "step('turn',1)", 1),
                 Hint("PgUp/Dn", "phase", "step('larger',1)", 2)]
        for v in self.views:
            if v.footer:
                key = keymap.first_key(f"view-{v.name}", v.keys, getattr(self.app, "user_keys", {}))
                hints.append(Hint(key, v.title, f"view('{v.name}')", 4 if v.name != self.current_view else 6))
        if self.at_end:
            hints.append(Hint("e", "final table", "final", 3))
        hints += [Hint("j", "go to", "pick_move", 3), Hint("p", "play on", "play_on", 3),
                  Hint("c", "charts", "charts", 3), Hint("Esc", "back", "leave", 5), Hint("?", "Keys", "app.help", 7)]
        self.query_one(KeyLine).show(hints)

    # ------------------------------------------------------------ keys
    def action_toggle_notation(self) -> None:
        self.notation = not self.notation
        self._stale.add("log")
        self.action_view("log")

    def action_details(self) -> None:
        space = self.query_one(MapView).cursor
        if space:
            self.app.push_screen(TownDialog(self.model.state, space))

    def action_keys(self) -> None:
        """? and F1: every key, as they work on this screen (the app's help, told it is a replay)."""
        if not isinstance(self.app.screen, HelpScreen):
            self.app.push_screen(HelpScreen())


__all__ = ["ReplayModel", "ReplayScreen", "seats_to_show"]
