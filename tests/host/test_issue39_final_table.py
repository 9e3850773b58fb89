"""Issue 39, item 1: "A hosted game's final table crashes the client": finish a game on the host,
open it from ``tiletum join`` (or SSH: the same client) and press ``r`` (replay) or ``c`` (how it was
won): the replay and the charts show, in both games, whether the game ended while it was open (the
host's last update) or was opened once over (from the host's record). And "a remote player never
sees a traceback: an unexpected error in a hosted client is logged on the host and the player gets
one line saying what failed"."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.replay.charts import ChartsScreen
from tiletum_tui.shell.ui.replay.screen import ReplayShell
from tiletum_tui.games.tiletum.ui.dialogs.basic import AnnounceDialog

from .hosting import Player, people, random_move, running_host, screen_until, short_dir, table_of  # noqa: F401


# The matrix: Tiletum, Tiletum with Prospect for Silver, Carcassonne with the River (and without).
TABLES = ["tiletum", "tiletum+silver", "carcassonne", "carcassonne+river"]


def _hosted(folder, table: str, seed: int, left: int) -> tuple[str, list[str]]:
    """A game of ann and bob by random moves, in the host's folder, ``left`` moves before its end."""
    name, _, module = table.partition("+")
    game = games.game(name)
    settings = game.table_settings([("ann", "red"), ("bob", "blue")], seed, (module,) if module else ())
    whole = Session.new(settings, autosave=False, game=game)
    rng = random.Random(seed)
    while not whole.finished:
        whole.apply(rng.choice(game.legal_actions(whole.state)), by=EVERY_SEAT)
    s = Session.new(settings, HostFolder(folder).games, game=game)
    for a in whole.notation_log[: len(whole.notation_log) - left]:
        s.apply(a, by=EVERY_SEAT)
    s.close()
    return s.game_id, whole.notation_log


async def _replay_and_charts(app, pilot, moves: int) -> None:
    """At the final table: r shows the replay of every move, Esc back, c the charts, Esc back (the final
    scoring's announcement, shown to a player who saw the game end, closed first, as a player does)."""
    if isinstance(app.screen, AnnounceDialog):
        await pilot.press("enter")
        await screen_until(pilot, lambda: not isinstance(app.screen, AnnounceDialog))
    # The final table comes up after the announcement closes (its callback runs a moment later): a
    # player presses r once the keys line offers Replay.
    await screen_until(pilot, lambda: _offers(app, "replay"))
    await pilot.press("r")
    await screen_until(pilot, lambda: isinstance(app.screen, ReplayShell))
    assert app.screen.positions.last == moves and app.screen.positions.finished
    await pilot.press("escape")
    await screen_until(pilot, lambda: not isinstance(app.screen, ReplayShell) and _offers(app, "charts"))
    await pilot.press("c")
    await screen_until(pilot, lambda: isinstance(app.screen, ChartsScreen))
    await pilot.press("escape")
    await screen_until(pilot, lambda: not isinstance(app.screen, ChartsScreen))


def _offers(app, action: str) -> bool:
    """The screen's keys line offers ``action`` (a binding shown and enabled)."""
    return any(b.binding.action == action and b.enabled for b in app.screen.active_bindings.values())


def _over(app) -> bool:
    model = getattr(app.screen, "model", None)
    return model is not None and getattr(model, "remote", False) and model.game.finished(model.view)


@pytest.mark.parametrize("name", TABLES)
async def test_a_game_that_ends_while_open_replays_and_charts_on_the_remote_screen(short_dir, name):
    HostFolder(short_dir).prepare()
    gid, actions = _hosted(short_dir, name, 11, left=1)
    last = actions[-1]
    mover = ("ann", "bob")[int(last.split(":")[0]) - 1] if name.startswith("tiletum") else None
    async with running_host(short_dir) as host:
        hosted = host.games[gid]
        mover = mover or hosted.names()[hosted.session.current_player]
        other = "bob" if mover == "ann" else "ann"
        player = await Player(short_dir, mover).connect()
        model = await player.open(gid)
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name=other))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            app.link.send(P.Open(gid))
            await screen_until(pilot, lambda: gid in app.games.models)
            move = next(a for a in model.legal() if model.game.notation(a) == last)
            await player.play(gid, move)  # the last move, made in another terminal
            await screen_until(pilot, lambda: app.games.models[gid].game.finished(app.games.models[gid].view))
            await pilot.pause(0.3)
            await _replay_and_charts(app, pilot, len(actions))
            assert app.return_code is None and not app.said_trouble
            # Item 2: the move made on the host was timed (one clock, both games), and the record says so.
            assert app.games.models[gid].whole_game().log[-1].seconds is not None
        player.close()


@pytest.mark.parametrize("name", TABLES)
async def test_a_game_over_opened_from_the_lobby_replays_and_charts(short_dir, name):
    HostFolder(short_dir).prepare()
    gid, actions = _hosted(short_dir, name, 12, left=0)
    async with running_host(short_dir):
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            app.link.send(P.Open(gid))
            await screen_until(pilot, lambda: _over(app) or "Final" in type(app.screen).__name__)
            await pilot.pause(0.3)
            await _replay_and_charts(app, pilot, len(actions))
            assert app.return_code is None and not app.said_trouble


async def test_an_unexpected_error_in_a_hosted_client_is_logged_on_the_host_and_told_in_one_line(short_dir):
    heard: list[str] = []
    async with running_host(short_dir, report=heard.append):
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))

        def broken() -> None:
            raise RuntimeError("an injected fault")

        told = []
        real_exit = app.exit
        app.exit = lambda *a, **kw: (told.append(kw.get("message")), real_exit(*a, **kw))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            app.lobby_screen.action_watch = broken  # the lobby's w: a bug, injected
            app.simulate_key("w")  # (not pilot.press: it would wait for an app that has closed)
            await screen_until(pilot, lambda: any("an injected fault" in h for h in heard))
            await screen_until(pilot, lambda: told)
        assert app.return_code == 1
    (logged,) = [h for h in heard if "injected" in h]
    assert logged.startswith("ann's screen failed") and "RuntimeError" in logged
    (line,) = [str(m) for m in told]  # one message, one line, no traceback
    assert "\n" not in line and "RuntimeError: an injected fault" in line and "Traceback" not in line


@pytest.mark.parametrize("name", TABLES)
async def test_a_remote_seat_is_told_since_its_last_turn_as_the_host_made_it_from_the_states(short_dir, name):
    """Item 3, on the host: "Both games' screens and the host's clients show it"."""
    rng = random.Random(7)
    async with running_host(short_dir) as host:
        ann, bob = await Player(short_dir, "ann").connect(), await Player(short_dir, "bob").connect()
        game, _, module = name.partition("+")
        before = set(host.games)
        ann.link.send(P.NewTable(game, people("ann", "bob"), (module,) if module else ()))
        await ann.until(lambda: set(host.games) - before)
        (gid,) = set(host.games) - before
        await ann.open(gid)
        await bob.open(gid)
        session = host.games[gid].session
        players = {0: ann, 1: bob}
        turns = 0
        while turns < 6:
            who = session.current_player
            await players[who].play(gid, random_move(players[who].model(gid), rng))
            if session.current_player != who:
                turns += 1
        now = session.current_player
        model = players[now].model(gid)
        await players[now].until(lambda: len(model.log) == len(session.log))
        assert model.since(now) == session.since(now) and not model.since(now).empty
        assert model.since(1 - now) is None  # (another seat's is not sent)
        ann.close(), bob.close()
