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
        if rc.own:
            out.append(" Your last move: ", self.ink("muted"))
            out.append(rc.own + "\n")
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
        since = rc.since
        changes = since.vp() if since is not None else {}
        if changes:  # every change, in order, with why; each value the state's at that moment (issue 39)
            out.append("\nVP since then\n", self.ink("title"))
            for seat in sorted(changes):
                p = s.players[seat]
                out.append(f" {p.name}", self.player_ink(p.colour))
                out.append(f" {since.then[seat]} → {since.now[seat]} VP: ", self.ink("strong"))
                out.append(", ".join(f"{c.after - c.before:+d} {c.why} ({c.before} → {c.after})"
                                     for c in changes[seat]))
                out.append("\n")
        talk = getattr(since, "talk", ()) if since is not None else ()
        if talk:  # a hosted game's table talk said since (issue 44)
            out.append("\nTable talk since\n", self.ink("title"))
            for line in talk:
                out.append(f" \"{line}\"\n")
        marks = []
        if rc.moved:
            marks.append("pieces that moved are underlined on the map")
        if rc.dice:
            marks.append("the dice taken are listed under the Action Wheel")
        if marks:
            text = "; ".join(marks)
            out.append("\n" + text[0].upper() + text[1:] + ".", self.ink("muted"))
        self.update(out)
