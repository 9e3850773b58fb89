"""The web door of ``tiletum host``: the same client program as the SSH door, in a browser page.

``start_web_door(listen, invites, launch_client)`` serves textual-serve's page and its websocket
protocol (aiohttp): each page's websocket runs ``launch_client(player)`` as a child process of its
own under Textual's web driver, for the player the sign-in link names, never for anything the page
sends afterwards. What textual-serve itself lacks, the door adds:

- Sign-in: a page is served only to a browser holding a valid link (``invites.Invites``). The link
  ``/?t=TOKEN`` is answered with a redirect to ``/`` that moves the token into an HttpOnly,
  SameSite=Strict cookie, so the token is in no address the page then shows, keeps in its history
  or sends as a Referer. Every request (page and websocket) checks the cookie again: a revoked link
  is refused at once, and a live session of a revoked link is ended. No or a wrong token: a plain
  page saying so (HTTP 403), never a game. Tokens never reach a log (aiohttp's access log is off).
- Watching: a watching link (``invite(name, watch=True)``) starts ``launch_watcher(name)`` (default
  ``launch_client(name)``) with ``TILETUM_WATCH=1`` in its environment: read-only is enforced by the
  host behind that client, which the launcher tells who is watching.
- Page addresses (script, font, websocket) come from ``public_url`` if given, else from the request:
  ``X-Forwarded-Proto``, ``X-Forwarded-Host``, ``X-Forwarded-Prefix``, so the page works behind a
  reverse proxy with HTTPS and a path prefix (textual-serve issue 42). The proxy strips the prefix.
- No resource from outside the host: textual-serve's page fetched its font from a font service; the
  door's copy of the page (``web_page/app_index.html``) loads it from the host's static files, and
  a Content-Security-Policy tells the browser to load nothing from elsewhere.
- Bounded: at most ``max_sessions`` pages at once (the next gets "the host is full", 503), and a
  page with no key, click or resize for ``idle_seconds`` is closed (its seat is kept by the host).
- When a page closes (or goes idle, or the door closes), its client is asked to quit, then its
  whole process group is killed after a grace period and reaped: no orphan.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib.resources import files
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

import textual_serve
from .door import ClientLaunch, Door, end_group, host_name
from .invites import Invites, Link
from ..ui.help import IN_PAGE_ENV

MAX_SESSIONS = 16
IDLE_SECONDS = 30 * 60.0
GRACE_SECONDS = 2.0  # from "quit" to SIGKILL: time for the client to save and say goodbye
COOKIE = "tiletum_link"
TOKEN_PARAM = "t"
WATCH_ENV = "TILETUM_WATCH"
COOKIE_DAYS = 30  # a player comes back days later, when it is their turn
_MAX_MESSAGE = 64 * 1024  # one websocket message from a page: keys, a resize, a ping
_MAX_SIZE = 500  # columns or rows a page may ask for
_STATIC = Path(textual_serve.__file__).parent / "static"
_PAGE = jinja2.Environment(autoescape=True).from_string(
    (files("tiletum_tui.shell.host") / "web_page" / "app_index.html").read_text("utf-8")
)
_HOST = re.compile(r"[A-Za-z0-9.-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
_PREFIX = re.compile(r"(/[A-Za-z0-9._~%!$&'()*+,;=:@-]+)*")
_COMMON_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}
_GAME_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


@dataclass(frozen=True)
class PageBase:
    """Where the browser sees the door: ``https://example.org/tiletum`` is scheme, host, prefix."""

    scheme: str
    host: str
    prefix: str  # "" or "/path", no trailing slash

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.host}"

    @property
    def url(self) -> str:
        return self.origin + self.prefix


class BadAddress(ValueError):
    """A public URL or forwarded header the door cannot build page addresses from."""


def page_base(public_url: str | None, scheme: str, host: str, headers) -> PageBase:
    """The page's base address: ``public_url`` if given, else the request's forwarded headers."""
    if public_url:
        parts = urlsplit(public_url)
        scheme, host, prefix = parts.scheme, parts.netloc, parts.path.rstrip("/")
    else:
        first = lambda name: (headers.get(name) or "").split(",")[0].strip()  # noqa: E731
        scheme = first("X-Forwarded-Proto").lower() or scheme
        host = first("X-Forwarded-Host") or host
        prefix = first("X-Forwarded-Prefix").rstrip("/")
    if scheme not in ("http", "https") or not _HOST.fullmatch(host or "") or not _PREFIX.fullmatch(prefix):
        raise BadAddress("the page's address (public URL or forwarded headers) is not one the door can use")
    return PageBase(scheme, host, prefix)


@dataclass(frozen=True)
class WebConnected:
    """One page open through the door, for the host's list of who is connected."""

    player: str
    watch: bool
    pid: int
    peer: str
    since: float


class WebDoor(Door):
    """The listening door: ``close()`` then ``await wait_closed()`` ends every page's session."""

    def __init__(self, invites: Invites, launch_client: Callable[[str], ClientLaunch],
                 launch_watcher: Callable[[str], ClientLaunch] | None, public_url: str | None,
                 max_sessions: int, idle_seconds: float, grace: float) -> None:
        if public_url is not None:
            page_base(public_url, "", "", {})  # a bad --public-url fails at start, not at each page
        super().__init__(launch_client, max_sessions, grace)
        self.invites = invites
        self.launch_watcher = launch_watcher or launch_client
        self.public_url = public_url.rstrip("/") if public_url else None
        self.idle_seconds = idle_seconds
        self._runner: web.AppRunner | None = None
        self._sessions: set[_WebSession]
        self._closing = False

    def base_url(self) -> str:
        """Where the door is reached: ``public_url``, else the listening address."""
        if self.public_url:
            return self.public_url
        host, port = self.listen
        host = host_name(host)
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{port}"

    def link(self, token: str) -> str:
        """The sign-in link to hand a player (or a watcher) for ``token``."""
        return f"{self.base_url()}/?{TOKEN_PARAM}={token}"

    def _launchers(self) -> set[Callable[[str], ClientLaunch]]:
        return {self.launch_client, self.launch_watcher}

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        super().close()
        if self._runner is not None:
            self._track(self._runner.cleanup())

    # The application ------------------------------------------------------------------------
    def _app(self) -> web.Application:
        app = web.Application(client_max_size=16 * 1024)
        app.add_routes([
            web.get("/", self._page),
            web.get("/ws", self._websocket),
            web.static("/static", _STATIC, show_index=False, follow_symlinks=False),
        ])
        app.on_response_prepare.append(_add_headers)
        return app

    def _base(self, request: web.Request) -> PageBase | web.Response:
        try:
            return page_base(self.public_url, request.scheme, request.host, request.headers)
        except BadAddress as exc:
            return _plain(400, "Bad address", f"{exc}.")

    def _signed_in(self, request: web.Request) -> Link | None:
        return self.invites.check(request.cookies.get(COOKIE))

    async def _page(self, request: web.Request) -> web.StreamResponse:
        base = self._base(request)
        if isinstance(base, web.Response):
            return base
        token = request.query.get(TOKEN_PARAM)
        if token is not None:
            if self.invites.check(token) is None:
                return _plain(403, "Not a valid link",
                              "This sign-in link is not valid: it may have been revoked or replaced. "
                              "Ask the host for a new one.")
            # The token goes into a cookie and out of the address bar (and the history).
            moved = web.Response(status=303, headers={"Location": f"{base.prefix}/"})
            moved.set_cookie(COOKIE, token, path=f"{base.prefix}/", max_age=COOKIE_DAYS * 86400,
                             httponly=True, samesite="Strict", secure=base.scheme == "https")
            return moved
        link = self._signed_in(request)
        if link is None:
            return _plain(403, "Not signed in",
                          "You are not signed in: open the personal sign-in link the host gave you.")
        if len(self._sessions) >= self.max_sessions:
            return _full(self.max_sessions)
        title = f"Tiletum: {link.name}" + (" (watching)" if link.watch else "")
        ws_scheme = "wss" if base.scheme == "https" else "ws"
        html = _PAGE.render(
            font_size=_to_int(request.query.get("fontsize"), 16, 8, 48),
            app_websocket_url=f"{ws_scheme}://{base.host}{base.prefix}/ws",
            config={"static": {"url": f"{base.url}/static/"}},
            application={"name": title},
        )
        return web.Response(text=html, content_type="text/html",
                            headers={"Content-Security-Policy": _GAME_POLICY})

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        base = self._base(request)
        if isinstance(base, web.Response):
            return base
        link = self._signed_in(request)
        if link is None:
            return _plain(403, "Not signed in", "Not signed in.")
        origin = request.headers.get("Origin")
        if origin is not None and origin != base.origin:  # another site's page using the cookie
            return _plain(403, "Wrong origin", "This game can only be opened from its own page.")
        if self._closing or len(self._sessions) >= self.max_sessions:
            return _full(self.max_sessions)
        launcher = self.launch_watcher if link.watch else self.launch_client
        try:
            launch = launcher(link.name)
        except Exception as exc:  # a launch that fails must not take the door down
            return _plain(500, "Could not start", f"The game could not start ({type(exc).__name__}).")
        if link.watch:
            launch = replace(launch, env={**launch.env, WATCH_ENV: "1"})
        ws = web.WebSocketResponse(heartbeat=15, max_msg_size=_MAX_MESSAGE)
        await ws.prepare(request)
        session = _WebSession(self, link, request.cookies[COOKIE], launch, ws, request.remote or "?")
        self._sessions.add(session)
        try:
            await session.run(_to_int(request.query.get("width"), 80, 20, _MAX_SIZE),
                              _to_int(request.query.get("height"), 24, 10, _MAX_SIZE))
        finally:
            self._sessions.discard(session)
        return ws


class _WebSession:
    """One page's websocket and its client process."""

    def __init__(self, door: WebDoor, link: Link, token: str, launch: ClientLaunch,
                 ws: web.WebSocketResponse, peer: str) -> None:
        self.door = door
        self.link = link
        self._token = token
        self.ws = ws
        self.peer = peer
        self.client = _WebClient(launch, ws, door.grace)
        self.connected: WebConnected | None = None
        self.last_input = time.monotonic()

    async def run(self, width: int, height: int) -> None:
        try:
            await self.client.start(width, height)
        except Exception as exc:
            await self.ws.close(code=1011, message=f"the game could not start ({type(exc).__name__})".encode())
            return
        self.connected = WebConnected(self.link.name, self.link.watch, self.client.pid, self.peer, time.time())
        watchdog = asyncio.get_running_loop().create_task(self._watch())
        try:
            await self._messages()
        finally:
            watchdog.cancel()
            await self.client.end()
            await self.ws.close()
            with contextlib.suppress(asyncio.CancelledError):
                await watchdog

    async def _messages(self) -> None:
        """The page's messages (textual-serve's protocol); anything else is dropped."""
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = json.loads(message.data)
            except (ValueError, TypeError):
                continue
            if kind == "ping" and isinstance(data, str):
                await self.ws.send_json(["pong", data[:32]])
                continue
            self.last_input = time.monotonic()
            if kind == "stdin" and isinstance(data, str):
                await self.client.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await self.client.set_terminal_size(_to_int(data.get("width"), 80, 20, _MAX_SIZE),
                                                    _to_int(data.get("height"), 24, 10, _MAX_SIZE))
            elif kind == "blur":
                await self.client.blur()
            elif kind == "focus":
                await self.client.focus()

    async def _watch(self) -> None:
        """Close the page when it has been idle too long or its link was revoked."""
        tick = max(0.05, min(5.0, self.door.idle_seconds / 4))
        while not self.ws.closed:
            await asyncio.sleep(tick)
            if time.monotonic() - self.last_input > self.door.idle_seconds:
                await self.ws.close(code=1000, message=b"closed after a long idle time; your seat is kept")
                return
            if self.door.invites.check(self._token) is None:
                await self.ws.close(code=1008, message=b"this sign-in link was revoked")
                return

    def leave(self) -> None:
        """End this session from the door's side (the door closing)."""
        self.door._track(self.ws.close(code=1001, message=b"the host is closing"))


class _WebClient(AppService):
    """textual-serve's AppService, running a ``ClientLaunch`` (not a shell command line) in a
    process group of its own, which ``end`` ends whole."""

    def __init__(self, launch: ClientLaunch, ws: web.WebSocketResponse, grace: float) -> None:
        super().__init__("", write_bytes=ws.send_bytes, write_str=ws.send_str, close=ws.close,
                         download_manager=DownloadManager())
        self.launch = launch
        self.grace = grace
        self._stdout: asyncio.StreamReader | None = None

    @property
    def pid(self) -> int:
        return self._process.pid if self._process is not None else 0

    async def _open_app_process(self, width: int = 80, height: int = 24):
        env = page_env(width, height, self.launch.env)
        given = None
        if self.launch.handover_pipes is not None:  # a client started ahead (``warm``), if one is ready
            given = await self.launch.handover_pipes(list(self.launch.argv), env, self.launch.pass_fds)
        if given is not None:
            self._process, self._stdin, self._stdout = given
        else:
            self._process = await asyncio.create_subprocess_exec(
                *self.launch.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL, pass_fds=self.launch.pass_fds, env=env,
                start_new_session=True,
            )
            self._stdin, self._stdout = self._process.stdin, self._process.stdout
        return self._process

    async def run(self) -> None:
        """The client's frames to the page (textual-serve's ``run`` without its printing the
        client's errors to the host's terminal, and without file deliveries, which the game has none of)."""
        stdout = self._stdout
        try:
            for _ in range(10):  # the web driver's first line says a Textual app is talking
                line = await stdout.readline()
                if not line:
                    return
                if line == b"__GANGLION__\n":
                    break
            else:
                return
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
        except (asyncio.IncompleteReadError, ConnectionError, RuntimeError):
            pass
        finally:
            await self.remote_close()  # the client has gone: so does its page

    async def on_meta(self, data: bytes) -> None:
        # Only "exit" is acted on: the client does not open addresses in the player's browser.
        with contextlib.suppress(ValueError, AttributeError):
            if json.loads(data).get("type") == "exit":
                await self.remote_close()

    async def _ask_to_quit(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.send_meta({"type": "quit"}), self.grace)

    async def end(self) -> None:
        """Ask the client to quit, then end its whole process group and reap it."""
        proc = self._process
        if proc is None:
            return
        await end_group(proc, self.grace, self._ask_to_quit)
        if self._stdin is not None and self._stdin is not proc.stdin:
            self._stdin.close()  # (the pipes of a client started ahead are ours to close)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


def page_env(width: int, height: int, launch_env: dict[str, str]) -> dict[str, str]:
    """A page's client's environment: textual-serve's (the host's, its web driver, the page's size),
    ``TILETUM_WEB=1`` (the client's key help says the keys as they work in a page), then the launch's."""
    env = AppService._build_environment(SimpleNamespace(debug=False), width, height)  # (all it reads)
    env.pop("LINES", None)
    env.pop(WATCH_ENV, None)  # only a watching link's launch sets it
    env[IN_PAGE_ENV] = "1"
    env.update(launch_env)
    return env


def _to_int(value, default: int, low: int, high: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(low, min(high, number))


def _plain(status: int, title: str, text: str) -> web.Response:
    """A page with no script and no game: just what went wrong."""
    body = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{title}</title></head>"
            f"<body><h1>{title}</h1><p>{text}</p></body></html>")
    return web.Response(status=status, text=body, content_type="text/html",
                        headers={"Content-Security-Policy": "default-src 'none'"})


def _full(limit: int) -> web.Response:
    return _plain(503, "The host is full", f"{limit} pages are open already; try again later.")


async def _add_headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in _COMMON_HEADERS.items():
        response.headers.setdefault(name, value)


async def start_web_door(listen: tuple[str, int], invites: Invites,
                         launch_client: Callable[[str], ClientLaunch], *,
                         launch_watcher: Callable[[str], ClientLaunch] | None = None,
                         public_url: str | None = None, max_sessions: int = MAX_SESSIONS,
                         idle_seconds: float = IDLE_SECONDS, grace: float = GRACE_SECONDS) -> WebDoor:
    """Listen for browsers at ``listen`` (port 0: any free port; ``door.listen`` says which)."""
    door = WebDoor(invites, launch_client, launch_watcher, public_url, max_sessions, idle_seconds, grace)
    # access_log=None: a request line holds the sign-in token, and tokens are never logged.
    door._runner = web.AppRunner(door._app(), access_log=None, handle_signals=False,
                                 shutdown_timeout=grace + 1)
    await door._runner.setup()
    host, port = listen
    site = web.TCPSite(door._runner, host, port)
    await site.start()
    door.listen = (host, site._server.sockets[0].getsockname()[1])
    return door
