"""Scenario helpers for the rules tests: set up a game, arrange a position, act through the engine.

A state's containers are never changed in place (engine/state.py): the helpers here that arrange
a position assign new values (tuples, new dicts), as the engine itself does.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.data.schema import DIE_COLOURS
from tiletum_tui.games.tiletum.engine import (
    IllegalActionError, PlayerSetup, check, Settings, apply_in_place, current_player, legal_actions, new_game, notation_of_move, parse,
)
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.state import ActionFrame, Fair, TurnFrame
from tiletum_tui.games.tiletum.engine.state import put

COLOURS = ("red", "blue", "green", "yellow")
NAMES = ("Ann", "Bob", "Cid", "Dee")


# The scenario tests arrange positions on rules version 1's catalogue (its 13-Town map, its tile mix),
# which stays playable for the games begun under it; the rules they check are the same in every
# version. The data of version 2 is checked in tests/data, and the random-game properties and the
# setup counts run under both versions.
SCENARIO_RULES = 1


def settings(players: int = 2, seed: int = 1, action_tiles: bool = False, rules: int = SCENARIO_RULES) -> Settings:
    return Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                    modules=("action-tiles",) if action_tiles else (), rules=rules)


def game(players: int = 2, seed: int = 1, action_tiles: bool = False, rules: int = SCENARIO_RULES):
    return new_game(settings(players, seed, action_tiles, rules))


def rules(state=None):
    """The ruleset of a game (of the base game without one)."""
    return rules_for(state.settings if state is not None else settings())


def act(state, *texts: str) -> list:
    """Apply actions given in notation, in order, and return the events they caused.

    A text without a seat ("die 3B") is the move of the player deciding now; "2: die 3B" names the seat."""
    events = []
    for text in texts:
        events += apply_in_place(state, parse(text, seat=current_player(state)))
    return events


def legal(state) -> set[str]:
    """The legal actions as their moves (notation without the seat); every one is the decider's."""
    actions = legal_actions(state)
    seat = current_player(state)
    assert all(a.seat == seat for a in actions), [a for a in actions if a.seat != seat]
    return {notation_of_move(a) for a in actions}


def replaced(items: tuple, index: int, value) -> tuple:
    return tuple(items[:index]) + (value,) + tuple(items[index + 1:])


# ---------------------------------------------------------------- arranging a position
def give_action(state, action: str, ap: int, player: int | None = None):
    """Arrange that the current player has taken a die and holds an Action with ``ap`` AP (a scenario shortcut)."""
    frame = state.stack[0]
    assert isinstance(frame, TurnFrame)
    put(frame, "die_taken", True)
    put(state, "stack", (*state.stack[:1], ActionFrame(player=frame.player if player is None else player, action=action, ap=ap, source="die")))
    return state.stack[-1]


def put_die(state, value: int, colour: str):
    """Put a die of this value and colour on the Action Wheel (a segment shows its dice in colour order)."""
    b = state.board
    dice = tuple(sorted(b.wheel_dice[value - 1] + (colour,), key=DIE_COLOURS.index))
    put(b, "wheel_dice", replaced(b.wheel_dice, value - 1, dice))


def clear_wheel(state):
    """No dice on the Action Wheel."""
    put(state.board, "wheel_dice", ((),) * 6)


def is_legal(state, action) -> bool:
    """Whether the rules accept ``action`` now (``check`` raises with the reason when not)."""
    try:
        check(state, action)
    except IllegalActionError:
        return False
    return True


def set_res(player, **amounts: int):
    """Set some of a player's Resources (``set_res(p, G=7, F=2)``)."""
    put(player, "resources", {**player.resources, **amounts})


def set_house(state, town: str, space: int, owner: int):
    """House space ``space`` (from 0) of a Town holds ``owner``'s House (or EMPTY / UNUSED)."""
    b = state.board
    put(b, "houses", {**b.houses, town: replaced(b.houses[town], space, owner)})


def set_pillar(state, town: str, space: int, owner: int):
    """Pillar space ``space`` (from 0) of a Town's Cathedral holds ``owner``'s Pillar."""
    b = state.board
    put(b, "pillars", {**b.pillars, town: replaced(b.pillars[town], space, owner)})


def set_rooms(player, building: int, rooms):
    """The Rooms of Building ``building`` (from 0), floor by floor."""
    put(player, "rooms", replaced(player.rooms, building, tuple(rooms)))


def set_crest(player, building: int, tile: str):
    put(player, "crests", replaced(player.crests, building, tile))


def tile_of(state, kind: str, pile: str | None = None, **fields) -> str:
    """Find a tile id of a kind (and fields) anywhere in the catalogue, and take it out of wherever it lies."""
    for t in rules(state).tiles.values():
        if t.kind == kind and (pile is None or t.pile == pile) and all(getattr(t, k) == v for k, v in fields.items()):
            if _take_out(state, t.id):
                return t.id
    raise LookupError(f"no free {kind} tile with {fields}")


def _take_out(state, tile_id: str) -> bool:
    b, h = state.board, state.hidden
    for name in ("bonus_pile", "contract_pile", "character_pile"):
        pile = getattr(h, name)
        if tile_id in pile:
            put(h, name, _without(pile, tile_id))
            return True
    if tile_id in b.box:
        put(b, "box", _without(b.box, tile_id))
        return True
    for town, tiles in b.map_bonus.items():
        if tile_id in tiles:
            put(b, "map_bonus", {**b.map_bonus, town: _without(tiles, tile_id)})
            return True
    for name in ("contract_offer", "character_offer", "wheel_bonus"):
        offer = getattr(b, name)
        if tile_id in offer:
            put(b, name, replaced(offer, offer.index(tile_id), ""))
            return True
    if b.king_bonus == tile_id:
        put(b, "king_bonus", "")
        return True
    return False


def _without(items: tuple, value) -> tuple:
    i = items.index(value)
    return items[:i] + items[i + 1:]


def draw_bonus(state) -> str:
    """Take the top tile of the face-down Bonus pile (to arrange a position)."""
    h = state.hidden
    tile = h.bonus_pile[-1]
    put(h, "bonus_pile", h.bonus_pile[:-1])
    return tile


def box_king_bonus(state):
    """The King track Bonus tile leaves the table (it was handed out, or none is left in round 4)."""
    b = state.board
    put(b, "box", b.box + (b.king_bonus,))
    put(b, "king_bonus", "")


@pytest.fixture
def two():
    return game(2)


# ---------------------------------------------------------------- end-of-round scenarios (King phase, Fair, Cleanup)
def king_track_at(state, placement: dict[int, list[int]]):
    """Put the King track markers exactly so: {space index: [players, bottom of the stack first]}."""
    track = [()] * len(state.board.king_track)
    for space, stack in placement.items():
        track[space] = tuple(stack)
    put(state.board, "king_track", tuple(track))
    return state


def quiet_corruption(state):
    """Make every Corruption token a 0, so the next round's first lap moves no King marker."""
    b, h = state.board, state.hidden
    put(h, "corruption_pool", (0,) * len(h.corruption_pool))
    put(h, "corruption_row", (0,) * len(h.corruption_row))
    put(b, "corruption_revealed", (0,) * len(b.corruption_revealed))
    return state


def fair_now(state, tile: str, town: str = "TIL"):
    """Make this round's Fair one of ``tile`` in ``town``."""
    fair = Fair(town=town, tile=tile, done=False)
    put(state.board, "fairs", replaced(state.board.fairs, state.round - 1, fair))
    return fair


def to_king_phase(state) -> list:
    """Jump to the last turn of the third lap with its die taken, and end it: the King phase begins.
    Returns the events of ending that turn."""
    put(state, "lap", 3)
    put(state, "turn", len(state.players) - 1)
    put(state, "stack", (TurnFrame(player=state.turn_order[-1], die_taken=True),))
    return act(state, "end")
