"""The web door wired into ``tiletum host`` (issue 22): "a player opens a personal sign-in link (made by
the host for a player: `tiletum host invite ann`, printed and shown in the lobby to that player; a
secret token, revocable, never in the host's log)"; "Watching is a separate, read-only link"; "plays
... keys included (with the few the browser keeps for itself remapped in the help)". The host's live
list shows each connection with its door, as issue 25's "who is connected".
"""

from __future__ import annotations

import asyncio

from tiletum_tui.shell.cli import main
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp
from tiletum_tui.shell.host.lobby import YourLinkScreen
from tiletum_tui.shell.host.invites import Invites
from tiletum_tui.shell.host.server import WATCHING
from tiletum_tui.shell.ui.help import IN_PAGE_ENV, key_name, keys_text

from .hosting import Raw, at_a_table, running_host, short_dir  # noqa: F401 (fixture)


def _link_printed(out: str) -> str:
    (line,) = [w for w in out.split() if "?t=" in w]
    return line


def test_invite_prints_the_link_keeps_only_its_hash_and_revoke_ends_it(tmp_path, capsys):
    folder = HostFolder(tmp_path / "host")
    assert main(["host", "--host-dir", str(folder.root), "invite", "ann"]) == 0
    link = _link_printed(capsys.readouterr().out)
    token = link.split("?t=", 1)[1]
    assert link.startswith("http://ADDR:PORT/")  # no web door opened from this folder yet: it says so
    assert token not in folder.web_invites.read_text()  # a copy of the file opens no game
    assert Invites(folder.web_invites).check(token).name == "ann"
    # The address a host with --web wrote (or --public-url) goes into the link; --host-dir after the command too.
    folder.web_url.write_text("http://games.example.org:8080\n")
    assert main(["host", "invite", "bob", "--watch", "--host-dir", str(folder.root)]) == 0
    out = capsys.readouterr().out
    assert "watching link" in out and _link_printed(out).startswith("http://games.example.org:8080/?t=")
    assert Invites(folder.web_invites).check(_link_printed(out).split("?t=")[1]).watch
    assert main(["host", "--host-dir", str(folder.root), "revoke", "ann"]) == 0
    assert "1 link(s) ended" in capsys.readouterr().out
    assert Invites(folder.web_invites).check(token) is None
    assert main(["host", "--host-dir", str(folder.root), "revoke", "ann"]) == 1  # nothing left to end
    assert main(["host", "--host-dir", str(folder.root), "invite", "a\x1b[2Jb"]) == 2  # a name on every screen


async def _client(host, name: str, via: str, watching: bool = False) -> Raw:
    """A client on a socket the host made, as a door's (``launch.launcher``)."""
    reader, writer = await asyncio.open_unix_connection(sock=host.socket_for(name, via, watching),
                                                        limit=P.MAX_FRAME + 8)
    raw = Raw(reader, writer)
    raw.send(P.Hello(P.VERSION, "someone else"))  # (ignored: the host knows who this is)
    return raw


async def test_a_watching_links_client_only_watches_even_its_own_game(short_dir):
    async with running_host(short_dir) as host:
        players, gid = await at_a_table(host, short_dir, opened=0)
        watcher = await _client(host, "ann", "web", watching=True)
        welcome = await watcher.expect(P.Welcome)
        assert welcome.name == "ann" and welcome.watching
        watcher.send(P.Open(gid))  # her own game, not asked to watch: a spectator's view all the same
        opened = await watcher.expect(P.Opened)
        assert opened.seat == -1
        watcher.send(P.Act(gid, opened.log[0].notation if opened.log else "x", ref=7))
        assert "spectator" in (await watcher.expect(P.Refused)).why
        watcher.send(P.NewTable("tiletum", (P.SeatPlan("person", "ann"), P.SeatPlan("open"))))
        assert (await watcher.expect(P.Refused)).why == WATCHING
        assert host.games[gid].session.log == [] and not host.tables.tables
        # The live list (and --status): each connection with the door it came through.
        player = await _client(host, "bob", "web")
        await player.expect(P.Welcome)
        assert "ann (web, watching)" in host.status() and "bob (web)" in host.status()
        assert "ann (here)" in host.status()  # at_a_table's ann, on the owner's socket
        watcher.close()
        player.close()
        for p in players:
            p.close()


async def test_the_lobbys_web_link_goes_to_that_player_only_and_never_to_the_log(short_dir):
    said: list[str] = []
    async with running_host(short_dir, report=said.append) as host:
        ann = await _client(host, "ann", "ssh")
        bob = await _client(host, "bob", "ssh")
        await ann.expect(P.Lobby)
        await bob.expect(P.Lobby)
        ann.send(P.WebLink())
        assert "--web" in (await ann.expect(P.YourLink)).why  # no web door: it says how to open one
        invites = Invites(HostFolder(short_dir).web_invites)
        host.web_link = lambda name, watch: f"http://door/?t={invites.invite(name, watch=watch)}"
        ann.send(P.WebLink())
        link = (await ann.expect(P.YourLink)).url
        token = link.split("?t=")[1]
        assert invites.check(token).name == "ann"  # her own seat's link
        ann.send(P.WebLink())  # again: a new link, and the first stops working
        assert (await ann.expect(P.YourLink)).url != link and invites.check(token) is None
        bob.send(P.Leave("none"))  # (a round trip: anything for bob has reached him by now)
        await asyncio.sleep(0.2)
        assert not any(isinstance(m, P.YourLink) for m in bob.heard)
        assert "ann made a new sign-in link" in said and not any(token in line for line in said)
        # In a page, a new link would end the page's own: refused, saying where to make one.
        page = await _client(host, "ann", "web")
        await page.expect(P.Lobby)
        page.send(P.WebLink())
        assert "from a terminal" in (await page.expect(P.YourLink)).why
        # The lobby's i, on the player's own screen.
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="carl"))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(400):
                if app.lobby is not None:
                    break
                await pilot.pause(0.05)
            await pilot.press("i")
            for _ in range(400):
                if isinstance(app.screen, YourLinkScreen):
                    break
                await pilot.pause(0.05)
            url = str(app.screen.query_one("#link-url").content)
            assert invites.check(url.split("?t=")[1]).name == "carl"
        for raw in (ann, bob, page):
            raw.close()


def _shown(sections) -> str:
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(keys_text("", sections))
    return console.export_text()


async def test_in_a_page_the_help_gives_the_browsers_keys_their_page_keys(monkeypatch):
    sections = [("Everywhere", [("ctrl+q", "quit"), ("apostrophe,ctrl+t", "talk")])]
    assert key_name("ctrl+q") == "Ctrl+Q" and key_name("apostrophe,ctrl+t") == "' Ctrl+T"
    assert "In a browser page" not in _shown(sections)
    monkeypatch.setenv(IN_PAGE_ENV, "1")
    # Ctrl+T is a new tab and Ctrl+Q quits Firefox, whatever the page asks: they are not the game's there.
    assert key_name("ctrl+q") == "Ctrl+\\" and key_name("apostrophe,ctrl+t") == "'"
    assert key_name("f1") == "F1" and key_name("ctrl+s") == "Ctrl+S"  # the page's terminal gets these
    text = _shown(sections)
    assert "In a browser page" in text and "Ctrl+W (close the tab)" in text and "Ctrl+Q" not in text.split("In a")[0]
    # Tiletum's own help (the lobby's and a game's) says it too.
    from tiletum_tui.shell.ui.app import TiletumApp
    from tiletum_tui.games.tiletum.ui.dialogs.help import HelpScreen

    app = TiletumApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen())
        await pilot.pause()
        shown = str(app.screen.query_one("#help-text").content)
        assert "In a browser page" in shown and "Ctrl+\\ " in shown and "Ctrl+Q" not in shown.split("In a")[0]
