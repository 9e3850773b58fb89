"""One player's board: Resources, supply, dice, Storehouse, the six Buildings, Crests, Contracts.

The board follows the player in turn; ``[`` and ``]`` show another player's until the turn passes.
Its owner's name is a header that never scrolls away (``BoardHeader``, docked in the view).
"""

from __future__ import annotations

from rich.text import Text

from ...engine.queries import houses_on_map, pillars_on_map
from .. import text as T
from .painted import LineCached, SceneView

COL = 10  # width of one Building column (9 + 6 x 10 = 69: fits a view beside the decision at 120 columns)


class BoardHeader(SceneView):
    """Whose board this is (it stays on screen while the board scrolls)."""

    def redraw(self) -> None:
        scene = self.scene
        if scene is None:
            return
        s, i = scene.state, scene.board_player
        p = s.players[i]
        out = Text()
        out.append("Board of ", self.ink("muted"))
        out.append(p.name, self.player_ink(p.colour))
        out.append(f" (player {i + 1}, {p.colour}) · {p.vp} VP", self.ink("strong"))
        if scene.who is not None and i != scene.who:
            out.append(f" · not in turn: {s.players[scene.who].name} is", self.ink("bad"))
        out.append("   [ ] other players", self.ink("muted"))
        self.update(out)


class BoardView(LineCached):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.player = 0
        self.sections: dict[str, int] = {}  # line where each part starts (to scroll to it)

    def draw(self, scene) -> None:
        self.show(scene.state, scene.board_player)

    def show(self, state, player: int) -> None:
        self.state, self.player = state, player
        self.redraw()

    def redraw(self) -> None:
        s = self.state
        if s is None:
            return
        i = self.player
        p = s.players[i]
        w = T.words(s)
        BOARD = w.cat.board
        out = Text()
        out.append("Resources: ")
        out.append(T.res_list(p.resources) if any(p.resources.values()) else "none")
        out.append("\nSupply: ")
        out.append(f"{p.houses} House{'s' if p.houses != 1 else ''}, {p.pillars} Pillar{'s' if p.pillars != 1 else ''}"
                   f" (on the map: {houses_on_map(s, i)} Houses, {pillars_on_map(s, i)} Pillars)")
        out.append(f"\nMerchant at {w.space_name(p.merchant)} · Architect at {w.space_name(p.architect)}\n")
        out.append("Dice: ")
        for k in range(BOARD.die_spaces):
            if k < len(p.dice):
                out.append(self.die(p.dice[k]))
                out.append(" ")
            else:
                out.append("· ", self.ink("muted"))
        bonus = [f"{T.ACTION_TITLE[a]} +{n}" for a, n in p.bonus_ap.items() if n]
        out.append("  Bonus AP: " + (", ".join(bonus) if bonus else "none yet"))
        self.sections["storehouse"] = out.plain.count("\n") + 2
        out.append("\n\nStorehouse", self.ink("title"))
        out.append(f" ({len(p.storehouse)}/{BOARD.storehouse})\n")
        for k in range(BOARD.storehouse):
            tile = p.storehouse[k] if k < len(p.storehouse) else ""
            out.append(f" {k + 1}. ")
            out.append(w.tile_text(tile) if tile else "empty", None if tile else self.ink("muted"))
            out.append("\n")
        self.sections["buildings"] = out.plain.count("\n") + 1
        self._buildings(out, p, w)
        self.sections["contracts"] = out.plain.count("\n") + 1
        self._contracts(out, p, w)
        self.update(out)

    def _buildings(self, out: Text, p, w) -> None:
        BOARD = w.cat.board
        out.append("\nBuildings", self.ink("title"))
        out.append("  (Rooms by floor; ✓ = Completed)\n", self.ink("muted"))
        out.append(" " * 9)
        for b, spec in enumerate(BOARD.buildings):
            done = " ✓" if p.completed[b] else ""
            out.append(f"{b + 1}{done}".center(COL), self.ink("strong"))
        out.append("\n" + "roof".ljust(9))
        for b in range(len(BOARD.buildings)):
            out.append(("⌂ House" if p.roof[b] else "-").center(COL), None if p.roof[b] else self.ink("muted"))
        for floor in (3, 2, 1):
            out.append("\n" + f"floor {floor}".ljust(9))
            for b, spec in enumerate(BOARD.buildings):
                if floor > spec.rooms:
                    out.append(" " * COL)
                    continue
                tile = p.rooms[b][floor - 1]
                if tile == "*":
                    out.append("occupied".center(COL), self.ink("muted"))
                elif tile:
                    out.append(w.tile_name(tile)[: COL - 1].center(COL))
                else:
                    out.append(f"· {floor}AP".center(COL), self.ink("muted"))
        out.append("\n" + "Crest".ljust(9))
        for b in range(len(BOARD.buildings)):
            tile = p.crests[b]
            text = w.tile_name(tile).removeprefix("Crest of the ") if tile else f"{BOARD.crest_spaces[b].food} Food"
            out.append(text[: COL - 1].center(COL), None if tile else self.ink("muted"))
        out.append("\n" + "bonus".ljust(9))
        for b in range(len(BOARD.buildings)):
            out.append(w.crest_bonus_short(b, COL - 1).center(COL), self.ink("muted"))
        out.append("\n Rooms: a Character's bonus when placed · Crest: Food, then the bonus\n", self.ink("muted"))

    def _contracts(self, out: Text, p, w) -> None:
        BOARD = w.cat.board
        out.append("\nContracts", self.ink("title"))
        out.append("  (filled left to right: VP of the space; P = a Pillar)\n", self.ink("muted"))
        for k, vp in enumerate(BOARD.contract_vp):
            tile = p.contracts[k]
            pillar = " P" if k < BOARD.contract_pillars and not tile else ""
            out.append(f" {k + 1}. +{vp} VP{pillar:<3}", self.ink("strong") if not tile else self.ink("muted"))
            out.append(w.tile_line(tile, 50) if tile else "open", None if tile else self.ink("muted"))
            out.append("\n")
        if p.cathedral_tiles or p.cathedrals:
            out.append(f"\nCathedrals contributed to: {', '.join(w.space_name(t) for t in p.cathedrals)}"
                       f" ({len(p.cathedral_tiles)} Cathedral tile(s))\n")
