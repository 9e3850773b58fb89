"""Cleanup Phase Additions (expansion text; docs/silver.md, rulings 18, 19)."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine.events import TileDrawn
from tiletum_tui.games.tiletum.engine.flow import cleanup
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import sv
from tiletum_tui.games.tiletum.engine.silver.tables import section_of, tables
from tiletum_tui.games.tiletum.engine.state import put

from .conftest import game


def _cleanup(s) -> list:
    put(s, "events", ())
    cleanup(rules_for(s.settings), s)
    return s.events


def test_the_prospector_actions_bonus_tile_is_replenished_from_the_underground_pile():
    """"Step 1: replenish the Bonus tile on the Prospector Action." (ruling 18: from the Underground pile)"""
    s = game(2)
    st = sv(s)
    put(st, "prospector_bonus", "")
    top = st.underground_pile[-1]
    events = _cleanup(s)
    assert st.prospector_bonus == top and top not in st.underground_pile
    assert TileDrawn(pile="underground", tile=top, to="prospector action") in events


def test_a_tile_still_on_the_prospector_action_stays_and_underground_spaces_are_never_refilled():
    """"As with the main Game board, the Bonus tiles on the Underground maps are not replenished.\""""
    s = game(2)
    st = sv(s)
    kept, pile = st.prospector_bonus, st.underground_pile
    put(s.board, "map_bonus", {**s.board.map_bonus, "1A3": ()})
    _cleanup(s)
    assert st.prospector_bonus == kept and st.underground_pile == pile and s.board.map_bonus["1A3"] == ()


def test_the_prospector_wheel_turns_counterclockwise_after_the_action_wheel_turns_clockwise():
    """"Step 4: after you rotate the Action Wheel clockwise, additionally rotate the Prospector Action Wheel
    counterclockwise one step (separately, so it does not move the Action Wheel back)." (ruling 19) Against the
    die values the Prospector Action moves two sections a round: 3-4, then 1-2, 5-6, 3-4."""
    s = game(2)
    pros = tables().prospector_sections
    beside = []
    for _ in range(4):
        beside.append(tuple(v for v in range(1, 7) if section_of(s.board.wheel_rotation, v) in pros))
        if len(beside) < 4:
            _cleanup(s)
    assert beside == [(3, 4), (1, 2), (5, 6), (3, 4)]
    assert s.board.wheel_rotation == 3  # the Action Wheel turned once per Cleanup, clockwise, as in the base game
