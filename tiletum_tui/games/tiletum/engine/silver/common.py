"""Small pieces the expansion's rules share: its state in a game, Silver, the effects in force.

Silver ("Silver" in the text) is never a Resource: it lives in ``SilverPlayer.silver``, apart from
``Player.resources``, so no base rule (buying, exchanging, a die, "any Resource", a Contract's
price, "1 VP per 4 Resources") can ever touch it (docs/silver.md, ruling 16).
"""

from __future__ import annotations

from msgspec import UNSET

from ...data import silver_schema as sx
from ..actions import refuse
from ..state import put
from .state import SilverPlayer, SilverState
from .tables import tables


def in_this_game(state) -> None:
    """Refuse an action of the expansion in a game played without it."""
    if not state.module_state or state.module_state.silver is UNSET:
        raise refuse("this game is played without the Prospect for Silver expansion")


def sv(state) -> SilverState:
    """The expansion's state in a game."""
    return state.module_state.silver


def me(state, player: int) -> SilverPlayer:
    return state.module_state.silver.players[player]


def gain_silver(state, player: int, n: int) -> None:
    p = me(state, player)
    put(p, "silver", p.silver + n)


def pay_silver(state, player: int, n: int, what: str) -> None:
    """Refuse when the player cannot pay ``n`` Silver for ``what`` (checked before any change)."""
    have = me(state, player).silver
    if have < n:
        raise refuse(f"{what} costs {n} Silver and you have {have}")


def spaces_in_play(state) -> tuple[str, ...]:
    t = tables()
    return tuple(s for m, side in sv(state).sides.items() for s in t.side_spaces[(m, side)])


def in_play(state, space: str) -> bool:
    t = tables()
    m = t.map_of.get(space)
    return m is not None and sv(state).sides.get(m) == t.side_of[space]


# ---------------------------------------------------------------- the effects in force for a player
_IN_FORCE: dict[tuple, dict] = {}
_NONE: dict = {}
# id(technology dict) -> (that dict, Resource Bonus tile, what is in force). A state's dicts are replaced,
# never changed in place (engine/state.py), so the same dict means the same tiers; holding the dict here
# keeps its id from being reused while cached.
_BY_DICT: dict[int, tuple] = {}


def in_force(state, player: int) -> dict:
    """The ongoing modifiers a player has, by kind: of every Technology tier reached (and those below it,
    ruling 15) and of the Resource Bonus tile taken; and their discounts by Task (``("discount", task)``).
    Cached by what decides them (every option asks)."""
    p = state.module_state.silver.players[player]  # (``me``, inline: the hottest question of the expansion)
    tech = p.technology
    hit = _BY_DICT.get(id(tech))
    if hit is not None and hit[0] is tech and hit[1] == p.resource_tile:
        return hit[2]
    if not p.resource_tile and not any(tech.values()):
        found = _NONE  # (most of a game's decisions, early on)
    else:
        key = (tuple(tech.items()), p.resource_tile)
        found = _IN_FORCE.get(key)
        if found is None:
            found = _IN_FORCE[key] = _modifiers(key)
    if len(_BY_DICT) > 4096:
        _BY_DICT.clear()
    _BY_DICT[id(tech)] = (tech, p.resource_tile, found)
    return found


def _modifiers(key: tuple) -> dict:
    d = tables().data
    mods: list = []
    for tech, tier in key[0]:
        for t in d.technologies[tech].tiers[:tier]:
            mods += t.ongoing
    if key[1]:
        mods += d.resource_bonus_tiles[key[1]].ongoing
    found: dict = {}
    for m in mods:
        found[type(m)] = found.get(type(m), ()) + (m,)
        if isinstance(m, sx.Discount):
            found[("discount", m.task)] = found.get(("discount", m.task), 0) + m.amount
    return found


def modifiers(state, player: int, kind: type) -> tuple:
    return in_force(state, player).get(kind, ())


def discount(state, player: int, task: str) -> int:
    """How much less a Task (``Discount.task``) costs this player."""
    p = state.module_state.silver.players[player]
    tech = p.technology
    hit = _BY_DICT.get(id(tech))  # (``in_force``'s cache, asked inline: every price of a listing asks)
    if hit is not None and hit[0] is tech and hit[1] == p.resource_tile:
        found = hit[2]
    else:
        found = in_force(state, player)
    return found.get(("discount", task), 0) if found else 0


def whenever(state, player: int, event: str) -> list:
    """The effects a player's Technologies resolve whenever ``event`` happens to them."""
    return [e for m in modifiers(state, player, sx.Whenever) if m.event == event for e in m.effects]
