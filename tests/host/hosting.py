"""Helpers of the host's tests: a host in the test's own event loop, raw protocol clients (to send
what no honest client would), and players driven through the client API (``RemoteModel``)."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from contextlib import asynccontextmanager
from pathlib import Path

from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.client import ClientGames, HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host import connections
from tiletum_tui.shell.host.server import Host

ROOT = Path(__file__).resolve().parents[2]
WAIT = 30.0  # seconds a test waits for a message before it fails (a loaded machine is slow)


@asynccontextmanager
async def running_host(folder: Path, **kw):
    host = Host(HostFolder(folder), pace=0, **kw)
    await host.start()
    try:
        yield host
    finally:
        await host.close()


class Raw:
    """A client that speaks frames by hand."""

    def __init__(self, reader, writer) -> None:
        self.reader, self.writer = reader, writer
        self.heard: list = []

    @classmethod
    async def connect(cls, folder: Path, name: str | None = None) -> Raw:
        reader, writer = await asyncio.open_unix_connection(str(HostFolder(folder).socket), limit=P.MAX_FRAME + 8)
        raw = cls(reader, writer)
        if name is not None:
            raw.send(P.Hello(P.VERSION, name))
            await raw.expect(P.Lobby)
        return raw

    def send(self, msg) -> None:
        self.writer.write(P.frame(msg))

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    async def next(self):
        data = await asyncio.wait_for(P.read_frame(self.reader), WAIT)
        if data is None:
            return None
        msg = P.decode_from_host(data)
        self.heard.append(msg)
        return msg

    async def expect(self, kind, where=lambda m: True):
        while True:
            msg = await self.next()
            if msg is None:
                raise AssertionError(f"the host hung up while we waited for {kind.__name__}: {self.heard[-3:]}")
            if isinstance(msg, kind) and where(msg):
                return msg

    async def hung_up(self) -> str:
        """Read until the host closes the connection; the reason it gave (its Bye)."""
        why = ""
        while True:
            try:
                msg = await self.next()
            except (ConnectionError, P.ProtocolError):
                return why
            if msg is None:
                return why
            if isinstance(msg, P.Bye):
                why = msg.why

    def close(self) -> None:
        self.writer.close()


class Player:
    """A person at a hosted game, through the client's own API: ``HostLink`` and ``RemoteModel``."""

    def __init__(self, folder: Path, name: str) -> None:
        self.link = HostLink(path=str(HostFolder(folder).socket), name=name)
        self.games = ClientGames(self.link)
        self.lobby: P.Lobby | None = None
        self.bye = ""
        self.heard: list = []  # every message the host sent, in order
        self._task = None
        self._event = asyncio.Event()
        # A well-behaved client: its moves keep under the host's flood limit (``connections.FRAME_RATE``,
        # with room for its other messages), which a script at machine speed would pass on a fast machine.
        rate, burst = connections.FRAME_RATE
        self._moves = P.RateLimit(rate * 0.8, max(1, burst // 2), time.monotonic)

    async def connect(self) -> Player:
        await self.link.connect()
        self._task = asyncio.ensure_future(self._read())
        await self.until(lambda: self.lobby is not None)
        return self

    async def _read(self) -> None:
        while (msg := await self.link.receive()) is not None:
            self.heard.append(msg)
            if not self.games.heard(msg):
                if isinstance(msg, P.Lobby):
                    self.lobby = msg
                elif isinstance(msg, P.Bye):
                    self.bye = msg.why
            self._event.set()
        self.bye = self.bye or "(closed)"
        self._event.set()

    async def until(self, condition, timeout: float = WAIT):
        async def wait():
            while not condition():
                if self.bye:  # the host hung up: nothing more will come (fail now, saying why)
                    raise AssertionError(f"{self.link.name}: the host hung up: {self.bye}")
                self._event.clear()
                await self._event.wait()
        await asyncio.wait_for(wait(), timeout)

    def model(self, game_id: str):
        return self.games.models[game_id]

    async def open(self, game_id: str, watch: bool = False):
        self.link.send(P.Open(game_id, watch))
        await self.until(lambda: game_id in self.games.models)
        return self.games.models[game_id]

    async def play(self, game_id: str, action) -> None:
        """Make a move and wait for the host's answer (accepted, with the new view, or refused)."""
        model = self.model(game_id)
        while not self._moves.take():
            await asyncio.sleep(0.02)
        model.apply(action, by=model.seat)
        await self.until(lambda: model.pending is None)

    def close(self) -> None:
        self.link.close()
        if self._task is not None:
            self._task.cancel()


async def table_of(host: Host, players: list[Player], seats: tuple[P.SeatPlan, ...], game: str = "tiletum") -> str:
    """Set a table up (the first player) with every person named: the game begins at once; its id."""
    before = set(host.games)
    for s in seats:  # the people named are players the host knows (its owner added them: issue 44)
        if s.kind == "person":
            host.records.know(s.name, "owner")
    players[0].link.send(P.NewTable(game, seats))
    await players[0].until(lambda: set(host.games) - before)
    (gid,) = set(host.games) - before
    return gid


def people(*names: str, opponents: tuple[str, ...] = ()) -> tuple[P.SeatPlan, ...]:
    return tuple(P.SeatPlan("person", n) for n in names) + tuple(P.SeatPlan("opponent", level=lv) for lv in opponents)


def random_move(model, rng: random.Random):
    """A legal move of the decision in hand, whatever the game (``Game.legal_actions`` of the view)."""
    return rng.choice(model.legal())


def host_process(folder: Path) -> subprocess.Popen:
    """``tiletum host`` as a process of its own (to be killed with SIGKILL)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tiletum_tui", "host", "--host-dir", str(folder), "--quiet",
                             "--pace", "0"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)


async def socket_ready(folder: Path, timeout: float = WAIT) -> None:
    path = HostFolder(folder).socket
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        if path.exists():
            try:
                _, w = await asyncio.open_unix_connection(str(path))
                w.close()
                return
            except OSError:
                pass
        await asyncio.sleep(0.1)
    raise AssertionError("the host did not open its socket")


async def screen_until(pilot, condition, tries: int = 800) -> None:
    """Until a Pilot-driven screen shows ``condition`` (up to a minute: a loaded machine)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen did not change")


def bob_joining(folder: Path, **kw):
    """Bob's ``tiletum join`` app, on the host in ``folder`` (``kw``: JoinApp's own, e.g. ``bell``)."""
    from tiletum_tui.shell.host.join import JoinApp

    return JoinApp(HostLink(path=str(HostFolder(folder).socket), name="bob"), **kw)


async def open_his_game(pilot, app, gid: str) -> None:
    """From the lobby, Enter opens the first of "Your games" (``gid``), until its screen shows its
    decision panel (a Tiletum table)."""
    from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

    await screen_until(pilot, lambda: app.lobby is not None and app.lobby.games)
    await pilot.press("enter")
    await screen_until(pilot, lambda: gid in app.games.models and app.screen.query(DecisionPanel))


@asynccontextmanager
async def bob_at_anns_table(folder: Path):
    """A host, Ann's game with Bob (Ann connected through the client API), and Bob's ``tiletum join``
    (no bell) with that game open on screen: (ann, the game's id, Bob's app, its Pilot)."""
    async with running_host(folder) as host:
        (ann,), gid = await at_a_table(host, folder, connected=1)
        app = bob_joining(folder, bell=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_his_game(pilot, app, gid)
            yield ann, gid, app, pilot
        ann.close()


import pytest  # noqa: E402  (the fixture below)


@pytest.fixture
def short_dir():
    """A host folder with a short path: a Unix socket's path has at most 107 bytes."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="th-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


async def at_a_table(host: Host, folder: Path, names=("ann", "bob"), opponents=(), connected: int | None = None,
                     opened: int = 1):
    """A new game of ``names`` (and opponents), the first ``connected`` of them (all) connected through
    the client API, the first ``opened`` with the game open. (the players connected, the game's id)"""
    players = [Player(folder, n) for n in names[:connected]]
    for p in players:
        await p.connect()
    gid = await table_of(host, players, people(*names, opponents=opponents))
    for p in players[:opened]:
        await p.open(gid)
    return players, gid
