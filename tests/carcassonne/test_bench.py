"""Carcassonne's figures in ``tiletum bench`` run (issue 19, "Tests and figures": random 2-player games per
CPU-second, legal places late in a game; issue 20: the master's simulations a second). Timings are not
asserted (a shared, noisy machine); the bench prints them and docs/carcassonne.md keeps them."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.bench import carcassonne_numbers, carcassonne_opponent_numbers


def test_the_engines_figures_are_measured():
    numbers = carcassonne_numbers(2)
    assert set(numbers) >= {"2-player games per CPU-second", "legal places, late (median ms)",
                            "land redraw 200x50, after a move (median ms)"}  # (issue 40)
    assert all(v > 0 for v in numbers.values())


def test_the_opponents_figures_play_a_journeyman_game_with_master_decisions_in_it():
    numbers = carcassonne_opponent_numbers(2, fixed=2, every=30)  # (a frozen new game cannot be played in place)
    assert numbers["2p master simulations/s, CPU"] > 0 and numbers["2p journeyman turn (median CPU ms)"] > 0



def test_the_opponents_figures_say_the_module_they_were_played_with():
    # (issue 43: the master's rate with the River, named so)
    numbers = carcassonne_opponent_numbers(2, fixed=2, every=30, modules=("river",))
    assert numbers["2p + river master simulations/s, CPU"] > 0 and "2p master simulations/s, CPU" not in numbers
