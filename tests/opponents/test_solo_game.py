"""A solo game on the real game screen (issue 14): one person against a master that thinks in its own
process, played to the final scoring table, with the master's moves shown one by one in the panel and
the log. Driven quickly: a tiny simulation budget and no pause between moves."""

from __future__ import annotations

import time

import pytest

from tiletum_tui.games.tiletum.engine import current_player, digest, view
from tiletum_tui.games.tiletum.opponents.levels import Opponent
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.dialogs.basic import AnnounceDialog
from tiletum_tui.games.tiletum.ui.opponents import OpponentsController
from tiletum_tui.games.tiletum.ui.screens.final import FinalScreen
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    monkeypatch.setattr(OpponentsController, "pace", 0.0)


async def test_a_solo_game_against_the_master_to_the_end(tmp_path, monkeypatch):
    seats = (PERSON, Seat(player="opponent", level="master", budget="2"))
    session = Session.new(settings_for(("you", "master"), seed=17), save_dir=tmp_path, seats=seats)
    me = Opponent(0, "beginner")  # plays the person's seat through the screen, as a person would choose
    app = TiletumApp(session=session, save_dir=tmp_path)
    refused = 0
    titles = []  # every title the decision panel showed (polling it missed a quick master's moves)
    show = DecisionPanel.show
    monkeypatch.setattr(DecisionPanel, "show", lambda panel, title, *a, **k: (titles.append(title),
                                                                              show(panel, title, *a, **k))[1])
    deadline = time.monotonic() + 240
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        while not isinstance(app.screen, FinalScreen):
            assert time.monotonic() < deadline, "the game did not end"
            state = game.model.state
            if isinstance(app.screen, AnnounceDialog):
                await pilot.press("enter")
            elif app.screen is game and state.phase != "over" and current_player(state) == 0:
                if refused == 0:  # the person's keys cannot play the opponent's seat, and vice versa
                    refused = 1
                game.apply(me.choose(state).action, by=0)  # the person, seat 1
                await pilot.pause()
            else:
                await pilot.pause(0.01)
        state = game.model.state
        assert state.phase == "over"
        theirs = [e for e in session.log if e.seat == 1]
        assert len(theirs) > 50  # the master played its whole game through the screen, every move logged
        # The panel showed the master's moves one by one as it played them (a line "· <move>" each).
        lines = {line for title in titles for line in title.split("\n")}
        moves = {e.text for e in theirs}
        assert len(moves & {line.removeprefix("· ").removeprefix("Master · ") for line in lines}) > 20
        assert any("(Master) plays" in t or "is thinking" in t for t in titles)
    assert not game.opponents.process  # leaving the screen ended the opponents' process


async def test_keys_cannot_play_an_opponents_seat_and_esc_hurries_it(tmp_path):
    """While the master thinks, a choice from the keyboard is refused (its seat is not the person's);
    Esc hurries it: it moves long before its budget would have run out."""
    seats = (Seat(player="opponent", level="master", budget="100000 60s"), PERSON)
    session = Session.new(settings_for(("master", "you"), seed=17), save_dir=tmp_path, seats=seats)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        first = session.state
        assert current_player(first) == 0 and game.opponents.waiting is not None  # the master is thinking
        game.choose(Opponent(0, "beginner").choose(game.model.state).action)  # as if a key picked a line for it
        assert session.digest() == digest(first) and not session.log
        await pilot.pause(0.5)
        started = time.monotonic()
        await pilot.press("escape")
        while not session.log:
            assert time.monotonic() - started < 20, "Esc did not hurry the master"
            await pilot.pause(0.05)
        assert session.log[0].seat == 0


async def test_h_marks_the_masters_suggestion_with_what_it_expects(tmp_path, monkeypatch):
    """h: today's hints, and the master's suggestion for the decision in hand, marked in the menu."""
    import tiletum_tui.games.tiletum.ui.opponents as ui_opponents

    monkeypatch.setattr(ui_opponents.OpponentsController, "hint_budget", "3")  # simulations: quick, the same every run
    session = Session.new(settings_for(("you", "journeyman"), seed=17), save_dir=tmp_path,
                          seats=(PERSON, Seat(player="opponent", level="journeyman")))
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert current_player(session.state) == 0
        await pilot.press("h")
        panel = game.query_one(DecisionPanel)
        for _ in range(300):
            marked = [c for c in panel.options if c.label.startswith(ui_opponents.SUGGESTED)]
            if marked:
                break
            await pilot.pause(0.02)
        assert len(marked) == 1, [c.label for c in panel.options]
        assert "Master:" in marked[0].detail and "VP" in marked[0].detail
        assert marked[0].label.startswith("◆ Die")  # a turn starts with a die


async def test_a_loaded_game_goes_on_with_its_opponents(tmp_path):
    """Saves record who plays each seat: a game loaded where its opponent is to move goes on by itself."""
    seats = (PERSON, Seat(player="opponent", level="journeyman"))
    session = Session.new(settings_for(("you", "journeyman"), seed=17), save_dir=tmp_path, seats=seats)
    me = Opponent(0, "beginner")
    while current_player(session.state) == 0:  # the person's first turn, played headless
        session.apply(me.choose(view(session.state)).action, by=EVERY_SEAT)
    path = session.save("to be continued")
    session.close()
    loaded = Session.load(path, save_dir=tmp_path)
    assert loaded.seats == seats and current_player(loaded.state) == 1
    before = len(loaded.log)
    app = TiletumApp(session=loaded, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3000):  # (up to a minute: the opponent's paced moves on a machine busy with other tests)
            if current_player(loaded.state) == 0:
                break
            await pilot.pause(0.02)
        assert current_player(loaded.state) == 0 and len(loaded.log) > before
        assert all(e.seat == 1 for e in loaded.log[before:])


async def test_when_the_person_decides_again_one_note_sums_up_the_opponents_turn(tmp_path, monkeypatch):
    """Issue 14 ("each opponent move is shown"): once a person decides again, one short note tells how
    many moves the opponent made and its last (its turn's end), and none comes up later in the turn."""
    seats = (PERSON, Seat(player="opponent", level="journeyman"))
    session = Session.new(settings_for(("you", "journeyman"), seed=17), save_dir=tmp_path, seats=seats)
    me = Opponent(0, "beginner")
    app = TiletumApp(session=session, save_dir=tmp_path)
    notes: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        monkeypatch.setattr(game, "notify", lambda message, **kw: notes.append(message))
        while current_player(session.state) == 0:  # the person's first turn
            game.apply(me.choose(view(session.state)).action, by=0)
            await pilot.pause()
        for _ in range(3000):  # (up to a minute: the opponent's paced moves on a machine busy with other tests)
            if current_player(session.state) == 0:
                break
            await pilot.pause(0.02)
        theirs = [e for e in session.log if e.seat == 1]
        assert current_player(session.state) == 0 and theirs
        await pilot.pause()
        game.apply(me.choose(view(session.state)).action, by=0)  # the person's next move brings no second note
        await pilot.pause()
        assert current_player(session.state) == 0
    assert notes == [f"{len(theirs)} moves, the last: {theirs[-1].text}\nl: every move in the log"], notes
