"""Issue 38, "One registry entry per game, in its own package": "A toy third game in the tests registers
itself and plays a whole game on screen and through the host, with no monkeypatching." The toy game
(``toy_game.py``: Counters) registers itself with its screens (``toy_screens.py``) and what the host needs;
nothing of the program is replaced. On screen: the app opens its session on the toy's own screen and the
keys play it to the end, autosaved. Through the host: two people play it to the end as hosted clients,
one of them on the real client app (``tiletum join``'s, through Pilot)."""

from __future__ import annotations

import random

from tiletum_tui.core import games
from tiletum_tui.shell.session import Session

from .host.hosting import Player, people, running_host, screen_until, short_dir, table_of  # noqa: F401
from .toy_game import End, ToySettings, registered
from .toy_screens import ToyScreen


def _keys_for(state) -> str:
    """A person's next key: take two (one when one is left), then end the turn."""
    if state.taken:
        return "e"
    return "2" if state.pile >= 2 else "1"


async def test_the_toy_game_plays_a_whole_game_on_screen(tmp_path):
    from tiletum_tui.shell.ui.app import TiletumApp

    with registered(playable=True) as toy:
        assert games.game("toy") is toy and "toy" in games.NAMES
        session = Session.new(ToySettings(("Ann", "Bob"), seed=4), save_dir=tmp_path, game=toy)
        app = TiletumApp(session=session, save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ToyScreen)
            pressed = 0
            while not session.finished:
                await pilot.press(_keys_for(session.state))
                pressed += 1
                assert pressed < 40
            await pilot.pause()
            shown = str(app.screen.query_one("#toy").render())
            assert "Game over:" in shown and "took the last counter" in shown
            winner = session.state.settings.names[toy.winners(session.state)[0]]
            assert f"Game over: {winner} took" in shown
            await pilot.press("2")  # the game is over: refused, said, nothing changes
            assert len(session.log) == pressed
        saved = Session.load(session.autosave_path, autosave=False)  # its autosave replays to the same end
        assert saved.finished and saved.digest() == session.digest() and saved.game is toy
    assert "toy" not in games.NAMES


async def test_the_toy_game_plays_a_whole_game_through_the_host(short_dir):
    from tiletum_tui.shell.host.client import HostLink
    from tiletum_tui.shell.host.hosted import HostFolder
    from tiletum_tui.shell.host.join import JoinApp

    rng = random.Random(6)
    with registered(playable=True):
        async with running_host(short_dir) as host:
            ann = await Player(short_dir, "ann").connect()
            assert "toy" in [o.name for o in ann.lobby.offered]  # the host offers every game of the registry
            gid = await table_of(host, [ann], people("ann", "bob"), game="toy")
            hosted = host.games[gid]
            model = await ann.open(gid)
            app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
            async with app.run_test(size=(80, 24)) as pilot:
                await screen_until(pilot, lambda: app.lobby is not None and app.lobby.games)
                await pilot.press("enter")  # his game, the first line of "Your games"
                await screen_until(pilot, lambda: isinstance(app.screen, ToyScreen))
                bobs = app.screen
                while not hosted.session.finished:
                    n = len(hosted.session.log)
                    if hosted.session.current_player == 0:  # ann, through the client's API
                        await ann.until(lambda: len(model.log) == n)
                        legal = model.legal()  # one counter or two, then she ends her turn
                        ends = [a for a in legal if isinstance(a, End)]
                        await ann.play(gid, ends[0] if ends and rng.random() < 0.7 else rng.choice(legal))
                    else:  # bob, by keys on his screen
                        await screen_until(pilot, lambda: bobs.state.seat == 1 and len(bobs.model.log) == n)
                        await pilot.press(_keys_for(bobs.state))
                        await screen_until(pilot, lambda: len(hosted.session.log) > n or bobs.said)
                        assert not bobs.said, bobs.said
                await screen_until(pilot, lambda: bobs.state.pile == 0)
                shown = str(bobs.query_one("#toy").render())
                assert "Game over:" in shown
            await ann.until(lambda: len(model.log) == len(hosted.session.log))
            assert [e.notation for e in model.log] == hosted.session.notation_log
            assert {e.seat for e in hosted.session.log} == {0, 1} and model.view.pile == 0
            ann.close()
