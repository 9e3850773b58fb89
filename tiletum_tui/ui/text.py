"""Plain words for the things on the board: tiles, effects, Resources, dice.

Pure functions of the catalogue (no textual): the widgets and the decision panel share them so a
tile reads the same everywhere. The engine's ``describe``/``explain_frame`` cover actions and
decisions; this module covers the components those sentences mention.
"""

from __future__ import annotations

from ..data import schema as S
from ..data.catalogue import load

CAT = load()
SPACES = {s.id: s for s in CAT.map.spaces}
RES = S.RESOURCE_NAMES
PIECE = {"merchant": "Merchant", "architect": "Architect"}
ACTION_TITLE = {a: a.capitalize() for a in S.ACTIONS}
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
    if isinstance(e, S.Gain):
        bits = []
        if e.resources:
            bits.append(res_list(e.resources))
        if e.vp:
            bits.append(f"{e.vp} VP")
        return "gain " + " and ".join(bits)
    if isinstance(e, S.GainAny):
        return f"gain {e.count} Resource{'s' if e.count > 1 else ''} of your choice"
    if isinstance(e, S.TakeAction):
        name = "an Action of your choice" if e.action == "any" else f"a {ACTION_TITLE[e.action]} Action"
        return f"{name} with {e.ap} AP"
    if isinstance(e, S.AddAP):
        return f"+{e.ap} AP to your die's Action"
    if isinstance(e, S.DieResource):
        return "when taking a die, choose the Resource it gives"
    if isinstance(e, S.Move):
        times = "once" if e.steps == 1 else f"{e.steps} times"
        return f"move your {PIECE[e.piece]} to an adjacent space {times}"
    if isinstance(e, S.MoveBoth):
        return "move your Architect and your Merchant one space each"
    if isinstance(e, S.MoveAndPlace):
        what = "a House" if e.piece == "merchant" else "a Pillar"
        return f"move your {PIECE[e.piece]} one space and/or place {what} there"
    if isinstance(e, S.PlaceHere):
        what = "a House" if e.piece == "merchant" else "a Pillar"
        return f"place {what} where your {PIECE[e.piece]} is"
    if isinstance(e, S.PlaceAnywhere):
        return "place a House in any Town" if e.piece == "merchant" else "place a Pillar at any Cathedral"
    if isinstance(e, S.MoveAnywhere):
        return f"move your {PIECE[e.piece]} to any space"
    if type(e).__name__ == "MoveToNextTown":  # newer catalogue effect: not in every schema version
        return f"move your {PIECE[e.piece]} to an adjacent Town"
    if isinstance(e, S.King):
        return f"advance {e.steps} on the King track"
    if isinstance(e, S.BuildingBonus):
        return "take the bonuses of the Characters in one of your Buildings"
    # An effect added to the catalogue after this was written: its name, spaced, beats nothing.
    name = type(e).__name__
    return "".join(f" {c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


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
