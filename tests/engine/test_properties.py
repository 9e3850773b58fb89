"""Random seeded games to the end, checking after every action what must always hold (issue 2, Tests)."""

import random

import pytest

from tiletum_tui.games.tiletum.engine import (
    IllegalActionError, TiletumError, apply, apply_in_place, check, clone, current_player, digest, legal_actions,
    notation_of_move, parse, sample, view,
)
from tiletum_tui.games.tiletum.engine.characters import Refresh
from tiletum_tui.games.tiletum.engine.contracts import Exchange
from tiletum_tui.games.tiletum.engine.invariants import problems
from tiletum_tui.games.tiletum.engine.king import DiscardKingTile
from tiletum_tui.games.tiletum.engine.turn import die_choices
from tiletum_tui.games.tiletum.engine.state import TurnFrame
from tiletum_tui.games.tiletum.engine.tasks import Buy
from tiletum_tui.games.tiletum.engine.turn import Done, EndTurn, Skip

from .conftest import game, rules, set_res

WRONG = ["die 1Y", "die 6B>3 +bonus", "end", "done", "skip", "move merchant LON", "house LON 1", "pillar KRA",
         "hire c01a", "refresh", "room c15a 3 3", "contract k02a", "exchange G I", "king", "gain W", "buy F",
         "fulfil b30a", "crest b23a 1", "cathedral TIL", "use b01a", "building 2", "bonus c01a", "claim", "discard",
         "joker king", "take b01a"]


def _eager(rng, actions):
    """A player who mostly does things (rather than ending turns at once): reaches deep positions
    (full Storehouses, six Contracts, Completed Buildings, Cathedrals) that uniform play rarely sees."""
    busy = [a for a in actions if not isinstance(a, (EndTurn, Done, Skip, DiscardKingTile, Refresh, Exchange, Buy))]
    return rng.choice(busy) if busy and rng.random() < 0.93 else rng.choice(actions)


@pytest.mark.parametrize("rules", [1, 2], ids=["rules1", "rules2"])
@pytest.mark.parametrize("policy", ["uniform", "eager"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_replay_exactly(players, policy, rules):
    for seed in range(4 if policy == "uniform" else 2):
        play_and_check(lambda: game(players, seed=seed, rules=rules), random.Random(seed * 31 + players), policy, WRONG)


def play_and_check(new_game, rng, policy: str, wrong_moves: list[str]) -> None:
    """A random game to its end (``policy``: "uniform" or "eager"), checking the invariants after every
    action, that an illegal action never changes the state, that ``apply`` equals ``apply_in_place``,
    and that the log replays to the same game. ``new_game()`` deals the same game twice."""
    s = new_game()
    players = len(s.players)
    log = []
    while s.phase != "over":
        assert not problems(s), problems(s)
        actions = legal_actions(s)
        assert actions, "no legal action before the end of the game"
        # an illegal action never changes the state (mostly the decider's; sometimes from any seat)
        seat = current_player(s) if rng.random() < 0.75 else rng.randrange(players)
        wrong = parse(rng.choice(wrong_moves), seat=seat)
        before = digest(s)
        try:
            apply_in_place(s, wrong)
        except IllegalActionError:
            assert digest(s) == before
        else:
            assert wrong in actions  # what the rules accept, legal_actions lists
            log.append(wrong)
            continue
        a = rng.choice(actions) if policy == "uniform" else _eager(rng, actions)
        if rng.random() < 0.2:  # apply: a new state, the old one untouched, the same as applying in place
            new = apply(s, a)
            assert digest(s) == before
            events = apply_in_place(s, a)
            assert digest(s) == digest(new) and events == new.events
        else:
            apply_in_place(s, a)
        log.append(a)
    assert not problems(s) and s.winner >= 0 and legal_actions(s) == []
    replay = new_game()
    for a in log:
        apply_in_place(replay, a)
    assert digest(replay) == digest(s)


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s = game(2)
    before = digest(s)
    a = legal_actions(s)[0]
    new = apply(s, a)
    assert digest(s) == before and digest(new) != before
    assert new.players[0].dice != s.players[0].dice and new.board.wheel_dice != s.board.wheel_dice


def test_different_seeds_give_different_games_and_the_same_seed_the_same():
    assert digest(game(3, seed=5)) == digest(game(3, seed=5))
    assert digest(game(3, seed=5)) != digest(game(3, seed=6))


def test_errors_are_value_errors_with_reasons():
    s = game(2)
    with pytest.raises(TiletumError) as info:
        apply(clone(s), parse("1: king"))
    assert isinstance(info.value, IllegalActionError) and isinstance(info.value, ValueError)
    assert "King" in str(info.value)


def test_an_action_from_the_wrong_seat_is_refused_and_changes_nothing():
    """Only the player whose decision it is may act: Ann takes the first turn, not Bob."""
    s = game(2)
    a = legal_actions(s)[0]
    assert a.seat == 0
    before = digest(s)
    with pytest.raises(IllegalActionError, match="it is Ann's decision now, not Bob's"):
        apply_in_place(s, parse(notation_of_move(a), seat=1))
    with pytest.raises(IllegalActionError, match="there is no seat 5 in this game of 2 players"):
        check(s, parse("5: " + notation_of_move(a)))
    assert digest(s) == before
    apply_in_place(s, a)  # the same move from Ann's seat


def test_die_choices_listed_without_checking_are_all_legal():
    """legal_actions trusts die_choices; hold every one of them to check() over random games."""
    for seed in range(3):
        s = game(4, seed=seed)
        set_res(s.players[0], G=7)  # every change of value affordable for someone
        rng = random.Random(seed)
        seen = 0
        while s.phase != "over":
            frame = s.stack[-1]
            if isinstance(frame, TurnFrame) and not frame.die_taken:
                for a in die_choices(rules(s), s, frame.player):
                    assert a.seat == frame.player
                    check(s, a)
                    seen += 1
            apply_in_place(s, rng.choice(legal_actions(s)))
        assert seen > 100


def test_a_view_can_be_read_not_played_and_a_sample_plays_on():
    """A view hides what no player sees (the generator, the seed, the piles' order, face-down tokens); it lists the same
    legal actions but refuses to be played on. A state sampled from it is whole again and plays."""
    s = game(3, seed=2)
    seen = view(s)
    assert seen.hidden.redacted and seen.hidden.rng == 0
    # The seed would rebuild every hidden thing (new_game(settings) and the moves): a view does not carry it.
    assert s.settings.seed == 2 and seen.settings.seed == 0 and seen.settings.players == s.settings.players
    assert set(seen.hidden.corruption_row) == {-1} and set(seen.hidden.corruption_pool) == {-1}
    assert sorted(seen.hidden.bonus_pile) == sorted(s.hidden.bonus_pile) == list(seen.hidden.bonus_pile)
    assert legal_actions(seen) == legal_actions(s)
    a = legal_actions(s)[0]
    with pytest.raises(IllegalActionError, match="not played on"):
        apply(seen, a)
    with pytest.raises(IllegalActionError, match="not played on"):
        apply_in_place(seen, a)
    dealt = sample(seen, seed=9)
    assert not dealt.hidden.redacted and not problems(dealt)
    assert (dealt.board, dealt.players) == (s.board, s.players)
    apply_in_place(dealt, a)


@pytest.mark.parametrize("rules", [1, 2], ids=["rules1", "rules2"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_option_the_engine_refuses_is_refused_when_tried_and_changes_nothing(players, rules):
    """Issue 8: property tests "also try the options the engine itself refuses (a far better pool than
    random wrong actions)": at every step of eager games, each refused option of ``options`` is applied
    anyway; it must raise with the reason the option gave, and leave the state exactly as it was."""
    from tiletum_tui.games.tiletum.engine import options

    tried = 0
    for seed in range(2):
        s = game(players, seed=seed + 40, rules=rules)
        set_res(s.players[0], G=9, F=9)  # a rich first player reaches more options (and more refusals)
        rng = random.Random(seed)
        while s.phase != "over":
            before = digest(s)
            for o in options(s):
                if o.legal:
                    continue
                with pytest.raises(IllegalActionError) as info:
                    apply_in_place(s, o.action)
                assert str(info.value) == o.reason
                tried += 1
            assert digest(s) == before
            apply_in_place(s, _eager(rng, legal_actions(s)))
    assert tried > 500
