"""'Since your last turn': what the others did, shown when a seat's turn starts (``ui.recap``)."""

from __future__ import annotations

from rich.text import Text

from .painted import SceneView


class RecapView(SceneView):
    def redraw(self) -> None:
        scene = self.scene
        if scene is None:
            return
        s = scene.state
        rc = scene.recap
        out = Text()
        if rc is None:
            out.append("Since your last turn", self.ink("title"))
            out.append("\nNothing to tell yet.", self.ink("muted"))
            self.update(out)
            return
        me = s.players[rc.seat]
        out.append(f"Since {me.name}'s last turn", self.ink("title"))
        out.append("  (Esc or any view key: back · s: show this again)\n", self.ink("muted"))
        if rc.empty:
            out.append(" Nothing happened: this is the first turn.\n", self.ink("muted"))
        for seat, line in rc.lines:
            if seat is None:
                out.append(" ▸ ", self.ink("title"))
                out.append(line + "\n", self.ink("title"))
            else:
                p = s.players[seat]
                out.append(" ● ", self.player_ink(p.colour))
                out.append(line + "\n")
        if rc.vp:
            out.append("\nVP since then\n", self.ink("title"))
            for seat in sorted(rc.vp):
                p = s.players[seat]
                now = rc.vp_now.get(seat, p.vp)
                then = now - sum(v for v, _ in rc.vp[seat])
                out.append(f" {p.name}", self.player_ink(p.colour))
                out.append(f" {then} → {now} VP: ", self.ink("strong"))  # every change, in order, with why
                out.append(", ".join(f"{v:+d} {why}" for v, why in rc.vp[seat]))
                out.append("\n")
        marks = []
        if rc.moved:
            marks.append("pieces that moved are underlined on the map")
        if rc.dice:
            marks.append("the dice taken are listed under the Action Wheel")
        if marks:
            text = "; ".join(marks)
            out.append("\n" + text[0].upper() + text[1:] + ".", self.ink("muted"))
        self.update(out)
