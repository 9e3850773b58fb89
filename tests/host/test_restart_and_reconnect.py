"""Issue 25: "Closing the terminal or a dropped connection keeps the seat; connecting again resumes
it exactly, in the middle of a decision too. A game with nobody connected stays on the host ...; a
host restarted after any stop (SIGKILL included) has every game as it was"; "``tiletum host --status``
asks a running host". And "A client process
killed mid-move leaves no orphan process and no half-applied action"."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys

from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.hosted import HostFolder

from .hosting import ROOT, Player, at_a_table, host_process, people, running_host, short_dir, socket_ready  # noqa: F401


async def _play(player: Player, gid: str, count: int, rng: random.Random, end: bool = True) -> None:
    """Up to ``count`` random moves of the player's (fewer if the turn passes; ``end``: may it end the turn)."""
    model = player.model(gid)
    for _ in range(count):
        if not model.plays_here(model.game.current_player(model.view)):
            return
        legal = [a for a in model.legal() if end or a.verb() != "end"]
        await player.play(gid, rng.choice(legal))


async def test_reconnecting_mid_decision_resumes_exactly(short_dir):
    rng = random.Random(8)
    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir)
        model = ann.model(gid)
        await _play(ann, gid, 2, rng, end=False)  # a die taken: ann is in the middle of her turn
        assert model.view.stack and len(model.log) == 2
        view, log = model.game.encode_view(model.view), [e.notation for e in model.log]
        ann.close()  # the terminal closed
        await asyncio.sleep(0.2)
        assert host.games[gid].session.current_player == 0  # the seat is kept: the game waits for her
        again = Player(short_dir, "ann")
        await again.connect()
        back = await again.open(gid)
        assert back.seat == 0
        assert back.game.encode_view(back.view) == view  # exactly where she was
        assert [e.notation for e in back.log] == log
        await again.play(gid, back.legal()[0])  # and she goes on from there
        assert len(host.games[gid].session.log) == 3
        again.close(), bob.close()


async def test_a_move_while_the_host_is_unreachable_is_refused_saying_so(short_dir):
    """Issue 25 (a dropped connection) and the guide ("illegal input: a clear message saying why"): played
    in tmux, the host SIGKILLed, a key in the decision panel did nothing at all: the move went into a
    closed socket and was never answered. It is refused at once, saying the host is not connected, and
    the panel is not left waiting; once back, the same move is played."""
    from tiletum_tui.shell.session import NotYourMoveError

    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir)
        model = ann.model(gid)
        move = model.legal()[0]
        ann.link.close()
        ann.games.lost("connection lost: reconnecting…")  # what ``tiletum join`` does when the link drops
        for attempt in (lambda: model.apply(move, by=0), lambda: model.undo(by=0)):
            try:
                attempt()
            except NotYourMoveError as exc:
                assert "not connected" in str(exc) and "reconnecting" in str(exc)
            else:
                raise AssertionError("a move with no host to take it was not refused")
            assert model.pending is None  # nothing waits for an answer that cannot come
        assert "not connected" in model.can_undo(by=0)
        assert len(host.games[gid].session.log) == 0
        again = Player(short_dir, "ann")
        await again.connect()
        back = await again.open(gid)
        await again.play(gid, move)  # the same move, once connected again
        assert len(host.games[gid].session.log) == 1
        again.close(), bob.close()


async def test_a_host_killed_with_sigkill_has_both_games_when_started_again(short_dir):
    rng = random.Random(9)
    proc = host_process(short_dir)
    try:
        await socket_ready(short_dir)
        ann, bob, cid = Player(short_dir, "ann"), Player(short_dir, "bob"), Player(short_dir, "cid")
        for p in (ann, bob, cid):
            await p.connect()
        ann.link.send(P.NewTable("tiletum", people("ann", "bob")))
        await ann.until(lambda: len(ann.lobby.games) == 1)
        ann.link.send(P.NewTable("tiletum", people("cid", "ann", opponents=("beginner",))))
        await ann.until(lambda: len(ann.lobby.games) == 2)
        first, second = (g.id for g in sorted(ann.lobby.games, key=lambda g: len(g.seats)))
        await ann.open(first)
        await cid.open(second)
        await _play(ann, first, 3, rng)
        await _play(cid, second, 3, rng)
        logs = {first: [e.notation for e in ann.model(first).log], second: [e.notation for e in cid.model(second).log]}
        # ``tiletum host --status`` asks the running host: its games, seats and who is connected.
        status = subprocess.run([sys.executable, "-m", "tiletum_tui", "host", "--status", "--host-dir", str(short_dir)],
                                capture_output=True, text=True, cwd=ROOT, timeout=60)
        words = " ".join(status.stdout.split())  # wrapped at 80 columns, at word boundaries
        assert status.returncode == 0 and "2 game(s)" in words and "ann (here), bob (here), cid (here)" in words
        assert first in status.stdout and "[beginner]" in status.stdout
        proc.send_signal(signal.SIGKILL)  # mid-game: no goodbye, no last save
        proc.wait(10)
        for p in (ann, bob, cid):
            p.close()
        proc = host_process(short_dir)
        await socket_ready(short_dir)
        ann, bob, cid = Player(short_dir, "ann"), Player(short_dir, "bob"), Player(short_dir, "cid")
        for p in (ann, bob, cid):
            await p.connect()
        assert {g.id for g in ann.lobby.games} == {first, second}
        a, b, c = await ann.open(first), await bob.open(first), await cid.open(second)
        assert [e.notation for e in a.log] == logs[first]  # every game as it was
        assert [e.notation for e in c.log][: len(logs[second])] == logs[second]  # (its opponent may have gone on)
        deciding = (ann, bob)[a.game.current_player(a.view)]
        await _play(deciding, first, 1, rng)  # and everyone can go on
        assert len(deciding.model(first).log) == len(logs[first]) + 1
        ann.close(), bob.close(), cid.close()
    finally:
        proc.kill()
        proc.wait(10)


async def test_a_client_killed_mid_move_leaves_no_half_applied_move_and_no_process(short_dir):
    async with running_host(short_dir) as host:
        (ann,), gid = await at_a_table(host, short_dir, connected=1)
        model = ann.model(gid)
        move = model.game.notation(model.legal()[0])
        frame = P.frame(P.Act(gid, move))
        # A client process that sends half of its move's frame, then is killed.
        code = ("import socket, sys, time\n"
                "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])\n"
                f"s.sendall({P.frame(P.Hello(P.VERSION, 'bob'))!r} + {P.frame(P.Open(gid))!r})\n"
                "time.sleep(0.5)\n"
                f"s.sendall({frame[: len(frame) // 2]!r})\n"
                "print('sent', flush=True); time.sleep(60)\n")
        client = subprocess.Popen([sys.executable, "-c", code, str(HostFolder(short_dir).socket)],
                                  stdout=subprocess.PIPE, cwd=ROOT)
        assert (await asyncio.to_thread(client.stdout.readline)).strip() == b"sent"
        await ann.until(lambda: any(s.name == "bob" and s.connected for s in model.seats))
        client.send_signal(signal.SIGKILL)
        client.wait(10)
        await ann.until(lambda: not any(s.name == "bob" and s.connected for s in model.seats))
        assert host.games[gid].session.log == []  # nothing of the half-sent move was applied
        assert client.poll() is not None  # the client is gone, and the host holds nothing of it
        assert not any(c.name == "bob" for c in host.connections)
        assert not _children_named(os.getpid(), "-c")  # no process left behind by the host
        ann.close()


def _children_named(pid: int, word: str) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=,stat=,args=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if word in line and "Z" not in line.split()[1]]
