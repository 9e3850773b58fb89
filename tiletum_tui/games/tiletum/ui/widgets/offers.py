"""The Contract and Character offers, the four Fairs with this round's highlighted, and what is
left in the face-down piles and the dice bag (their contents are public, their order is not: the
view of the game keeps them sorted)."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from ...data.schema import DIE_COLOURS

from ...engine.queries import fair_per
from ...engine.ruleset import rules_for
from .. import text as T
from .painted import LineCached


class OffersView(LineCached):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.sections: dict[str, int] = {}  # line where each part starts, to scroll to it

    def draw(self, scene) -> None:
        self.show(scene.state)

    def show(self, state) -> None:
        self.state = state
        self.redraw()

    def redraw(self) -> None:
        s = self.state
        if s is None:
            return
        r = rules_for(s.settings)
        w = T.words(r)
        out = Text()
        out.append("Contract offer", self.ink("title"))
        out.append("  (AP to take it with the Contract Action)\n", self.ink("muted"))
        for i, tile in enumerate(s.board.contract_offer):
            out.append(f" {r.tracks.contract_offer_ap[i]} AP  ", self.ink("strong"))
            out.append(w.tile_text(tile) if tile else "(empty until the end of the turn)", None if tile else self.ink("muted"))
            out.append("\n")
        out.append("\n")
        self.sections["character-offer"] = out.plain.count("\n")
        out.append("Character offer", self.ink("title"))
        out.append("  (1 AP each; (Action) = grows when its Building is Completed)\n", self.ink("muted"))
        for tile in s.board.character_offer:
            out.append("  • ")
            out.append(w.tile_text(tile) if tile else "(empty)")
            out.append("\n")
        out.append("\n")
        self.sections["fairs"] = out.plain.count("\n")
        out.append("Fairs", self.ink("title"))
        out.append("  (score with a House in the Town or your Merchant there)\n", self.ink("muted"))
        for i, fair in enumerate(s.board.fairs):
            tile = r.cat.fair_tiles.get(fair.tile)
            now = i + 1 == s.round and not fair.done
            line = Text(f" {i + 1}. Round {i + 1}: {w.space_name(fair.town):<10} ")
            if fair.done:
                line.append("done", self.ink("muted"))
            elif tile is not None:
                board_vp, tile_vp = fair_per(r, s, i)
                line.append(f"{board_vp}+{tile_vp} {tile.text}")
            if now:
                line.stylize(self.ink("now"))
                line.append("  ◀ this round")
            out.append(line)
            out.append("\n")
        self._piles(out, s)
        self.update(out)

    def _piles(self, out: Text, s) -> None:
        h = s.hidden
        out.append("\nFace down", self.ink("title"))
        out.append("  (how many are left; their order is secret)\n", self.ink("muted"))
        out.append(f" Bonus tiles {len(h.bonus_pile)} · Contracts {len(h.contract_pile)} · "
                   f"Characters {len(h.character_pile)} · Corruption tokens this round {len(h.corruption_row)}\n")
        bag = Counter(h.bag)
        out.append(f" Dice in the bag {len(h.bag)}", None)
        if bag:
            out.append(": ")
            for c in DIE_COLOURS:
                if bag[c]:
                    out.append(self.die(c))
                    out.append(f"×{bag[c]} ")
        out.append("\n")
