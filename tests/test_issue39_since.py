"""Issue 39, item 3: "Since your last turn", made once for a seat (``Session.since``): "every event
between that seat's last decision and now, in order, its own and every automatic phase (Tiletum's
King phase, Fair, Cleanup, Corruption; Carcassonne's scorings and the River's end), each VP change
with its reason and values read from the states at those moments". Checked over whole random games
of both games (Tiletum with and without Prospect for Silver, Carcassonne with and without the River),
at the start of every seat's decision: the values against the states, never against the changes."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.core import games
from tiletum_tui.games.tiletum.engine.events import CorruptionRevealed, FairHeld, PhaseBegan
from tiletum_tui.games.carcassonne.engine.events import FeatureCompleted
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.session.since import points_of

TABLES = [("tiletum", (), 21), ("tiletum", ("silver",), 22), ("carcassonne", (), 23), ("carcassonne", ("river",), 24)]


def _game(name: str, modules, seed: int) -> Session:
    game = games.game(name)
    settings = game.table_settings([("Ann", "red"), ("Bob", "blue"), ("Cid", "green")], seed, modules)
    s = Session.new(settings, autosave=False, game=game)
    rng = random.Random(seed)
    while not s.finished:
        s.apply(rng.choice(game.legal_actions(s.state)), by=EVERY_SEAT)
    return s


def _automatic(game, before, after, events) -> list[str]:
    """The automatic phases a test can name from the events and states alone."""
    out = []
    for e in events:
        if isinstance(e, PhaseBegan) and e.phase in ("king", "cleanup", "final"):
            out.append(e.phase)
        elif isinstance(e, (FairHeld, CorruptionRevealed, FeatureCompleted)):
            out.append(type(e).__name__)
    if getattr(before, "river_end", None) is not None and after.river_end is None:
        out.append("river")
    return out


@pytest.mark.parametrize(("name", "modules", "seed"), TABLES, ids=lambda v: "-".join(v) if isinstance(v, tuple) else str(v))
def test_since_your_last_turn_reads_every_value_from_the_states(name, modules, seed):
    whole = _game(name, modules, seed)
    game, states, log = whole.game, whole.positions(), whole.log
    scores = lambda i: game.summary(states[i])["scores"]  # noqa: E731
    checked = phases_seen = consecutive = 0
    for n in range(1, len(log) + 1):
        seat = game.current_player(states[n])
        turn_began = game.turn_key(states[n]) != game.turn_key(states[n - 1])
        if seat is None or (log[n - 1].seat == seat and not turn_began):
            continue  # (a seat's decision begins where another seat's move ended, or where its new turn began)
        consecutive += log[n - 1].seat == seat  # (its last move just before: a round's last turn, then its first)
        part = Session.from_actions(whole.settings, [e.notation for e in log[:n]], game=game)
        got = part.since(seat)
        # Its last decision: its last move (a seat last in a round and first in the next was told
        # nothing of the King phase between: the window went back to its move before the others').
        mine = [i for i in range(n) if log[i].seat == seat]
        assert got.start == (mine[-1] if mine else 0)
        span = range(got.start, n)
        # Then: the seat's VP when it last decided, from the state before that move; now: the state's.
        assert list(got.then) == scores(span.start) and list(got.now) == scores(n)
        # Every change of every seat, in order, chained from then to now, each step a state's value at
        # the entry's edges (checked: a change of an entry starts from the state before that entry).
        for who, changes in got.vp().items():
            assert changes[0].before == got.then[who] and changes[-1].after == got.now[who]
            assert all(a.after == b.before for a, b in zip(changes, changes[1:]))
        for who in range(len(got.now)):
            if who not in got.vp():
                assert got.then[who] == got.now[who]
        # Each scoring event of the window is there with its reason, in order; nothing else but "other".
        scored = [(p, e.why) for i in span for e in log[i].events if (p := points_of(e)) and p[1]]
        listed = [((c.seat, c.after - c.before), c.why) for h in got.happened for c in h.vp if c.why != "other"]
        assert listed == scored
        # The seat's own last move first (what it set off follows), then every move of the others, in order.
        moves = [h for h in got.happened if h.seat is not None]
        assert [h.text for h in moves] == [log[i].text for i in span]
        assert moves and moves[0].own == (log[span.start].seat == seat)
        # Every automatic phase of the window, as a line of its own (no seat).
        expected = [p for i in span for p in _automatic(game, states[i], states[i + 1], log[i].events)]
        table = [h for h in got.happened if h.seat is None]
        assert len(table) >= len(expected), (expected, [h.text for h in table])
        phases_seen += len(expected)
        checked += 1
    assert checked > 20 and phases_seen > 3
