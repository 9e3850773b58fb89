"""The time taken per move (issue 21: "per player the time taken per move"), kept in the log and in
saves as an optional field: "old saves without times show "—", nothing else changes; the notation
and save format are public: document and keep old saves loading".
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tiletum_tui.shell import session as session_module
from tiletum_tui.games.tiletum.engine import legal_actions
from tiletum_tui.shell.saves import format as fmt
from tiletum_tui.shell.saves.errors import SaveFileError
from tiletum_tui.shell.session import EVERY_SEAT, Session

from ..ui.conftest import SETTINGS

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "saves"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(session_module.time, "monotonic", c)
    return c


def play(session, moves: int, clock=None, rng=None, step: float = 2.5) -> None:
    rng = rng or random.Random(1)
    for k in range(moves):
        if clock is not None:
            clock.now += step * (k + 1)
        session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)


def test_a_timed_game_saves_and_loads_each_moves_seconds(tmp_path, clock):
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    session.start_clock()
    play(session, 4, clock)
    assert [e.seconds for e in session.log] == [2.5, 5.0, 7.5, 10.0]  # each from the move before it
    path = session.save("timed", folder=tmp_path)
    assert json.loads(path.read_text())["seconds"] == [2.5, 5.0, 7.5, 10.0]
    assert [e.seconds for e in Session.load(path, autosave=False).log] == [2.5, 5.0, 7.5, 10.0]


def test_an_untimed_game_writes_no_times_at_all(tmp_path):
    """Nothing else changes: a game played without the screen's clock saves as before (no field)."""
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    play(session, 6)
    data = fmt.encode(session.to_save_file(name="t"))
    assert b'"seconds"' not in data
    assert all(e.seconds is None for e in Session.load_bytes(data).log)


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("*.json")))
def test_old_saves_load_with_no_times_known(name):
    loaded = Session.load(GOLDEN / name, autosave=False, open_as="read-only")
    assert loaded.log and all(e.seconds is None for e in loaded.log)


def test_times_of_a_game_timed_only_from_a_point_on_say_not_known_before(tmp_path, clock):
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    rng = random.Random(3)
    play(session, 3, rng=rng)
    session.start_clock()
    play(session, 2, clock, rng=rng)
    again = Session.load(session.save("half", folder=tmp_path), autosave=False)
    assert [e.seconds for e in again.log] == [None, None, None, 2.5, 5.0]


def test_undo_takes_the_time_back_with_the_move(tmp_path, clock):
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    session.start_clock()
    play(session, 1, clock)
    while session.can_undo(by=EVERY_SEAT) is not None:  # (the first die roll is a reveal: play on)
        play(session, 1, clock)
    n = len(session.log)
    session.undo(by=EVERY_SEAT)
    assert len(session.log) == n - 1
    clock.now += 4.0
    session.redo(by=EVERY_SEAT)
    assert session.log[-1].seconds == 4.0


@pytest.mark.parametrize(("seconds", "words"), [
    ([-1.0], "`$.seconds[0]`"),
    ([1e12], "`$.seconds[0]`"),
    (["soon"], "`$.seconds[0]`"),
    ([1.0] * 50, "gives the times of 50 moves for"),
])
def test_bad_times_are_refused_with_a_message_and_nothing_is_written(tmp_path, seconds, words):
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    play(session, 5)
    raw = json.loads(fmt.encode(session.to_save_file(name="t")))
    raw["seconds"] = seconds
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw))
    before = path.read_bytes()
    with pytest.raises(SaveFileError, match=words.replace("[", r"\[").replace("$", r"\$").replace(".", r"\.")):
        Session.load(path, autosave=False)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]
