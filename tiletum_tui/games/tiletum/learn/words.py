"""Tile effects and prices in words: the one home of them, for the rules pages, explanations and screens.

Pure (no textual, rich or UI), so the headless packages and the screens (``ui.text``) share it.
"""

from __future__ import annotations

from ..data import schema as S
from ..engine.queries import ACTION_NAMES, PIECE_NAMES
from .parts import learn_parts

RES = S.RESOURCE_NAMES
PIECE = PIECE_NAMES
ACTION = ACTION_NAMES


def amounts(res: dict[str, int]) -> str:
    parts = [f"{res[r]} {RES[r]}" for r in S.RESOURCES if res.get(r)]
    return ", ".join(parts) if parts else "nothing"


def effect_words(e, short: bool = False) -> str:  # noqa: C901 - one line per kind of effect, on purpose
    """One effect in plain words, starting lower case: 'gain 2 Wool'.

    The one home of these words: the rules pages use the full sentence, the screens the ``short``
    one for tight columns. A new effect kind without words fails here, loudly.
    """
    def pick(long: str, brief: str) -> str:
        return brief if short else long

    if isinstance(e, S.Gain):
        bits = ([amounts(e.resources)] if e.resources else []) + ([f"{e.vp} VP"] if e.vp else [])
        return "gain " + " and ".join(bits)
    if isinstance(e, S.GainAny):
        plural = "s" if e.count > 1 else ""
        return pick(f"gain {e.count} Resource{plural} of your choice (each may differ)", f"gain {e.count} Resource{plural} of your choice")
    if isinstance(e, S.TakeAction):
        name = ACTION[e.action] if e.action != "any" else ""
        what = "an Action of your choice" if e.action == "any" else f"{'an' if name[0] in 'AEIOU' else 'a'} {name} Action"
        return pick(f"take {what} with {e.ap} AP", f"{what} with {e.ap} AP")
    if isinstance(e, S.AddAP):
        return pick(f"add {e.ap} AP to the Action of the die you chose this turn", f"+{e.ap} AP to your die's Action")
    if isinstance(e, S.DieResource):
        return pick("when taking a die, take Resources of a type you choose instead of the die's colour",
                    "when taking a die, choose the Resource it gives")
    if isinstance(e, S.Move):
        times = "once" if e.steps == 1 else f"up to {e.steps} times"
        return pick(f"move your {PIECE[e.piece]} to a neighbouring space {times}", f"move your {PIECE[e.piece]} to an adjacent space {times}")
    if isinstance(e, S.MoveBoth):
        return pick("move your Architect one space and your Merchant one space", "move your Architect and your Merchant one space each")
    if isinstance(e, S.MoveAndPlace):
        thing = "a House" if e.piece == "merchant" else "a Pillar"
        return pick(f"move your {PIECE[e.piece]} one space and/or place {thing} where it stands, in either order",
                    f"move your {PIECE[e.piece]} one space and/or place {thing} there")
    if isinstance(e, S.PlaceHere):
        thing = "a House" if e.piece == "merchant" else "a Pillar"
        return pick(f"place {thing} where your {PIECE[e.piece]} stands", f"place {thing} where your {PIECE[e.piece]} is")
    if isinstance(e, S.PlaceAnywhere):
        if e.piece == "merchant":
            return pick("place a House from your supply in any Town", "place a House in any Town")
        return pick("place a Pillar from your supply at any Cathedral", "place a Pillar at any Cathedral")
    if isinstance(e, S.MoveAnywhere):
        return pick(f"move your {PIECE[e.piece]} to any space on the map", f"move your {PIECE[e.piece]} to any space")
    if isinstance(e, S.MoveToNextTown):
        return pick(f"move your {PIECE[e.piece]} from its Town to a neighbouring Town (passing the Road between)",
                    f"move your {PIECE[e.piece]} to an adjacent Town")
    if isinstance(e, S.King):
        plural = "s" if e.steps > 1 else ""
        return pick(f"advance {e.steps} space{plural} on the King track", f"advance {e.steps} on the King track")
    if isinstance(e, S.BuildingBonus):
        return pick("choose one of your Buildings and take the bonus of each Character in it once",
                    "take the bonuses of the Characters in one of your Buildings")
    for part in learn_parts():  # a module's effect kinds
        words = part.effect_words.get(type(e))
        if words is not None:
            return words(e, pick)
    raise AssertionError(f"no words for effect {e!r}")  # a new effect kind needs its words here (or in its module's learn part)


def effects_words(effects) -> str:
    return "; ".join(effect_words(e) for e in effects) or "no effect"


def price(t) -> str:
    """A Contract's price: 'pay 2 identical Resources and 2 Iron'."""
    parts = []
    if t.identical:
        parts.append(f"{t.identical} identical Resources of one type")
    if t.pay:
        parts.append(amounts(t.pay))
    return "pay " + (" and ".join(parts) or "nothing")


def tile_words(t) -> str:
    """What one catalogue tile is and does, in one line."""
    if t.kind == "contract":
        extra = "".join(f", and {effect_words(e)}" for e in t.effects)
        return f"{price(t)} to score {t.vp} VP{extra}"
    if t.kind == "crest":
        return f"a Crest of the {t.family} family: place it under a Building"
    if t.kind == "character":
        return f"{effects_words(t.effects)} (Completed Building: +AP for the {ACTION[t.action]} Action)"
    return effects_words(t.effects)
