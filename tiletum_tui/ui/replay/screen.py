"""The replay screen (issue 21): the game screen's views and strip, read-only, at any position of a
game, stepping by action (← →), by turn (↑ ↓), by phase (PgUp PgDn), to the start and the end
(Home End), or to a move picked from the log (j).

It holds a ``Positions`` (views of the session's states), never the session: nothing here can
apply an action to the game replayed. "Play on from here" (p) starts a new game, a copy made from
the actions up to the position shown (``Session.from_actions``). The log line of the move shown is
highlighted (``Scene.shown``) and the map marks what it changed as play marks the last moves
(``recap.move_marks``). A finished game is shown whole ("everything"); an unfinished one only as a
person's seat sees it (v: the next such seat), so a replay never shows what the game still hides.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher

from .. import keymap
from .. import text as T
from ..recap import LogReader, move_marks
from ..views import Scene, strips_for, views_for
from ..widgets.keyline import Hint, KeyLine
from ..widgets.map_view import MapView
from ..widgets.painted import Ink, Painted
from ..widgets.status import StatusBar
from ..screens.game import ROOMY, TALL, WIDE, GameScreen, ViewScroll
from ..screens.game_views import GameViews
from .positions import EVERYTHING, Positions

UNIT_WORDS = {"action": "move", "turn": "turn", "phase": "phase"}


class ReplayModel:
    """What the views read at the position shown (the game screen's ``model``, read-only: no apply)."""

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


class ReplayPanel(Painted):
    """Where the replay is: the move shown, whose view, its time, and the keys."""

    def show(self, screen: ReplayScreen) -> None:
        p, at = screen.positions, screen.at
        out = Text()
        out.append(f"Replay · position {at} of {p.last}", self.ink("title"))
        out.append("  (game over)" if p.finished else "  (unfinished game)", self.ink("muted"))
        out.append("\n")
        entry = p.entry(at)
        if entry is None:
            out.append("The game as set up, before the first move.\n", self.ink("muted"))
        else:
            out.append(f"▶ {at} ", self.ink("cursor"))
            out.append(f"{entry.text}\n")
            for ev in entry.scoring:
                if ev.vp:
                    out.append(f"  {ev.vp:+d} VP {p.names[ev.player]}: {ev.why}\n", self.ink("muted"))
            took = "—" if entry.seconds is None else f"{entry.seconds:.1f} s"
            out.append(f"  time taken: {took}\n", self.ink("muted"))
        seat = screen.model.seat
        out.append("Seen as: ", self.ink("muted"))
        out.append("everything (a finished game hides nothing)" if seat == EVERYTHING else f"{p.names[seat]}'s view")
        if len(screen.seats) > 1:
            out.append(" · v: another", self.ink("muted"))
        out.append("\n")
        if seat == EVERYTHING:
            out.append(hidden_words(screen.model.state) + "\n", self.ink("muted"))
        out.append("← → a move · ↑ ↓ a turn · PgUp PgDn a phase · Home End: start, end\n"
                   "j: go to a move · p: play on from here · c: how it was won · ?: keys", self.ink("muted"))
        self.update(out)


def hidden_words(state) -> str:
    """What a view leaves out, said for "everything": the face-down Corruption tokens, the next Bonus tiles."""
    h = state.hidden
    w = T.words(state)
    tokens = " ".join(str(t) for t in reversed(h.corruption_row)) or "none"
    bonus = ", ".join(w.tile_name(t) for t in list(reversed(h.bonus_pile))[:3]) or "none"
    return f"Face down: Corruption tokens {tokens} (next first) · next Bonus tiles: {bonus}"


class ReplayScreen(GameViews, Screen):
    """A read-only look at any position of a game (``Positions``); see the module's words."""

    BINDINGS = [Binding(b.key, b.action, b.description, show=False, id=b.id, priority=True)
                for b in keymap.bindings(keymap.REPLAY_KEYS)] + keymap.bindings(
        [row for row in keymap.GAME_KEYS if row[0] in keymap.REPLAY_ALSO]) + [
        Binding("shift+up", "scroll_line(-1)", "Line up", show=False, priority=True, id="tiletum.line-up"),
        Binding("shift+down", "scroll_line(1)", "Line down", show=False, priority=True, id="tiletum.line-down"),
    ]

    def __init__(self, session, *, at: int | None = None, seat=None) -> None:
        super().__init__()
        self.positions = Positions(session)
        self.save_dir = session.save_dir
        self.seats = seats_to_show(self.positions)
        start = self.positions.last if at is None else at
        self.model = ReplayModel(self.positions, start, seat if seat in self.seats else self.seats[0])
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

    @property
    def at(self) -> int:
        return self.model.at

    def compose(self) -> ComposeResult:
        yield Ink()
        yield StatusBar(id="status")
        with Container(id="body"):
            with ContentSwitcher(id="views", initial="log"):
                for v in self.views:
                    with ViewScroll(id=v.name, classes="view"):
                        for k, make in enumerate(v.docked):
                            yield make(id=f"{v.name}-docked{k}", classes="docked")
                        yield v.widget(id=f"{v.name}-view")
            with Vertical(id="side"):
                for s in self.strips:
                    yield s.widget(id=s.name, classes="strip")
                yield ReplayPanel(id="replay-panel")
        yield KeyLine(id="keys")

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
        from ..widgets.map_view import MapInfo

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

    def go(self, at: int) -> None:
        """Show position ``at`` (clamped to the game): every view and strip drawn from its view."""
        self.model.at = min(max(at, 0), self.positions.last)
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
                 Hint("PgUp/Dn", "phase", "step('phase',1)", 2)]
        for v in self.views:
            if v.footer:
                key = keymap.first_key(f"view-{v.name}", v.keys, getattr(self.app, "user_keys", {}))
                hints.append(Hint(key, v.title, f"view('{v.name}')", 4 if v.name != self.current_view else 6))
        hints += [Hint("j", "go to", "pick_move", 3), Hint("p", "play on", "play_on", 3),
                  Hint("c", "charts", "charts", 3), Hint("Esc", "back", "leave", 5), Hint("?", "Keys", "app.help", 7)]
        self.query_one(KeyLine).show(hints)

    # ------------------------------------------------------------ keys
    def action_step(self, unit: str, direction: int) -> None:
        self.go(self.positions.step(self.at, unit, direction))

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

    def action_toggle_notation(self) -> None:
        self.notation = not self.notation
        self._stale.add("log")
        self.action_view("log")

    def action_details(self) -> None:
        from ..dialogs.town import TownDialog

        space = self.query_one(MapView).cursor
        if space:
            self.app.push_screen(TownDialog(self.model.state, space))

    def action_pick_move(self) -> None:
        from .dialogs import PickMove

        self.app.push_screen(PickMove(self.positions, self.at, self.notation),
                             lambda at: self.go(at) if at is not None else None)

    def action_play_on(self) -> None:
        from .dialogs import PlayOnDialog, play_on

        def chosen(seats) -> None:
            if seats is not None:
                play_on(self.app, self.positions, self.at, seats, self.save_dir)
        self.app.push_screen(PlayOnDialog(self.positions, self.at), chosen)

    def action_charts(self) -> None:
        from .charts import ChartsScreen

        self.app.push_screen(ChartsScreen(self.positions, upto=self.at))

    def action_leave(self) -> None:
        self.dismiss(None)


def open_replay(app, path) -> None:
    """Open Open's highlighted save as a replay: read-only (no lock, nothing written), or say why not."""
    from ...safe_text import clean
    from ...session import Session

    try:
        session = Session.load(path, save_dir=app.save_dir, autosave=False, open_as="read-only")
    except Exception as exc:  # SaveFileError/ReplayError name the file and the problem
        app.notify(clean(exc, 300), title="Cannot replay this save", severity="error", timeout=8, markup=False)
        return
    if session.game.name != "tiletum":  # (the replay draws Tiletum's views; Carcassonne's are to come)
        app.notify(f"No replay for {session.game.title} yet: open the save to look at it.",
                   title="Cannot replay this save", severity="warning", timeout=6, markup=False)
        return
    app.push_screen(ReplayScreen(session, at=0))


__all__ = ["ReplayScreen", "open_replay", "seats_to_show"]
