"""Plain words for the things on the board: tiles, effects, Resources, dice.

Pure functions of the catalogue (no textual): the widgets and the decision panel share them so a
tile reads the same everywhere. The engine's ``describe``/``explain_frame`` cover actions and
decisions; this module covers the components those sentences mention.
"""

from __future__ import annotations

from ..data import schema as S
from ..data.catalogue import load
from ..engine.queries import ACTION_NAMES, PIECE_NAMES
from ..learn.words import effect_words

CAT = load()
SPACES = {s.id: s for s in CAT.map.spaces}
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


def tile_line(tile_id: str, width: int) -> str:
    """``tile_text`` cut to a column width."""
    text = tile_text(tile_id)
    return text if len(text) <= width else text[: width - 1] + "…"


def tile_name(tile_id: str) -> str:
    return CAT.tiles[tile_id].name if tile_id in CAT.tiles else tile_id


def tile_text(tile_id: str) -> str:
    """One line saying what a tile is and does, e.g. ``Iron order: pay 3 Iron for 4 VP``."""
    t = CAT.tiles.get(tile_id)
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


def space_name(space_id: str) -> str:
    s = SPACES.get(space_id)
    if s is None:
        return space_id
    if s.kind == "road":
        a, _, b = s.name.removeprefix("road ").partition("-")
        return f"road {SPACES[a].name}–{SPACES[b].name}" if a in SPACES and b in SPACES else s.name
    return s.name


def crest_bonus_text(i: int) -> str:
    c = CAT.board.crest_spaces[i]
    return f"{c.food} Food: {effect_text(c.bonus)}"
