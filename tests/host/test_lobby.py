"""Issue 25, the lobby: "her games (whose turn, since when; her turn first), games with a free seat
to join, New game (each seat: a named player, an opponent level, or open), Watch a game", at 80×24
by keys; and "The host serves every game of the program's registry (Tiletum with or without its
expansion ...)"."""

from __future__ import annotations

from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp
from tiletum_tui.shell.host.lobby import LobbyScreen, NewTableScreen, sort_lobby

from .hosting import Player, running_host, screen_until, short_dir  # noqa: F401 (fixture)


def _info(gid, seats, deciding=-1, since=0.0, waiting=False):
    return P.GameInfo(gid, "Tiletum", tuple(P.SeatInfo(n, k) for n, k in seats), deciding, since, "", waiting)


def test_her_games_come_first_her_turn_first_then_free_seats_then_the_others():
    games = (
        _info("old-bobs-turn", [("ann", "person"), ("bob", "person")], deciding=1, since=10),
        _info("hers-new", [("ann", "person"), ("bob", "person")], deciding=0, since=50),
        _info("hers-old", [("bob", "person"), ("ann", "person")], deciding=1, since=20),
        _info("free", [("cid", "person"), ("(open)", "open")], waiting=True),
        _info("others", [("cid", "person"), ("dee", "person")], deciding=0),
    )
    parts = sort_lobby(games, "ann")
    assert [g.id for g in parts["mine"]] == ["hers-old", "hers-new", "old-bobs-turn"]  # (the longest waiting first)
    assert [g.id for g in parts["free"]] == ["free"] and [g.id for g in parts["others"]] == ["others"]


async def test_a_new_table_by_keys_begins_when_its_open_seat_is_taken(short_dir):
    async with running_host(short_dir) as host:
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            await pilot.press("n")
            await screen_until(pilot, lambda: isinstance(app.screen, NewTableScreen))
            assert app.screen.focused.id == "table-game"  # the game first (Tiletum, the registry's first)
            await pilot.press("tab", "enter", "down", "enter")  # 3 players: you, an open seat, a beginner
            await pilot.pause(0.2)
            app.screen.query_one("#module-tiletum-silver").focus()
            await pilot.press("space")  # with Prospect for Silver
            await pilot.press("ctrl+s")
            await screen_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and host.tables.tables)
            (table,) = host.tables.tables.values()
            assert [s.kind for s in table.seats] == ["person", "open", "opponent"] and table.modules == ("silver",)
            bob = Player(short_dir, "bob")
            await bob.connect()
            await screen_until(pilot, lambda: bob.lobby.games)
            bob.link.send(P.TakeSeat(table.id, 1))
            await screen_until(pilot, lambda: host.games)
            (game,) = host.games.values()
            assert game.names()[:2] == ["ann", "bob"] and game.session.settings.modules == ("silver",)
            await screen_until(pilot, lambda: any(not g.waiting for g in app.lobby.games))
            await pilot.press("enter")  # her game, first in the lobby: she plays it
            await screen_until(pilot, lambda: game.id in app.games.models)
            assert app.games.models[game.id].seat == 0
            bob.close()


async def test_a_carcassonne_table_with_the_river_by_keys_against_a_beginner(short_dir):
    """The New game form offers each game the host serves, with its own modules and opponents
    (issue 19: the host serves Carcassonne as it serves Tiletum; the River is its variant)."""
    from tiletum_tui.games.carcassonne.modules.river.tiles import load
    from tiletum_tui.games.carcassonne.ui.remote import RemoteCarcassonneScreen
    from textual.widgets import Checkbox

    async with running_host(short_dir) as host:
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            await pilot.press("n")
            await screen_until(pilot, lambda: isinstance(app.screen, NewTableScreen))
            form = app.screen
            await pilot.press("enter", "down", "enter")  # the game: Carcassonne
            await pilot.pause(0.2)
            shown = [b.id for b in form.query(Checkbox) if b.display]
            assert shown == ["module-carcassonne-river"]  # its module, not Tiletum's
            assert form.query_one("#seat-row-1").display and not form.query_one("#seat-row-2").display
            form.query_one("#seat-kind-1").focus()
            await pilot.press("enter", "down", "down", "enter")  # seat 2: Opponent: beginner
            form.query_one("#module-carcassonne-river").focus()
            await pilot.press("space", "ctrl+s")
            await screen_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and host.games)
            (game,) = host.games.values()
            assert game.game.name == "carcassonne" and game.session.settings.river
            assert game.session.seat(1).is_opponent and game.session.seat(1).level == "beginner"
            await screen_until(pilot, lambda: app.lobby.games)
            await pilot.press("enter")  # her game: the Carcassonne screen, the spring first
            await screen_until(pilot, lambda: isinstance(app.screen, RemoteCarcassonneScreen))
            assert app.screen.state.placed[0].design == load().spring


async def test_the_table_just_set_is_highlighted_so_enter_plays_it(short_dir):
    """Her games list her new table first in her mind: after New game, Enter opens the table just set,
    not the game highlighted before it (played at 80x24: Enter opened the older Carcassonne game)."""
    async with running_host(short_dir) as host:
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            app.link.send(P.NewTable("carcassonne", (P.SeatPlan("person", "ann"), P.SeatPlan("opponent", level="beginner"))))
            await screen_until(pilot, lambda: len(app.lobby.games) == 1)
            (older,) = [g.id for g in app.lobby.games]
            await pilot.press("n")
            await screen_until(pilot, lambda: isinstance(app.screen, NewTableScreen))
            app.screen.query_one("#seat-kind-1").focus()
            await pilot.press("enter", "down", "down", "enter")  # Tiletum, seat 2: Opponent: beginner
            await pilot.press("ctrl+s")
            await screen_until(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.lobby.games) == 2)
            await pilot.pause(0.2)
            (new,) = [g.id for g in app.lobby.games if g.id != older]
            assert app.screen.query_one("#lobby-list").highlighted_option.id == new


async def test_the_lobby_footer_shows_every_key_it_lists_quit_too_at_80_columns(short_dir):
    """Issue 25 ("at 80×24 by keys"): played in tmux, the lobby's key line ended "i Web link  q▏^p
    palette": the key that quits was cut to its letter. Each key of the line is shown with its word."""
    async with running_host(short_dir):
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            await pilot.pause(0.2)
            footer = [strip.text for strip in app.screen._compositor.render_strips()][-1]
            shown = [(b.key, b.description) for b in LobbyScreen.BINDINGS if b.show]
            assert ("q", "Quit") in shown
            for key, words in shown:
                assert f"{key} {words}" in footer, footer


async def test_how_long_a_turn_has_waited_grows_while_the_lobby_stays_open(monkeypatch):
    """Issue 25 ("her games (whose turn, since when ...)"): played in tmux, a lobby left open said "bob's
    turn just now" minutes after bob's turn began (it was drawn only when the host sent a change). The
    lobby's "since when" goes on counting while nothing else changes."""
    import time

    from textual.app import App

    from tiletum_tui.shell.host import lobby as L

    monkeypatch.setattr(L, "AGES_EVERY", 0.1, raising=False)  # (every 30 s in play)
    screen = LobbyScreen("ann")

    class Lobby(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = Lobby()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen.show((_info("g1", [("ann", "person"), ("bob", "person")], deciding=1, since=time.time() - 58.8),))
        await pilot.pause()

        def shown() -> str:
            return " ".join(strip.text for strip in screen._compositor.render_strips())

        assert "bob's turn just now" in shown()
        await screen_until(pilot, lambda: "bob's turn for 1 min" in shown(), tries=100)
