"""Issue 19: the session, the saves and the listing reach a game only through one declared interface
(``tiletum_tui.core.game_interface.Game``). A toy game defined here, which the program does not know,
plays through them: set up, notation round trip, apply, undo, save and load."""

from __future__ import annotations

import pytest

from tiletum_tui.core import games
from tiletum_tui.core.game_interface import Game
from tiletum_tui.shell.saves import listing
from tiletum_tui.shell.session import Session, UndoError
from tiletum_tui.shell.ui.model import GameModel

from .toy_game import TOY, ToySettings, registered


@pytest.fixture
def toy_registered():
    """The toy game registered as a game from outside the program registers (issue 38: no monkeypatching)."""
    with registered():
        yield


def test_every_registered_game_and_the_toy_have_the_declared_shape():
    assert isinstance(TOY, Game)
    for name in games.NAMES:
        assert isinstance(games.game(name), Game), name
        assert games.game(name).name == name


def test_the_toy_game_plays_through_the_session_saves_and_listing(tmp_path, toy_registered):
    settings = ToySettings(names=("Ann", "Bob"), seed=3)  # a pile of 8
    session = Session.new(settings, save_dir=tmp_path, game=TOY)
    action = TOY.parse("1: take 2")
    assert TOY.parse(TOY.notation(action)) == action
    session.apply("take 2", by=session.current_player)  # without a seat: the current player's
    session.apply("1: take 1", by=session.current_player)
    assert session.state.pile == 5
    session.undo(by=session.current_player)  # within the turn
    assert session.state.pile == 6
    session.apply("1: end", by=session.current_player)
    assert "undo stops" in session.can_undo(by=0)  # Ann's own move, but her turn is over
    with pytest.raises(UndoError):
        session.undo(by=0)
    with pytest.raises(TOY.Error, match="take 1 or 2"):
        session.apply("2: take 3", by=session.current_player)
    assert session.state.pile == 6  # a refusal changes nothing
    path = session.save("toy game")
    loaded = Session.load(path, save_dir=tmp_path, autosave=False)
    assert loaded.notation_log == session.notation_log
    assert loaded.digest() == session.digest()
    (row,) = [i for i in listing.list_saves(tmp_path) if not i.autosave]
    assert row.players == ("Ann", "Bob") and row.problem is None
    session.close()


def test_the_shells_model_plays_the_toy_from_its_legal_actions_and_asks_no_menu_of_it(tmp_path):
    """The model a screen (or the host's client) reads offers what the game declares: its legal actions
    (take 1 or 2, then end the turn), never another game's rules; a game without menus says so."""
    model = GameModel(Session.new(ToySettings(names=("Ann", "Bob"), seed=0), save_dir=tmp_path, autosave=False,
                                  game=TOY))  # a pile of 5
    assert [TOY.notation(a) for a in model.legal()] == ["1: take 1", "1: take 2"]  # nothing taken: no end yet
    model.apply(model.legal()[1], by=0)
    assert [TOY.notation(a) for a in model.legal()] == ["1: take 1", "1: take 2", "1: end"]
    with pytest.raises(TypeError, match="Counters shows no menus"):
        model.options()
    while model.legal():  # to the end: the last counter
        model.apply(model.legal()[-1] if model.view.taken else model.legal()[0], by=model.session.current_player)
    assert model.view.pile == 0 and TOY.finished(model.view)
    model.session.close()
