"""Issue 44 at a player's terminal, in both games: "shown in the lobby beside whose turn with the time
left" (and in the game's header), "the lobby rings the bell when a game turns to you, and a game you
open at your own decision rings once", and a player "can resign" by keys (Ctrl+X, confirmed with y),
after which he watches. Bob's screen is the real app (Pilot); ann plays through the client API."""

from __future__ import annotations

import time

import pytest
from textual.widgets import OptionList, Static

from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp
from tiletum_tui.shell.host.lobby_correspondence import LeaveScreen
from tiletum_tui.shell.table.clock import ManualClock

from .hosting import Player, people, running_host, screen_until, short_dir  # noqa: F401 (fixture)


def _help_text(screen) -> str:
    """The words of the keys help on screen (either game's: Tiletum's paints a Text, the shell's a Static)."""
    from rich.console import Console

    console = Console(width=200, record=True, file=open("/dev/null", "w"))
    for widget in screen.query("#help-text"):
        console.print(getattr(widget, "text", None) or widget.content)
    return console.export_text()


def _header(app, game: str) -> str:
    if game == "carcassonne":
        return str(app.screen.query_one("#carc-head", Static).render())
    from tiletum_tui.games.tiletum.ui.widgets.status import StatusBar

    return str(app.screen.query_one(StatusBar).render())


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
async def test_time_left_the_bells_and_resigning_by_keys(short_dir, game):
    wall = ManualClock(time.time())  # (the client reads the time left by its own clock)
    async with running_host(short_dir, wall=wall) as host:
        ann = await Player(short_dir, "ann").connect()
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
        rings = []
        app.bell = lambda: rings.append(1)
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            ann.link.send(P.NewTable(game, people("bob", "ann"), per_move=3 * 86400))
            await screen_until(pilot, lambda: app.lobby.games)
            gid = app.lobby.games[0].id
            menu = app.screen.query_one(OptionList)
            line = next(str(o.prompt) for o in menu._options if o.id == gid)
            assert "your turn just now, 3d 0h left" in line  # beside whose turn, the time left
            assert rings == [1]  # the game turned to him: the lobby's bell
            await pilot.press("enter")
            await screen_until(pilot, lambda: gid in app.games.models and getattr(app.screen, "model", None))
            await screen_until(pilot, lambda: "3d 0h left" in _header(app, game))
            assert rings == [1, 1]  # opened at his own decision: once more
            await pilot.press("ctrl+x")
            await screen_until(pilot, lambda: isinstance(app.screen, LeaveScreen))
            assert [k for k, _ in app.screen.choices()] == ["resign"]  # ann is here: no vote on her
            await pilot.press("enter")
            await pilot.pause(0.1)
            assert not host.games[gid].session.seat(0).is_opponent  # not before he says yes
            await pilot.press("y")
            await screen_until(pilot, lambda: host.games[gid].session.seat(0).is_opponent)
            await screen_until(pilot, lambda: app.games.models[gid].seat is None)  # he watches now
        ann.close()


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
async def test_the_keys_help_of_a_hosted_game_names_how_to_leave_it(short_dir, game):
    """Issue 44 ("a player can leave or resign"): a player who looks for it with ? finds Ctrl+X (the key
    line does not show it: it would mean nothing on the lobby's forms)."""
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
        async with app.run_test(size=(100, 40)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            ann.link.send(P.NewTable(game, people("bob", "ann")))
            await screen_until(pilot, lambda: app.lobby.games)
            gid = app.lobby.games[0].id
            await pilot.press("enter")
            await screen_until(pilot, lambda: gid in app.games.models and getattr(app.screen, "model", None))
            await pilot.press("question_mark")
            await pilot.pause(0.2)
            shown = _help_text(app.screen)
            assert "Ctrl+X" in shown and "resign" in shown, shown[-600:]
        ann.close()
        assert host.games[gid]
