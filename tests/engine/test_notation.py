"""The action notation: every action has a short text that round-trips (docs/notation.md).

The seat comes first, numbered from 1 (``2: die 3B``); a move typed for the player deciding now
(``die 3B``) takes its seat from the caller (``parse(text, seat=...)``).
"""

import random

import pytest

from tiletum_tui.games.tiletum.engine import (
    KINDS, Action, MalformedActionError, Rule, apply_in_place, legal_actions, notation, notation_of_move, parse,
)

from .conftest import game


def test_every_legal_action_of_random_games_round_trips():
    seen = set()
    for seed in range(6):
        s = game(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while s.phase != "over":
            actions = legal_actions(s)
            for a in actions:
                assert parse(notation(a)) == a
                assert parse(notation_of_move(a), seat=a.seat) == a
                assert notation(a) == f"{a.seat + 1}: {notation_of_move(a)}"
                seen.add(type(a))
            apply_in_place(s, rng.choice(actions))
    assert len(seen) >= 18  # most kinds of action come up in a handful of random games


@pytest.mark.parametrize("text", ["die 3B>4 +bonus", "move merchant LYO", "house LYO 2", "room c01a 3 2",
                                  "fulfil k02a S", "use b15a I", "exchange W I", "joker king", "end", "claim"])
def test_examples_from_the_docs_round_trip(text):
    assert notation_of_move(parse(text, seat=0)) == text
    assert notation(parse(text, seat=0)) == f"1: {text}"
    assert notation(parse(f"3: {text}")) == f"3: {text}"
    assert parse(f"3: {text}").seat == 2


def test_the_seat_in_the_text_wins_over_the_default():
    a = parse("2: die 3B>4 +bonus", seat=0)
    assert a.seat == 1 and notation(a) == "2: die 3B>4 +bonus"
    assert (a.value, a.colour, a.target, a.bonus) == (3, "B", 4, True)


def test_every_action_kind_has_a_verb():
    """Every kind of action is registered under its own verb, with its rule, check, apply and words."""
    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    kinds = set(subclasses(Action))
    assert kinds == set(KINDS.values())
    assert len({cls.verb() for cls in kinds}) == len(kinds) == len(KINDS)
    for verb, cls in KINDS.items():
        assert cls.verb() == verb
        assert isinstance(cls.RULE, Rule) and cls.RULE.text, verb
        assert cls.__struct_fields__[0] == "seat", verb
        for method in ("check", "apply", "describe"):
            assert getattr(cls, method) is not getattr(Action, method), (verb, method)


@pytest.mark.parametrize("text,message", [
    ("", "empty action"),
    ("1:", "empty action"),
    ("dance", "unknown action 'dance'"),
    ("die 7B", "die values run from 1 to 6"),
    ("die 3X", "colour letter"),
    ("room c01a 3", "expected 'room <tile> <building> <floor>'"),
    ("room c01a x 1", "building must be a number"),
    ("buy Q", "a Resource must be one of G, F, W, S, I"),
    ("joker dance", "the Action must be one of"),
    ("0: die 3B", "seats are numbered from 1"),
])
def test_malformed_actions_say_what_is_wrong(text, message):
    with pytest.raises(MalformedActionError, match=message):
        parse(text, seat=0)


def test_an_action_without_a_seat_is_malformed():
    with pytest.raises(MalformedActionError, match="say whose action it is, e.g. '1: die 3B'"):
        parse("die 3B")
    with pytest.raises(MalformedActionError, match="a line of text"):
        parse(None)
