"""The game log: every action in plain language (or in the engine's notation, on request)."""

from __future__ import annotations

from rich.text import Text

from .painted import Painted


class LogView(Painted):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.entries: list = []
        self.players: list = []
        self.notation = False

    def show(self, entries, players, notation: bool) -> None:
        self.entries, self.players, self.notation = entries, players, notation
        self.redraw()

    def redraw(self) -> None:
        out = Text()
        out.append("Game log", self.ink("title"))
        out.append("  (n: notation on/off; newest last)\n" if not self.notation else "  (notation; n: plain words)\n",
                   self.ink("muted"))
        if not self.entries:
            out.append("Nothing has happened yet.", self.ink("muted"))
        for k, e in enumerate(self.entries):
            out.append(f"{k + 1:>4} ", self.ink("muted"))
            colour = self.players[e.seat].colour if 0 <= e.seat < len(self.players) else ""
            out.append("● ", self.player_ink(colour))
            out.append(e.notation if self.notation else e.text)
            for sc in e.scoring:
                name = self.players[sc.player].name if 0 <= sc.player < len(self.players) else "?"
                out.append("\n       ")
                out.append(f"{sc.vp:+d} VP {name}", self.ink("good") if sc.vp >= 0 else self.ink("bad"))
                out.append(f": {sc.why}", self.ink("muted"))
            out.append("\n")
        self.update(out)
