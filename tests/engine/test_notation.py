"""The action notation: every action has a short text that round-trips (docs/notation.md)."""

import random

import pytest

from tiletum_tui.engine import MalformedActionError, apply_in_place, legal_actions, notation, parse
from tiletum_tui.engine.actions import ALL_ACTIONS

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
                seen.add(type(a))
            apply_in_place(s, rng.choice(actions))
    assert len(seen) >= 18  # most kinds of action come up in a handful of random games


@pytest.mark.parametrize("text", ["die 3B>4 +bonus", "move merchant LYO", "house LYO 2", "room c01a 3 2",
                                  "fulfil k02a S", "use b15a I", "exchange W I", "joker king", "end", "claim"])
def test_examples_from_the_docs_round_trip(text):
    assert notation(parse(text)) == text


def test_every_action_kind_has_a_verb():
    verbs = {cls.__struct_config__.tag for cls in ALL_ACTIONS}
    assert len(verbs) == len(ALL_ACTIONS)


@pytest.mark.parametrize("text,message", [
    ("", "empty action"),
    ("dance", "unknown action 'dance'"),
    ("die 7B", "die values run from 1 to 6"),
    ("die 3X", "colour letter"),
    ("room c01a 3", "expected 'room <tile> <building> <floor>'"),
    ("room c01a x 1", "building must be a number"),
    ("buy Q", "a Resource must be one of G, F, W, S, I"),
    ("joker dance", "the Action must be one of"),
])
def test_malformed_actions_say_what_is_wrong(text, message):
    with pytest.raises(MalformedActionError, match=message):
        parse(text)
