"""The web door of ``tiletum host`` (issue 22): a real aiohttp server on loopback, driven by aiohttp's
client speaking textual-serve's protocol, the client's screen read through pyte.

Issue 22's words: "A link opened without a valid token gets a plain page saying so, never a game";
"Tokens compared in constant time; the token is not in any URL that the page then shows or logs
(moved to a cookie set over the first request)"; "sessions bounded in number and idle time"; "Behind
a reverse proxy (HTTPS, another path prefix) the page works: addresses come from the request or a
--public-url, tested both ways"; "No resource fetched from outside the host"; "Watching is a
separate, read-only link". Issue 25's: "A client process killed mid-move leaves no orphan process".

The lobby client does not exist yet, so the door serves the title screen (``python -m tiletum_tui``);
where only the door's behaviour matters a small stand-in client (``terminals.standin``) starts in a blink.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sys
import time

import aiohttp
import pytest

from tests.host.terminals import RULES, TITLE, WebPage, alive, standin, until
from tiletum_tui.shell.host.invites import Invites
from tiletum_tui.shell.host.ssh_door import ClientLaunch
from tiletum_tui.shell.host.web_door import COOKIE, WATCH_ENV, start_web_door

_SLEEPER = standin("show('ready'); time.sleep(60)")


class Door:
    """A web door on a free loopback port with its own invites, recording whom it launched."""

    def __init__(self, tmp_path, child: str | None = None, **options) -> None:
        self.saves = tmp_path / "saves"
        self.saves.mkdir(exist_ok=True)
        self.invites = Invites(tmp_path / "data" / "web-invites.json")
        self.child = child
        self.options = options
        self.launched: list[str] = []

    def launch(self, player: str) -> ClientLaunch:
        self.launched.append(player)
        if self.child is not None:
            return ClientLaunch([sys.executable, "-c", self.child])
        return ClientLaunch([sys.executable, "-m", "tiletum_tui", "--save-dir", str(self.saves)])

    async def __aenter__(self):
        self.door = await start_web_door(("127.0.0.1", 0), self.invites, self.launch, **self.options)
        self.port = self.door.listen[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.http.close()
        self.door.close()
        await asyncio.wait_for(self.door.wait_closed(), 30)

    async def get(self, path: str, token: str | None = None, **headers) -> tuple[int, str, aiohttp.ClientResponse]:
        cookies = {COOKIE: token} if token is not None else None
        async with self.http.get(self.url + path, allow_redirects=False, headers=headers,
                                 cookies=cookies) as response:
            return response.status, await response.text(), response


def _sign_in_cookie(response: aiohttp.ClientResponse) -> str:
    (header,) = response.headers.getall("Set-Cookie")
    return header


async def test_a_page_without_a_token_is_a_plain_403_page_never_a_game(tmp_path):
    async with Door(tmp_path) as door:
        door.invites.invite("Ann")
        status, body, response = await door.get("/")
        assert status == 403
        assert "not signed in" in body and "sign-in link" in body
        assert "<script" not in body and "/ws" not in body  # nothing of the game
        async with door.http.get(door.url + "/ws") as ws_response:
            assert ws_response.status == 403  # no websocket either, hence no client
        assert door.launched == []


async def test_a_wrong_replaced_or_revoked_token_is_refused(tmp_path):
    async with Door(tmp_path, child=_SLEEPER) as door:
        old = door.invites.invite("Ann")
        new = door.invites.invite("Ann")  # inviting again replaces the link
        for token in ("x" * 43, old, new[:-1]):
            status, body, _ = await door.get(f"/?t={token}")
            assert status == 403 and "not valid" in body
            status, _, _ = await door.get("/", token)  # nor as a cookie
            assert status == 403
        assert (await door.get(f"/?t={new}"))[0] == 303
        assert door.invites.revoke("Ann") == 1
        assert (await door.get(f"/?t={new}"))[0] == 403
        assert (await door.get("/", new))[0] == 403  # a browser signed in before is out too
        assert door.launched == []


async def test_a_valid_link_moves_the_token_to_a_cookie_and_the_title_screen_plays_in_the_page(tmp_path):
    async with Door(tmp_path) as door:
        token = door.invites.invite("Ann")
        status, _, response = await door.get(f"/?t={token}")
        assert status == 303
        assert response.headers["Location"] == "/"  # the address without the token
        cookie = _sign_in_cookie(response)
        assert cookie.startswith(f"{COOKIE}={token};")
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
        assert "Secure" not in cookie  # plain http on loopback: a Secure cookie would not come back
        assert response.headers["Referrer-Policy"] == "no-referrer"
        status, body, response = await door.get("/", token)
        assert status == 200 and token not in body
        assert f'data-session-websocket-url="ws://127.0.0.1:{door.port}/ws"' in body
        async with WebPage.open(door.port, token) as page:
            await page.wait_for(TITLE)
            assert "New game" in page.text
            assert door.launched == ["Ann"]  # the player the link names
            await page.send("r")
            await page.wait_for("Rules of which game?")
            await page.send("1")  # Tiletum's
            await page.wait_for(RULES)


async def test_page_addresses_come_from_the_forwarded_headers_behind_a_proxy(tmp_path):
    async with Door(tmp_path) as door:
        token = door.invites.invite("Ann")
        proxy = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "games.example.org",
                 "X-Forwarded-Prefix": "/tiletum/"}
        status, _, response = await door.get(f"/?t={token}", **proxy)
        assert status == 303 and response.headers["Location"] == "/tiletum/"
        cookie = _sign_in_cookie(response)
        assert "Path=/tiletum/" in cookie and "Secure" in cookie  # sent back over https only
        _, body, _ = await door.get("/", token, **proxy)
        assert 'data-session-websocket-url="wss://games.example.org/tiletum/ws"' in body
        assert 'href="https://games.example.org/tiletum/static/css/xterm.css"' in body
        assert 'src="https://games.example.org/tiletum/static/js/textual.js"' in body
        # Without the headers, the address the browser used.
        _, body, _ = await door.get("/", token)
        assert f'src="http://127.0.0.1:{door.port}/static/js/textual.js"' in body
        # A header that would inject into the page is refused, not echoed.
        status, body, _ = await door.get("/", token, **{"X-Forwarded-Host": 'x"><script>'})
        assert status == 400 and "<script>" not in body


async def test_page_addresses_come_from_the_public_url_whatever_the_headers(tmp_path):
    async with Door(tmp_path, public_url="https://play.example.net/games/tiletum/") as door:
        token = door.invites.invite("Ann")
        assert door.door.link(token) == f"https://play.example.net/games/tiletum/?t={token}"
        status, _, response = await door.get(f"/?t={token}", **{"X-Forwarded-Host": "elsewhere.org"})
        assert response.headers["Location"] == "/games/tiletum/"
        assert "Secure" in _sign_in_cookie(response)
        _, body, _ = await door.get("/", token, **{"X-Forwarded-Host": "elsewhere.org"})
        assert 'data-session-websocket-url="wss://play.example.net/games/tiletum/ws"' in body
        assert "elsewhere.org" not in body


async def test_the_page_fetches_nothing_from_outside_the_host(tmp_path):
    async with Door(tmp_path) as door:
        token = door.invites.invite("Ann")
        _, body, response = await door.get("/", token)
        # Every address the page loads is the host's, and each one is served.
        addresses = re.findall(r'(?:href|src)="([^"]+)"|url\("([^"]+)"\)', body)
        loaded = [a or b for a, b in addresses]
        assert loaded, "the page loads its script and styles"
        for address in loaded:
            assert address.startswith(door.url + "/static/"), address
            async with door.http.get(address) as static:
                assert static.status == 200, address
        assert "Roboto Mono" in body  # the font, from the host's own static files
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        _, css, _ = await door.get("/static/css/xterm.css")
        assert not re.search(r"url\(\s*['\"]?https?:", css) and "@import" not in css


async def test_sessions_beyond_the_limit_are_told_the_host_is_full(tmp_path):
    async with Door(tmp_path, child=_SLEEPER, max_sessions=1) as door:
        token = door.invites.invite("Ann")
        async with WebPage.open(door.port, token) as page:
            await page.wait_for("ready")
            status, body, _ = await door.get("/", token)
            assert status == 503 and "The host is full" in body
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with WebPage.open(door.port, token):
                    pass
            assert refused.value.status == 503
        assert await until(lambda: door.door.sessions == ())
        assert (await door.get("/", token))[0] == 200  # room again
        assert door.launched == ["Ann"]


async def test_closing_the_page_ends_and_reaps_the_client_and_what_it_started(tmp_path):
    # The stand-in ignores the quit message and SIGHUP; its helper too: the group is killed.
    child = standin(
        "import signal, subprocess",
        "signal.signal(signal.SIGHUP, signal.SIG_IGN)",
        "helper = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
        "signal.signal(signal.SIGHUP, signal.SIG_IGN); time.sleep(60)'])",
        "show(f'helper {helper.pid} '); time.sleep(60)",
    )
    async with Door(tmp_path, child=child, grace=0.5) as door:
        token = door.invites.invite("Ann")
        async with WebPage.open(door.port, token) as page:
            await page.wait_for("helper ")
            helper = int(page.text.split("helper ", 1)[1].split()[0])
            (session,) = door.door.sessions
            assert alive(session.pid) and alive(helper)
        assert await until(lambda: not alive(session.pid) and not alive(helper)), "an orphan"
        assert door.door.sessions == ()


async def test_an_idle_page_is_closed_and_its_client_ended(tmp_path):
    async with Door(tmp_path, child=_SLEEPER, idle_seconds=1.0) as door:
        token = door.invites.invite("Ann")
        async with WebPage.open(door.port, token) as page:
            await page.wait_for("ready")
            (session,) = door.door.sessions
            # Pings (the page's keep-alive) are not a player's doing: the page is still idle.
            end = time.monotonic() + 10
            while not page.closed.is_set() and time.monotonic() < end:
                with contextlib.suppress(aiohttp.ClientConnectionResetError):
                    await page.ws.send_str('["ping", "1"]')
                await asyncio.sleep(0.1)
            assert page.closed.is_set(), "an idle page was kept open by its pings"
        assert await until(lambda: not alive(session.pid))


async def test_a_page_of_a_revoked_link_is_closed(tmp_path):
    # Long idle time: the page must be closed for the revocation (checked every 5 s), not for idling.
    async with Door(tmp_path, child=_SLEEPER, idle_seconds=60) as door:
        token = door.invites.invite("Ann")
        async with WebPage.open(door.port, token) as page:
            await page.wait_for("ready")
            Invites(door.invites.path).revoke("Ann")  # as `tiletum host` beside it would
            assert await until(lambda: page.closed.is_set(), 10)


async def test_a_watching_link_is_separate_and_launches_the_client_with_the_watch_flag(tmp_path):
    child = standin(f"show('watch=' + os.environ.get('{WATCH_ENV}', 'no') + ' '); time.sleep(60)")
    watchers: list[str] = []

    def watcher(name: str) -> ClientLaunch:
        watchers.append(name)
        return ClientLaunch([sys.executable, "-c", child])

    async with Door(tmp_path, child=child, launch_watcher=watcher) as door:
        play = door.invites.invite("Ann")
        watch = door.invites.invite("Ann", watch=True)
        assert play != watch
        async with WebPage.open(door.port, watch) as page:
            await page.wait_for("watch=1")
        async with WebPage.open(door.port, play) as page:
            await page.wait_for("watch=no")
        assert watchers == ["Ann"] and door.launched == ["Ann"]
        _, body, _ = await door.get("/", watch)
        assert "(watching)" in body
        door.invites.revoke("Ann", watch=True)  # the play link stays
        assert (await door.get("/", watch))[0] == 403 and (await door.get("/", play))[0] == 200


async def test_a_websocket_from_another_sites_page_is_refused(tmp_path):
    async with Door(tmp_path, child=_SLEEPER) as door:
        token = door.invites.invite("Ann")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with WebPage.open(door.port, token, headers={"Origin": "https://evil.example"}):
                pass
        assert refused.value.status == 403 and door.launched == []
        async with WebPage.open(door.port, token, headers={"Origin": door.url}) as page:
            await page.wait_for("ready")


async def test_a_page_sending_garbage_keeps_its_session_and_the_door(tmp_path):
    child = standin("import select", "show('ready ')",
                    "while True:",
                    "    data = os.read(0, 4096)",
                    "    if not data: break",
                    "    show('got:' + repr(data[5:]) + ' ')")
    async with Door(tmp_path, child=child) as door:
        token = door.invites.invite("Ann")
        async with WebPage.open(door.port, token) as page:
            await page.wait_for("ready")
            for junk in ("not json", "[]", '["stdin"]', '["stdin", 5]', '{"a": 1}', '["resize", "x"]', "[1, 2, 3]"):
                await page.ws.send_str(junk)
            await page.ws.send_bytes(b"\x00\xff")
            await page.send("k")
            await page.wait_for("got:b'k'")
            assert not page.closed.is_set()


async def test_no_token_reaches_the_log(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    async with Door(tmp_path, child=_SLEEPER) as door:
        token = door.invites.invite("Ann")
        await door.get(f"/?t={token}")
        await door.get(f"/?t={token}x")
        await door.get("/", token)
        async with WebPage.open(door.port, token) as page:
            await page.wait_for("ready")
    assert token not in caplog.text


async def test_closing_the_door_ends_every_page_and_its_client(tmp_path):
    async with Door(tmp_path, child=_SLEEPER, grace=0.5) as door:
        token = door.invites.invite("Ann")
        async with WebPage.open(door.port, token) as one, WebPage.open(door.port, token) as two:
            await one.wait_for("ready")
            await two.wait_for("ready")
            pids = [s.pid for s in door.door.sessions]
            assert len(pids) == 2
            door.door.close()
            await asyncio.wait_for(door.door.wait_closed(), 20)
            assert one.closed.is_set() or await until(one.closed.is_set)
            assert await until(two.closed.is_set)
        assert not any(alive(pid) for pid in pids)
