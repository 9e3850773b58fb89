"""Carcassonne's three levels (issue 20, "Opponents"): "beginner (random, avoids wasting a follower),
journeyman (a one-turn lookahead on an evaluation of open features, farms and followers in supply),
master (tree search over the tile draws ... reading only a seat's view: the order of the face-down
tiles is unknown to it, the counts of the remaining designs are known)"."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles
from tiletum_tui.games.carcassonne.engine import Deploy, apply, legal_actions, new_game, view
from tiletum_tui.games.carcassonne.engine.invariants import check_invariants
from tiletum_tui.games.carcassonne.engine.rules import remaining, sample
from tiletum_tui.games.carcassonne.opponents.levels import Opponent, beginner_move
from tiletum_tui.shell.opponents.base import Budget

from ..helpers import settings

FEW = Budget.parse("3")  # simulations a decision: the master's search runs, quickly


@pytest.mark.parametrize("level,players,river", [
    ("beginner", 2, False), ("beginner", 5, True), ("journeyman", 3, False), ("journeyman", 4, True),
    ("master", 2, True), ("master", 5, False)])
def test_each_level_plays_only_legal_moves_over_whole_games(level, players, river):
    """A whole game with every seat at this level: each move is among the engine's legal actions
    and the invariants hold after it (2 to 5 players, with and without the River)."""
    state = new_game(settings(players, seed=11 + players, river=river))
    seats = [Opponent(i, level, FEW) for i in range(players)]
    moves = 0
    while state.phase != "over":
        choice = seats[state.seat].choose(view(state, state.seat))
        assert choice.action in legal_actions(state), choice.action
        after = apply(state, choice.action)
        check_invariants(after, state)
        state, moves = after, moves + 1
    assert moves >= 2 * 60  # the whole land was laid (two decisions a turn)


def test_the_beginner_avoids_wasting_a_follower():
    """Farmers never come back ("never returned to the players' supplies"): the beginner deploys one
    only one time in five where something else is legal, though a random move would often."""
    farmers = offered = 0
    for seed in range(60):
        state = new_game(settings(2, seed=seed))
        rng = random.Random(seed)
        while state.phase != "over" and offered < 400:
            if state.phase == "follower":
                legal = legal_actions(state)
                if any(a.role == "farmer" for a in legal):
                    offered += 1
                    farmers += beginner_move(view(state), rng.randrange(10**9)).role == "farmer"
            state = apply(state, rng.choice(legal_actions(state)))
    # A uniform choice would pick a farmer about a third of the time here; the beginner about a tenth.
    assert offered >= 300 and farmers / offered < 0.2


def test_the_journeyman_takes_the_points_a_tile_completes():
    """One turn ahead: with a tile that closes a city, the journeyman places it so and takes it with a
    knight (4 points now and the knight back) rather than anything else."""
    seed = next(s for s in range(1, 2000) if new_game(settings(2, s)).drawn == "E")
    state = new_game(settings(2, seed))
    choice = Opponent(0, "journeyman").choose(view(state))
    assert choice.plan[0].y == -1 and choice.plan[1] == Deploy(0, "knight", "city S")


def _dealt_apart(seed: int):
    """Two games that look the same to every seat but whose face-down tiles lie in other orders."""
    state = new_game(settings(2, seed))
    for _ in range(8):
        state = apply(state, Opponent(state.seat, "journeyman").choose(view(state)).action)
    other = state.clone()
    random.Random(seed).shuffle(other.pile)
    other.rng = state.rng ^ 0x5A5A
    assert other.pile != state.pile and view(other).pile == view(state).pile
    return state, other


@pytest.mark.parametrize("level", ["beginner", "journeyman", "master"])
def test_a_level_decides_the_same_whatever_the_order_of_the_face_down_tiles(level):
    """The master never reads hidden information: given views of two games that differ only in the
    order of the pile (and the generator, and the seed), each level makes the same decision."""
    for seed in (3, 9):
        real, shuffled = _dealt_apart(seed)
        a = Opponent(real.seat, level, Budget.parse("12")).choose(view(real))
        b = Opponent(real.seat, level, Budget.parse("12")).choose(view(shuffled))
        assert (a.action, a.plan, a.win) == (b.action, b.plan, b.win)


def test_an_opponent_refuses_the_full_state():
    state = new_game(settings(2, 4))
    with pytest.raises(ValueError, match="from a view"):
        Opponent(0, "master").choose(state)


def test_the_master_deals_the_draws_from_the_public_counts_with_its_own_seed():
    """Its determinization keeps the counts of the remaining designs (public) and the River's order
    (river tiles first, then the lake, then the land), and depends only on the view and its own seed."""
    cat = river_tiles()
    river = set(cat.by_id)
    state = new_game(settings(2, 5, river=True))
    seen = view(state)
    a, b = sample(seen, 1), sample(seen, 2)
    assert remaining(a) == remaining(b) == remaining(state)
    assert a.pile != b.pile and a.pile == sample(seen, 1).pile
    for dealt in (a, b):  # drawn from the end: the river tiles, then the lake, then the land
        kinds = ["river" if d in river and d != cat.lake else "lake" if d == cat.lake else "land"
                 for d in reversed(dealt.pile)]
        assert kinds == sorted(kinds, key=["river", "lake", "land"].index)


def test_hurry_stops_the_masters_search_at_once():
    """Esc hurries it: a master with a minute a decision stops after the first simulation when hurried."""
    state = new_game(settings(2, 6))
    for _ in range(10):
        state = apply(state, Opponent(state.seat, "journeyman").choose(view(state)).action)
    choice = Opponent(state.seat, "master", Budget.parse("100000 60s")).choose(view(state), hurry=lambda: True)
    assert choice.simulations == 1 and choice.action in legal_actions(state)


def test_with_a_budget_in_simulations_the_master_replays_exactly():
    state = new_game(settings(3, 8))
    a = [Opponent(0, "master", Budget.parse("20")).choose(view(state)) for _ in range(2)]
    assert a[0].plan == a[1].plan and a[0].simulations == 20 and a[0].win == a[1].win
    assert Counter(type(x).__name__ for x in a[0].plan) == {"Place": 1, "Deploy": 1}
