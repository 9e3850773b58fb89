"""The Action Wheel, the King track, turn order, Corruption and the score of every player."""

from __future__ import annotations

from rich.text import Text

from ...data.schema import DIE_COLOURS
from ...engine.queries import (
    action_for_value, ap_for_die, die_resource, houses_on_map, king_space, pillars_on_map, wheel_position_for_value,
)
from ...engine.ruleset import rules_for
from .. import text as T
from .painted import Drawing, LineCached


class WheelView(LineCached):
    """Everything shared at the table, in reading order: wheel, King track, turn order, players."""

    FITS_WIDTH = True  # redrawn when its view changes width (tile texts are cut to fit)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.focus_player: int | None = None
        self.recap = None
        self.sections: dict[str, int] = {}  # line where each part starts, to scroll to it (king, players, die1-6)
        self.turn_die = None  # the die the player in turn took this turn (marked: an opponent's move shows)

    def draw(self, scene) -> None:
        self.recap, self.turn_die = scene.recap, scene.turn_die
        self.show(scene.state, scene.who)

    def show(self, state, focus_player: int | None) -> None:
        self.state, self.focus_player = state, focus_player
        self.redraw()

    def redraw(self) -> None:
        if self.state is None:
            return
        self._width = self._view_width()  # (looked up once a drawing: issue 39)
        out = Drawing()  # (a Text made of some 150 pieces at every move: issue 39)
        self._wheel(out)
        out.append("\n")
        self.sections["king"] = out.rows
        self._king(out)
        out.append("\n")
        self.sections["players"] = out.rows
        self._players(out)
        self.update(out.text())

    _width = 0  # the view's width for the drawing under way (``_view_width``)

    def _view_width(self) -> int:
        """The view's width, once it is laid out (else 0)."""
        parent = self.parent
        width = getattr(parent, "room", None) if parent is not None else 0  # (a view's: ``ViewScroll.room``)
        if width is None:
            width = parent.scrollable_content_region.width
        return width

    def _room(self, used: int) -> int:
        """Columns left in the view after ``used``."""
        return max((self._width or 78) - used - 1, 20)

    # ------------------------------------------------------------ the wheel
    def _wheel(self, out: Drawing) -> None:
        s = self.state
        out.append("Action Wheel", self.ink("title"))
        turned = s.board.wheel_rotation
        out.append(f"  (turned {turned} step{'s' if turned != 1 else ''})\n" if turned else "\n", self.ink("muted"))
        out.append(" Die  Action      AP  Dice on it      Bonus tile waiting\n", self.ink("muted"))
        w = T.words(s)
        focus = self.focus_player if self.focus_player is not None else 0
        for value in range(1, 7):
            self.sections[f"die{value}"] = out.rows
            action = action_for_value(s, value)
            pos = wheel_position_for_value(s, value)
            dice = s.board.wheel_dice[value - 1]
            out.append(f"  {value}   ")
            out.append(f"{T.ACTION_TITLE[action]:<10}", self.ink("strong"))
            ap = ap_for_die(s, focus, value)  # with the Bonus AP of the player in turn (the engine's count)
            out.append(f"{ap:>3}  ")
            out.append("  ")
            used = 0
            for colour in dice:
                out.append(self.die(colour, value))
                out.append(" ")
                used += 3
            if not dice:
                out.append("-", self.ink("muted"))
                used = 1
            out.append(" " * max(1, 15 - used))
            tile = s.board.wheel_bonus[pos]
            out.append(w.tile_line(tile, self._room(38)) if tile else "(taken)", None if tile else self.ink("muted"))
            out.append("\n")
        # What each colour gives the player in turn (a Helper may have changed it: the engine says).
        gives = {c: die_resource(s, c) for c in DIE_COLOURS}
        if len(set(gives.values())) == 1:
            out.append(f" This turn every die gives {T.RES[gives[DIE_COLOURS[0]]]} (a Helper changed it)\n", self.ink("title"))
        else:
            words = [f"{c} {T.DIE_LETTER_NAME[c]}→{T.RES[gives[c]]}" for c in DIE_COLOURS]
            line = " " + " ".join(words)
            if len(line) > self._room(0):  # a narrow view: two lines rather than a cut one
                line = " " + " ".join(words[:3]) + "\n " + " ".join(words[3:])
            out.append(line + "\n", self.ink("muted"))
        self._taken(out)

    def _taken(self, out: Drawing) -> None:
        """The die taken this turn, and the dice taken since the player in turn last played (the last
        moves): two lines whatever they hold, so the wheel keeps its height from move to move (a
        drawing that grows or shrinks lays the whole screen out again, on every screen at a hosted
        table: issue 39)."""
        s = self.state
        a = self.turn_die
        if a is not None:
            p = s.players[a.seat]
            out.append(" ▸ ", self.ink("now"))
            out.append(p.name, self.player_ink(p.colour))
            out.append(" took ")
            out.append(self.die(a.colour, a.value))
            if a.target != a.value:
                out.append(f"→{a.target}")
            out.append(f" this turn: the {T.ACTION_TITLE[a.action or action_for_value(s, a.target)]} Action")
        elif s.phase == "action" and self.focus_player is not None:
            p = s.players[self.focus_player]
            out.append(" ▸ ", self.ink("muted"))
            out.append(p.name, self.player_ink(p.colour))
            out.append(" has taken no die yet this turn", self.ink("muted"))
        out.append("\n")
        recap = self.recap
        if recap is None:
            out.append("\n")
            return
        out.append(f" Taken since {s.players[recap.seat].name}'s last turn: ", self.ink("muted"))
        if not recap.dice:
            out.append("none", self.ink("muted"))
        for k, (seat, a) in enumerate(recap.dice):
            if k:
                out.append(", ")
            out.append(s.players[seat].name, self.player_ink(s.players[seat].colour))
            out.append(" ")
            out.append(self.die(a.colour, a.value))
            if a.target != a.value:
                out.append(f"→{a.target}")
        out.append("\n")

    # ------------------------------------------------------------ King track
    def _king(self, out: Drawing) -> None:
        s = self.state
        tracks = rules_for(s.settings).tracks
        out.append("King track", self.ink("title"))
        out.append("  (stacks: bottom marker arrived first and wins ties)\n", self.ink("muted"))
        track = s.board.king_track
        height = max((len(st) for st in track), default=0)
        for level in range(height - 1, -1, -1):  # draw stacks standing on the track
            line = Text("  ")
            for stack in track:
                if level < len(stack):
                    p = stack[level]
                    line.append(f"{p + 1:>3}", self.player_ink(s.players[p].colour))
                else:
                    line.append("   ")
            out.append(line)
            out.append("\n")
        out.append("  ")
        for i, vp in enumerate(tracks.king_track):
            style = self.ink("bad") if vp < 0 else self.ink("good") if vp > 0 else self.ink("strong")
            out.append(f"{vp:>3}", style)
        out.append("\n")
        tile = s.board.king_bonus
        out.append("  Bonus tile for the highest: ", self.ink("muted"))
        out.append(T.words(s).tile_line(tile, self._room(30)) if tile else f"none (round 4: {tracks.king_round4_vp} VP)")
        out.append("\n")

    # ------------------------------------------------------------ players
    def _players(self, out: Drawing) -> None:
        s = self.state
        r = rules_for(s.settings)
        king_values, store_size = r.tracks.king_track, r.player_board.storehouse
        out.append("Turn order", self.ink("title"))
        out.append("  ")
        for i, p in enumerate(s.turn_order):
            mark = "▶" if s.phase == "action" and i == s.turn else " "
            out.append(f"{mark}{i + 1}. ")
            out.append(s.players[p].name, self.player_ink(s.players[p].colour))
            out.append("  ")
        out.append("\nCorruption ", self.ink("title"))
        # Face-down tokens are never shown: only how many are left.
        revealed = s.board.corruption_revealed
        out.append(" revealed: " + (" ".join(str(v) for v in revealed) if revealed else "none"))
        out.append(f" · face down: {'▮ ' * len(s.hidden.corruption_row)}".rstrip())
        out.append("\n\n")
        out.append(" #  Player     VP King Gold Food Wool Stone Iron Houses Pillars Store\n", self.ink("muted"))
        for i, p in enumerate(s.players):
            style = self.ink("now") if i == self.focus_player else None
            line = Text(f" {i + 1}  ")
            line.append(f"{p.name[:8]:<8}", self.player_ink(p.colour))
            king = king_values[king_space(s, i)]
            r = p.resources
            line.append(
                f" {p.vp:>4} {king:>+4} {r.get('G', 0):>4} {r.get('F', 0):>4} {r.get('W', 0):>4} {r.get('S', 0):>5} {r.get('I', 0):>4}"
                f"  {houses_on_map(s, i):>2}+{p.houses:<2}  {pillars_on_map(s, i):>2}+{p.pillars:<2}  {len(p.storehouse)}/{store_size}"
            )
            if style:
                line.stylize(style)
            out.append(line)
            out.append("\n")
        out.append(" Houses/Pillars: on the map + in supply", self.ink("muted"))
