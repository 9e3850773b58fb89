"""Issue 42, item 2: "Bounded input everywhere ... A fuzz test over both games' notation with huge
numbers, other scripts' digits and overlong lines."

Both games' ``parse`` read every move: typed at the keyboard or in a script, in a save or a record,
and in a client's frame at the host (``host/server.py`` answers its error with ``Refused``). Whatever
the line, it is read as an action or refused with the game's own error, in a short message with no
control character; a number is the digits 0-9, a few of them (``bounded.read_int``), so it prints back
as it was typed, and a line longer than any move is refused unread. Python's ``int()`` reads
'٣' as 3 and raises a ValueError of its own past 4,300 digits: neither may get through.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tiletum_tui.core import bounded, games

GAMES = {name: games.game(name) for name in games.NAMES}
# Real moves of each game, with a number in them to replace.
TEMPLATES = {
    "tiletum": ["{n}: die 3B", "1: die 3B>{n}", "{n}: move merchant LYO", "1: house LYO {n}",
                "1: room {n} {n} {n}", "{n}: end", "1: crest {n} {n}", "2: fulfil k07a {n}"],
    "carcassonne": ["{n}: place V at 1,-1 r3", "1: place V at {n},0", "2: place D at 0,{n} r1",
                    "1: place D at {n},{n}", "{n}: no follower", "{n}: knight city N"],
}
# Digits of other scripts, each of which int() reads (Arabic-Indic, Devanagari, fullwidth, Bengali,
# Thai), and digit-like characters it does not (superscripts, circled).
OTHER_DIGITS = "٠١٢٣٤٥٦٧٨٩" "۰۳۹" "०३९" "０３９" "০৩" "๐๓"
DIGIT_LIKE = "²³¹①⑨"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202e\u2028]")


def numbers():
    ascii_runs = st.integers(1, 20_000).map(lambda k: "9" * k)
    foreign = st.text(st.sampled_from(OTHER_DIGITS + "0123456789"), min_size=1, max_size=12).filter(
        lambda s: not s.isascii())
    return st.one_of(
        st.integers(-10**6, 10**6).map(str),
        ascii_runs,
        ascii_runs.map(lambda s: "-" + s),
        foreign,
        st.text(st.sampled_from(DIGIT_LIKE), min_size=1, max_size=3),
        st.text(st.characters(categories=["Nd"]), min_size=1, max_size=8),  # any script's decimal digits
    )


def lines(name: str):
    templated = st.builds(lambda t, n: t.replace("{n}", n), st.sampled_from(TEMPLATES[name]), numbers())
    overlong = st.builds(lambda t, k: t.format(n=1) + " " + "x" * k, st.sampled_from(TEMPLATES[name]),
                         st.integers(150, 100_000))
    return st.one_of(templated, overlong, st.text(max_size=300))


def _check(name: str, text: str) -> None:
    game = GAMES[name]
    try:
        action = game.parse(text, 0)
    except game.Error as exc:  # the game's own error: the host answers it with Refused, a save is unreadable
        message = str(exc)
        assert len(message) < 500, (text[:80], len(message))
        assert not CONTROL.search(message), repr(message[:200])
        return
    # Read: every number in it is a few ASCII digits, and it prints back as a move that reads the same.
    for value in (getattr(action, f) for f in action.__struct_fields__):
        if isinstance(value, int) and not isinstance(value, bool):
            assert abs(value) < 10 ** bounded.MAX_DIGITS, (text[:80], value)
    assert game.parse(game.notation(action), 0) == action
    assert len(text) <= bounded.MAX_MOVE_CHARS


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_line_is_a_move_or_the_games_own_refusal(name, data):
    _check(name, data.draw(lines(name)))


@pytest.mark.parametrize("name, text, words", [
    ("tiletum", "9" * 5000 + ": move merchant STR", "a move is at most 200 characters"),
    ("tiletum", "1: house LYO " + "2" * 100, "space must be a number of at most 6 digits, not '222"),
    ("tiletum", "٣: die 3B", "the seat must be written with the digits 0-9, not '٣'"),
    ("tiletum", "1: house LYO ٢", "space must be written with the digits 0-9, not '٢'"),
    ("tiletum", "1: die ²B", "a die is a value 1-6"),
    ("tiletum", "1: die 3B>٤", "the new value must be a number 1-6"),
    ("carcassonne", "2: place L at " + "9" * 5000 + ",0", "a move is at most 200 characters"),
    ("carcassonne", "2: place L at " + "9" * 100 + ",0", "the column must be a number of at most 6 digits, not '9999"),
    ("carcassonne", "1: place V at 0,٣", "the row must be written with the digits 0-9, not '٣'"),
    ("carcassonne", "٢: no follower", "the seat must be written with the digits 0-9, not '٢'"),
])
def test_each_kind_of_bad_number_is_named(name, text, words):
    """The cases the issue names, each with the words a player reads."""
    game = GAMES[name]
    with pytest.raises(game.Error) as caught:
        game.parse(text, 0)
    assert words in str(caught.value)
