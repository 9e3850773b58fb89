"""Tile effects and prices in words, for the rules pages and explanations.

Kept inside ``learn`` (not borrowed from ``tiletum_tui.ui``) so this package stays free of the UI
and can be imported headless, like the engine.
"""

from __future__ import annotations

from ..data import schema as S

RES = S.RESOURCE_NAMES
PIECE = {"merchant": "Merchant", "architect": "Architect"}
ACTION = {a: a.capitalize() for a in S.ACTIONS}


def amounts(res: dict[str, int]) -> str:
    parts = [f"{res[r]} {RES[r]}" for r in S.RESOURCES if res.get(r)]
    return ", ".join(parts) if parts else "nothing"


def effect_words(e) -> str:  # noqa: C901 - one line per kind of effect, on purpose
    """One effect in plain words, starting lower case: 'gain 2 Wool'."""
    if isinstance(e, S.Gain):
        bits = ([amounts(e.resources)] if e.resources else []) + ([f"{e.vp} VP"] if e.vp else [])
        return "gain " + " and ".join(bits)
    if isinstance(e, S.GainAny):
        return f"gain {e.count} Resource{'s' if e.count > 1 else ''} of your choice (each may differ)"
    if isinstance(e, S.TakeAction):
        what = "an Action of your choice" if e.action == "any" else f"a {ACTION[e.action]} Action"
        return f"take {what} with {e.ap} AP"
    if isinstance(e, S.AddAP):
        return f"add {e.ap} AP to the Action of the die you chose this turn"
    if isinstance(e, S.DieResource):
        return "when taking a die, take Resources of a type you choose instead of the die's colour"
    if isinstance(e, S.Move):
        times = "once" if e.steps == 1 else f"up to {e.steps} times"
        return f"move your {PIECE[e.piece]} to a neighbouring space {times}"
    if isinstance(e, S.MoveBoth):
        return "move your Architect one space and your Merchant one space"
    if isinstance(e, S.MoveAndPlace):
        thing = "a House" if e.piece == "merchant" else "a Pillar"
        return f"move your {PIECE[e.piece]} one space and/or place {thing} where it stands, in either order"
    if isinstance(e, S.PlaceHere):
        thing = "a House" if e.piece == "merchant" else "a Pillar"
        return f"place {thing} where your {PIECE[e.piece]} stands"
    if isinstance(e, S.PlaceAnywhere):
        return "place a House from your supply in any Town" if e.piece == "merchant" \
            else "place a Pillar from your supply at any Cathedral"
    if isinstance(e, S.MoveAnywhere):
        return f"move your {PIECE[e.piece]} to any space on the map"
    if isinstance(e, S.MoveToNextTown):
        return f"move your {PIECE[e.piece]} from its Town to a neighbouring Town (passing the Road between)"
    if isinstance(e, S.King):
        return f"advance {e.steps} space{'s' if e.steps > 1 else ''} on the King track"
    if isinstance(e, S.BuildingBonus):
        return "choose one of your Buildings and take the bonus of each Character in it once"
    raise AssertionError(f"no words for effect {e!r}")  # a new effect kind needs its words here


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
