"""Read-only questions about a state and the catalogue: where things are, what a die gives, who decides."""

from __future__ import annotations

from ..data.catalogue import load
from ..data.schema import Tile
from .state import EMPTY, UNUSED, ActionFrame, JokerFrame, Player, State

CAT = load()
TRACKS = CAT.tracks
BOARD = CAT.board
SPACES = {s.id: s for s in CAT.map.spaces}
TOWNS = [s.id for s in CAT.map.spaces if s.kind == "town"]
START_TOWN = "TIL"  # Tiletum: everyone's Merchant, Architect and first House start here


def _adjacency() -> dict[str, tuple[str, ...]]:
    adj: dict[str, list[str]] = {s: [] for s in SPACES}
    for a, b in CAT.map.roads:
        adj[a].append(b)
        adj[b].append(a)
    return {s: tuple(sorted(n)) for s, n in adj.items()}


ADJACENT = _adjacency()
PIECE_NAMES = {"merchant": "Merchant", "architect": "Architect"}
ACTION_NAMES = {a: a.capitalize() for a in ("architect", "merchant", "character", "contract", "king", "joker")}


def tile(tile_id: str) -> Tile:
    return CAT.tiles[tile_id]


def space_name(space_id: str) -> str:
    return SPACES[space_id].name


def neighbours(space_id: str) -> tuple[str, ...]:
    return ADJACENT[space_id]


def next_towns(space_id: str) -> tuple[str, ...]:
    """Towns one link away: adjacent Towns, or Towns beyond an adjacent Road space."""
    out = set()
    for n in ADJACENT[space_id]:
        if SPACES[n].kind == "town":
            out.add(n)
        else:
            out.update(t for t in ADJACENT[n] if SPACES[t].kind == "town")
    out.discard(space_id)
    return tuple(sorted(out))


def wheel_position_for_value(state: State, value: int) -> int:
    return (value - 1 + state.board.wheel_rotation) % 6


def action_for_value(state: State, value: int) -> str:
    return state.board.wheel_actions[wheel_position_for_value(state, value)]


def king_space(state: State, player: int) -> int:
    for i, stack in enumerate(state.board.king_track):
        if player in stack:
            return i
    raise AssertionError(f"player {player} has no King track marker")


def king_vp(state: State, player: int) -> int:
    return TRACKS.king_track[king_space(state, player)]


def king_order(state: State) -> list[int]:
    """Players from highest on the King track down; on one space the bottom marker (first there) ranks higher."""
    order = []
    for stack in reversed(state.board.king_track):
        order.extend(stack)
    return order


def ap_for_die(state: State, player: int, value: int) -> int:
    """AP a die of this value gives now: 7 - value, plus the Bonus AP of the Action it feeds."""
    action = action_for_value(state, value)
    return 7 - value + state.players[player].bonus_ap.get(action, 0)


def die_action_frame(state: State) -> ActionFrame | JokerFrame | None:
    """The frame of the Action taken with this turn's die, if it is still open."""
    for frame in state.stack:
        if isinstance(frame, (ActionFrame, JokerFrame)) and frame.source == "die":
            return frame
    return None


def houses_on_map(state: State, player: int) -> int:
    return sum(row.count(player) for row in state.board.houses.values())


def pillars_on_map(state: State, player: int) -> int:
    return sum(row.count(player) for row in state.board.pillars.values())


def empty_house_spaces(state: State, town: str) -> list[int]:
    return [i for i, owner in enumerate(state.board.houses.get(town, ())) if owner == EMPTY]


def house_space_usable(state: State, town: str) -> bool:
    row = state.board.houses.get(town)
    return bool(row) and any(o != UNUSED for o in row)


def cathedral_available(state: State, town: str) -> bool:
    cost = state.board.construction_cost.get(town)
    return cost is not None and not CAT.construction_costs[cost].unavailable


def crest_families(player: Player) -> set[str]:
    """Crest families anywhere on the player board: placed, or waiting in the Storehouse."""
    ids = [t for t in player.crests if t] + [t for t in player.storehouse if CAT.tiles[t].kind == "crest"]
    return {CAT.tiles[t].family for t in ids}


def contracts_full(player: Player) -> bool:
    return all(player.contracts)


def why_cannot_take(player: Player, tile_id: str) -> str | None:
    """The rule that stops this player taking a tile into the Storehouse, or None."""
    if len(player.storehouse) >= BOARD.storehouse:
        return f"your Storehouse is full ({len(player.storehouse)}/{BOARD.storehouse})"
    t = CAT.tiles[tile_id]
    if t.kind == "crest" and t.family in crest_families(player):
        return f"you already have a Crest of the {t.family} family"
    if t.kind == "contract" and contracts_full(player):
        return "all six of your Contract spaces are filled: no more Contracts"
    return None


def building_design(player: Player, building: int) -> str:
    """The Character design living in a Building ("" if empty or pre-occupied)."""
    for t in player.rooms[building]:
        if t and t != "*":
            return CAT.tiles[t].design
    return ""


def buildings_with_characters(player: Player) -> list[int]:
    return [b for b in range(len(player.rooms)) if building_design(player, b)]


def building_full(player: Player, building: int) -> bool:
    return all(player.rooms[building])


def resource_total(player: Player) -> int:
    return sum(player.resources.values())
