"""Issue 39, "one reactive model": the screens bind to the model's reactive parts. The model is fed
only by the Table's updates, whoever caused the change (here a move made at the Table as a seat,
not through the screen; one made on the session behind the Table's back is shown by nobody), the screen redraws because the model changed and never because it
made a move, and a part of the game that changed redraws only what shows it: table talk redraws
the log, not the map; who is connected redraws nothing a home game shows."""

from __future__ import annotations

import random

from tiletum_tui.games.tiletum.engine import current_player, legal_actions
from tiletum_tui.games.tiletum.ui.widgets.map_view import MapView
from tiletum_tui.games.tiletum.ui.widgets.status import StatusBar
from tiletum_tui.shell.session import EVERY_SEAT
from tiletum_tui.shell.ui.app import TiletumApp

from .conftest import midgame_session, on_screen


def _text(widget) -> str:
    return str(widget.render())


def _count(widget, name: str) -> list:
    """Calls of ``widget.name`` from now on (the method still runs)."""
    calls, real = [], getattr(widget, name)

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    setattr(widget, name, spy)
    return calls


async def test_a_move_made_elsewhere_redraws_the_screen_which_made_no_move(tmp_path):
    """A move reaching the Table from elsewhere (another seat's, an opponent's) redraws the screen:
    the status line says whose turn it is now, and the screen's own ``apply`` was never called."""
    session = midgame_session(tmp_path)
    rng = random.Random(3)
    async with on_screen(session) as (pilot, screen):
        table = screen.model.table
        made = _count(screen, "apply")
        status = screen.query_one(StatusBar)
        for _ in range(12):  # moves until the turn passes to Bob, each as the seat deciding, at the Table
            assert table.act(current_player(session.state), rng.choice(legal_actions(session.state))) is None
            if current_player(session.state) == 1:
                break
        await pilot.pause()
        assert current_player(session.state) == 1
        assert "Bob's turn" in _text(status) or "Bob decides" in _text(status)
        assert screen.model.state == session.view()  # the model holds the game as it is now
        assert made == []


async def test_a_move_behind_the_tables_back_is_not_shown_until_the_table_tells_it(tmp_path):
    """The model is fed by the Table alone: a move made on the session itself (no seat asked the
    Table) changes nothing on screen; the Table's next change tells the log from where it differs."""
    session = midgame_session(tmp_path)
    async with on_screen(session) as (pilot, screen):
        shown, told = screen.model.state, len(screen.model.log)
        session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)  # behind the Table's back
        await pilot.pause()
        assert screen.model.state is shown and len(screen.model.log) == told
        assert screen.model.table.act(current_player(session.state), legal_actions(session.state)[0]) is None
        await pilot.pause()
        assert screen.model.state == session.view() and screen.model.log == session.log  # both moves


async def test_table_talk_redraws_the_log_and_not_the_map(tmp_path):
    """A line of table talk (a game through the host) is said once and shows in the log; the map on
    screen is not drawn again, nor the status line."""
    from tiletum_tui.shell.host.protocol import Chat

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        assert screen.current_view == "map"
        maps, statuses = _count(screen.query_one(MapView), "draw"), _count(screen.query_one(StatusBar), "show")
        logs = _count(screen.query_one("#log-view"), "draw")
        screen.model.update(chat=(Chat("Bob", "nice Castle", after=len(session.log), at=0.0),))
        await pilot.pause()
        assert maps == [] and statuses == [] and logs == []  # (the log is hidden: drawn when shown)
        assert any("nice Castle" in str(n.message) for n in app._notifications)
        await pilot.press("l")
        await pilot.pause()
        assert "nice Castle" in _text(screen.query_one("#log-view"))
        assert maps == [] and statuses == []


async def test_talk_redraws_the_log_on_screen_through_its_binding(tmp_path):
    """The log on screen binds to the screen's talk (``data_bind``): a new line is drawn in it at once,
    the log alone (the screen hands no view a new scene, the status line is not drawn again)."""
    from tiletum_tui.shell.host.protocol import Chat

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        log = screen.query_one("#log-view")
        draws, statuses = _count(log, "draw"), _count(screen.query_one(StatusBar), "show")
        screen.model.update(chat=(Chat("Bob", "well played", after=len(session.log), at=0.0),))
        await pilot.pause()
        assert "well played" in _text(log) and log.chat == screen.model.chat
        assert draws == [] and statuses == []


async def test_who_is_connected_redraws_nothing_the_table_shows_at_home(tmp_path):
    """A change of the seats (who is connected) is no change of the game: the map and the status
    line are not drawn again (the decision panel's line says it only while a remote seat decides)."""
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        maps, statuses = _count(screen.query_one(MapView), "draw"), _count(screen.query_one(StatusBar), "show")
        screen.model.update(seats=("someone connected",))
        await pilot.pause()
        assert maps == [] and statuses == []


async def test_an_undo_redraws_through_the_model(tmp_path):
    """Undo (the key) changes the session; the model's change redraws the screen once, to the state
    before the move."""
    session = midgame_session(tmp_path)
    async with on_screen(session) as (pilot, screen):
        before = screen.model.state
        screen.model.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
        await pilot.pause()
        assert screen.model.state is not before
        changes = _count(screen, "refresh_game")
        await pilot.press("u")
        await pilot.pause()
        assert screen.model.state == before
        assert len(changes) == 1  # drawn once, because the model changed (not again by the key)


async def test_an_opponents_move_is_shown_where_it_happened_in_the_redraw_of_its_change(tmp_path, monkeypatch):
    """The computer opponent Bob moves his Merchant (made at the Table, as its driver makes it): when
    the Table has told the change, the screen already shows the map with its cursor on the Town he
    moved to; nothing is left to switch the view later (once a deferred switch landed after the recap a
    person decides from, on a busy machine). His turn's end then begins Ann's: the recap shows, and
    stays."""
    from tiletum_tui.games.tiletum.engine.map_actions import MovePiece
    from tiletum_tui.shell.saves.format import PERSON, Seat
    from tiletum_tui.shell.session import Session
    from tiletum_tui.shell.ui import opponents as ui_opponents

    from .conftest import SETTINGS

    monkeypatch.setattr(ui_opponents.SeatDriver, "pace", 60.0)  # (his own answer waits: the test moves for him)
    rng, moves = random.Random(1), []
    probe = Session.new(SETTINGS, autosave=False)
    while not (current_player(probe.state) == 1 and any(isinstance(a, MovePiece) for a in legal_actions(probe.state))):
        moves.append(rng.choice(legal_actions(probe.state)))
        probe.apply(moves[-1], by=EVERY_SEAT)
    session = Session.from_actions(SETTINGS, moves, seats=(PERSON, Seat(player="opponent", level="beginner")))
    async with on_screen(session) as (pilot, screen):
        table = screen.model.table
        move = next(a for a in legal_actions(session.state) if isinstance(a, MovePiece))
        assert table.change(lambda: session.apply(move, by=1), by=1) is None
        assert screen.current_view == "map" and screen.query_one(MapView).cursor == move.to
        while current_player(session.state) == 1:  # the rest of his turn: its end first where offered
            legal = legal_actions(session.state)
            end = [a for a in legal if a.verb() in ("end", "done", "skip")]
            assert table.change(lambda a=(end or legal)[0]: session.apply(a, by=1), by=1) is None
        for _ in range(6):
            await pilot.pause(0.05)
        assert screen.current_view == "recap" and "Since Ann's last turn" in _text(screen.query_one("#recap-view"))
