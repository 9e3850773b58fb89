"""The strip of the player in turn, always on screen beside the decision: who, VP, the five
Resources, AP left, Houses and Pillars in supply, Bonus AP markers and the Storehouse.

Two lines in a small terminal; in the large layout a card of a few lines with each Storehouse tile
in full. Everything is read from the view of the game (the engine's queries for AP left).
"""

from __future__ import annotations

from rich.text import Text

from ...data.schema import RESOURCES
from ...engine.queries import ap_left
from ...engine.ruleset import rules_for
from ...engine.state import JokerFrame, TurnFrame
from .. import text as T
from .painted import SceneView

SHORT_ACTION = {"architect": "Arch", "merchant": "Merch", "character": "Char", "contract": "Contr", "king": "King",
                "joker": "Joker"}


def short_tile(w, tile_id: str) -> str:
    """A tile's name as short as it stays clear: 'Wolf Crest', 'Helper glory', 'Iron order'."""
    t = w.cat.tiles.get(tile_id)
    if t is None:
        return tile_id
    if t.kind == "crest":
        return f"{t.family} Crest" if t.family else t.name
    return t.name.replace("Helper: ", "Helper ")


class PlayerStrip(SceneView):
    def on_resize(self, event) -> None:
        self.redraw()

    def redraw(self) -> None:
        scene = self.scene
        if scene is None:
            return
        s = scene.state
        if scene.who is None:
            winner = s.players[s.winner].name if s.winner >= 0 else "?"
            self.update(Text(f"The game is over: {winner} wins. e: the final scoring table", self.ink("strong")))
            return
        self.update(self._card(s, scene.who) if scene.wide else self._lines(s, scene.who, max(self.size.width, 40)))

    # ------------------------------------------------------------ pieces
    def _who(self, s, i: int) -> Text:
        p = s.players[i]
        out = Text()
        out.append("● ", self.player_ink(p.colour))
        out.append(p.name, self.player_ink(p.colour))
        out.append(f" {p.vp} VP", self.ink("strong"))
        return out

    def _resources(self, p, short: bool) -> Text:
        out = Text()
        for k, r in enumerate(RESOURCES):
            if k:
                out.append(" ")
            n = p.resources.get(r, 0)
            out.append(f"{T.RES[r]} " if not short else f"{r}", self.ink("muted"))
            out.append(str(n), self.ink("strong") if n else self.ink("muted"))
        return out

    def _ap(self, s) -> Text:
        top = s.stack[-1] if s.stack else None
        left = ap_left(s)
        if isinstance(top, JokerFrame):
            from ...engine import options
            from ..choices import joker_aps

            return Text(f"Joker: {joker_aps(options(s)) or top.ap} AP to give", self.ink("title"))
        if left:
            return Text(f"{T.ACTION_TITLE[left[0]]} {left[1]} AP left", self.ink("title"))
        if isinstance(top, TurnFrame) and not top.die_taken:
            return Text("no die yet", self.ink("muted"))
        return Text("no AP", self.ink("muted"))

    def _more(self, s, i: int) -> str:
        from ..views import STRIP_PARTS

        return " · ".join(part for hook in STRIP_PARTS for part in hook(s, i))

    def _supply(self, p) -> str:
        return f"{p.houses} House{'s' if p.houses != 1 else ''}, {p.pillars} Pillar{'s' if p.pillars != 1 else ''}"

    def _bonus(self, p, short: bool) -> str:
        # (a module's Action has no short name here: Prospect for Silver's markers may go on the Prospector Action)
        marks = [f"{SHORT_ACTION.get(a, T.ACTION_TITLE[a][:5]) if short else T.ACTION_TITLE[a]} +{n}"
                 for a, n in p.bonus_ap.items() if n]
        return ", ".join(marks) if marks else "none"

    # ------------------------------------------------------------ two lines (80 columns and up)
    def _lines(self, s, i: int, width: int) -> Text:
        p = s.players[i]
        w = T.words(s)
        size = rules_for(s.settings).player_board.storehouse
        bar = " │ "
        one = self._who(s, i)
        res = self._resources(p, short=False)
        ap = self._ap(s)
        if len(one) + len(bar) * 2 + len(res) + len(ap) > width:
            res = self._resources(p, short=True)
        one.append(bar, self.ink("muted"))
        one.append_text(res)
        one.append(bar, self.ink("muted"))
        one.append_text(ap)
        two = Text()
        two.append(self._supply(p))
        bonus = self._bonus(p, short=True)
        if bonus != "none":
            two.append(bar, self.ink("muted"))
            two.append("Bonus AP ", self.ink("muted"))
            two.append(bonus)
        two.append(bar, self.ink("muted"))
        names = [short_tile(w, t) for t in p.storehouse]
        word = "Storehouse" if len(two) + 14 + len(", ".join(names)) <= width else "Store"
        two.append(f"{word} {len(p.storehouse)}/{size}", self.ink("muted"))
        room = width - len(two) - 2
        if names:
            two.append(": ", self.ink("muted"))
            text = ", ".join(names)
            if len(text) > room:  # cut every name a little rather than drop the last ones
                cut = max(5, (room + 2) // len(names) - 2)
                text = ", ".join(n if len(n) <= cut else n[: cut - 1] + "…" for n in names)
            two.append(text[: max(room, 0)])
        else:
            two.append(": empty", self.ink("muted"))
        if bonus == "none" and len(two) + 15 <= width:
            two.append(bar + "no Bonus AP", self.ink("muted"))
        more = self._more(s, i)
        if more:  # a module's few words (Silver, Mines, Prospectors): on the first line if they fit
            line = one if len(one) + len(bar) + len(more) <= width else two
            line.append(bar, self.ink("muted"))
            line.append(more)
        one.append("\n")
        one.append_text(two)
        return one

    # ------------------------------------------------------------ the card (large layout)
    def _card(self, s, i: int) -> Text:
        p = s.players[i]
        w = T.words(s)
        size = rules_for(s.settings).player_board.storehouse
        out = self._who(s, i)
        out.append(f" ({p.colour})", self.ink("muted"))
        out.append("  ")
        out.append_text(self._ap(s))
        out.append("\n")
        out.append_text(self._resources(p, short=False))
        out.append("\nSupply ", self.ink("muted"))
        out.append(self._supply(p))
        out.append(" · Bonus AP ", self.ink("muted"))
        out.append(self._bonus(p, short=True))
        more = self._more(s, i)
        if more:
            out.append("\n" + more)
        out.append(f"\nStorehouse {len(p.storehouse)}/{size}", self.ink("muted"))
        if not p.storehouse:
            out.append(": empty", self.ink("muted"))
        width = max(self.size.width, 30)
        for k, t in enumerate(p.storehouse):
            out.append(f"\n {k + 1}. ")
            out.append(w.tile_line(t, width - 4))
        return out
