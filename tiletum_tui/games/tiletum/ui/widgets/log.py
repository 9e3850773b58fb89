"""The game log: every action in plain language (or in the engine's notation, on request), and under
it what it made happen, read from its events: every VP with its reason, each Corruption token turned
up and whose King markers it moved, dice rolled, tiles drawn and discarded, Fairs, phases."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import var

from ...engine.events import (
    CorruptionRevealed, DiceRolled, FairHeld, GameOver, Noted, PhaseBegan, PileShuffled, Scored, TileDiscarded,
    TileDrawn,
)
from ...engine.ruleset import rules_for
from .. import text as T
from tiletum_tui.shell.ui.hanging import hang
from ..recap import corruption_words
from .painted import LineCached

# A replay shows the moves around the one shown (a whole game's log is slow to draw at every step:
# issue 21 asks ≤ 20 ms a step); its "go to a move" dialog lists them all.
REPLAY_WINDOW = 15
# Where an entry's words begin ("  12 ● "): its wrapped lines and the lines of what it made happen start
# there too, so the move numbers stand alone in their column at any width.
INDENT = 7
PHASE_WORDS = {"king": "King phase", "fair": "Fair", "cleanup": "Cleanup", "final": "final scoring"}


class LogView(LineCached):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: list = []
        self.players: list = []
        self.notation = False
        self.state = None
        self.setup: tuple = ()
        self.shown: int | None = None  # a replay's position (``Scene.shown``): None in play
        self._head = Text()  # the text above the move shown (its screen line: ``shown_line``)

    # Table talk (a game through the host): bound to the game screen's ``chat`` (``data_bind``), which the
    # model's feeds; a new line redraws the log alone, now if it shows (else when it next does: issue 39).
    chat = var((), init=False)

    def watch_chat(self) -> None:
        if self.state is not None and self.parent is not None and self.parent.display:
            self.redraw()

    def draw(self, scene) -> None:
        self.state, self.setup, self.shown = scene.state, scene.setup, scene.shown
        self.set_reactive(LogView.chat, getattr(scene, "chat", ()))  # (drawn just below: no watcher)
        self.show(scene.log, scene.state.players, scene.notation)

    def _talk(self, out: Text, after: int) -> None:
        """Table talk said when ``after`` entries were logged (cleaned by the host; shown as text, never markup)."""
        for line in self.chat:
            if line.after == after:
                out.append("     ❝ ", self.ink("muted"))
                said = Text(f"{line.who}: ", self.ink("strong"))
                said.append(line.text)
                self._hang(out, said)
                out.append("\n")

    _width = 0  # the width the entries were wrapped to

    def _hang(self, out: Text, body: Text) -> None:
        hang(out, body, self._width, INDENT, self.app.console)

    def on_resize(self, event) -> None:
        if self.size.width != self._width and self.state is not None:
            self.redraw()  # wrapped anew to the new width

    def show(self, entries, players, notation: bool) -> None:
        self.entries, self.players, self.notation = entries, players, notation
        self.redraw()

    @property
    def shown_line(self) -> int:
        """The screen line of the move shown, long entries wrapped as they are drawn (the replay
        scrolls to it)."""
        width = self.size.width or (self.parent.size.width if self.parent is not None else 80) or 80
        return len(self._head.wrap(self.app.console, width)) - 1 if self._head.plain else 0

    def _who(self, i: int) -> str:
        return self.players[i].name if 0 <= i < len(self.players) else "?"

    def redraw(self) -> None:
        self._width = (self.size.width or getattr(self.parent, "room", 0)  # (a view's: ``ViewScroll.room``)
                       or (self.parent.size.width if self.parent is not None else 80) or 80)
        out = Text()
        out.append("Game log", self.ink("title"))
        out.append("  (n: notation on/off; newest last)\n" if not self.notation else "  (notation; n: plain words)\n",
                   self.ink("muted"))
        r = rules_for(self.state.settings) if self.state is not None else None
        lo, hi = 0, len(self.entries)
        if self.shown is not None:
            lo, hi = max(self.shown - REPLAY_WINDOW, 0), min(self.shown + REPLAY_WINDOW, len(self.entries))
            if lo:
                out.append(f"     … {lo} earlier moves (j: go to any move)\n", self.ink("muted"))
        if self.setup and not lo:
            out.append("   0   ", self.ink("muted"))
            body = Text("Setup")
            for ev in self.setup:
                self._event(body, r, ev)
            self._hang(out, body)
            out.append("\n")
        self._talk(out, 0)
        if not self.entries:
            out.append("Nothing has happened yet.", self.ink("muted"))
        for k in range(lo, hi):
            e = self.entries[k]
            shown = self.shown is not None and k + 1 == self.shown
            if shown:  # a replay: the move that led to the position shown (later ones are still to come)
                self._head = out.copy()
            if shown:
                out.append("▶", self.ink("cursor"))
                out.append(f"{k + 1:>3} ", self.ink("muted"))
            else:
                out.append(f"{k + 1:>4} ", self.ink("muted"))
            colour = self.players[e.seat].colour if 0 <= e.seat < len(self.players) else ""
            out.append("● ", self.player_ink(colour))
            later = self.shown is not None and k + 1 > self.shown
            body = Text(e.notation if self.notation else e.text,
                        self.ink("cursor") if shown else self.ink("muted") if later else "")
            for ev in e.events:
                self._event(body, r, ev)
            if getattr(e, "note", ""):  # why this move (an opponent's fallback: the session recorded it)
                body.append("\n")
                body.append(e.note, self.ink("muted"))
            self._hang(out, body)
            out.append("\n")
            self._talk(out, k + 1)
        if hi < len(self.entries):
            out.append(f"     … {len(self.entries) - hi} later moves", self.ink("muted"))
        self.update(out)

    def _event(self, out: Text, r, e) -> None:
        """What ``e`` made happen, on a line of its own at the end of ``out`` (an entry's words)."""
        names = [p.name for p in self.players]
        if isinstance(e, Scored):
            out.append("\n")
            out.append(f"{e.vp:+d} VP {self._who(e.player)}", self.ink("good") if e.vp >= 0 else self.ink("bad"))
            out.append(f": {e.why}", self.ink("muted"))
            return
        if r is None:
            return
        w = T.words(r)
        text = ""
        style = self.ink("muted")
        if isinstance(e, CorruptionRevealed):
            text, style = corruption_words(r, names, e), self.ink("bad") if e.moved else self.ink("muted")
        elif isinstance(e, DiceRolled):
            text = f"Round {e.round}: dice rolled onto the wheel: " + " ".join(f"{v}{c}" for v, c in e.dice)
            style = self.ink("title")
        elif isinstance(e, PhaseBegan):
            if e.phase == "action":
                text, style = f"— Round {e.round}, lap {e.lap} —", self.ink("title")
            else:
                text, style = f"— Round {e.round}: {PHASE_WORDS.get(e.phase, e.phase)} —", self.ink("title")
        elif isinstance(e, FairHeld):
            who = ", ".join(names[p] for p in e.participants) or "nobody"
            text = f"Fair in {w.space_name(e.town)} ({e.board_vp}+{e.tile_vp} VP each time): {who} took part"
        elif isinstance(e, TileDrawn):
            text = f"drawn to the {e.to}: {w.tile_text(e.tile)}"
        elif isinstance(e, TileDiscarded):
            text = f"{w.tile_name(e.tile)}: {e.why}"
        elif isinstance(e, PileShuffled):
            text = f"{len(e.tiles)} tile(s) shuffled back into the {e.pile} pile"
        elif isinstance(e, Noted):  # what a module gave (Prospect for Silver: the Mines' income, the blue ribbon)
            text, style = f"{names[e.player]}: {e.text}", self.ink("good")
        elif isinstance(e, GameOver):
            text, style = f"Game over: {self._who(e.winner)} wins", self.ink("title")
        if text:
            out.append("\n")
            out.append(text, style)
