"""Issue 19: "the host serve[s] Carcassonne exactly as [it serves] Tiletum"; issue 25: each terminal
draws its own seat's view ("no pile order, no face-down tile, no seed"), a computer opponent in any
seat, and "an action for another seat is refused and disconnected; nothing is applied". Driven
through the client API (``RemoteModel``), as in ``test_whole_game.py``."""

from __future__ import annotations

import random

import msgspec

from tiletum_tui.carcassonne.data import load
from tiletum_tui.carcassonne.engine import legal_actions, notation, remaining
from tiletum_tui.host import protocol as P

from .hosting import Player, Raw, people, running_host, short_dir, table_of  # noqa: F401 (fixture)


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
            await ann.play(gid, rng.choice(legal_actions(model.view)))
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
        ann.link.send(P.NewTable("carcassonne", people("ann", "bob"), ("river",)))
        await ann.until(lambda: set(host.games) - before)
        (gid,) = set(host.games) - before
        hosted = host.games[gid]
        model = await ann.open(gid)
        spring, river = load().spring, {d.id for d in load().river}
        assert [p.design for p in model.view.placed] == [spring] and model.view.drawn in river
        bob = await Raw.connect(short_dir, "bob")
        bob.send(P.Open(gid))
        opened = await bob.expect(P.Opened)
        assert opened.seat == 1
        anns_move = legal_actions(model.view)[0]  # ann's decision: bob sends it as hers
        bob.send(P.Act(gid, notation(anns_move), 1))
        assert "another seat" in await bob.hung_up()
        assert hosted.session.log == []  # nothing applied; ann plays on
        await ann.play(gid, anns_move)
        assert len(hosted.session.log) == 1 and hosted.session.log[0].seat == 0
        ann.close()
