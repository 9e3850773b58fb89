"""Plain words for the things on the board: tiles, effects, Resources, dice, map spaces.

``words(state)`` gives the ``Words`` of the game's own catalogue (a game follows a ruleset, and a
ruleset owns its catalogue), so a tile reads the same everywhere and always as this game has it.
Pure functions of the catalogue (no textual): the widgets and the decision panel share them. The
engine's ``describe``/``explain_frame`` cover actions and decisions; this covers the components.
"""

from __future__ import annotations

import math

from .. import registry
from ..data import schema as S
from ..engine.queries import ACTION_NAMES, PIECE_NAMES
from ..engine.state import EMPTY
from ..engine.ruleset import rules_for
from ..learn.words import effect_words

RES = S.RESOURCE_NAMES
PIECE = PIECE_NAMES
ACTION_TITLE = ACTION_NAMES
# One letter per die colour, always printed beside the colour itself (light/dark grey and blue
# are easy to confuse on the physical board: the letter settles it).
DIE_LETTER_NAME = S.DIE_COLOUR_NAMES


def res_list(amounts: dict[str, int]) -> str:
    """``{"I": 2, "W": 1}`` -> ``"2 Iron, 1 Wool"`` in the fixed Resource order."""
    parts = [f"{amounts[r]} {RES[r]}" for r in S.RESOURCES if amounts.get(r)]
    return ", ".join(parts) if parts else "nothing"


def res_short(amounts: dict[str, int]) -> str:
    """Compact form for tight columns: ``G3 F1 W0 S2 I1``."""
    return " ".join(f"{r}{amounts.get(r, 0)}" for r in S.RESOURCES)


def effect_text(e: S.Effect) -> str:
    """An effect in the short words of the screens (the one home of the words is ``learn.words``)."""
    return effect_words(e, short=True)


def contract_price(t: S.Tile) -> str:
    parts = []
    if t.identical:
        parts.append(f"{t.identical} identical")
    if t.pay:
        parts.append(res_list(t.pay))
    return " + ".join(parts) or "nothing"


class Words:
    """The words of one ruleset's components."""

    def __init__(self, r) -> None:
        self.r = r
        self.cat = r.cat
        self.spaces = r.spaces

    def tile_name(self, tile_id: str) -> str:
        return self.cat.tiles[tile_id].name if tile_id in self.cat.tiles else tile_id

    def tile_text(self, tile_id: str) -> str:
        """One line saying what a tile is and does, e.g. ``Iron order: pay 3 Iron for 4 VP``."""
        t = self.cat.tiles.get(tile_id)
        if t is None:
            return tile_id
        if t.kind == "contract":
            extra = "".join(f", {effect_text(e)}" for e in t.effects)
            return f"{t.name}: {contract_price(t)} → {t.vp} VP{extra}"
        if t.kind == "crest":
            return t.name
        if t.kind == "character":
            effects = ", ".join(effect_text(e) for e in t.effects)
            return f"{t.name} ({ACTION_TITLE.get(t.action, '-')}): {effects}"
        name = t.name.removeprefix("Helper: ")
        return f"Helper {name}: " + ", ".join(effect_text(e) for e in t.effects)

    def tile_line(self, tile_id: str, width: int) -> str:
        """``tile_text`` cut to a column width."""
        text = self.tile_text(tile_id)
        return text if len(text) <= width else text[: width - 1] + "…"

    def space_name(self, space_id: str) -> str:
        return self.r.space_name(space_id) if space_id in self.spaces else space_id

    def crest_bonus_text(self, i: int) -> str:
        c = self.cat.board.crest_spaces[i]
        return f"{c.food} Food: {effect_text(c.bonus)}"

    def crest_bonus_short(self, i: int, width: int) -> str:
        """A Crest space's bonus in a few letters, for a Building column of the board."""
        text = effect_text(self.cat.board.crest_spaces[i].bonus)
        for long, brief in (("place a House in any Town", "House any"), ("place a Pillar at any Cathedral", "Pillar any"),
                            ("move your Merchant to any space", "Merch.any"),
                            ("move your Architect to any space", "Arch.any"),
                            ("gain 2 Resources of your choice", "2 Resourc."), ("gain ", "")):
            text = text.replace(long, brief)
        return text[:width]


# ---------------------------------------------------------------- map spaces: where a move leads
ARROWS = "↑↗→↘↓↙←↖"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def bearing(w, here: str, there: str) -> float:
    """Compass bearing in degrees (0 = up the map, clockwise) from one map space to another."""
    a, b = w.spaces[here], w.spaces[there]
    return math.degrees(math.atan2(b.x - a.x, a.y - b.y)) % 360


def arrow(w, here: str, there: str) -> str:
    return ARROWS[round(bearing(w, here, there) / 45) % 8]


def leads_to(w, here: str, there: str) -> str:
    """A destination named by where it leads: a Town by its name, a Road space by the Town beyond it."""
    space = w.spaces[there]
    if space.kind == "town":
        return space.name
    ends = space.name.removeprefix("road ").split("-")
    beyond = [e for e in ends if e != here and e in w.spaces]
    return f"the road to {w.spaces[beyond[0]].name}" if len(beyond) == 1 else w.space_name(there)


def space_summary(state, sid: str) -> str:
    """One line about a map space, for the detail line under a map choice."""
    w = words(state)
    space = w.spaces[sid]
    bits = []
    if space.kind == "town":
        houses = state.board.houses.get(sid, ())
        free = sum(1 for o in houses if o == EMPTY)
        owners = sorted({state.players[o].name for o in houses if o >= 0})
        bits.append(f"{_plural(free, 'free House space')}" + (f" (Houses: {', '.join(owners)})" if owners else ""))
        tiles = state.board.map_bonus.get(sid, ())
        if tiles:
            bits.append(_plural(len(tiles), "Bonus tile"))
        for i, fair in enumerate(state.board.fairs):
            if fair.town == sid and not fair.done:
                bits.append(f"Fair in round {i + 1}")
    else:
        bits.append("a road space (no Houses or Pillars)")
    here = [f"{pl.name}'s {PIECE[pc]}" for pl in state.players for pc in ("merchant", "architect") if getattr(pl, pc) == sid]
    if here:
        bits.append("here: " + ", ".join(here))
    return f"{w.space_name(sid)}: " + "; ".join(bits)


_WORDS: dict[int, Words] = {}
registry.watch(_WORDS.clear)  # a module came or went: the rulesets are built anew


def words(state_or_rules) -> Words:
    """The Words of a game's ruleset (from a state, a view or a ``Rules``)."""
    r = rules_for(state_or_rules.settings) if hasattr(state_or_rules, "settings") else state_or_rules
    w = _WORDS.get(id(r))
    if w is None or w.r is not r:  # rulesets live as long as the program's list of modules
        w = _WORDS[id(r)] = Words(r)
    return w
