"""Issue 42, item 1: "A move is told only once it is on disk, on the host as at home. When the host
cannot write, the move is refused with the reason ("the host cannot save: its disk is full"), every
player at that table is told the game is paused, the host's own terminal and log say so at once, and
play resumes by itself when writing works again. A test with a full filesystem (or an injected write
failure) and a SIGKILL after it: every move any player was told of is in the file."

Before the fix the host applied the move, told everyone and wrote nothing (``_apply`` ignored what
the autosave said), and a SIGKILL lost the moves everybody had seen."""

from __future__ import annotations

import asyncio
import errno
import json
import random
import resource
import signal
import sqlite3

from tiletum_tui.shell.host import pauses
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.records_db import RecordsError
from tiletum_tui.shell.saves import store
from tiletum_tui.shell.saves.errors import SaveWriteError

from .hosting import Player, at_a_table, host_process, people, running_host, short_dir, socket_ready  # noqa: F401


def _file_actions(path) -> list[str]:
    return json.loads(path.read_bytes())["actions"]


def _told(player: Player, gid: str) -> list[str]:
    """The moves this player was told of (its model's log: what the host sent it)."""
    return [e.notation for e in player.model(gid).log]


def _refusals(player: Player) -> list[str]:
    return [m.why for m in player.heard if isinstance(m, P.Refused)]


async def _move(player: Player, gid: str, rng: random.Random) -> None:
    model = player.model(gid)
    await player.play(gid, rng.choice(model.legal()))


def _disk_full(session, failing) -> None:
    """The session's autosave fails with ENOSPC while ``failing()`` says so (an injected full disk)."""
    write = session._writer._write

    def write_or_not(path, data):
        if failing(data):
            raise SaveWriteError(path, "the save could not be written: the disk is full") from \
                OSError(errno.ENOSPC, "No space left on device")
        write(path, data)

    session._writer._write = write_or_not


async def test_a_move_the_host_cannot_write_is_refused_the_table_paused_then_it_goes_on(short_dir, monkeypatch):
    monkeypatch.setattr(pauses, "RETRY_SECONDS", 0.2)
    said: list[str] = []
    rng = random.Random(42)
    async with running_host(short_dir, report=said.append) as host:
        (ann, bob), gid = await at_a_table(host, short_dir, opened=2)
        g = host.games[gid]
        path = g.session.autosave_path
        await _move(ann, gid, rng)
        full = [True]
        _disk_full(g.session, lambda data: full[0])
        before = _file_actions(path)
        deciding = (ann, bob)[g.session.current_player]
        await _move(deciding, gid, rng)
        # Refused with the reason; nothing applied, nothing told: the file, the host and both screens agree.
        assert any(w.startswith("the host cannot save: its disk is full") for w in _refusals(deciding))
        assert _file_actions(path) == before == [e.notation for e in g.session.log] == _told(ann, gid) == _told(bob, gid)
        # Every player at the table is told the game is paused; the host's log says so at once.
        for p in (ann, bob):
            await p.until(lambda p=p: p.model(gid).paused == "the host cannot save: its disk is full")
        assert any("PAUSED" in line and "disk is full" in line for line in said)
        assert "PAUSED" in host.status(200)
        assert ann.lobby.games[0].paused == "the host cannot save: its disk is full"
        # The disk has room again: the host's retry finds it, tells everyone, and the game goes on.
        full[0] = False
        for p in (ann, bob):
            await p.until(lambda p=p: p.model(gid).paused == "")
        assert any("goes on" in line for line in said)
        await _move(deciding, gid, rng)
        assert _file_actions(path) == [e.notation for e in g.session.log] == _told(ann, gid)
        assert len(_told(ann, gid)) == len(before) + 1
        ann.close(), bob.close()


async def test_a_computer_opponents_move_goes_the_same_way(short_dir, monkeypatch):
    monkeypatch.setattr(pauses, "RETRY_SECONDS", 0.2)
    rng = random.Random(7)
    async with running_host(short_dir) as host:
        (ann,), gid = await at_a_table(host, short_dir, names=("ann",), opponents=("beginner",))
        g = host.games[gid]
        model = ann.model(gid)
        full = [False]
        # The disk fills as soon as ann's turn is over: the opponent's first move cannot be written.
        _disk_full(g.session, lambda data: full[0])
        while g.session.current_player == 0:
            await _move(ann, gid, rng)
        mine = len(g.session.log)
        full[0] = True
        # (before the fix: the opponent's move was told, and not in the file)
        await ann.until(lambda: getattr(model, "paused", "") or len(model.log) > mine)
        await asyncio.sleep(0.5)  # (an opponent asked again and again would have played by now)
        assert _file_actions(g.session.autosave_path) == _told(ann, gid) == [e.notation for e in g.session.log]
        assert model.paused.startswith("the host cannot save")
        assert len(g.session.log) == mine
        full[0] = False  # it goes on by itself: the opponent is asked again and plays
        await ann.until(lambda: model.paused == "" and len(model.log) > mine)
        await asyncio.sleep(0.2)
        assert _file_actions(g.session.autosave_path)[: len(model.log)] == _told(ann, gid)
        ann.close()


async def test_a_host_that_cannot_write_then_killed_loses_no_move_anyone_was_told_of(short_dir):
    """The real thing: ``tiletum host`` in its own process, its file size limit set to nothing while
    it runs (the OS refuses every write: EFBIG, as a full disk refuses with ENOSPC), then SIGKILL."""
    rng = random.Random(5)
    proc = host_process(short_dir)
    try:
        await socket_ready(short_dir)
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        for p in (ann, bob):
            await p.connect()
        ann.link.send(P.NewTable("tiletum", people("ann", "bob")))
        await ann.until(lambda: len(ann.lobby.games) == 1)
        gid = ann.lobby.games[0].id
        await ann.open(gid), await bob.open(gid)

        def deciding() -> Player:
            return (ann, bob)[ann.model(gid).game.current_player(ann.model(gid).view)]

        for _ in range(4):
            await _move(deciding(), gid, rng)
        told = len(_told(ann, gid))
        _, hard = resource.prlimit(proc.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (0, hard))  # no file may grow any more
        for _ in range(3):
            await _move(deciding(), gid, rng)
        assert len(_refusals(ann) + _refusals(bob)) == 3
        assert all(w.startswith("the host cannot save") for w in _refusals(ann) + _refusals(bob))
        for p in (ann, bob):
            await p.until(lambda p=p: p.model(gid).paused.startswith("the host cannot save"))
        assert len(_told(ann, gid)) == len(_told(bob, gid)) == told
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (hard, hard))  # room again: it goes on by itself
        for p in (ann, bob):
            await p.until(lambda p=p: p.model(gid).paused == "")
        await _move(deciding(), gid, rng)
        told = max(_told(ann, gid), _told(bob, gid), key=len)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for p in (ann, bob):
            p.close()
        (path,) = [p for p in (short_dir / "games").glob("*.json") if store.is_autosave(p)]
        assert _file_actions(path) == told  # every move anyone was told of is in the file
        assert len(told) == 5
        log = proc.stdout.read().decode()
        assert "PAUSED" in log and "goes on" in log  # the host's own log said so
    finally:
        proc.kill()
        proc.wait(10)


async def test_a_table_the_host_cannot_write_is_refused_with_the_reason_and_the_player_stays(short_dir, monkeypatch):
    """The list of waiting tables is a file too: a table (or a seat) it cannot hold is refused, said why
    (before: the write's error dropped the player's connection, and nobody said why)."""
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()

        def full(path, data):
            raise SaveWriteError(path, "the save could not be written: the disk is full") from \
                OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(store, "write_atomic", full)
        # (the tables waiting are in the host's database since issue 44: its write fails as SQLite says of a
        # full disk)
        def db_full():
            failure = sqlite3.OperationalError("database or disk is full")
            failure.sqlite_errorcode = sqlite3.SQLITE_FULL
            raise RecordsError(f"the host's database cannot be written: {failure}") from failure

        monkeypatch.setattr(host.records, "change", db_full)
        ann.link.send(P.NewTable("tiletum", (P.SeatPlan("person", "ann"), P.SeatPlan("open"))))
        await ann.until(lambda: _refusals(ann))
        assert _refusals(ann) == ["the host cannot save: its disk is full: the table was not set"]
        assert host.tables.tables == {} and not ann.bye  # nothing kept that nobody could be told of; still here
        ann.close()
