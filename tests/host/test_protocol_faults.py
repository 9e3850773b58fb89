"""Issue 25, "Bad input and faults": "A client sending garbage, an oversized frame, a flood of
frames, or an action for another seat is refused and disconnected; the host and every other player
go on; nothing is applied." And "a spectator cannot act"."""

from __future__ import annotations

import random
import struct

import msgspec
import pytest

from tiletum_tui.shell.host import protocol as P

from .hosting import Raw, at_a_table, running_host, short_dir  # noqa: F401 (fixture)


async def _others_go_on(host, ann, gid):
    """The host and the other players go on: ann's move is applied and she sees it."""
    model = ann.model(gid)
    before = len(host.games[gid].session.log)
    await ann.play(gid, model.legal()[0])
    assert len(host.games[gid].session.log) == before + 1
    assert len(model.log) == before + 1


BAD_FRAMES = {
    "garbage bytes": struct.pack(">I", 7) + b"\xc1\xff\x00garb",
    "a message of another shape": P.frame(P.Welcome("x")),  # (a host's message is not a client's)
    "an unknown field": (lambda d: struct.pack(">I", len(d)) + d)(msgspec.msgpack.encode(
        {"t": "act", "game": "g", "action": "x", "evil": 1})),
    "an oversized frame": struct.pack(">I", P.MAX_FRAME + 1) + b"x" * 1000,
}


@pytest.mark.parametrize("what", list(BAD_FRAMES))
async def test_a_bad_frame_is_refused_and_disconnected_and_nothing_is_applied(short_dir, what):
    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir)
        digest = host.games[gid].session.digest()
        mallory = await Raw.connect(short_dir, "bob")
        mallory.send(P.Open(gid))
        await mallory.expect(P.Opened)
        mallory.send_bytes(BAD_FRAMES[what])
        why = await mallory.hung_up()
        assert why, "the host says why it hangs up"
        assert host.games[gid].session.digest() == digest  # nothing applied
        await _others_go_on(host, ann, gid)
        ann.close(), bob.close()


async def test_random_garbage_never_changes_a_game(short_dir):
    rng = random.Random(25)
    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir)
        digest = host.games[gid].session.digest()
        for _ in range(20):
            raw = await Raw.connect(short_dir, "bob")
            junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
            raw.send_bytes(struct.pack(">I", len(junk)) + junk if rng.random() < 0.7 else junk)
            raw.writer.write_eof()
            await raw.hung_up()
        assert host.games[gid].session.digest() == digest
        await _others_go_on(host, ann, gid)
        ann.close(), bob.close()


async def test_a_flood_of_frames_is_cut_off(short_dir):
    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir)
        flood = await Raw.connect(short_dir, "bob")
        flood.send_bytes(P.frame(P.Leave("nothing")) * 500)
        why = await flood.hung_up()
        assert "too many" in why
        await _others_go_on(host, ann, gid)
        ann.close(), bob.close()


async def test_an_action_for_another_seat_disconnects_and_is_not_applied(short_dir):
    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir)
        model = ann.model(gid)
        move = model.game.notation(model.legal()[0])  # ann's move (her seat, 0, written in it)
        digest = host.games[gid].session.digest()
        mallory = await Raw.connect(short_dir, "bob")
        mallory.send(P.Open(gid))
        await mallory.expect(P.Opened)
        mallory.send(P.Act(gid, move))
        why = await mallory.hung_up()
        assert "another seat" in why
        assert host.games[gid].session.digest() == digest
        await _others_go_on(host, ann, gid)
        ann.close(), bob.close()


async def test_a_spectator_cannot_act(short_dir):
    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir)
        model = ann.model(gid)
        move = model.game.notation(model.legal()[0]).split(" ", 1)
        cid = await Raw.connect(short_dir, "cid")
        cid.send(P.Open(gid, watch=True))
        opened = await cid.expect(P.Opened)
        assert opened.seat == -1  # watching: no seat
        cid.send(P.Act(gid, move[-1], ref=3))  # a move without a seat: it would be the spectator's own
        refused = await cid.expect(P.Refused)
        assert "spectator" in refused.why and refused.ref == 3
        ann_playing = await Raw.connect(short_dir, "ann")  # ann herself, but watching her own game
        ann_playing.send(P.Open(gid, watch=True))
        await ann_playing.expect(P.Opened)
        ann_playing.send(P.Act(gid, move[-1]))
        assert "spectator" in (await ann_playing.expect(P.Refused)).why
        assert len(host.games[gid].session.log) == 0
        await _others_go_on(host, ann, gid)
        ann.close(), bob.close()
