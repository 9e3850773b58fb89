"""Redrawing the game screen after a change, whoever made it (issues 25 and 39): the screen watches
the model's reactive parts (``shell.ui.model.GameModel``) and redraws what each shows. ``change``:
the game changed (a move made at this screen, an opponent's, another player's through the host, an
undo, a reconnect): everything that shows the game, and what it made happen is announced. ``chat``:
a line of table talk, shown in the log (only the log is drawn again). ``seats``, ``paused``: who is
connected, or why the host cannot save: the decision panel's line says so (only the panel).
``connection``: said once. The host's refusals and hints are messages (``model_refused``). A part of
``GameScreen`` (a mixin of plain methods: the screen keeps the message handlers)."""

from __future__ import annotations

from textual.containers import VerticalScroll

from tiletum_tui.shell.textual_private import report_refreshes
from tiletum_tui.shell.ui.model import paused_notice

from ...engine import current_player
from ..choices import decision_title
from ..dialogs.basic import AnnounceDialog
from ..dialogs.talk import TalkDialog
from ..widgets.decision import DecisionPanel


class GameChanges:
    """``self`` is the GameScreen."""

    def _show_change(self, entries, own: bool = True) -> None:
        """Redraw after a change of the game (``entries``: what it logged) and announce what it made
        happen, in the order a player follows it: an opponent's move where it happened (the wheel, the
        map marked), then the recap when a person's turn begins with it, the table of a Fair or the
        final scoring."""
        if own and self.current_view == "recap":  # the turn is under way: back to the table
            self._leave_recap()
        where = self.opponents.seen(entries)  # (before the redraw: its move in the panel, the map marked)
        self.refresh_game()
        if where is not None:
            self.show_view(where)
        events = tuple(ev for e in entries for ev in e.events)
        self._recap_at_turn_start(events)
        loud = [e for e in entries if self._announce(e.events)]
        if loud and not self._king_tile_first(loud[-1].events):
            title, scored, notes = self._announcement(loud[-1])
            self.app.push_screen(AnnounceDialog(title, self.model.state.players, scored, notes),
                                 lambda _: self._after_announce())
        else:
            self._after_announce()

    def bind_model(self) -> None:
        """Watch the model's parts (their watchers run when ``model.update`` sets them)."""
        model = self.model
        self.watch(model, "change", self.game_changed, init=False)
        self.watch(model, "chat", self.talk_changed, init=False)
        self.watch(model, "seats", self.seats_changed, init=False)
        self.watch(model, "paused", self.paused_changed, init=False)
        self.watch(model, "connection", self.connection_changed, init=False)

    def game_changed(self, change) -> None:
        """The game changed (``model.change``: what it logged, and whether this screen made it)."""
        if not self.is_mounted:  # (left for the lobby or the title: drawn anew when shown again)
            return
        was = self._was_deciding
        panel = self.query_one(DecisionPanel)
        panel.waiting = False
        with panel.holding() as pointing:  # (the map's marks in the same frame as the rest)
            self._show_change(change.entries, own=change.own)
        for event in pointing:
            self._pointing(event)
        report_refreshes(self)  # (every widget it drew in one frame)
        now = current_player(self.model.state)
        if self.model.remote and now != was and self.model.plays_here(now) and getattr(self.app, "bell_on", True):
            self.app.bell()  # your turn begins (issue 25; off with ``tiletum join --no-bell``)

    def model_refused(self, event) -> None:
        self.notify(event.why, title="Not allowed", severity="error", markup=False)
        self.query_one(DecisionPanel).waiting = False
        self._ahead.clear()
        self.refresh_game(keep=True)

    def model_noted(self, event) -> None:
        """A notice from the host that is no part of the game."""
        if event.text:
            self.notify(event.text, title="Host", severity="warning", timeout=6, markup=False)

    def talk_changed(self, old: tuple, new: tuple) -> None:
        """Table talk: the new lines said once, and the log (only it) drawn again with them."""
        if not self.is_mounted:
            return
        for line in new[len(old):] if new[:len(old)] == old else ():
            self.notify(f"{line.who}: {line.text}", title="At the table", timeout=6, markup=False)
        if self.current_view != "log":
            self._stale.add("log")  # (drawn, with the line, when it shows)
        self.chat = new  # the log, bound to it, draws the line now if it shows
        if self.current_view == "log":
            self.call_after_refresh(self.query_one("#log", VerticalScroll).scroll_end, animate=False)

    def seats_changed(self) -> None:
        """Who is connected: the panel says so while another seat decides (nothing else is drawn)."""
        if self.is_mounted:
            self._redraw_panel()

    def paused_changed(self, why: str) -> None:
        if not self.is_mounted:
            return

        self.notify(paused_notice(why), title="Host", severity="warning", timeout=6, markup=False)
        self._redraw_panel()

    def connection_changed(self, how: str) -> None:
        if self.is_mounted and how not in ("here", "connected"):
            self.notify(how, title="Host", severity="warning", timeout=6, markup=False)

    def _redraw_panel(self) -> None:
        """The decision panel's line while another seat decides, drawn again (who is connected, paused)."""
        state = self.model.state
        who = current_player(state)
        if who is None or self.opponents.plays(who) or self.model.plays_here(who):
            return  # (the panel shows a menu or the game's end: nothing it shows changed)

        self.query_one(DecisionPanel).show(self.waiting_title(state, who), [])

    def waiting_title(self, state, who: int) -> str:
        """The decision panel while another seat decides at its own screen (a hosted game): that seat's
        moves this turn so far, its last three, then who decides what, as an opponent's show at home."""
        room = max(self.query_one(DecisionPanel).content_size.width, 20)
        moves: list[str] = []
        for entry in reversed(self.model.log):
            if entry.seat != who or len(moves) == 3:
                break
            line = f"· {entry.text}"
            moves.append(line if len(line) <= room else line[:room - 1] + "…")
        lines = [*reversed(moves), self.model.deciding(state, decision_title(state, self.model.options))]
        # Always four lines, a move's cut to one: a title of another height lays the side out again, at
        # every move on every screen that watches (a third more CPU per update at a hosted table of 8).
        return "\n".join(lines + [""] * (4 - len(lines)))

    @property
    def _was_deciding(self) -> int | None:
        return getattr(self, "_shown_who", None)

    def action_talk(self) -> None:
        """A line to the table (a game through the host; said to everyone at it, shown in the log)."""
        if not self.model.remote:
            self.notify("Table talk is for games played through tiletum host.", severity="warning", timeout=3)
            return

        self.app.push_screen(TalkDialog(), lambda text: text and self.model.say(text))

