"""Issue 21: "`tiletum import FILE` (and Open in the app) reads it back to a game that replays exactly":
Open lists the game records of the save folder beside the saves and opens one as it opens a save;
`tiletum load` takes one too. A record is shared input, not a game played here: opening it never writes
it, and Continue does not take it for the last game."""

from __future__ import annotations

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.records import read_record, write_record
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.load import LoadDialog
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen

from ..toy_game import TOY, ToySettings, registered
from .conftest import DATE, random_moves, tiletum_settings

SETTINGS = tiletum_settings(2, 11)
MOVES = random_moves("tiletum", SETTINGS, 12)[0]
TEXT = write_record(games.game("tiletum"), SETTINGS, ("person", "journeyman"), DATE, MOVES)
PEOPLE = write_record(games.game("tiletum"), SETTINGS, (), DATE, MOVES)  # (on screen: no opponent's process)


async def test_open_lists_a_record_and_opens_it_as_a_save(tmp_path):
    (tmp_path / "shared game.record").write_text(PEOPLE)
    (tmp_path / "broken.record").write_text(PEOPLE.replace('[Rules "2"]', '[Rules "9"]'))
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        prompts = [str(o.prompt) for o in app.screen.query_one("#saves").options]
        assert any(p.startswith("shared game (record) · round 1 · ") for p in prompts), prompts
        assert any(p.startswith("broken.record — unreadable: not a readable record: line 4, column 1: rules "
                                "version 9") for p in prompts), prompts
        index = next(i for i, p in enumerate(prompts) if p.startswith("shared game"))
        app.screen.query_one("#saves").highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert [e.notation for e in app.screen.model.log] == list(MOVES)
    assert (tmp_path / "shared game.record").read_text() == PEOPLE  # never written


def test_a_record_opened_to_play_autosaves_to_a_file_of_its_own_and_is_not_continued(tmp_path):
    path = tmp_path / "g.record"
    path.write_text(TEXT)
    session = Session.load(path, save_dir=tmp_path)
    assert session.seats[1].level == "journeyman"  # who played each seat comes with the record
    session.apply(_a_legal_move(session), by=EVERY_SEAT)
    session.close()
    assert path.read_text() == TEXT
    autosaves = list(tmp_path.glob("autosave-*.json"))
    assert len(autosaves) == 1 and Session.load(autosaves[0], autosave=False).notation_log[:-1] == list(MOVES)
    assert Session.latest_unfinished(tmp_path) == autosaves[0]
    autosaves[0].unlink()
    assert Session.latest_unfinished(tmp_path) is None  # the record alone: a game shared, not one played here


def _a_legal_move(session) -> str:
    from tiletum_tui.games.tiletum.engine import legal_actions, notation

    return notation(legal_actions(session.state)[0])


def test_tiletum_load_takes_a_record_under_any_name(tmp_path):
    """A record is told from a save by its text, not only by its name (a save is JSON)."""
    path = tmp_path / "game.txt"
    path.write_text(TEXT)
    assert Session.load(path, autosave=False).notation_log == list(MOVES)


@pytest.fixture
def toy_registered():
    """The toy game registered as a game from outside the program registers (issue 38: no monkeypatching)."""
    with registered():
        yield


def test_a_game_the_records_code_does_not_know_has_records_too(toy_registered):
    """"reached only through games.game(name) / game_interface.Game": the toy game of the test folder,
    whose settings have no entry per player, round-trips with headers from its own settings."""
    settings = ToySettings(names=("Ann", "Bob"), seed=3)
    moves = ["1: take 2", "1: end", "2: take 1", "2: end", "1: take 2", "1: take 2", "1: take 1"]
    text = write_record(TOY, settings, (), DATE, moves)
    assert '[Names "Ann, Bob"]' in text and "[Seat2 \"person\"]" in text and "# turn 2: Bob" in text
    assert '[Result "Ann 1, Bob 0: Ann wins"]' in text
    record = read_record(text)
    assert record.settings == settings and record.text() == text
