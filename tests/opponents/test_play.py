"""Computer opponents (issue 14): they only ever choose legal actions, at every level and player
count, from the view alone; the same seed and simulation budget give the same game."""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import apply, apply_in_place, current_player, legal_actions, new_game, notation, sample, view
from tiletum_tui.games.tiletum.opponents.levels import LEVELS, Budget, Opponent, beginner_move
from tiletum_tui.games.tiletum.opponents.match import play_game, settings_for
from tiletum_tui.games.tiletum.opponents.levels import public_bytes

TINY = Budget(seconds=None, simulations=2)  # the master's search, kept tiny: these tests check rules, not strength


@pytest.mark.parametrize("levels", [
    ("journeyman", "master"),
    ("master", "beginner", "journeyman"),
    ("beginner", "journeyman", "master", "journeyman"),
])
def test_every_level_plays_a_whole_game_with_legal_actions_only(levels):
    """Each decision of a whole game, at 2, 3 and 4 players, is among the engine's legal actions."""
    state = new_game(settings_for(levels, seed=11))
    seats = [Opponent(i, lvl, TINY) for i, lvl in enumerate(levels)]
    decisions = 0
    while state.phase != "over":
        who = current_player(state)
        legal = legal_actions(state)
        action = seats[who].choose(view(state)).action
        assert action in legal, f"{levels[who]} chose {notation(action)}, not legal"
        apply_in_place(state, action)
        decisions += 1
        assert decisions < 5000
    assert state.round == 4 and state.winner >= 0


def test_an_opponent_refuses_the_full_state():
    """Opponents play from what a seat may see: given the state with its generator and piles, they refuse it."""
    state = new_game(settings_for(("journeyman", "journeyman"), seed=3))
    with pytest.raises(ValueError, match="view"):
        Opponent(0, "journeyman").choose(state)


def _midgame(seed: int, moves: int):
    state = new_game(settings_for(("journeyman", "beginner"), seed=seed))
    seats = [Opponent(0, "journeyman"), Opponent(1, "beginner")]
    for _ in range(moves):
        apply_in_place(state, seats[current_player(state)].choose(view(state)).action)
    while not (state.stack[-1].__class__.__name__ == "TurnFrame" and not state.stack[-1].die_taken):
        apply_in_place(state, seats[current_player(state)].choose(view(state)).action)
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_what_is_hidden_never_changes_a_decision(level):
    """Two games that look the same from the table but differ in everything hidden (the generator, the
    order of the face-down piles, the face-down Corruption tokens) get the same decision: nothing but
    the view reaches the opponent."""
    real = _midgame(seed=5, moves=40)
    other = sample(view(real), 424242)  # a full state dealt anew from the view
    assert other.hidden.rng != real.hidden.rng and not other.hidden.redacted
    assert (other.hidden.character_pile != real.hidden.character_pile
            or other.hidden.contract_pile != real.hidden.contract_pile)
    assert public_bytes(view(other)) == public_bytes(view(real))
    who = current_player(real)
    a = Opponent(who, level, TINY).choose(view(real))
    b = Opponent(who, level, TINY).choose(view(other))
    assert (notation(a.action), [notation(x) for x in a.plan]) == (notation(b.action), [notation(x) for x in b.plan])


def test_the_same_seed_and_simulation_budget_give_the_same_game():
    """Opponents' own randomness comes from the game's seed, not the clock."""
    first = play_game(("master", "beginner"), seed=21, budget=TINY, keep_actions=True)
    again = play_game(("master", "beginner"), seed=21, budget=TINY, keep_actions=True)
    other = play_game(("master", "beginner"), seed=22, budget=TINY, keep_actions=True)
    assert first.actions == again.actions and first.vp == again.vp
    assert other.actions != first.actions


def test_the_beginner_rarely_gives_up_ap():
    """The beginner plays at random, but ending a turn with AP left only one time in five, or so."""
    state = _midgame(seed=9, moves=0)
    who = current_player(state)
    die = next(a for a in legal_actions(state) if a.verb() == "die" and a.target <= 3)  # 4+ AP to spend
    state = apply(state, die)
    ends = sum(beginner_move(view(state), seed).verb() in ("end", "done") for seed in range(200))
    assert who == current_player(state)
    assert ends < 200 * 0.3


def test_the_journeyman_beats_the_beginner():
    """One turn of planning is worth a lot: the journeyman outscores a random player, in either seat."""
    for levels in (("journeyman", "beginner"), ("beginner", "journeyman")):
        result = play_game(levels, seed=31)
        j = levels.index("journeyman")
        assert result.winner == j and result.vp[j] > 2 * result.vp[1 - j]


def test_budgets_read_as_time_or_simulations():
    assert Budget.parse("2s") == Budget(seconds=2.0)
    assert Budget.parse("500ms") == Budget(seconds=0.5)
    assert Budget.parse("300") == Budget(seconds=None, simulations=300)
    assert str(Budget.parse("300")) == "300 simulations"
    with pytest.raises(ValueError, match="budget"):
        Budget.parse("soon")


def test_the_journeyman_plays_a_whole_game_with_prospect_for_silver():
    """Issue 13 'A 4-player game with the expansion plays to the end headless and on screen' with computer
    opponents: an Underground Town's open House space is no Town the journeyman's Merchant can walk to
    (it has no main-map distance); it used to stop his first move of any Silver game with a KeyError."""
    from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings

    settings = Settings(players=(PlayerSetup("Rosa", "blue"), PlayerSetup("Alex", "red")), seed=7,
                        modules=("silver",), options=("silver.a-sides", "silver.first-technologies"))
    _play_to_the_end(settings, [Opponent(0, "journeyman"), Opponent(1, "journeyman")])


def test_every_level_plays_a_whole_game_with_prospect_for_silver():
    """Issue 13 with issue 14: a 3-player game with the expansion, a master (a small simulation budget),
    a journeyman and a beginner, plays to the end with legal moves only. The master's tree once named a
    die by its value alone and rebuilt a Prospector die as the Wheel's Action (refused: 'the Character
    Action has no Bonus tile'), and the evaluation looked for an Underground Cathedral on the main board."""
    from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings

    settings = Settings(players=(PlayerSetup("M", "blue"), PlayerSetup("J", "red"), PlayerSetup("B", "green")),
                        seed=3, modules=("silver",))
    # Six simulations a decision: every search still plays turns inside its tree (some 70 in this game,
    # with Prospector dice among their keys, where the bugs were); 20 played 244 for twice the time.
    _play_to_the_end(settings, [Opponent(0, "master", Budget.parse("6")), Opponent(1, "journeyman"),
                                Opponent(2, "beginner")])


def _play_to_the_end(settings, seats) -> None:
    """Each seat's opponent decides from its view; every move is legal; the game reaches its end."""
    state, decisions = new_game(settings), 0
    while state.phase != "over":
        action = seats[current_player(state)].choose(view(state)).action
        assert action in legal_actions(state)
        apply_in_place(state, action)
        decisions += 1
        assert decisions < 5000
    assert state.round == 4
