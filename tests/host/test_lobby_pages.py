"""Issue 42, item 3: "The lobby pages (your games first, then open tables, then the rest by pages or
search), never one frame of everything; a connection never sends itself a frame over its own limit.
The host's owner can archive or delete a finished game (``tiletum host archive/delete GAME``); an
archived game stays replayable from its file. A test with 5,000 finished games: ... memory bounded."

Before the fix the lobby was one frame of every game the host had held: past about 1,300 games every
connection was refused ("a message of 289,842 bytes is longer than the limit"), and a game over could
never be removed. (The connect time with 5,000 games is measured, not tested: docs/hosting.md.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tiletum_tui.core import games
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host import server
from tiletum_tui.shell.host.hosted import FinishedGame, HostFolder
from tiletum_tui.shell.host.lobby_pages import PAGE
from tiletum_tui.shell.saves.format import PERSON
from tiletum_tui.shell.session import Session

from .hosting import ROOT, Player, Raw, at_a_table, running_host, short_dir  # noqa: F401
from .test_games_over import _hosted

GAMES = 5000
PAGE_BYTES = 64 * 1024  # a page's frame, whatever the host holds: a quarter of the limit


def _long(i: int, seat: int) -> str:
    return f"{'player-with-the-longest-name-allowed':.<34}{i:04d}-{seat}"  # 40 characters: NAME_LIMIT


def _over(i: int) -> FinishedGame:
    """A game over's lobby line, as the host keeps one (five seats of the longest names: the worst line)."""
    names = [_long(i, s) for s in range(5)] if i != 1234 else ["zed", "ann", "cid", "dee", "eve"]
    return FinishedGame(f"20261206-{i:06d}", games.game("tiletum"), Path(f"/nowhere/{i}.json"), names,
                        (PERSON,) * 5, "after round 6", since=1_000_000.0 + i, moves=300)


async def _page(raw: Raw, page: int, search: str = "") -> tuple[P.Lobby, int]:
    raw.send(P.LobbyAsk(page, search))
    lobby = await raw.expect(P.Lobby)
    return lobby, len(P.frame(lobby))


async def test_a_lobby_of_5000_games_over_comes_a_page_at_a_time_her_games_first(short_dir, monkeypatch):
    real = server.load_games
    # The host starts with 5,000 games over (their lines, as it reads them from their files).
    monkeypatch.setattr(server, "load_games", lambda *a: {**real(*a), **{g.id: g for g in map(_over, range(GAMES))}})
    async with running_host(short_dir) as host:
        (ann,), going = await at_a_table(host, short_dir, names=("ann", "bob"), connected=1, opened=0)
        raw = await Raw.connect(short_dir)
        raw.send(P.Hello(P.VERSION, "ann"))
        first = await raw.expect(P.Lobby)  # (before: the host hung up, its lobby over the frame's limit)
        assert first.total == GAMES + 1 and first.pages == -(-(GAMES + 1) // PAGE)
        assert len(first.games) == PAGE and first.games[0].id == going  # her game under way first
        assert first.games[1].id == "20261206-001234"  # then the games over: hers first, then the newest first
        assert [g.since for g in first.games[2:]] == [1_000_000.0 + i for i in range(GAMES - 1, GAMES - PAGE + 1, -1)]
        middle, _ = await _page(raw, 61)  # another page, asked for
        assert middle.page == 61 and len(middle.games) == PAGE and middle.games[0].since == 1_000_000.0 + GAMES + 1 - 61 * PAGE
        # Every game is on some page, and no page is big (each page as the host makes it for her
        # connection: asked for over the socket, 126 pages would be a flood).
        conn = next(c for c in host.connections if c.sent_lobby == middle)
        seen, biggest = set(), 0
        for page in range(first.pages):
            conn.lobby_page = page
            lobby = host._lobby_for(conn)
            assert lobby.page == page and 0 < len(lobby.games) <= PAGE
            seen |= {g.id for g in lobby.games}
            biggest = max(biggest, len(P.frame(lobby)))
        assert seen == set(host.games) and biggest <= PAGE_BYTES
        found, _ = await _page(raw, 0, "ZED")  # a search: by a name, whatever its case
        assert [g.id for g in found.games] == ["20261206-001234"] and found.total == 1 and found.search == "ZED"
        beyond, _ = await _page(raw, 10**9)  # a page past the end is the last page
        assert beyond.page == first.pages - 1
        # The games over are kept as their lines: a lobby for every connection, no copy of every line each.
        # Each connection has its own page (her other terminal still shows the first).
        ann.link.send(P.LobbyAsk(3))
        await ann.until(lambda: ann.lobby.page == 3)
        assert len(ann.lobby.games) == PAGE and raw.heard[-1].page == beyond.page
        raw.close(), ann.close()


async def test_a_message_over_the_frame_limit_is_never_sent_its_client_is_told_and_stays(short_dir):
    async with running_host(short_dir) as host:
        raw = await Raw.connect(short_dir, "ann")
        (conn,) = host.connections
        conn.send(P.Status("x" * (P.MAX_FRAME + 1)))  # (before: ProtocolError, the connection dropped)
        refused = await raw.expect(P.Refused)
        assert "too long to send" in refused.why
        raw.send(P.LobbyAsk(0))
        await raw.expect(P.Lobby)  # still connected
        raw.close()


def _cli(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tiletum_tui", "host", *args, "--host-dir", str(folder)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(folder)})


async def test_the_owner_archives_and_deletes_games_over_with_a_host_running_or_not(short_dir):
    HostFolder(short_dir).prepare()
    kept, kept_path, actions = _hosted(short_dir, "tiletum", 3)
    gone, gone_path, _ = _hosted(short_dir, "carcassonne", 4)
    later, later_path, _ = _hosted(short_dir, "carcassonne", 6)
    going, _, _ = _hosted(short_dir, "tiletum", 5, left=30)
    async with running_host(short_dir):
        ann = await Player(short_dir, "ann").connect()
        assert {g.id for g in ann.lobby.games} == {kept, gone, later, going}
        archived = await _in_thread(_cli, short_dir, "archive", kept)
        assert archived.returncode == 0 and "archived to" in archived.stdout
        deleted = await _in_thread(_cli, short_dir, "delete", gone)
        assert deleted.returncode == 0 and f"{gone}: deleted" in deleted.stdout
        await ann.until(lambda: {g.id for g in ann.lobby.games} == {later, going})  # the lobby drops them at once
        under_way = await _in_thread(_cli, short_dir, "archive", going)
        assert under_way.returncode == 2 and "is not over" in under_way.stderr
        unknown = await _in_thread(_cli, short_dir, "delete", "no-such-game")
        assert unknown.returncode == 2 and "there is no game no-such-game" in unknown.stderr
        ann.close()
    assert not kept_path.exists() and not gone_path.exists()
    shelf = short_dir / "archive" / kept_path.name
    replay = Session.load(shelf, autosave=False, open_as="read-only")  # an archived game replays from its file
    assert replay.finished and replay.game_id == kept and replay.notation_log == actions
    # No host running: the command works on the folder itself.
    alone = _cli(short_dir, "archive", later)
    assert alone.returncode == 0 and not later_path.exists() and (short_dir / "archive" / later_path.name).exists()
    async with running_host(short_dir) as host:
        assert set(host.games) == {going}


async def _in_thread(fn, *args):
    import asyncio

    return await asyncio.to_thread(fn, *args)


async def test_the_lobby_pages_and_searches_by_keys(short_dir, monkeypatch):
    from tiletum_tui.shell.host.client import HostLink
    from tiletum_tui.shell.host.join import JoinApp
    from tiletum_tui.shell.host.lobby import LobbyScreen

    from .hosting import screen_until

    real = server.load_games
    monkeypatch.setattr(server, "load_games", lambda *a: {**real(*a), **{g.id: g for g in map(_over, range(1200, 1300))}})
    async with running_host(short_dir):
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None and app.lobby.pages == 3)
            assert "100 lines · page 1 of 3" in _lines(app)
            await pilot.press("right_square_bracket")  # ]: the next page
            await screen_until(pilot, lambda: app.lobby.page == 1 and "page 2 of 3" in _lines(app))
            await pilot.press("slash", "z", "e", "d", "enter")  # /: search
            await screen_until(pilot, lambda: app.lobby.search == "zed" and app.lobby.total == 1)
            assert 'Tiletum: zed, ann, cid, dee, eve — over' in _lines(app)
            await pilot.press("escape")  # every game again
            await screen_until(pilot, lambda: app.lobby.search == "" and app.lobby.page == 0)
            assert isinstance(app.screen, LobbyScreen)


def _lines(app) -> str:
    from textual.widgets import OptionList

    menu = app.screen.query_one(OptionList)
    return "\n".join(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count))
