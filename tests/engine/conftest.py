"""Scenario helpers for the rules tests: set up a game, arrange a position, act through the engine."""

from __future__ import annotations

import pytest

from tiletum_tui.engine import PlayerSetup, Settings, apply_in_place, legal_actions, new_game, notation, parse
from tiletum_tui.engine.state import ActionFrame, TurnFrame

COLOURS = ("red", "blue", "green", "yellow")
NAMES = ("Ann", "Bob", "Cid", "Dee")


def game(players: int = 2, seed: int = 1, action_tiles: bool = False):
    return new_game(Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed, action_tiles=action_tiles))


def act(state, *texts: str):
    """Apply actions given in notation, in order."""
    for text in texts:
        apply_in_place(state, parse(text))
    return state


def legal(state) -> set[str]:
    return {notation(a) for a in legal_actions(state)}


def give_action(state, action: str, ap: int, player: int | None = None):
    """Arrange that the current player has taken a die and holds an Action with ``ap`` AP (a scenario shortcut)."""
    frame = state.stack[0]
    assert isinstance(frame, TurnFrame)
    frame.die_taken = True
    state.stack[1:] = [ActionFrame(player=frame.player if player is None else player, action=action, ap=ap, source="die")]
    return state.stack[-1]


def put_die(state, value: int, colour: str):
    """Put a die of this value and colour on the Action Wheel."""
    state.board.wheel_dice[value - 1].append(colour)


def tile_of(state, kind: str, pile: str | None = None, **fields) -> str:
    """Find a tile id of a kind (and fields) anywhere in the catalogue, and take it out of wherever it lies."""
    from tiletum_tui.engine.queries import CAT

    for t in CAT.tiles.values():
        if t.kind == kind and (pile is None or t.pile == pile) and all(getattr(t, k) == v for k, v in fields.items()):
            if _take_out(state, t.id):
                return t.id
    raise LookupError(f"no free {kind} tile with {fields}")


def _take_out(state, tile_id: str) -> bool:
    b = state.board
    for pile in (b.bonus_pile, b.contract_pile, b.character_pile, b.box, *b.map_bonus.values()):
        if tile_id in pile:
            pile.remove(tile_id)
            return True
    for offer in (b.contract_offer, b.character_offer, b.wheel_bonus):
        if tile_id in offer:
            offer[offer.index(tile_id)] = ""
            return True
    if b.king_bonus == tile_id:
        b.king_bonus = ""
        return True
    return False


@pytest.fixture
def two():
    return game(2)


# ---------------------------------------------------------------- end-of-round scenarios (King phase, Fair, Cleanup)
def king_track_at(state, placement: dict[int, list[int]]):
    """Put the King track markers exactly so: {space index: [players, bottom of the stack first]}."""
    track = state.board.king_track
    for stack in track:
        stack.clear()
    for space, stack in placement.items():
        track[space] = list(stack)
    return state


def quiet_corruption(state):
    """Make every Corruption token a 0, so the next round's first lap moves no King marker."""
    b = state.board
    b.corruption_pool = [0] * len(b.corruption_pool)
    b.corruption_row = [0] * len(b.corruption_row)
    b.corruption_revealed = [0] * len(b.corruption_revealed)
    return state


def fair_now(state, tile: str, town: str = "TIL"):
    """Make this round's Fair one of ``tile`` in ``town``."""
    fair = state.board.fairs[state.round - 1]
    fair.tile, fair.town, fair.done = tile, town, False
    return fair


def to_king_phase(state):
    """Jump to the last turn of the third lap with its die taken, and end it: the King phase begins."""
    from tiletum_tui.engine.state import TurnFrame

    state.lap = 3
    state.turn = len(state.players) - 1
    state.stack = [TurnFrame(player=state.turn_order[-1], die_taken=True)]
    return act(state, "end")
