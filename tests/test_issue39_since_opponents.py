"""Issue 39, item 3: "Since your last turn, made once [...] for a seat: every event between that seat's
last decision and now, in order, its own and every automatic phase [...], each VP change with its reason
and its values read from the states at those moments. A test over whole games of both games checks the
values against the states." Whole games of each game (with and without its module), every seat played
by the game's own computer opponents through the engine (seeded: the same games every run), and at the
start of every seat's decision what ``Session.since`` lists is checked against ``Session.positions``:
the VP it starts from is the seat's at its last decision (the state before that move), and each change
begins at the state before the move it belongs to and ends at the state after it."""

from __future__ import annotations

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.session import EVERY_SEAT, Session

from .test_issue39_since import _automatic

NAMES = [("Ann", "red"), ("Bob", "blue"), ("Cid", "green")]
LEVELS = ("beginner", "journeyman", "beginner")
GAMES = [("tiletum", (), 31), ("tiletum", (), 32), ("tiletum", ("silver",), 33), ("tiletum", ("silver",), 34),
         ("carcassonne", (), 35), ("carcassonne", ("river",), 36), ("carcassonne", ("river",), 37)]


def _check(session: Session, seat: int) -> int:
    """Check ``session.since(seat)`` against the states; the number of VP changes it listed."""
    game, states, log = session.game, session.positions(), session.log
    n = len(log)

    def scores(i: int) -> list[int]:
        return list(game.summary(states[i])["scores"])

    got = session.since(seat)
    mine = [i for i in range(n) if log[i].seat == seat]
    start = mine[-1] if mine else 0  # its last decision: its last move (or the game as set up)
    assert got.start == start
    assert list(got.then) == scores(start), "the VP then: the state's before its last decision"
    assert list(got.now) == scores(n), "the VP now: the state's"
    # Each thing listed, in order: a move opens its log entry; the automatic phases it set off follow.
    entry = start - 1
    changes: dict[int, list] = {}
    for h in got.happened:
        if h.seat is not None:
            entry += 1
            assert h.text == log[entry].text and h.seat == log[entry].seat
            assert h.own == (log[entry].seat == seat)
            changes[entry] = []
        else:
            assert h.text and entry >= start  # (an automatic phase, in words, after the move that set it off)
        for c in h.vp:
            assert c.why and c.before != c.after
            changes[entry].append(c)
    assert entry == n - 1 and set(changes) == set(range(start, n)), "every move since, in order"
    listed = 0
    for i, cs in changes.items():  # each change's values: the states around its move
        before, after = scores(i), scores(i + 1)
        for who in range(len(before)):
            steps = [c for c in cs if c.seat == who]
            if not steps:
                assert before[who] == after[who], (i, who)
                continue
            assert steps[0].before == before[who] and steps[-1].after == after[who], (i, who, steps)
            assert all(a.after == b.before for a, b in zip(steps, steps[1:]))
            listed += len(steps)
    # Every automatic phase of the window (Tiletum's King phase, Fair, Cleanup, Corruption;
    # Carcassonne's scorings and the River's end) has its line.
    expected = [p for i in range(start, n) for p in _automatic(game, states[i], states[i + 1], log[i].events)]
    assert len([h for h in got.happened if h.seat is None]) >= len(expected)
    return listed


@pytest.mark.parametrize(("name", "modules", "seed"), GAMES,
                         ids=[f"{n}{'+' + m[0] if m else ''}-{s}" for n, m, s in GAMES])
def test_since_matches_the_states_over_whole_games_played_by_the_opponents(name, modules, seed):
    game = games.game(name)
    plug = games.load(games.entry(name).opponents)
    settings = game.table_settings(NAMES, seed, modules)
    session = Session.new(settings, autosave=False, game=game)
    players = [plug.opponent(i, level, None) for i, level in enumerate(LEVELS)]
    checked = changes = 0
    turn = game.turn_key(session.positions()[-1])
    while not session.finished:
        seat = session.current_player
        now = game.turn_key(session.positions()[-1])
        if session.log and (session.log[-1].seat != seat or now != turn):  # a seat's decision begins
            changes += _check(session, seat)
            checked += 1
        turn = now
        session.apply(players[seat].choose(session.view(seat)).action, by=EVERY_SEAT)
    for seat in range(len(NAMES)):  # at the end, what each seat is told of the game's last moves
        changes += _check(session, seat)
    assert checked > 30 and changes > 10
