"""Snapshots of the Carcassonne screen at 80×24 and 120×40 (issue 19): the board early and late in a
game, the follower choice, a refusal and the final table, at fixed seeds.

Regenerate with ``pytest tests/carcassonne/test_snapshots.py --snapshot-update`` and look at the SVGs."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import apply_in_place, legal_actions, new_game, notation
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp

from .helpers import settings

GAME = games.game("carcassonne")
SIZES = [(80, 24), (120, 40)]
IDS = lambda s: f"{s[0]}x{s[1]}"  # noqa: E731


def played(actions: int | None, seed: int = 7, players: int = 3) -> Session:
    """A session after ``actions`` random legal actions (None: to the end)."""
    state = new_game(settings(players, seed)).clone()
    pick, log = random.Random(seed), []
    while state.phase != "over" and (actions is None or len(log) < actions):
        action = pick.choice(legal_actions(state))
        log.append(notation(action))
        apply_in_place(state, action)
    return Session.from_actions(settings(players, seed), log, game=GAME)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("moment", {"early": 6, "late": 110, "follower": 41}, ids=str)
def test_the_board(snap_compare, size, moment):
    actions = {"early": 6, "late": 110, "follower": 41}[moment]
    assert snap_compare(TiletumApp(session=played(actions)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_refusal(snap_compare, size):
    async def off_the_land(pilot):
        await pilot.press("shift+up", "shift+up", "shift+up", "enter")

    assert snap_compare(TiletumApp(session=played(6)), terminal_size=size, run_before=off_the_land)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_final_table(snap_compare, size):
    assert snap_compare(TiletumApp(session=played(None)), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=IDS)
@pytest.mark.parametrize("colour", ["colour", "no-colour"])
def test_the_land_in_colour_and_without(snap_compare, monkeypatch, size, colour):
    """Issue 40: the land late in a game in the theme's colours, and without colour (NO_COLOR), where the
    characters alone tell fields, cities, roads, crossings, cloisters, the river and followers apart;
    9×5 tiles and a wider side at 200×50."""
    if colour == "no-colour":
        monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(TiletumApp(session=played(110)), terminal_size=size)
