"""Acting as a seat (issue 18, "What must become true"): "a move is taken only from the seat whose
decision it is; undo and redo take back only that seat's own moves of the current turn, never a
computer opponent's or another person's." Item 2, reproduced on main: on the game screen ``u``
right after a beginner in seat 2 played ``2: die 4P`` took that move back.
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, legal_actions
from tiletum_tui.games.tiletum.engine.turn import TakeDie
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import NotYourMoveError, Session, UndoError

SETTINGS = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=7)
BOB = Seat(player="opponent", level="beginner")


def _session(tmp_path, seats=(PERSON, BOB)) -> Session:
    return Session.new(SETTINGS, save_dir=tmp_path, autosave=False, seats=seats)


def _die(session):
    """A die the deciding player may take (the first move of a turn)."""
    return next(a for a in legal_actions(session.view()) if isinstance(a, TakeDie))


def _finish_turn(session, seat: int) -> None:
    """``seat`` plays its turn to its end (Done / Skip / End turn where it can, else the first option)."""
    while session.current_player == seat:
        legal = legal_actions(session.view())
        finish = [a for a in legal if a.verb() in ("end", "done", "skip")]
        session.apply(finish[0] if finish else legal[0], by=seat)


def test_undo_right_after_an_opponents_move_is_refused_in_words(tmp_path):
    session = _session(tmp_path)
    _finish_turn(session, 0)
    session.apply(_die(session), by=1)  # the beginner takes a die (its decision goes on: AP to spend)
    key, moves = session.digest(), len(session.log)
    reason = "Bob (beginner) made the last move: you can only take back your own moves"
    assert session.can_undo(by=0) == reason
    with pytest.raises(UndoError, match=r"Bob \(beginner\) made the last move"):
        session.undo(by=0)
    assert session.digest() == key and len(session.log) == moves


def test_a_move_for_a_seat_not_deciding_is_refused_and_changes_nothing(tmp_path):
    session = _session(tmp_path)
    _finish_turn(session, 0)
    key, moves = session.digest(), len(session.log)
    bobs = _die(session)  # Bob decides now
    with pytest.raises(NotYourMoveError, match=r"you play Ann: a move for Bob \(beginner\) is not yours to make"):
        session.apply(bobs, by=0)
    with pytest.raises(NotYourMoveError, match=r"it is Bob \(beginner\)'s decision now, not yours"):
        session.apply(f"1: die {bobs.value}{bobs.colour}", by=0)  # a move of Ann's own, out of her turn
    with pytest.raises(NotYourMoveError, match="it is Bob"):
        session.apply(f"die {bobs.value}{bobs.colour}", by=0)  # without a seat it is the asker's
    assert session.digest() == key and len(session.log) == moves


def test_a_persons_own_undo_and_redo_within_their_turn_still_work(tmp_path):
    session = _session(tmp_path)
    before = session.digest()
    die = _die(session)
    session.apply(die, by=0)
    after = session.digest()
    assert session.can_undo(by=0) is None
    assert session.undo(by=0) == die and session.digest() == before
    assert session.can_redo(by=1) == "the move to redo is Ann's: you can only replay your own moves"
    session.redo(by=0)
    assert session.digest() == after


def test_in_hot_seat_play_one_person_cannot_take_back_anothers_move(tmp_path):
    """Two people at one keyboard: Bob cannot undo Ann's move, even in her turn (she can)."""
    session = _session(tmp_path, seats=(PERSON, PERSON))
    session.apply(_die(session), by=0)
    assert session.can_undo(by=1) == "Ann made the last move: you can only take back your own moves"
    assert session.can_undo(by=0) is None
