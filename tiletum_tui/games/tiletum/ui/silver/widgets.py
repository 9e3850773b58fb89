"""Prospect for Silver on screen, beside the base game's views: the Prospector Wheel (a line above the
Action Wheel), and the Silver view (the Technology board, the Prospector Wheel by die value, every
player's Silver, Mines, Prospectors and Technologies, the Scoring overlay and the Underground
Cathedrals). Every number comes from the engine's state and queries.
"""

from __future__ import annotations

import textwrap

from rich.text import Text

from ...engine.queries import ACTION_NAMES, action_for_value, ap_for_die
from ...engine.silver import prospector as P
from ...engine.silver.common import sv
from ...engine.silver.king import mines_on_maps
from ...engine.silver.scoring import overlay_side, overlay_vp
from ...engine.silver.tables import PROSPECTOR, tables
from ...engine.silver.technologies import TIERS
from ...engine.silver.underground import space_name
from .. import text as T
from ..widgets.painted import Painted


WIDTH = 76  # an 80-column terminal, less the view's padding and scroll bar


def prospector_values(state) -> tuple[list[int], list[int]]:
    """Die values beside the Prospector Action and beside the movement icon, this round."""
    action = [v for v in range(1, 7) if P.section_actions(state, v)]
    icon = [v for v in range(1, 7) if P.movement_icon(state, v)]
    return action, icon


class ProspectorWheelLine(Painted):
    """One line over the Action Wheel: where the Prospector Wheel's Action and icon lie this round."""

    def show(self, state) -> None:
        self.state = state
        self.redraw()

    def redraw(self) -> None:
        s = getattr(self, "state", None)
        if s is None:
            return
        action, icon = prospector_values(s)
        tile = sv(s).prospector_bonus
        out = Text("Prospector Wheel", self.ink("title"))
        out.append("  Prospector Action: dice " + " ".join(map(str, action)), self.ink("strong"))
        # (one line at 80 columns: the key line names the g and k views)
        out.append("  ·  movement icon: " + " ".join(map(str, icon)) + "\n")
        out.append(" its Bonus tile: ", self.ink("muted"))
        out.append(T.words(s).tile_line(tile, 58) if tile else "(taken)", None if tile else self.ink("muted"))
        self.update(out)


class SilverView(Painted):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.focus_player: int | None = None
        self.sections: dict[str, int] = {}  # line where each part starts, to scroll to it (a tutorial step's view)

    def show(self, state, focus_player: int | None) -> None:
        self.state, self.focus_player = state, focus_player
        self.redraw()

    def redraw(self) -> None:
        if self.state is None:
            return
        out = Text()
        for part, draw in (("wheel", self._wheel), ("technologies", self._technologies), ("players", self._players),
                           ("scoring", self._scoring)):
            self.sections[part] = out.plain.count("\n")
            draw(out)
        self.update(out)

    def _wheel(self, out: Text) -> None:
        s = self.state
        who = self.focus_player if self.focus_player is not None else 0
        out.append("Prospector Wheel", self.ink("title"))
        out.append("  (turns counterclockwise each Cleanup)\n", self.ink("muted"))
        out.append(" Die  Action Wheel   Prospector Wheel\n", self.ink("muted"))
        for v in range(1, 7):
            out.append(f"  {v}   {ACTION_NAMES[action_for_value(s, v)]:<13}")
            if P.section_actions(s, v):
                out.append(f"Prospector Action, {ap_for_die(s, who, v, PROSPECTOR)} AP", self.ink("strong"))
                out.append(" (or the wheel's: one)", self.ink("muted"))
            elif P.movement_icon(s, v):
                out.append("movement icon: a free Prospector step", self.ink("good"))
            else:
                out.append("-", self.ink("muted"))
            out.append("\n")
        tile = sv(s).prospector_bonus
        out.append(" its Bonus tile: ", self.ink("muted"))
        out.append(T.words(s).tile_line(tile, 58) if tile else "(taken; refilled in the Cleanup)")
        out.append("\n\n")

    def _technologies(self, out: Text) -> None:
        s = self.state
        st = sv(s)
        d = tables().data
        out.append("Technology board", self.ink("title"))
        out.append("  (Task: 1/2/3 Silver a tier; tiers reached stay in effect)\n", self.ink("muted"))
        for tech in st.technologies:
            t = d.technologies[tech]
            out.append(f" {t.name}", self.ink("strong"))
            at = [i for i, p in enumerate(st.players) if p.technology[tech] == 0]
            if at:
                out.append("  not yet: ", self.ink("muted"))
                self._who(out, at)
            out.append("\n")
            for k, tier in enumerate(t.tiers):
                out.append(f" {TIERS[k]:>3} {tier.cost}Ag ")
                here = [i for i, p in enumerate(st.players) if p.technology[tech] == k + 1]
                self._who(out, here, width=5)
                lines = textwrap.wrap(tier.text, WIDTH - 14)
                out.append(("\n" + " " * 14).join(lines) + "\n")
        if st.resource_tiles:
            out.append(" Resource Bonus tiles left on tier I: " + ", ".join(
                T.RES[x.removeprefix("rbt-")] for x in st.resource_tiles) + "\n")
        out.append("\n")

    def _who(self, out: Text, players: list[int], width: int = 0) -> None:
        used = 0
        for i in players:
            out.append(f"{i + 1}", self.player_ink(self.state.players[i].colour))
            used += 1
        if width:
            out.append(" " * max(1, width - used))

    def _players(self, out: Text) -> None:
        s = self.state
        st = sv(s)
        out.append(" #  Player      Silver Mines map/own/King Prospectors placed+supply, Bonus AP, where\n",
                   self.ink("muted"))
        for i, p in enumerate(st.players):
            pl = s.players[i]
            line = Text(f" {i + 1}  ")
            line.append(f"{pl.name[:10]:<10}", self.player_ink(pl.colour))
            where = ", ".join(space_name(x).split(" (")[0] for x in p.prospectors.values())
            bonus = ", ".join(f"{ACTION_NAMES[a][:4]}+{n}" for a, n in pl.bonus_ap.items() if n) or "-"
            # Every figure, and the Underground Towns in full (they were cut to 10 letters): last, so
            # a long name wraps rather than pushing the figures off.
            line.append(f"  {p.silver:>4}   {mines_on_maps(s, i):>3}/{p.mines}/{p.king_mines:<6}    "
                        f"{len(p.prospectors)}+{p.prospector_supply}  {bonus}" + (f"  at {where}" if where else ""))
            if p.resource_tile:
                line.append(f"  +1 {T.RES[p.resource_tile.removeprefix('rbt-')]} per die")
            if i == self.focus_player:
                line.stylize(self.ink("now"))
            out.append(line)
            out.append("\n")
        out.append(" Mines: on the maps (1 Silver each King phase) / supply / by the King track\n",
                   self.ink("muted"))
        out.append("\n")

    def _scoring(self, out: Text) -> None:
        s = self.state
        st = sv(s)
        side = overlay_side(s)
        out.append("Scoring overlay", self.ink("title"))
        out.append(f"  side {side.side}: {side.text}\n", self.ink("muted"))
        for i, pl in enumerate(s.players):
            vp, why = overlay_vp(s, i)
            out.append(f"  {pl.name[:10]:<10} ", self.player_ink(pl.colour))
            out.append(f"{why} = {vp} VP now\n")
        if st.construction_cost:
            out.append("\nUnderground Cathedrals", self.ink("title"))
            out.append("  (a Task where you have a Pillar)\n", self.ink("muted"))
            for town, cost_id in st.construction_cost.items():
                cost = tables().data.construction_costs[cost_id]
                out.append(f"  {space_name(town)}: {cost.cost} {cost.kind.capitalize()}, {cost.vp} VP + a tile "
                           f"({len(st.cathedral_stack[town])} left)\n")


def strip_parts(state, player: int) -> list[str]:
    """Short facts of one player for an always-visible strip (issue 9's strip may show them): Silver,
    Mines on the maps / in supply, Prospectors placed / in supply."""
    if state.settings.modules is None or "silver" not in state.settings.modules:
        return []
    p = sv(state).players[player]
    return [f"Silver {p.silver}", f"Mines {mines_on_maps(state, player)}+{p.mines}",
            f"Prospectors {len(p.prospectors)}+{p.prospector_supply}"]
