"""The one-line status: round, phase, lap, whose turn it is and every player's VP (the strip under
it tells the rest about the player in turn)."""

from __future__ import annotations

from rich.text import Text

from .painted import Painted

PHASES = {"action": "Action phase", "king": "King phase", "over": "Game over"}


class StatusBar(Painted):
    def show(self, state, who: int | None, left: str = "") -> None:
        self.state, self.who, self.left = state, who, left  # left: a hosted game's time left (issue 44)
        self.redraw()

    def redraw(self) -> None:
        s = getattr(self, "state", None)
        if s is None:
            return
        out = Text()
        out.append(f"Round {s.round}/4", self.ink("strong"))
        out.append(f" · lap {s.lap}/3" if s.phase == "action" else f" · {PHASES.get(s.phase, s.phase)}")
        if self.who is not None:
            p = s.players[self.who]
            out.append(" · ")
            out.append(f"{p.name}'s turn" if s.phase == "action" else f"{p.name} decides", self.player_ink(p.colour))
            if s.phase == "action":
                out.append(f" ({s.turn + 1}/{len(s.turn_order)})")  # the turn within this lap
            if getattr(self, "left", ""):
                out.append(f" · {self.left}", self.ink("strong"))
        out.append(" │ VP", self.ink("muted"))
        for i, p in enumerate(s.players):
            short = p.name[:6] if len(s.players) <= 2 else p.name[:3]  # four players still fit in 80 columns
            out.append(f" {short} ", self.player_ink(p.colour))
            out.append(f"{p.vp}")
        self.update(out)
