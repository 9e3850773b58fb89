"""Issue 25, Tests: "a whole 3-player game (two people ..., one computer opponent) played through
the host to its final table, each person's screen checked to show their own view" (here driven
through the client API, ``RemoteModel``: the same calls the game screen makes)."""

from __future__ import annotations

import random

from tiletum_tui.shell.host import connections

from .hosting import Player, people, running_host, short_dir, table_of  # noqa: F401 (fixture)


async def test_two_people_and_an_opponent_play_a_whole_game_through_the_host(short_dir, monkeypatch):
    # These players move at machine speed (some 50 moves a second): the host's flood limit, meant for
    # a client sending far more than a person can, would hang up on them on a fast machine.
    monkeypatch.setattr(connections, "FRAME_RATE", (10_000.0, 10_000))
    rng = random.Random(3)
    async with running_host(short_dir) as host:
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        await ann.connect()
        await bob.connect()
        gid = await table_of(host, [ann, bob], people("ann", "bob", opponents=("beginner",)))
        hosted = host.games[gid]
        models = {0: await ann.open(gid), 1: await bob.open(gid)}
        players = {0: ann, 1: bob}
        assert (models[0].seat, models[1].seat) == (0, 1)  # each sits where their name is
        moves = 0
        while not hosted.session.finished:
            who = hosted.session.current_player
            if who == 2:  # the opponent plays in the host: wait for its move to reach both screens
                n = len(hosted.session.log)
                await ann.until(lambda: len(hosted.session.log) > n or hosted.session.finished)
                continue
            model = models[who]
            await players[who].until(lambda: len(model.log) == len(hosted.session.log))
            assert model.plays_here(who) and not models[1 - who].plays_here(who)  # only the seat deciding
            seen = model.view
            # Each screen has its own seat's view: never the seed, the generator or the piles' order.
            assert seen.hidden.redacted and seen.settings.seed == 0 and seen.hidden.rng == 0
            assert hosted.game.encode_view(hosted.session.view(who)) == hosted.game.encode_view(seen)
            await players[who].play(gid, rng.choice(model.legal()))
            moves += 1
        for model, player in ((models[0], ann), (models[1], bob)):
            await player.until(lambda: len(model.log) == len(hosted.session.log))
            assert model.view.phase == "over"  # the final table, on both screens
            assert [e.notation for e in model.log] == hosted.session.notation_log
        assert moves > 50 and any(e.seat == 2 for e in hosted.session.log)
        ann.close(), bob.close()
