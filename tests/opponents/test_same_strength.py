"""Issue 43, "A level is the same strength on every machine": each level thinks to a number of
simulations (its strength), with a time cap only as a safeguard that is said on screen (and in the
arena) when it cuts the search short; and "A level above master" (the grandmaster)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import tiletum_tui.games.carcassonne.opponents.master as carcassonne_master
import tiletum_tui.games.carcassonne.opponents.levels as carcassonne_levels
import tiletum_tui.shell.opponents.base as base
import tiletum_tui.games.tiletum.opponents.levels as tiletum_levels
import tiletum_tui.games.tiletum.opponents.master as tiletum_master
from tiletum_tui.games.carcassonne.engine import new_game as carcassonne_game
from tiletum_tui.games.carcassonne.engine import view as carcassonne_view
from tiletum_tui.games.carcassonne.opponents.levels import Opponent as CarcassonneOpponent
from tiletum_tui.games.carcassonne.opponents.match import settings_for as carcassonne_settings
from tiletum_tui.games.tiletum.engine import apply, current_player, new_game, view
from tiletum_tui.shell.opponents.base import Budget
from tiletum_tui.games.tiletum.opponents.levels import Opponent, _turn_start
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.table import updates as U
from tiletum_tui.shell.ui.opponents import SeatDriver


def _tiletum(level="master", budget=None):
    """A decision of round 4 (the first turns of a game weigh a whole round ahead: this one is quicker)."""
    state = new_game(settings_for((level, "journeyman"), seed=5))
    players = [Opponent(0, "journeyman"), Opponent(1, "journeyman")]
    while not (state.round == 4 and current_player(state) == 0 and _turn_start(state)):
        state = apply(state, players[current_player(state)].choose(view(state)).action)
    return Opponent(0, level, budget), view(state), tiletum_master


def _carcassonne(level="master", budget=None):
    state = carcassonne_game(carcassonne_settings((level, "journeyman"), 5))
    return CarcassonneOpponent(state.seat, level, budget), carcassonne_view(state), carcassonne_master


GAMES = pytest.mark.parametrize("game", [_tiletum, _carcassonne], ids=["tiletum", "carcassonne"])


def _machine(monkeypatch, master, per_simulation: float) -> None:
    """A machine on which a simulation takes ``per_simulation`` seconds, as the masters' clocks see it
    (their clocks read nothing else: the test does not depend on how busy the real machine is)."""
    clock = [0.0]
    simulate = master._simulate

    def timed(*args):
        clock[0] += per_simulation
        return simulate(*args)

    monkeypatch.setattr(master, "_simulate", timed)
    fake = SimpleNamespace(perf_counter=lambda: clock[0])
    for module in (base, master, tiletum_levels, carcassonne_levels):
        monkeypatch.setattr(module, "time", fake)


@GAMES
def test_the_same_level_makes_the_same_decision_on_a_fast_and_a_slowed_machine(game, monkeypatch):
    """The master as a New game form sets it (no budget: its level's own) thinks to the same simulations
    and plays the same move on a machine ten times slower (the issue: at its default of 2 s the master
    thought 37-87 simulations on a busy machine, a third of what its figures assumed)."""
    opponent, seen, master = game()
    _machine(monkeypatch, master, 0.001)
    fast = opponent.choose(seen)
    opponent, seen, master = game()
    _machine(monkeypatch, master, 0.01)  # ten times slower
    slow = opponent.choose(seen)
    assert fast.simulations == slow.simulations == opponent.level_simulations(seen) > 100
    assert (fast.action, fast.plan) == (slow.action, slow.plan)
    assert not fast.cut and not slow.cut


@GAMES
def test_a_time_cap_that_cuts_the_search_short_says_so(game, monkeypatch):
    """A save from before (its master "2s") loads as a 2 s cap: on a machine where a simulation takes
    0.1 s the cap stops the search, and the decision says it was cut short of the level's simulations."""
    opponent, seen, master = game(budget=Budget.parse("2s"))
    _machine(monkeypatch, master, 0.1)
    choice = opponent.choose(seen)
    assert choice.cut and choice.simulations < choice.target == opponent.level_simulations(seen)


def test_the_screen_says_when_the_cap_cut_an_opponents_or_a_hints_thinking():
    notes = []
    screen = SimpleNamespace(notify=lambda text, **kw: notes.append(text), call_later=lambda f: None,
                             set_timer=lambda *a: None)

    class Driver(SeatDriver):
        def name(self, seat):
            return "Ann"

        def show_thinking(self):
            pass

    seat = SimpleNamespace(is_opponent=True, level="master")
    driver = Driver(screen, [seat])
    # The Table tells the screen an opponent's move, cut short by the cap (``updates.Played``).
    played = U.Played(seat=0, title="Ann (Master)", text="a move", cut=True, simulations=41, target=340)
    driver.cut_short(played, played.title)
    assert notes == ["Ann (Master) stopped thinking at its time cap: 41 of its 340 simulations (this machine "
                     "is slower than the level was set for: that move is weaker than the level)"]
    driver.hint_request = 4
    driver.hint_answered(SimpleNamespace(request=4, seat=0, hint=True, cut=False, simulations=340, target=340))
    assert len(notes) == 1  # a search that ran to its level's simulations says nothing
    driver.hint_request = 5
    driver.hint_answered(SimpleNamespace(request=5, seat=0, hint=True, cut=True, simulations=12, target=340))
    assert notes[-1].startswith("The hint stopped thinking at its time cap: 12 of its 340 simulations")


@GAMES
def test_the_grandmaster_thinks_several_times_the_masters_simulations(game):
    """Issue 43: "A level above master ... several times the master's budget"."""
    master, seen, _ = game("master")
    grandmaster, seen, _ = game("grandmaster")
    assert grandmaster.search_budget(seen).simulations >= 3 * master.search_budget(seen).simulations
    # An explicit budget is the same for both levels (the arena's and a save's reproducible budgets).
    assert type(master)(0, "grandmaster", Budget.parse("300")).search_budget(seen).simulations == 300


def test_budgets_read_as_simulations_or_a_cap_or_both():
    """`--budget 300`: 300 simulations; `--budget 2s`: the level's simulations within a 2 s cap (how
    an older save's master time loads); both at once; anything else is refused with the reason."""
    assert Budget.parse("") == Budget()
    assert Budget.parse("300") == Budget(simulations=300)
    assert Budget.parse("2s") == Budget(seconds=2.0)
    assert Budget.parse("300 5s") == Budget(seconds=5.0, simulations=300) == Budget.parse("300sims,5s")
    assert str(Budget.parse("2s")) == "the level's simulations, at most 2 s"
    assert Budget.parse(Budget.parse("300 5s").text()) == Budget.parse("300 5s")
    for bad in ("soon", "2s 3s", "1 2"):
        with pytest.raises(ValueError, match="budget is a number of simulations"):
            Budget.parse(bad)
