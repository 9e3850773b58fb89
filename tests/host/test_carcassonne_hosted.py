"""Issue 19: "the host serve[s] Carcassonne exactly as [it serves] Tiletum"; issue 25: each terminal
draws its own seat's view ("no pile order, no face-down tile, no seed"), a computer opponent in any
seat, and "an action for another seat is refused and disconnected; nothing is applied". Driven
through the client API (``RemoteModel``), as in ``test_whole_game.py``."""

from __future__ import annotations

import random

import msgspec

from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles
from tiletum_tui.games.carcassonne.engine import notation, remaining
from tiletum_tui.shell.host import protocol as P

from .hosting import (  # noqa: F401 (short_dir: a fixture)
    Player, Raw, people, random_move, running_host, screen_until, short_dir, table_of,
)


def _checked(hosted, model, seat: int) -> None:
    """The client's view is the host's view of that seat, and carries neither the pile's order nor
    the seed (nor the generator); the tiles left are there as counts per design (public, issue 19)."""
    sent = hosted.game.encode_view(hosted.session.view(seat))
    assert hosted.game.encode_view(model.view) == sent
    raw = msgspec.msgpack.decode(sent)
    assert not {"pile", "seed", "rng"} & set(raw), sorted(raw)
    assert raw["remaining"] == remaining(hosted.session.state)  # counts, from the full game's pile
    assert model.view.rng == 0 and model.view.settings.seed == 0


async def test_ann_plays_a_whole_game_of_carcassonne_against_a_beginner_through_the_host(short_dir):
    rng = random.Random(5)
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        assert "carcassonne" in [o.name for o in ann.lobby.offered]  # New game offers it, with its River
        carc = next(o for o in ann.lobby.offered if o.name == "carcassonne")
        assert dict(carc.modules).keys() == {"river"} and "beginner" in carc.levels
        gid = await table_of(host, [ann], people("ann", opponents=("beginner",)), game="carcassonne")
        hosted = host.games[gid]
        model = await ann.open(gid)
        assert model.seat == 0 and hosted.game.name == "carcassonne"
        mine = 0
        while not hosted.session.finished:
            n = len(hosted.session.log)
            if hosted.session.current_player == 1:  # the beginner plays on the host: its move reaches her
                await ann.until(lambda: len(model.log) > n or hosted.session.finished)
                continue
            await ann.until(lambda: len(model.log) == len(hosted.session.log))
            _checked(hosted, model, 0)
            # The test helpers' generic move (the model's legal actions, through the game interface).
            await ann.play(gid, random_move(model, rng))
            mine += 1
        await ann.until(lambda: len(model.log) == len(hosted.session.log))
        assert model.view.phase == "over"  # the final table on her screen
        _checked(hosted, model, 0)
        assert [e.notation for e in model.log] == hosted.session.notation_log
        assert mine > 30 and sum(e.seat == 1 for e in hosted.session.log) > 30
        ann.close()


async def test_a_river_table_begins_with_the_spring_and_a_move_for_the_other_seat_is_refused(short_dir):
    """The River: "the spring starts the game instead of the starting tile"; the seat a client acts
    for is fixed by how it connected, never by what it sends (issue 25)."""
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        before = set(host.games)
        host.records.know("bob", "owner")  # (a seat names a player the host knows: issue 44)
        ann.link.send(P.NewTable("carcassonne", people("ann", "bob"), ("river",)))
        await ann.until(lambda: set(host.games) - before)
        (gid,) = set(host.games) - before
        hosted = host.games[gid]
        model = await ann.open(gid)
        spring, river = river_tiles().spring, set(river_tiles().by_id)
        assert [p.design for p in model.view.placed] == [spring] and model.view.drawn in river
        bob = await Raw.connect(short_dir, "bob")
        bob.send(P.Open(gid))
        opened = await bob.expect(P.Opened)
        assert opened.seat == 1
        anns_move = model.legal()[0]  # ann's decision: bob sends it as hers
        bob.send(P.Act(gid, notation(anns_move), 1))
        assert "another seat" in await bob.hung_up()
        assert hosted.session.log == []  # nothing applied; ann plays on
        await ann.play(gid, anns_move)
        assert len(hosted.session.log) == 1 and hosted.session.log[0].seat == 0
        cid = await Raw.connect(short_dir, "cid")  # a watcher: a spectator's view, read-only
        cid.send(P.Open(gid, watch=True))
        opened = await cid.expect(P.Opened)
        assert opened.seat == -1 and hosted.game.decode_view(opened.view).settings.seed == 0
        cid.send(P.Act(gid, notation(hosted.game.legal_actions(hosted.session.view())[0]), 7))
        assert "spectator cannot make moves" in (await cid.expect(P.Refused)).why
        assert len(hosted.session.log) == 1
        ann.close(), cid.close()


def test_every_game_of_the_registry_is_served_by_the_host():
    """Issue 25: "The host serves every game of the program's registry ... through the same game
    interface" (``game_interface.Hosted``); the toy game of the tests, which has no view codec, is not."""
    from tiletum_tui.core import games
    from tiletum_tui.core.game_interface import Hosted
    from tiletum_tui.shell.host.server import offered

    from ..toy_game import TOY

    assert all(isinstance(games.game(n), Hosted) for n in games.NAMES) and not isinstance(TOY, Hosted)
    assert [o.name for o in offered()] == list(games.NAMES)


async def test_bobs_carcassonne_screen_redraws_when_ann_moves_and_his_keys_play_his_seat(short_dir):
    """Issue 25: "a move arriving from the host must redraw every terminal"; "the decision panel is
    live only at that seat's decision; the others see who is deciding and what"; the bell when your
    turn begins. Bob's screen is the real app (Pilot); ann plays through the client API."""
    from tiletum_tui.games.carcassonne.ui.remote import RemoteCarcassonneScreen
    from tiletum_tui.shell.host.client import HostLink
    from tiletum_tui.shell.host.hosted import HostFolder
    from tiletum_tui.shell.host.join import JoinApp
    from textual.widgets import Static

    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        gid = await table_of(host, [ann], people("ann", "bob"), game="carcassonne")
        model = await ann.open(gid)
        def log():
            return host.games[gid].session.log

        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
        rings = []
        app.bell = lambda: rings.append(1)
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None and app.lobby.games)
            await pilot.press("enter")  # his game, the first line of "Your games"
            await screen_until(pilot, lambda: isinstance(app.screen, RemoteCarcassonneScreen))
            screen = app.screen

            def msg() -> str:
                return str(screen.query_one("#carc-msg", Static).render())

            def head() -> str:
                return str(screen.query_one("#carc-head", Static).render())

            await screen_until(pilot, lambda: "ann is placing tile" in msg())  # not his decision: who decides, and what
            assert "Arrows" not in msg()  # (the placing keys are for the seat that places, not his)
            await pilot.press("enter")  # his Enter at ann's decision: nothing is sent
            await pilot.pause(0.2)
            assert log() == [] and "Your turn comes next" in msg()
            await ann.play(gid, model.legal()[0])  # ann places her tile, in her own terminal
            await screen_until(pilot, lambda: "a follower?" in head())  # redrawn from the host's update
            assert "ann is choosing a follower" in msg() and not rings
            await ann.play(gid, next(a for a in model.legal() if a.role is None))
            await screen_until(pilot, lambda: "bob: place tile" in head())
            assert rings == [1]  # his turn began: the bell, once
            # h, as at home: the host's master, from his seat's view; the cursor goes to its place.
            await pilot.press("h")
            assert "thinking about your tile, on the host" in msg()
            await screen_until(pilot, lambda: screen.model.hint_pending is None and "thinking" not in msg())
            assert "Master: place" in msg() and "points over the others" in msg()
            assert any((a.x, a.y, a.rotation) == (*screen.cursor, screen.rotation) for a in screen.model.legal())
            await pilot.press("enter")  # his tile, where the cursor put it (a place where it fits)
            await screen_until(pilot, lambda: len(log()) == 3 and "a follower?" in head())
            assert log()[-1].seat == 1 and len(screen.model.log) == 3
            await pilot.press("u")  # undo: his own move of his turn (the host decides)
            await screen_until(pilot, lambda: len(log()) == 2 and "bob: place tile" in head())
        ann.close()


async def test_a_carcassonne_screen_hears_the_table_and_redraws_for_a_move_it_did_not_make(short_dir):
    """Issue 39: Bob's hosted Carcassonne screen binds to the model: Ann's line of table talk is said
    on his message line without drawing the land again; her move, made in her terminal, redraws it."""
    from tiletum_tui.games.carcassonne.ui.remote import RemoteCarcassonneScreen
    from tiletum_tui.shell.host.client import HostLink
    from tiletum_tui.shell.host.hosted import HostFolder
    from tiletum_tui.shell.host.join import JoinApp

    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        gid = await table_of(host, [ann], people("ann", "bob"), game="carcassonne")
        model = await ann.open(gid)
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None and app.lobby.games)
            await pilot.press("enter")
            await screen_until(pilot, lambda: isinstance(app.screen, RemoteCarcassonneScreen))
            screen = app.screen
            drawn, real = [], screen.refresh_all
            screen.refresh_all = lambda: (drawn.append(1), real())[1]
            model.say("good luck")
            await screen_until(pilot, lambda: screen.model.chat)
            await pilot.pause(0.2)
            assert "At the table: ann: good luck" in str(screen.query_one("#carc-msg").content)
            assert drawn == []  # the message line alone: the land is not drawn again
            await ann.play(gid, model.legal()[0])
            await screen_until(pilot, lambda: len(screen.model.log) == 1)
            assert drawn and "ann places" in str(screen.query_one("#carc-msg").content).lower()
        ann.close()
