"""Random seeded games to the end, checking after every action what must always hold (issue 2, Tests)."""

import random

import pytest

from tiletum_tui.engine import (
    IllegalActionError, TiletumError, apply, apply_in_place, clone, digest, legal_actions, parse,
)
from tiletum_tui.engine import actions as A
from tiletum_tui.engine.invariants import problems

from .conftest import game

WRONG = ["die 1Y", "die 6B>3 +bonus", "end", "done", "skip", "move merchant LON", "house LON 1", "pillar KRA",
         "hire c01a", "refresh", "room c15a 3 3", "contract k02a", "exchange G I", "king", "gain W", "buy F",
         "fulfil b30a", "crest b23a 1", "cathedral TIL", "use b01a", "building 2", "bonus c01a", "claim", "discard",
         "joker king", "take b01a"]


def _eager(rng, actions):
    """A player who mostly does things (rather than ending turns at once): reaches deep positions
    (full Storehouses, six Contracts, Completed Buildings, Cathedrals) that uniform play rarely sees."""
    busy = [a for a in actions if not isinstance(a, (A.EndTurn, A.Done, A.Skip, A.DiscardKingTile, A.Refresh, A.Exchange, A.Buy))]
    return rng.choice(busy) if busy and rng.random() < 0.93 else rng.choice(actions)


@pytest.mark.parametrize("policy", ["uniform", "eager"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_replay_exactly(players, policy):
    for seed in range(4 if policy == "uniform" else 2):
        s = game(players, seed=seed)
        rng = random.Random(seed * 31 + players)
        log = []
        while s.phase != "over":
            assert not problems(s), problems(s)
            actions = legal_actions(s)
            assert actions, "no legal action before the end of the game"
            # an illegal action never changes the state
            text = rng.choice(WRONG)
            before = digest(s)
            try:
                apply_in_place(s, parse(text))
            except IllegalActionError:
                assert digest(s) == before
            else:
                log.append(parse(text))
                continue
            a = rng.choice(actions) if policy == "uniform" else _eager(rng, actions)
            apply_in_place(s, a)
            log.append(a)
        assert not problems(s) and s.winner >= 0 and legal_actions(s) == []
        replay = game(players, seed=seed)
        for a in log:
            apply_in_place(replay, a)
        assert digest(replay) == digest(s)


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s = game(2)
    before = digest(s)
    a = legal_actions(s)[0]
    new = apply(s, a)
    assert digest(s) == before and digest(new) != before


def test_different_seeds_give_different_games_and_the_same_seed_the_same():
    assert digest(game(3, seed=5)) == digest(game(3, seed=5))
    assert digest(game(3, seed=5)) != digest(game(3, seed=6))


def test_errors_are_value_errors_with_reasons():
    s = game(2)
    with pytest.raises(TiletumError) as info:
        apply(clone(s), parse("king"))
    assert isinstance(info.value, ValueError) and "King" in str(info.value)


def test_die_choices_listed_without_checking_are_all_legal():
    """legal_actions trusts die_choices; hold every one of them to check() over random games."""
    from tiletum_tui.engine import check
    from tiletum_tui.engine.legal import die_choices
    from tiletum_tui.engine.state import TurnFrame

    for seed in range(3):
        s = game(4, seed=seed)
        s.players[0].resources["G"] = 7  # every change of value affordable for someone
        rng = random.Random(seed)
        seen = 0
        while s.phase != "over":
            frame = s.stack[-1]
            if isinstance(frame, TurnFrame) and not frame.die_taken:
                for a in die_choices(s, s.players[frame.player]):
                    check(s, a)
                    seen += 1
            apply_in_place(s, rng.choice(legal_actions(s)))
        assert seen > 100
